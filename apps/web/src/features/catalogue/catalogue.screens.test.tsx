/**
 * Catalogue screens against a mocked `fetch` (the real api client, query client, router and i18n): suggestions,
 * search history, rankings, the VIP reminder, cancellable getDetail, the home page's device cache and infinite lists.
 */
import type { UserInfo, VodItem } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import DetailPage from '../../app/pages/DetailPage';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import HomePage from './HomePage';
import { HOME_CACHE_KEY } from './homeCache';
import MoreListPage from './MoreListPage';
import RankListPage from './RankListPage';
import SearchPage from './SearchPage';
import { SEARCH_HISTORY_KEY, useSearchHistory } from './searchHistory';
import WonderPage from './WonderPage';

const vod = (id: number, extra: Partial<VodItem> = {}): VodItem => ({
  vod_id: id,
  type_id: 6,
  type_id_1: 1,
  type_name: '动作片',
  vod_name: `Title ${id}`,
  vod_sub: '',
  vod_en: '',
  vod_letter: 'T',
  vod_pic: '',
  vod_pic_slide: '',
  vod_remarks: '',
  vod_serial: '',
  vod_total: 0,
  vod_isend: 1,
  vod_class: '',
  vod_actor: '',
  vod_director: '',
  vod_area: '',
  vod_lang: '',
  vod_year: '2024',
  vod_level: 0,
  vod_score: '0.0',
  vod_hits: 0,
  vod_blurb: '',
  vod_time: '2024-01-01T00:00:00.000Z',
  ...extra,
});

const ok = (payload: object) => ({ code: 1, msg: 'ok', ...payload });
const paged = (list: unknown[], page: number, pagecount: number) =>
  ok({ list, page, pagecount, limit: 20, total: pagecount * list.length });

type Handler = (url: URL, init: RequestInit) => unknown | Promise<unknown>;
let handler: Handler;
const calls: { url: URL; signal?: AbortSignal }[] = [];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Resolves with the handler's body, or rejects like fetch does when its signal aborts. */
function fakeFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input), 'http://app.test');
  calls.push({ url, signal: init.signal ?? undefined });
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    const onAbort = () => reject(new DOMException('aborted', 'AbortError'));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    Promise.resolve()
      .then(() => handler(url, init))
      .then(
        (body) => (body instanceof Response ? resolve(body) : resolve(json(body))),
        (error: unknown) => reject(error),
      );
  });
}

const types = ok({
  list: [
    { ...cat(1, '电影'), permission: 1, child: [cat(6, '动作片', 1)] },
    { ...cat(2, '连续剧'), permission: 0, child: [cat(12, '国产剧', 2)] },
  ],
  special: { app_gallery_typeid: 18, app_live_typeid: 19 },
});
function cat(type_id: number, type_name: string, type_pid = 0) {
  return {
    type_id,
    type_pid,
    type_mid: 1,
    type_name,
    type_en: '',
    type_sort: type_id,
    type_status: 1,
    type_pic: '',
    type_logo: '',
    type_extend: { class: '', area: '', lang: '', year: '', star: '', director: '', state: '', version: '' },
  };
}

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{`${loc.pathname}${loc.search}`}</p>;
}

