/**
 * The request and feedback screens against a stubbed server: the community list (states, upvotes, the filter sent),
 * a resolved request linking its title, the request form (genres from gbookField, at most three, the spec's
 * message for empty fields, the captcha picture), feedback (the spec's message for an unclear description) and a
 * script payload shown as text; the device's guest offered to log in instead of asking the server.
 */
import { guestCredentials, type UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { getDeviceId } from '../../lib/storage';
import FeedBackListPage from './FeedBackListPage';
import FeedBackPage from './FeedBackPage';
import MySeekMoviePage from './MySeekMoviePage';
import SeekMovieFormPage from './SeekMovieFormPage';
import SeekMoviePage from './SeekMoviePage';

const ok = (payload: object) => ({ code: 1, msg: 'ok', ...payload });
const user = { user_id: 7, user_name: 'viewer', user_phone: '13800000000', group_id: 2 } as unknown as UserInfo;
const XSS = '<img src=x onerror="window.__xss=1">';
const item = (id: number, state: 'requesting' | 'resolved', title: string) => ({
  gbook_id: id,
  gbook_type: 'request',
  user_id: 9,
  gbook_name: 'fan',
  gbook_content: '',
  gbook_reply: '',
  gbook_time: '2026-11-20T02:00:00Z',
  gbook_reply_time: null,
  gbook_title: title,
  gbook_actor: 'Actor A',
  gbook_genres: ['Action'],
  gbook_hits: id * 2,
  gbook_state: state,
  vod_id: state === 'resolved' ? 42 : 0,
  vod_name: state === 'resolved' ? 'Found It' : '',
  vod_pic: '',
  pics: [],
  gbook_app_version: '',
  gbook_device: '',
  hit: false,
  unread: false,
});

const calls: string[] = [];
beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  calls.length = 0;
  useSession.setState({ token: 'tok', user });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    const body =
      url.pathname === '/api/gbook' && (init?.method ?? 'GET') === 'GET'
        ? ok({
            list: [item(1, 'requesting', XSS), item(2, 'resolved', 'Second')],
            page: 1,
            pagecount: 1,
            limit: 20,
            total: 2,
          })
        : url.pathname === '/api/gbook/unread'
          ? ok({ request: 2, feedback: 0 })
          : url.pathname === '/api/gbook/field'
            ? ok({
                info: {
                  genres: ['Action', 'Comedy', 'Crime', 'Drama'],
                  max_genres: 3,
                  captcha: { captcha_id: 'c1', image: 'data:image/svg+xml;base64,PHN2Zy8+', expires_in: 300 },
                },
              })
            : { code: 0, msg: `unexpected ${url.pathname}` };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(page: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('request community', () => {
  it('lists requests with states and upvotes, the resolved one linking its title, payloads as text', async () => {
    renderPage(<SeekMoviePage />);
    const items = await screen.findAllByTestId('request-item');
    expect(items).toHaveLength(2);
    expect(screen.getAllByTestId('request-title')[0]?.textContent).toBe(XSS);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getAllByTestId('request-state').map((e) => e.textContent)).toEqual(['Requesting', 'Resolved']);
    expect(screen.getAllByTestId('request-hits').map((e) => e.textContent)).toEqual(['2', '4']);
    expect(screen.getByTestId('request-vod').getAttribute('href')).toBe('/pages/detail/mov-detail?id=42');
    expect((await screen.findByTestId('my-requests-badge')).textContent).toBe('2');
    fireEvent.click(screen.getByTestId('filter-resolved'));
    await expect.poll(() => calls.some((c) => c.includes('state=resolved'))).toBe(true);
  });
});

describe('request community in French', () => {
  afterEach(async () => {
    await changeLocale('en-us');
  });

  it("names one request's state in the singular, where the filter tabs name the lists", async () => {
    await changeLocale('fr-fr');
    renderPage(<SeekMoviePage />);
    await screen.findAllByTestId('request-item');
    expect(screen.getAllByTestId('request-state').map((e) => e.textContent)).toEqual(['En attente', 'Résolue']);
    expect(screen.getByTestId('filter-resolved').textContent).toBe('Résolues');
  });
});

describe('request form', () => {
  it('offers the genres, at most three, the captcha picture and the spec message for empty fields', async () => {
    renderPage(<SeekMovieFormPage />);
    const genres = await screen.findAllByTestId('request-genre');
    expect(genres.map((g) => g.textContent)).toEqual(['Action', 'Comedy', 'Crime', 'Drama']);
    for (const g of genres) fireEvent.click(g);
    expect(genres.filter((g) => g.getAttribute('aria-pressed') === 'true')).toHaveLength(3);
    expect(screen.getByTestId('request-captcha').querySelector('img')?.getAttribute('src')).toContain('data:image/svg');
    fireEvent.click(screen.getByTestId('request-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Title, lead actor and required fields cannot be empty',
    );
    expect(calls.some((c) => c.startsWith('POST /api/gbook?') || c === 'POST /api/gbook')).toBe(false);
  });
});

describe('feedback', () => {
  it("offers to write another from the list, and shows the operator's reply as the team's", async () => {
    vi.stubGlobal('fetch', async () => {
      const mine = {
        ...item(3, 'requesting', ''),
        gbook_type: 'feedback',
        gbook_content: 'It stalls',
        gbook_reply: 'Fixed',
      };
      const body = ok({ list: [mine], page: 1, pagecount: 1, limit: 20, total: 1 });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderPage(<FeedBackListPage />);
    expect((await screen.findByTestId('feedback-reply')).textContent).toBe('Team reply: Fixed');
    expect(screen.getByTestId('new-feedback').textContent).toBe('Send feedback');
  });

  it('fills in the version and device, and refuses an unclear description', async () => {
    renderPage(<FeedBackPage />);
    expect(screen.getByTestId('feedback-auto').textContent).toContain('App version: ');
    fireEvent.change(screen.getByTestId('feedback-content'), { target: { value: 'aaaa' } });
    fireEvent.click(screen.getByTestId('feedback-submit'));
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Feedback needs a clear description. Content cannot be empty.',
    );
  });
});

describe("the device's guest", () => {
  it('is offered to log in on the member-only screens, which never ask the server (it would refuse)', async () => {
    useSession.setState({
      token: 'guest-tok',
      user: { ...user, user_name: guestCredentials(getDeviceId()).user_name, user_phone: '' },
    });
    for (const page of [<MySeekMoviePage key="m" />, <FeedBackListPage key="f" />, <SeekMovieFormPage key="s" />]) {
      renderPage(page);
      expect((await screen.findByTestId('empty-view')).textContent).toContain(
        'Log in to request movies and see your feedback',
      );
      expect(screen.getByTestId('gbook-login').textContent).toBe('Log in');
      cleanup();
    }
    renderPage(<SeekMoviePage />);
    await screen.findAllByTestId('request-item');
    expect(screen.queryByTestId('my-requests-badge')).toBeNull();
    expect(calls.filter((c) => !c.startsWith('GET /api/gbook?type=request&'))).toEqual([]);
  });
});
