/**
 * The poster screens against a stubbed server: reward-more shows the invitation link (copied on tap), the server's
 * poster, saves it through createQrcode as a download (the points the server paid are announced) and shares it
 * through the Web Share API with the picture, or copies the link without a share sheet; id-card shows the member
 * with the identity QR.
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
import IdCardPage from './IdCardPage';
import RewardMorePage from './RewardMorePage';

const LINK = 'https://tv.example.com/?code=ABCD2345';
const user = {
  user_id: 7,
  user_name: 'viewer',
  user_nick_name: 'Mia',
  user_portrait: '/media/avatars/7-aa.jpg',
  user_phone: '',
  invitation_code: 'ABCD2345',
  group_id: 2,
  group: { group_id: 2, group_name: 'member', group_type: '', group_status: 1 },
  user_points: 12,
  user_noad_time: 0,
  user_end_time: 0,
  is_vip: false,
} as unknown as UserInfo;

const calls: { method: string; path: string; type: string | null }[] = [];
const json = (body: object) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  useSession.setState({ token: 'tok', user });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, type: url.searchParams.get('type') });
    if (url.pathname === '/api/poster/qrcode') {
      const card = url.searchParams.get('type') === 'card';
      return json({
        code: 1,
        msg: 'ok',
        info: card
          ? { type: 'card', url: '/media/posters/c-7-x.png', link: `${LINK}&uid=7`, width: 600, height: 600 }
          : { type: 'poster', url: '/media/posters/p-7-x.png', link: LINK, width: 750, height: 1334 },
      });
    }
    if (url.pathname === '/api/poster/save') {
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        status: 200,
        headers: {
          'Content-Type': 'image/png',
          'Content-Disposition': 'attachment; filename="poster-ABCD2345.png"',
          'x-task-point': '2',
        },
      });
    }
    return json({ code: 0, msg: `unexpected ${url.pathname}` });
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:poster'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noExplicitAny: the share API is removed again after each test
  delete (navigator as any).share;
  // biome-ignore lint/suspicious/noExplicitAny: idem
  delete (navigator as any).canShare;
});

function renderPage(page: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('reward-more', () => {
  it('shows the link and code, copies the link and shows the server poster', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<RewardMorePage />);
    expect((await screen.findByTestId('invite-link')).textContent).toBe(LINK);
    expect(screen.getByTestId('invite-code').textContent).toBe('ABCD2345');
    expect(screen.getByTestId('poster-img').getAttribute('src')).toBe('/media/posters/p-7-x.png');
    expect(calls).toContainEqual({ method: 'GET', path: '/api/poster/qrcode', type: 'poster' });
    fireEvent.click(screen.getByTestId('copy-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    expect(screen.getByText('How promotion works')).toBeTruthy();
  });

  it('saves the poster through the server download and announces the points it paid', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(<RewardMorePage />);
    fireEvent.click(await screen.findByTestId('poster-save'));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('poster-ABCD2345.png');
    expect(anchor.href).toBe('blob:poster');
    expect(calls.filter((c) => c.path === '/api/poster/save')).toEqual([
      { method: 'POST', path: '/api/poster/save', type: null },
    ]);
    expect(await screen.findByText('Poster saved, +2 points')).toBeTruthy();
    click.mockRestore();
  });

  it('shares the poster picture with the Web Share API when the browser shares files', async () => {
    const share = vi.fn(async (_d: ShareData) => {});
    Object.assign(navigator, { share, canShare: (d: ShareData) => Boolean(d.files?.length) });
    renderPage(<RewardMorePage />);
    fireEvent.click(await screen.findByTestId('poster-share'));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    const data = share.mock.calls[0]?.[0] as ShareData;
    expect(data.files?.[0]?.name).toBe('poster-ABCD2345.png');
    expect(data.text).toContain(LINK);
  });

  it('copies the link when the browser has no share sheet', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<RewardMorePage />);
    fireEvent.click(await screen.findByTestId('poster-share'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINK));
    expect(await screen.findByText('Copied to the clipboard')).toBeTruthy();
  });
});

describe('id-card', () => {
  it('shows the member avatar, name, id and identity QR', async () => {
    renderPage(<IdCardPage />);
    expect((await screen.findByTestId('id-card-name')).textContent).toBe('Mia');
    expect(screen.getByTestId('id-card-id').textContent).toBe('ID: 7');
    expect(screen.getByTestId('id-card-qr').getAttribute('src')).toBe('/media/posters/c-7-x.png');
    expect(calls).toContainEqual({ method: 'GET', path: '/api/poster/qrcode', type: 'card' });
  });
});