function renderAt(entry: string, routes: ReactNode) {
  const client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          {routes}
          <Route path={paths.buyCenter} element={<p>buy center page</p>} />
          <Route path={paths.login} element={<p>login page</p>} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en-us');
  // jsdom lays nothing out: antd-mobile's InfiniteScroll needs an offsetParent to measure the list's end.
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
});

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  useSearchHistory.setState({ byUser: {} });
  useSession.setState({ token: '', user: null });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  handler = (url) => {
    if (url.pathname === '/api/types') return types;
    throw new TypeError('Failed to fetch');
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('search page', () => {
  it('asks for suggestions once the typing pauses, and cancels the request of a word typed over', async () => {
    const pending = new Map<string, (body: unknown) => void>();
    handler = (url) => {
      if (url.pathname === '/api/search/hot') return ok({ list: ['北境'] });
      if (url.pathname === '/api/search/suggest') {
        const wd = url.searchParams.get('wd') ?? '';
        return new Promise((resolve) => pending.set(wd, resolve));
      }
      throw new TypeError('Failed to fetch');
    };
    renderAt(paths.search, <Route path={paths.search} element={<SearchPage />} />);
    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: 'g' } });
    fireEvent.change(input, { target: { value: 'gu' } });
    fireEvent.change(input, { target: { value: 'gui' } });
    await waitFor(() => expect(pending.has('gui')).toBe(true));
    const suggestCalls = () => calls.filter((c) => c.url.pathname === '/api/search/suggest');
    // Quick typing asked once, for the last word only.
    expect(suggestCalls().map((c) => c.url.searchParams.get('wd'))).toEqual(['gui']);
    expect(suggestCalls()[0]?.url.searchParams.get('limit')).toBe('8');

    fireEvent.change(input, { target: { value: 'guigu' } });
    await waitFor(() => expect(pending.has('guigu')).toBe(true));
    // The stale request was aborted when the word changed.
    expect(suggestCalls()[0]?.signal?.aborted).toBe(true);
    await act(async () => {
      pending.get('guigu')?.(
        ok({
          list: [
            {
              vod_id: 31,
              vod_name: '硅谷夜未眠',
              vod_sub: 'Sleepless in the Valley',
              vod_en: 'guiguyeweimian',
              vod_actor: '瑞恩·米勒',
              vod_pic: '',
              vod_year: '2024',
              type_name: '欧美剧',
            },
          ],
        }),
      );
    });
    const list = await screen.findByTestId('search-suggest');
    expect(within(list).getByText('硅谷夜未眠')).toBeTruthy();
    // The pinyin that matched is shown as the hint.
    expect(within(list).getByText(/guiguyeweimian/)).toBeTruthy();
    expect(within(list).getByTestId('suggest-31').getAttribute('href')).toBe('/pages/detail/mov-detail?id=31');
  });

  it('searches by relevance, keeps 6 distinct words per user newest first, and clears them', async () => {
    useSession.setState({ token: 'tok', user: { user_id: 7, user_name: 'viewer' } as UserInfo });
    useSearchHistory.setState({ byUser: { '7': ['a', 'b', 'c', 'd', 'e', 'f'], '8': ['other'] } });
    handler = (url) => {
      if (url.pathname === '/api/search/hot') return ok({ list: ['北境', '星河'] });
      if (url.pathname === '/api/vod') return paged([vod(30, { vod_name: '北境守望者' })], 1, 1);
      throw new TypeError('Failed to fetch');
    };
    renderAt(paths.search, <Route path={paths.search} element={<SearchPage />} />);
    expect(within(await screen.findByTestId('search-hot')).getByText('星河')).toBeTruthy();
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: ' c ' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    expect(await screen.findByText('北境守望者')).toBeTruthy();
    const search = calls.find((c) => c.url.pathname === '/api/vod');
    expect(search?.url.searchParams.get('wd')).toBe('c');
    expect(search?.url.searchParams.get('order')).toBe('relevance');
    expect(screen.getByTestId('no-more').textContent).toBe('There are no more movies available');
    expect(useSearchHistory.getState().byUser['7']).toEqual(['c', 'a', 'b', 'd', 'e', 'f']);
    expect(useSearchHistory.getState().byUser['8']).toEqual(['other']);
    const stored = JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '{}');
    expect(stored.state.byUser['7'][0]).toBe('c');

    // A history chip searches again; clearing asks first.
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    const chips = await screen.findByTestId('search-history');
    expect(Array.from(chips.querySelectorAll('button'), (b) => b.textContent)).toEqual(['c', 'a', 'b', 'd', 'e', 'f']);
    fireEvent.click(screen.getByTestId('search-history-clear'));
    fireEvent.click(await screen.findByText('Clear', { selector: '.adm-dialog-button *, .adm-dialog-button' }));
    await waitFor(() => expect(screen.queryByTestId('search-history')).toBeNull());
    expect(useSearchHistory.getState().byUser['7']).toBeUndefined();
    expect(useSearchHistory.getState().byUser['8']).toEqual(['other']);
  });

  it('shows the empty state when nothing matches', async () => {
    handler = (url) => {
      if (url.pathname === '/api/search/hot') return ok({ list: [] });
      if (url.pathname === '/api/vod') return paged([], 1, 0);
      throw new TypeError('Failed to fetch');
    };
    renderAt(`${paths.search}?wd=zzzz`, <Route path={paths.search} element={<SearchPage />} />);
    expect((await screen.findByTestId('empty-view')).textContent).toContain('No matching titles found');
  });
});

