/**
 * The feeds' action column (FeedActions) inside the small-video feed and the playlet player, against a stubbed
 * server: the like with its count toggles, share leads to share-to with the item's own page, the comment button is
 * there only when the app passes `renderComments` (and opens / closes its sheet), and a tourist's like asks to sign in.
 */
import type { UserInfo, VodItem } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import PlayletDetailPage from '../playlet/PlayletDetailPage';
import SmallVideoPage from '../smallvideo/SmallVideoPage';

vi.mock('hls.js/light', () => ({
  default: class {
    static Events = { ERROR: 'hlsError' };
    static isSupported = () => true;
    config = { maxBufferLength: 30 };
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  },
}));

const ok = (payload: object) => ({ code: 1, msg: 'ok', ...payload });
const me = { user_id: 7, user_name: 'viewer', group_id: 2, is_vip: false } as unknown as UserInfo;

const vod = (id: number, name: string): VodItem =>
  ({
    vod_id: id,
    type_id: 30,
    type_id_1: 0,
    type_name: 'Small videos',
    vod_name: name,
    vod_pic: '',
    vod_blurb: '',
    vod_remarks: '',
    vod_total: 0,
  }) as unknown as VodItem;

const detail = (id: number, name: string, episodes: number) => ({
  ...vod(id, name),
  vod_content: '',
  permission: 1,
  play_locked: 0,
  sources: [
    {
      sid: 1,
      from: 'm3u8',
      server: '',
      note: '',
      episodes: Array.from({ length: episodes }, (_, i) => ({
        nid: i + 1,
        name: `EP${i + 1}`,
        url: `/media/${id}/${i + 1}.m3u8`,
      })),
    },
  ],
});

/** Likes per title on the stubbed server, and whether the viewer liked it. */
let likes: Map<number, { up: number; mine: boolean }>;
const calls: string[] = [];

beforeAll(async () => {
  await initI18n('en-us');
});

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  likes = new Map([
    [41, { up: 12, mine: false }],
    [42, { up: 3, mine: false }],
    [50, { up: 99, mine: true }],
  ]);
  useSession.setState({ token: 'tok', user: me });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://app.test');
    const p = url.pathname;
    calls.push(`${p}${url.search}`);
    let body: object = { code: 0, msg: `unexpected ${p}` };
    const digg = /^\/api\/vod\/(\d+)\/digg(\/state)?$/.exec(p);
    if (p === '/api/types') body = ok({ list: [], special: { app_smallvideo_typeid: 30, app_playlet_typeid: 31 } });
    else if (p === '/api/vod')
      body = ok({ list: [vod(41, 'Clip one'), vod(42, 'Clip two')], page: 1, pagecount: 1, limit: 10, total: 2 });
    else if (p === '/api/vod/41') body = ok({ info: detail(41, 'Clip one', 1) });
    else if (p === '/api/vod/42') body = ok({ info: detail(42, 'Clip two', 1) });
    else if (p === '/api/vod/50') body = ok({ info: detail(50, 'Drama', 3) });
    else if (/^\/api\/vod\/\d+\/hits$/.test(p)) body = ok({ vod_hits: 1 });
    else if (digg) {
      const id = Number(digg[1]);
      const like = likes.get(id) ?? { up: 0, mine: false };
      if (!digg[2]) {
        const on = url.searchParams.get('cancel') !== '1';
        if (on !== like.mine) like.up += on ? 1 : -1;
        like.mine = on;
        likes.set(id, like);
      }
      body = ok({ info: { vod_id: id, vod_up: like.up, digg: like.mine } });
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search}`}</p>;
}

function renderAt(entry: string, path: string, page: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The action column of the slide on screen. */
const currentRail = async (slideTestId: string) =>
  within(await screen.findByTestId(slideTestId)).getByTestId('feed-actions');

describe('small-video feed', () => {
  it('likes the video on screen with its count and shares its small-detail page; no comments without a sheet', async () => {
    renderAt('/pages/smallvideo/index', '/pages/smallvideo/index', <SmallVideoPage />);
    const rail = await currentRail('smallvideo-41');
    await waitFor(() => expect(within(rail).getByTestId('like-count').textContent).toBe('12'));
    expect(within(rail).queryByTestId('feed-comments')).toBeNull();
    // The neighbour below has its own column with its own count.
    const next = await currentRail('smallvideo-42');
    await waitFor(() => expect(within(next).getByTestId('like-count').textContent).toBe('3'));

    fireEvent.click(within(rail).getByTestId('like-title'));
    await waitFor(() => expect(within(rail).getByTestId('like-count').textContent).toBe('13'));
    expect(within(rail).getByTestId('like-title').getAttribute('aria-pressed')).toBe('true');
    expect(calls).toContain('/api/vod/41/digg?cancel=0');

    fireEvent.click(within(rail).getByTestId('feed-share'));
    const where = new URL(`http://x${screen.getByTestId('where').textContent}`);
    expect(where.pathname).toBe('/pages/me/share-to');
    expect(where.searchParams.get('path')).toBe('/pages/detail/small-detail?id=41');
    expect(where.searchParams.get('title')).toBe('Clip one');
  });

  it("opens and closes the app's comment sheet for the video on screen", async () => {
    const sheet = vi.fn((vodId: number, onClose: () => void) => (
      <div data-testid="sheet">
        comments of {vodId}
        <button type="button" onClick={onClose}>
          close
        </button>
      </div>
    ));
    renderAt('/pages/smallvideo/index', '/pages/smallvideo/index', <SmallVideoPage renderComments={sheet} />);
    const rail = await currentRail('smallvideo-41');
    expect(screen.queryByTestId('sheet')).toBeNull();
    fireEvent.click(within(rail).getByTestId('feed-comments'));
    expect(screen.getByTestId('sheet').textContent).toContain('comments of 41');
    fireEvent.click(screen.getByText('close'));
    expect(screen.queryByTestId('sheet')).toBeNull();
  });

  it('asks a tourist to sign in instead of liking', async () => {
    useSession.setState({ token: '', user: null });
    renderAt('/pages/smallvideo/index', '/pages/smallvideo/index', <SmallVideoPage />);
    const rail = await currentRail('smallvideo-41');
    await waitFor(() => expect(within(rail).getByTestId('like-count').textContent).toBe('12'));
    fireEvent.click(within(rail).getByTestId('like-title'));
    expect(await screen.findByText('Please log in first')).toBeTruthy();
    expect(calls.some((c) => c.startsWith('/api/vod/41/digg?'))).toBe(false);
  });
});

