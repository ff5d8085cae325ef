/**
 * The comment screens against a stubbed server: the title page's section (count, hottest, newest, all comments
 * sheet), writing (tourist sent to sign in; a post; "awaiting review" under review-first), like, report with a reason
 * (confirmed), delete one's own (confirmed), the review centre (tabs, unread badge, marked read when seen), a user's
 * public comments, and script payloads shown as text only.
 */
import type { CommentItem, CommentThread, UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import CommentCenterPage from './CommentCenterPage';
import { CommentsSection } from './CommentsSection';
import { UserComments } from './UserComments';

const ok = (payload: object = {}) => ({ code: 1, msg: 'ok', ...payload });
const member = { user_id: 7, user_name: 'viewer7', user_phone: '138****0000', group_id: 2 } as unknown as UserInfo;
const XSS_IMG = '<img src=x onerror="window.__xss=1">';
const XSS_SCRIPT = '<script>window.__xss=1</script>';

const item = (id: number, over: Partial<CommentItem> = {}): CommentItem => ({
  comment_id: id,
  comment_mid: 1,
  comment_rid: 42,
  comment_pid: 0,
  user_id: 9,
  comment_name: `user${id}`,
  user_portrait: '',
  comment_content: `text ${id}`,
  comment_time: new Date(Date.now() - 5 * 60_000).toISOString(),
  comment_status: 1,
  comment_up: 0,
  comment_reply: 0,
  reply_name: '',
  digg: 0,
  ...over,
});
const thread = (id: number, over: Partial<CommentItem> = {}, replies: CommentItem[] = []): CommentThread => ({
  ...item(id, over),
  replies,
});
const page = (list: unknown[]) => ok({ list, page: 1, limit: 20, total: list.length, pagecount: 1 });

/** What the stub answers per path; tests replace entries. */
let routes: Record<string, (url: URL, init?: RequestInit) => object>;
const calls: string[] = [];

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  (window as { __xss?: number }).__xss = undefined;
  useSession.setState({ token: 'tok', user: member });
  const hot = thread(1, { comment_up: 5, comment_reply: 3, comment_content: 'the hottest' }, [
    item(11, { comment_pid: 1, comment_content: 'first reply', reply_name: 'user1' }),
  ]);
  const mine = thread(2, { user_id: 7, comment_name: 'viewer7', comment_content: 'my own words' });
  routes = {
    '/api/comments/count': () => ok({ info: { total: 6 } }),
    '/api/comments': (url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        return ok({ info: item(99, { user_id: 7, comment_content: body.content }) });
      }
      if (url.searchParams.get('pid')) return page([item(11, { comment_pid: 1 }), item(12, { comment_pid: 1 })]);
      if (url.searchParams.get('user_id')) return page([item(5, { comment_content: XSS_SCRIPT })]);
      return url.searchParams.get('order') === 'hot' ? page([hot, mine]) : page([mine, hot]);
    },
    '/api/comments/user-count': () => ok({ info: { comment_num: 3, reply_num: 2, unread: 2 } }),
    '/api/comments/mine': () =>
      page([
        { ...item(2, { user_id: 7, comment_content: 'mine shown' }), vod_name: 'Title A', comment_reply_read: 1 },
        {
          ...item(4, { user_id: 7, comment_pid: 1, reply_name: 'user1', comment_content: 'my answer' }),
          vod_name: 'Title A',
          comment_reply_read: 1,
        },
        {
          ...item(3, { user_id: 7, comment_status: 0, comment_content: 'mine waiting' }),
          vod_name: 'Title B',
          comment_reply_read: 1,
        },
      ]),
    '/api/comments/replies': () =>
      page([{ ...item(20, { comment_content: 'a reply to you' }), vod_name: 'Title A', comment_reply_read: 0 }]),
    '/api/comments/replies/read': () => ok(),
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
    const dynamic = url.pathname.match(/^\/api\/comments\/\d+\/(digg|report|delete)$/);
    const handler = dynamic ? () => ok({ info: { comment_id: 1, comment_up: 6 } }) : routes[url.pathname];
    const body = handler ? handler(url, init) : ok({ info: {} });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(node: ReactNode, at = '/detail') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/detail" element={node} />
          <Route path={paths.commentList} element={node} />
          <Route path={paths.login} element={<p>login page</p>} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Confirm the open dialog through its confirm button (`testId` on the button's text). */
async function confirmDialog(testId: string) {
  const btn = await screen.findByTestId(testId);
  fireEvent.click(btn);
}

describe('the title page section', () => {
  it('shows the count, the hottest and the newest comments without repeating one, and opens all comments', async () => {
    renderAt(<CommentsSection vodId={42} />);
    await waitFor(() => expect(screen.getByTestId('comments-count').textContent).toBe('6'));
    const hot = await screen.findByTestId('comments-hot');
    expect(within(hot).getByText('the hottest')).toBeTruthy();
    const latest = screen.getByTestId('comments-new');
    expect(within(latest).getByText('my own words')).toBeTruthy();
    expect(within(latest).queryByText('the hottest')).toBeNull();

    fireEvent.click(screen.getByTestId('comments-all'));
    const sheet = await screen.findByTestId('comment-sheet');
    expect(await within(sheet).findByText('the hottest')).toBeTruthy();
    expect(within(sheet).getByText('first reply')).toBeTruthy();
    // 3 replies, 1 came with the thread: the rest on demand (commentList pid); the link counts them all.
    expect(within(sheet).getByTestId('comment-more-replies').textContent).toBe('Show all 3 replies');
    fireEvent.click(within(sheet).getByTestId('comment-more-replies'));
    await waitFor(() => expect(calls.some((c) => c.includes('/api/comments?pid=1'))).toBe(true));
    fireEvent.click(within(sheet).getByTestId('comment-order-new'));
    await waitFor(() =>
      expect(calls.some((c) => /\/api\/comments\?rid=42&order=new&page=1&limit=20/.test(c))).toBe(true),
    );
  });

  it('replies to a previewed comment in the sheet and counts its replies', async () => {
    renderAt(<CommentsSection vodId={42} />);
    const hot = await screen.findByTestId('comments-hot');
    expect(within(hot).getByTestId('comments-reply-count').textContent).toBe('3 replies');
    expect(screen.getByTestId('comments-new').querySelector('[data-testid="comments-reply-count"]')).toBeNull();
    fireEvent.click(within(hot).getByTestId('comment-reply'));
    const sheet = await screen.findByTestId('comment-sheet');
    expect(within(within(sheet).getByTestId('comment-composer')).getByText('Reply to user1')).toBeTruthy();
    const box = within(sheet).getByTestId('comment-composer').querySelector('textarea') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'me too' } });
    fireEvent.click(within(sheet).getByTestId('comment-send'));
    await waitFor(() => expect(calls).toContain('POST /api/comments {"rid":42,"pid":1,"content":"me too"}'));
  });

  it('is not shown while comments are off', async () => {
    routes['/api/app/config'] = () => ok({ info: { comment_status: 0 } });
    renderAt(<CommentsSection vodId={42} />);
    await waitFor(() => expect(calls.some((c) => c.includes('/api/comments/count'))).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('comments-section')).toBeNull());
  });

  it('sends a tourist to sign in before writing, liking or reporting', async () => {
    useSession.setState({ token: '', user: null });
    renderAt(<CommentsSection vodId={42} />);
    fireEvent.click(await screen.findByTestId('comments-write'));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('sends a tourist who taps like to sign in, without a like call', async () => {
    useSession.setState({ token: '', user: null });
    renderAt(<CommentsSection vodId={42} />);
    const hot = await screen.findByTestId('comments-hot');
    fireEvent.click(within(hot).getByTestId('comment-like'));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(calls.some((c) => c.includes('/digg'))).toBe(false);
  });
});

