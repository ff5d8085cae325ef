/**
 * The social screens against a stubbed server: the attention and fan lists (follow-back buttons), the homepage
 * (counts, group, region link to /open-location, follow, the comments slot), the tourist's sign-in question instead
 * of a write, share-to (the short link, its QR and copy), the like button, and what a scanned text leads to.
 */
import type { UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import FriendInfoPage from './FriendInfoPage';
import FriendListPage from './FriendListPage';
import { LikeButton } from './LikeButton';
import ShareToPage from './ShareToPage';
import { scanTarget } from './scan';

const ok = (payload: object) => ({ code: 1, msg: 'ok', ...payload });
const me = {
  user_id: 7,
  user_name: 'viewer',
  user_phone: '13800000000',
  group_id: 2,
  is_vip: false,
} as unknown as UserInfo;
const person = (id: number, is_follow: boolean) => ({
  user_id: id,
  user_nick_name: `Member ${id}`,
  user_portrait: '',
  group_id: 2,
  group_name: 'Member',
  follow_time: '2026-11-22T02:00:00Z',
  is_follow,
});
let following = false;
let liked = false;
const calls: string[] = [];

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  localStorage.clear();
  calls.length = 0;
  following = false;
  liked = false;
  useSession.setState({ token: 'tok', user: me });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    calls.push(`${url.pathname}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
    const p = url.pathname;
    let body: object;
    if (p === '/api/friends') {
      const fan = url.searchParams.get('type') === 'fan';
      const list = fan ? [person(21, true), person(22, false)] : [person(31, true)];
      body = ok({ list, page: 1, limit: 20, total: list.length, pagecount: 1 });
    } else if (p === '/api/users/9/public') {
      body = ok({
        info: {
          ...person(9, following),
          attent: 4,
          fan: following ? 6 : 5,
          is_self: false,
          region: { name: 'The Bund', address: 'Zhongshan Rd', latitude: 31.24, longitude: 121.49 },
        },
      });
    } else if (p === '/api/friends/add' || p === '/api/friends/del') {
      following = p.endsWith('add');
      body = ok({ info: { user_id: 9, is_follow: following, attent: 4, fan: following ? 6 : 5 } });
    } else if (p === '/api/short-url') {
      body = ok({
        info: { code: 'Ab3dEf7h', url: 'https://tv.example.com/s/Ab3dEf7h', path: '/pages/detail/mov-detail?id=5' },
      });
    } else if (p === '/api/vod/5/digg/state') {
      body = ok({ info: { vod_id: 5, vod_up: liked ? 11 : 10, digg: liked } });
    } else if (p === '/api/vod/5/digg') {
      liked = url.searchParams.get('cancel') !== '1';
      body = ok({ info: { vod_id: 5, vod_up: liked ? 11 : 10, digg: liked } });
    } else body = { code: 0, msg: `unexpected ${p}` };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(page: ReactNode, at = '/') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('fan-list and attention-list', () => {
  it('lists fans with follow-back state and opens their homepages', async () => {
    renderPage(<FriendListPage type="fan" />);
    const items = await screen.findAllByTestId('friend-item');
    // A fan I follow is mutual; one I do not, I may follow back (Bilibili's 互相关注 / 回关).
    expect(items.map((i) => i.textContent)).toEqual(['Member 21MemberMutual', 'Member 22MemberFollow back']);
    expect(items[0]?.querySelector('a')?.getAttribute('href')).toBe('/pages/me/friend-info?id=21');
    expect(calls).toContain('/api/friends?type=fan&page=1&limit=20');
    fireEvent.click(screen.getByTestId('follow-22'));
    await waitFor(() => expect(calls).toContain('/api/friends/add?userId=22'));
  });

  it('lists the members I follow', async () => {
    renderPage(<FriendListPage type="attention" />);
    expect((await screen.findAllByTestId('friend-item')).length).toBe(1);
    expect(screen.getByTestId('follow-31').textContent).toBe('Following');
  });
});

describe('friend-info', () => {
  it('shows counts, group and region, follows, and renders the comments slot', async () => {
    renderPage(<FriendInfoPage commentsSlot={(id) => <p data-testid="slot">comments of {id}</p>} />, '/x?id=9');
    expect((await screen.findByTestId('friend-name')).textContent).toBe('Member 9');
    expect(screen.getByTestId('friend-fan').textContent).toBe('5');
    expect(screen.getByTestId('friend-attent').textContent).toBe('4');
    expect(screen.getByTestId('slot').textContent).toBe('comments of 9');
    const region = screen.getByTestId('friend-region').getAttribute('href') ?? '';
    expect(region.startsWith('/open-location?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(region.split('?')[1]))).toEqual({
      latitude: '31.24',
      longitude: '121.49',
      name: 'The Bund',
      address: 'Zhongshan Rd',
    });
    fireEvent.click(screen.getByTestId('follow-9'));
    await waitFor(() => expect(screen.getByTestId('friend-fan').textContent).toBe('6'));
    expect(screen.getByTestId('follow-9').textContent).toBe('Following');
  });

  it('asks a tourist to sign in instead of following', async () => {
    useSession.setState({ token: '', user: null });
    renderPage(<FriendInfoPage />, '/x?id=9');
    fireEvent.click(await screen.findByTestId('follow-9'));
    expect(await screen.findByText('Please log in first')).toBeTruthy();
    expect(calls.some((c) => c.startsWith('/api/friends/add'))).toBe(false);
  });
});

describe('share-to', () => {
  it("makes the page's short link, shows it with its QR and copies it", async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage(<ShareToPage />, '/x?path=%2Fpages%2Fdetail%2Fmov-detail%3Fid%3D5&title=Film');
    expect((await screen.findByTestId('share-link')).textContent).toBe('https://tv.example.com/s/Ab3dEf7h');
    expect(calls).toContain('/api/short-url {"url":"/pages/detail/mov-detail?id=5"}');
    expect(screen.getByTestId('share-qr')).toBeTruthy();
    fireEvent.click(screen.getByTestId('share-copy'));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(expect.stringContaining('https://tv.example.com/s/Ab3dEf7h')),
    );
  });
});

describe('like button', () => {
  it('shows the count and my like, and toggles it', async () => {
    renderPage(<LikeButton vodId={5} />);
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('10'));
    fireEvent.click(screen.getByTestId('like-title'));
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('11'));
    expect(screen.getByTestId('like-title').getAttribute('aria-pressed')).toBe('true');
    expect(calls).toContain('/api/vod/5/digg?cancel=0');
    fireEvent.click(screen.getByTestId('like-title'));
    await waitFor(() => expect(screen.getByTestId('like-count').textContent).toBe('10'));
    expect(calls).toContain('/api/vod/5/digg?cancel=1');
  });
});

describe('scan', () => {
  it("leads a member's identity QR to their homepage and nothing else", () => {
    expect(scanTarget('https://tv.example.com/?code=AB12CD34&uid=42')).toBe('/pages/me/friend-info?id=42');
    for (const other of [
      'https://tv.example.com/?code=AB12CD34',
      'https://tv.example.com/?uid=42',
      'javascript:alert(1)?code=A&uid=1',
      'hello',
      'https://tv.example.com/?code=AB&uid=0',
    ])
      expect(scanTarget(other), other).toBeUndefined();
  });
});