describe('ranking page', () => {
  it('ranks with badges, loads the next page, and switches the period', async () => {
    handler = (url) => {
      if (url.pathname !== '/api/vod/rank') throw new TypeError('Failed to fetch');
      const page = Number(url.searchParams.get('page'));
      const period = url.searchParams.get('period');
      const base = (page - 1) * 2;
      return paged(
        [1, 2].map((i) => ({ ...vod(base + i + (period === 'week' ? 100 : 0)), hits: 50 - base - i, rank: base + i })),
        page,
        2,
      );
    };
    renderAt(paths.rankList, <Route path={paths.rankList} element={<RankListPage />} />);
    const day = await screen.findByTestId('rank-list-day');
    await waitFor(() => expect(within(day).getAllByTestId('rank-badge')).toHaveLength(4));
    expect(
      within(day)
        .getAllByTestId('rank-badge')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4']);
    expect(within(day).getByTestId('rank-item-1').textContent).toContain('Views 49');
    expect(await within(day).findByTestId('no-more')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/vod/rank').map((c) => c.url.searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
    fireEvent.click(screen.getByTestId('rank-tab-week'));
    const week = await screen.findByTestId('rank-list-week');
    expect(within(week).getByTestId('rank-item-101')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/pages/ranklist/index?period=week');
  });
});

describe('title page', () => {
  it('aborts getDetail when the page is left before the answer', async () => {
    handler = () => new Promise(() => undefined);
    const view = renderAt(`${paths.detail}?id=5`, <Route path={paths.detail} element={<DetailPage />} />);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/vod/5')).toBe(true));
    const call = calls.find((c) => c.url.pathname === '/api/vod/5');
    expect(call?.signal?.aborted).toBe(false);
    view.unmount();
    await waitFor(() => expect(call?.signal?.aborted).toBe(true));
  });

  it('shows the Kind reminder instead of the player for a VIP-only title', async () => {
    handler = (url) => {
      if (url.pathname === '/api/vod/12')
        return ok({
          info: {
            ...vod(12, { vod_name: '长安夜行录', type_id: 12 }),
            vod_content: '',
            vod_status: 1,
            vod_lock: 0,
            vod_hits_day: 0,
            vod_hits_week: 0,
            vod_hits_month: 0,
            vod_pic_slide: '',
            vod_play_from: '',
            vod_play_server: '',
            vod_play_note: '',
            vod_play_url: '',
            sources: [],
            permission: 0,
          },
        });
      throw new TypeError('Failed to fetch');
    };
    renderAt(`${paths.detail}?id=12`, <Route path={paths.detail} element={<DetailPage />} />);
    const panel = await screen.findByTestId('vip-reminder');
    expect(panel.textContent).toContain('Kind reminder');
    expect(panel.textContent).toContain('This section requires membership');
    expect(screen.queryByTestId('player-video')).toBeNull();
    useSession.setState({ token: 'tok', user: { user_id: 7, user_name: 'viewer' } as UserInfo });
    fireEvent.click(within(panel).getByTestId('vip-open'));
    expect(await screen.findByText('buy center page')).toBeTruthy();
  });

  it('offers downloads on a title with episodes, and none on a live channel (it streams without an end)', async () => {
    const detailOf = (id: number, type_id: number, type_id_1: number) =>
      ok({
        info: {
          ...vod(id, { vod_name: `Title ${id}`, type_id, type_id_1 }),
          vod_content: '',
          vod_status: 1,
          vod_lock: 0,
          vod_hits_day: 0,
          vod_hits_week: 0,
          vod_hits_month: 0,
          vod_pic_slide: '',
          vod_play_from: 'demo',
          vod_play_server: '',
          vod_play_note: '',
          vod_play_url: '',
          sources: [{ sid: 1, from: 'demo', server: '', note: '', episodes: [{ nid: 1, name: '01', url: '' }] }],
          permission: 1,
          play_locked: 1,
        },
      });
    handler = (url) => {
      if (url.pathname === '/api/types') return types;
      if (url.pathname === '/api/vod/30') return detailOf(30, 6, 1);
      if (url.pathname === '/api/vod/31') return detailOf(31, 19, 19);
      throw new TypeError('Failed to fetch');
    };
    const film = renderAt(`${paths.detail}?id=30`, <Route path={paths.detail} element={<DetailPage />} />);
    await screen.findByTestId('now-playing');
    await waitFor(() => expect(screen.queryByTestId('download-title')).not.toBeNull());
    film.unmount();
    renderAt(`${paths.detail}?id=31`, <Route path={paths.detail} element={<DetailPage />} />);
    await screen.findByTestId('now-playing');
    // Until the categories arrive the title is not known as live; once they have, no download is offered.
    await waitFor(() => expect(screen.queryByTestId('download-title')).toBeNull());
  });
});

describe('home page', () => {
  // jsdom has no layout observers and no media queries, which the slideshow (embla-carousel) starts with.
  beforeEach(() => {
    class NoObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', NoObserver);
    vi.stubGlobal('ResizeObserver', NoObserver);
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: false,
      addEventListener() {},
      removeEventListener() {},
    }));
  });

  const home = ok({
    slide: [vod(21, { vod_name: '长安夜行录', vod_level: 9 })],
    hot: [vod(3)],
    recommend: [vod(15, { vod_name: '夏日末班车', vod_level: 4 })],
    blocks: [
      { type_id: 1, type_name: '电影', list: [vod(2)] },
      { type_id: 2, type_name: '连续剧', list: [vod(23, { type_id: 12 })] },
    ],
  });

  it('shows the slideshow and recommendations cached on the device when the request fails', async () => {
    localStorage.setItem(HOME_CACHE_KEY, JSON.stringify(home));
    renderAt(paths.home, <Route path={paths.home} element={<HomePage />} />);
    expect(await screen.findByTestId('home-cached')).toBeTruthy();
    expect(screen.getByTestId('slide-21').textContent).toContain('长安夜行录');
    expect(within(screen.getByTestId('home-recommend')).getByText('夏日末班车')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/home')).toBe(true);
  });

  it('caches a good answer, links every Main route, and guards VIP-only blocks with the reminder', async () => {
    useSession.setState({ token: 'tok', user: { user_id: 7, user_name: 'viewer' } as UserInfo });
    handler = (url) => {
      if (url.pathname === '/api/types') return types;
      if (url.pathname === '/api/home') return home;
      throw new TypeError('Failed to fetch');
    };
    renderAt(paths.home, <Route path={paths.home} element={<HomePage />} />);
    await screen.findByTestId('home-block-2');
    expect(JSON.parse(localStorage.getItem(HOME_CACHE_KEY) ?? '{}').slide[0].vod_id).toBe(21);
    const entries = screen.getByTestId('home-entries');
    expect(Array.from(entries.querySelectorAll('a'), (a) => a.getAttribute('href'))).toEqual([
      paths.sort,
      paths.rankList,
      paths.specialTopic,
      paths.wonder,
      paths.search,
      paths.smallVideo,
      paths.playlet,
      paths.live,
      paths.wallpaper,
    ]);
    expect(screen.getByTestId('home-block-1-more').getAttribute('href')).toBe(
      '/pages/common/more-list?type_id=1&title=%E7%94%B5%E5%BD%B1',
    );
    // The open category navigates; the VIP-only one shows the reminder and leads to buy-center.
    await waitFor(() => expect(within(screen.getByTestId('home-block-2')).getByTestId('vip-badge')).toBeTruthy());
    fireEvent.click(within(screen.getByTestId('home-block-2')).getByTestId('vod-card-23'));
    expect(await screen.findByTestId('vip-dialog')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(paths.home);
    fireEvent.click(screen.getByTestId('vip-open'));
    expect(await screen.findByText('buy center page')).toBeTruthy();
  });
});

describe('infinite lists', () => {
  it('shows skeletons, then posters with a placeholder for missing or broken pictures', async () => {
    let release: (body: unknown) => void = () => undefined;
    handler = (url) => {
      if (url.pathname === '/api/types') return types;
      if (url.pathname === '/api/vod') return new Promise((resolve) => (release = resolve));
      throw new TypeError('Failed to fetch');
    };
    renderAt(
      `${paths.moreList}?type_id=1&order=hits&title=Films`,
      <Route path={paths.moreList} element={<MoreListPage />} />,
    );
    expect(await screen.findByTestId('vod-skeleton')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/vod')).toBe(true));
    await act(async () => release(paged([vod(1), vod(2, { vod_pic: '/upload/broken.jpg' })], 1, 1)));
    const grid = await screen.findByTestId('more-list');
    const query = calls.find((c) => c.url.pathname === '/api/vod')?.url.searchParams;
    expect(query?.get('type_id')).toBe('1');
    expect(query?.get('order')).toBe('hits');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Films');
    const boxes = grid.querySelectorAll('[data-poster]');
    expect(boxes[0]?.getAttribute('data-poster')).toBe('fallback');
    expect(boxes[1]?.getAttribute('data-poster')).toBe('loading');
    const img = boxes[1]?.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    expect(boxes[1]?.getAttribute('data-poster')).toBe('fallback');
    expect(within(grid).getByTestId('no-more').textContent).toBe('There are no more movies available');
  });

  it('shows the reminder instead of the list of a VIP-only category', async () => {
    renderAt(`${paths.moreList}?type_id=12`, <Route path={paths.moreList} element={<MoreListPage />} />);
    expect(await screen.findByTestId('vip-reminder')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/vod')).toBe(false);
  });

  it('the wonder feed leaves out the special categories and switches feeds', async () => {
    handler = (url) => {
      if (url.pathname === '/api/types') return types;
      if (url.pathname === '/api/vod')
        return paged(
          [vod(1, { type_id_1: 1 }), vod(2, { type_id: 18, type_id_1: 18 }), vod(3, { type_id_1: 19 })],
          1,
          1,
        );
      throw new TypeError('Failed to fetch');
    };
    renderAt(paths.wonder, <Route path={paths.wonder} element={<WonderPage />} />);
    const grid = await screen.findByTestId('wonder-list');
    expect(within(grid).getByTestId('vod-card-1')).toBeTruthy();
    expect(within(grid).queryByTestId('vod-card-2')).toBeNull();
    expect(within(grid).queryByTestId('vod-card-3')).toBeNull();
    expect(calls.find((c) => c.url.pathname === '/api/vod')?.url.searchParams.get('order')).toBe('score');
    fireEvent.click(screen.getByTestId('wonder-tab-hits_week'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/vod')
          .at(-1)
          ?.url.searchParams.get('order'),
      ).toBe('hits_week'),
    );
  });
});