describe('writing', () => {
  it('posts a comment and says "awaiting review" when it is kept for review', async () => {
    renderAt(<CommentsSection vodId={42} />);
    fireEvent.click(await screen.findByTestId('comments-write'));
    const composer = await screen.findByTestId('comment-composer');
    const box = composer.querySelector('textarea') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'nice film' } });
    fireEvent.click(within(composer).getByTestId('comment-send'));
    await waitFor(() => expect(calls).toContain('POST /api/comments {"rid":42,"content":"nice film"}'));
    expect(await screen.findByText('Comment posted')).toBeTruthy();

    routes['/api/comments'] = (_url, init) =>
      init?.method === 'POST' ? ok({ info: item(100, { user_id: 7, comment_status: 0 }) }) : page([]);
    fireEvent.change(box, { target: { value: 'second one' } });
    fireEvent.click(within(composer).getByTestId('comment-send'));
    expect(await screen.findByText('Awaiting review')).toBeTruthy();
  });

  it('replies to a comment of the thread', async () => {
    renderAt(<CommentsSection vodId={42} />);
    fireEvent.click(await screen.findByTestId('comments-all'));
    const sheet = await screen.findByTestId('comment-sheet');
    const first = (await within(sheet).findAllByTestId('comment-item'))[0] as HTMLElement;
    fireEvent.click(within(first).getByTestId('comment-reply'));
    expect(within(within(sheet).getByTestId('comment-composer')).getByText('Reply to user1')).toBeTruthy();
    const box = within(sheet).getByTestId('comment-composer').querySelector('textarea') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'agreed' } });
    fireEvent.click(within(sheet).getByTestId('comment-send'));
    await waitFor(() => expect(calls).toContain('POST /api/comments {"rid":42,"pid":1,"content":"agreed"}'));
  });

  it("names whom a reply answers only when it is not the thread's author, before the reply's text", async () => {
    const top = thread(1, { comment_name: 'ann', comment_reply: 2, comment_content: 'top words' }, [
      item(11, { comment_pid: 1, comment_name: 'bob', reply_name: 'ann', comment_content: 'to ann' }),
      item(12, { comment_pid: 1, comment_name: 'ann', reply_name: 'bob', comment_content: 'to bob' }),
    ]);
    routes['/api/comments'] = () => page([top]);
    renderAt(<CommentsSection vodId={42} />);
    fireEvent.click(await screen.findByTestId('comments-all'));
    const replies = await within(await screen.findByTestId('comment-sheet')).findByTestId('comment-replies');
    const [toAnn, toBob] = within(replies).getAllByTestId('comment-item') as HTMLElement[];
    expect(within(toAnn as HTMLElement).queryByTestId('comment-reply-to')).toBeNull();
    expect(within(toBob as HTMLElement).getByTestId('comment-reply-to').textContent).toBe('Reply to @bob:');
    expect(within(toBob as HTMLElement).getByTestId('comment-text').textContent).toBe('to bob');
  });

  it('likes once, reports with a reason after confirming, deletes its own after confirming', async () => {
    renderAt(<CommentsSection vodId={42} />);
    const hot = await screen.findByTestId('comments-hot');
    fireEvent.click(within(hot).getByTestId('comment-like'));
    await waitFor(() => expect(calls).toContain('GET /api/comments/1/digg'));

    fireEvent.click(within(hot).getByTestId('comment-more'));
    fireEvent.click(await screen.findByTestId('comment-report'));
    const sheet = await screen.findByTestId('comment-report-sheet');
    expect((within(sheet).getByTestId('comment-report-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(sheet).getByTestId('report-reason-spoiler'));
    fireEvent.click(within(sheet).getByTestId('comment-report-submit'));
    await confirmDialog('comment-report-confirm');
    await waitFor(() => expect(calls).toContain('GET /api/comments/1/report?reason=spoiler'));

    const latest = screen.getByTestId('comments-new');
    fireEvent.click(within(latest).getByTestId('comment-more'));
    // One's own comment offers delete, not report.
    fireEvent.click(await screen.findByTestId('comment-delete'));
    expect(calls.some((c) => c.includes('/delete'))).toBe(false);
    await confirmDialog('comment-delete-confirm');
    await waitFor(() => expect(calls).toContain('GET /api/comments/2/delete'));
  });
});

describe('the review centre', () => {
  it('lists my comments with their state, badges unread replies and marks them read when seen', async () => {
    renderAt(<CommentCenterPage />, paths.commentList);
    const mine = await screen.findByTestId('review-list-mine');
    expect(within(mine).getByText('mine shown')).toBeTruthy();
    expect(within(mine).getByText('Awaiting review')).toBeTruthy();
    // My reply says whom it answered; my top comments say nothing of the kind.
    expect(
      within(mine)
        .getAllByTestId('comment-reply-to')
        .map((e) => e.textContent),
    ).toEqual(['Reply to @user1:']);
    expect((await screen.findByTestId('review-unread')).textContent).toContain('2');
    expect(calls.some((c) => c.includes('/replies/read'))).toBe(false);

    fireEvent.click(screen.getByTestId('review-tab-replies'));
    const replies = await screen.findByTestId('review-list-replies');
    expect(within(replies).getByText('a reply to you')).toBeTruthy();
    expect(within(replies).getByTestId('review-unread-dot')).toBeTruthy();
    expect(within(replies).queryByTestId('comment-reply-to')).toBeNull();
    await waitFor(() => expect(calls).toContain('POST /api/comments/replies/read'));
    // Each row leads to its title.
    expect(within(replies).getByTestId('review-item').getAttribute('href')).toContain('42');
  });
});

describe('user text', () => {
  it('shows script payloads in names and comments as text, never as markup', async () => {
    routes['/api/comments'] = () =>
      page([thread(1, { comment_name: XSS_IMG, comment_content: XSS_SCRIPT, comment_up: 1 })]);
    renderAt(<CommentsSection vodId={42} />);
    const hot = await screen.findByTestId('comments-hot');
    expect(within(hot).getByTestId('comment-name').textContent).toBe(XSS_IMG);
    expect(within(hot).getByTestId('comment-text').textContent).toBe(XSS_SCRIPT);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('[data-testid="comments-section"] script')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it("lists a user's public comments (personal homepage) as text", async () => {
    renderAt(<UserComments userId={5} />);
    const list = await screen.findByTestId('user-comments');
    expect(within(list).getByTestId('comment-text').textContent).toBe(XSS_SCRIPT);
    expect(calls.some((c) => c.includes('/api/comments?user_id=5'))).toBe(true);
    expect(list.querySelector('script')).toBeNull();
  });

  it('names the title of each comment on the homepage and links to it', async () => {
    routes['/api/comments'] = () => page([{ ...item(5, { comment_rid: 42 }), vod_name: 'Title C', replies: [] }]);
    renderAt(<UserComments userId={5} />);
    const link = await screen.findByTestId('comment-vod');
    expect(link.textContent).toBe('Title C');
    expect(link.getAttribute('href')).toBe('/pages/detail/mov-detail?id=42');
  });

  it("does not name a title in a title's own list", async () => {
    renderAt(<CommentsSection vodId={42} />);
    await screen.findByTestId('comments-hot');
    expect(screen.queryByTestId('comment-vod')).toBeNull();
  });
});