describe('playlet player', () => {
  it('likes the drama (one count for every episode) and shares the episode shown', async () => {
    const entry = '/pages/playlet/playlet-detail?id=50&nid=2';
    renderAt(entry, '/pages/playlet/playlet-detail', <PlayletDetailPage />);
    const rail = await currentRail('playlet-episode-slide-2');
    await waitFor(() => expect(within(rail).getByTestId('like-count').textContent).toBe('99'));
    expect(within(rail).getByTestId('like-title').getAttribute('aria-pressed')).toBe('true');
    expect(within(rail).queryByTestId('feed-comments')).toBeNull();

    fireEvent.click(within(rail).getByTestId('like-title'));
    await waitFor(() => expect(within(rail).getByTestId('like-count').textContent).toBe('98'));
    expect(calls).toContain('/api/vod/50/digg?cancel=1');
    // The next episode's column shows the same title's count.
    const next = await currentRail('playlet-episode-slide-3');
    expect(within(next).getByTestId('like-count').textContent).toBe('98');

    fireEvent.click(within(rail).getByTestId('feed-share'));
    const where = new URL(`http://x${screen.getByTestId('where').textContent}`);
    expect(where.pathname).toBe('/pages/me/share-to');
    expect(where.searchParams.get('path')).toBe('/pages/playlet/playlet-detail?id=50&nid=2');
    expect(where.searchParams.get('title')).toBe('Drama');
  });

  it('shows the comment button with a sheet and opens it for the drama', async () => {
    const sheet = (vodId: number) => <div data-testid="sheet">comments of {vodId}</div>;
    renderAt(
      '/pages/playlet/playlet-detail?id=50',
      '/pages/playlet/playlet-detail',
      <PlayletDetailPage renderComments={sheet} />,
    );
    const rail = await currentRail('playlet-episode-slide-1');
    fireEvent.click(within(rail).getByTestId('feed-comments'));
    expect(screen.getByTestId('sheet').textContent).toBe('comments of 50');
  });
});
