/**
 * The points screens against a stubbed server (issue 7 item 5): the task list shows every daily task with its
 * reward and progress, the one-off bind-phone reward (a link until a phone is bound) and the watch-time log of
 * durationList; the points centre's log ends without the catalogue's 'no more movies' line.
 */
import { PLOG_TYPE, TASK_PLOG, type UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { detailPath, paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import { useWatchRecordStore } from '../player/watchRecord';
import ExchangeCenterPage from './ExchangeCenterPage';
import PointsCenterPage from './PointsCenterPage';
import TaskListPage, { minutesAndSeconds, taskRoute } from './TaskListPage';

const ok = (payload: object) => ({ code: 1, msg: 'ok', ...payload });
const user = (phone = ''): UserInfo =>
  ({
    user_id: 7,
    user_name: 'viewer',
    user_nick_name: '',
    user_portrait: '',
    user_phone: phone,
    group_id: 2,
    group: { group_id: 2, group_name: 'member', group_type: '', group_status: 1 },
    user_points: 12,
    user_noad_time: 0,
    user_end_time: 0,
    is_vip: false,
  }) as UserInfo;

const task = (plog_type: number, task_key: string, points: number, num: number, long = 0, count = 0) => ({
  task_id: plog_type,
  plog_type,
  task_key,
  points,
  num,
  long,
  count,
});
const tasks = ok({
  list: [{ plog_type: 10, count: 1 }],
  tasks: [task(10, 'checkin', 5, 1, 0, 1), task(14, 'watch_film', 1, 5, 0, 2), task(16, 'watch_5min', 2, 1, 5)],
  single: {
    bindphone: { point: 2 },
    freewatch: { total: 5, has: 1, unlimited: false },
    freedownload: { total: 2, has: 0, unlimited: false },
  },
  isSignIn: true,
  user_points: 12,
  watch_seconds: 190,
  credits: { views: 0, downloads: 0 },
  day: '2026-11-22',
});
const durations = ok({
  list: [
    { day: '2026-11-22', seconds: 190 },
    { day: '2026-11-21', seconds: 3600 },
  ],
  page: 1,
  limit: 20,
  total: 2,
  pagecount: 1,
});
const plog = ok({
  list: [
    {
      plog_id: 1,
      plog_type: 10,
      plog_points: 5,
      plog_balance: 5,
      plog_remarks: '',
      plog_time: '2026-11-22T02:00:00Z',
    },
  ],
  page: 1,
  limit: 20,
  total: 1,
  pagecount: 1,
  user_points: 5,
});

const vod = (vod_id: number) => ({ vod_id, vod_name: `t${vod_id}`, vod_pic: '', vod_remarks: '' });
const home = ok({ slide: [], hot: [vod(42), vod(43)], recommend: [vod(44)], blocks: [] });

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://app.test').pathname;
    const body =
      path === '/api/points/task'
        ? tasks
        : path === '/api/points/duration/list'
          ? durations
          : path === '/api/points/log'
            ? plog
            : path === '/api/home'
              ? home
              : { code: 0, msg: `unexpected ${path}` };
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

describe('task-list', () => {
  it('lists the daily tasks with reward and progress, the bind-phone reward and the watch-time log', async () => {
    useSession.setState({ token: 'tok', user: user() });
    renderPage(<TaskListPage />);
    expect(await screen.findByText('Watch films (5 a day)')).toBeTruthy();
    expect(within(screen.getByTestId('task-watch_film')).getByText(/2\/5/)).toBeTruthy();
    expect(screen.getByText('Watch 5 min')).toBeTruthy();
    const bind = screen.getByTestId('task-bindphone');
    expect(within(bind).getByText('Bind your phone')).toBeTruthy();
    expect(within(bind).getByText('+2')).toBeTruthy();
    expect(screen.getByTestId('task-bindphone-go').getAttribute('href')).toBe('/pages/me/bind-phone');
    const rows = await screen.findAllByTestId('duration-item');
    expect(rows.map((r) => r.textContent)).toEqual(['2026-11-223 min 10 s', '2026-11-2160 min 0 s']);
  });

  it('shows the bind-phone reward as done once a phone is bound', async () => {
    useSession.setState({ token: 'tok', user: user('138****8000') });
    renderPage(<TaskListPage />);
    const bind = await screen.findByTestId('task-bindphone');
    expect(within(bind).getByText('Done')).toBeTruthy();
    expect(screen.queryByTestId('task-bindphone-go')).toBeNull();
  });

  it('offers a "go" to a title for watch tasks (the first on home), "done" for finished ones', async () => {
    useSession.setState({ token: 'tok', user: user() });
    renderPage(<TaskListPage />);
    expect((await screen.findByTestId('task-watch_film-go')).getAttribute('href')).toBe(detailPath(42));
    expect(screen.getByTestId('task-watch_5min-go').getAttribute('href')).toBe(detailPath(42));
    expect(within(screen.getByTestId('task-checkin')).getByText('Done')).toBeTruthy();
    expect(screen.queryByText('To do')).toBeNull();
  });

  it("goes to the viewer's last watched title when there is one", async () => {
    useSession.setState({ token: 'tok', user: user() });
    useWatchRecordStore.getState().save(7, {
      vod_id: 99,
      vod_name: 'x',
      play: '',
      vod_pic: '',
      from: '',
      active: 0,
      dur: 0,
      cdur: 0,
      sid: 1,
      nid: 1,
    });
    renderPage(<TaskListPage />);
    expect((await screen.findByTestId('task-watch_film-go')).getAttribute('href')).toBe(detailPath(99));
    useWatchRecordStore.getState().clear(7);
  });

  it('never leads a task where it cannot be done', () => {
    const none = { bannerAds: false, titleAds: false };
    const withTitle = { ...none, titleId: 5 };
    const t = (plog_type: number, long = 0) => ({ plog_type, long });
    expect(taskRoute(t(TASK_PLOG.checkIn), withTitle)).toBeUndefined();
    for (const type of [TASK_PLOG.watchFilm, TASK_PLOG.collectFilm, TASK_PLOG.comment])
      expect(taskRoute(t(type), withTitle)).toBe(detailPath(5));
    // Sharing is done on share-to (its short link pays the task), title or not.
    expect(taskRoute(t(TASK_PLOG.share), withTitle)).toBe(paths.shareTo);
    expect(taskRoute(t(TASK_PLOG.watch10Min, 10), withTitle)).toBe(detailPath(5));
    // No title known yet: no go rather than a page without one.
    expect(taskRoute(t(TASK_PLOG.watchFilm), none)).toBeUndefined();
    expect(taskRoute(t(TASK_PLOG.share), none)).toBe(paths.shareTo);
    // An ad click goes where an ad shows: home's banner, else a title's page, else nowhere.
    expect(taskRoute(t(TASK_PLOG.adClick), { ...withTitle, bannerAds: true })).toBe(paths.home);
    expect(taskRoute(t(TASK_PLOG.adClick), { ...withTitle, titleAds: true })).toBe(detailPath(5));
    expect(taskRoute(t(TASK_PLOG.adClick), withTitle)).toBeUndefined();
    // The comment task goes to a title (its comments section is on the title page).
    expect(taskRoute(t(TASK_PLOG.comment), none)).toBeUndefined();
    // Saving the promotion poster happens on reward-more, title or not.
    expect(taskRoute(t(TASK_PLOG.saveQr), none)).toBe(paths.rewardMore);
  });

  it('shows "unlimited" free views and downloads to a VIP instead of 3/0', async () => {
    useSession.setState({ token: 'tok', user: user() });
    const vip = {
      ...tasks,
      single: {
        bindphone: { point: 2 },
        freewatch: { total: 0, has: 3, unlimited: true },
        freedownload: { total: 0, has: 0, unlimited: true },
      },
    };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://app.test').pathname;
      const body = path === '/api/points/task' ? vip : path === '/api/home' ? home : durations;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderPage(<TaskListPage />);
    expect((await screen.findByTestId('free-views')).textContent).toBe('Free views: unlimited');
    expect(screen.getByTestId('free-downloads').textContent).toBe('Free downloads: unlimited');
  });

  it('splits seconds into minutes and seconds', () => {
    expect(minutesAndSeconds(0)).toEqual({ m: 0, s: 0 });
    expect(minutesAndSeconds(61.9)).toEqual({ m: 1, s: 1 });
    expect(minutesAndSeconds(-5)).toEqual({ m: 0, s: 0 });
  });
});

describe('points-center', () => {
  it("ends a one-page log without the catalogue's 'no more movies' line", async () => {
    useSession.setState({ token: 'tok', user: user() });
    renderPage(<PointsCenterPage />);
    expect(await screen.findAllByTestId('plog-item')).toHaveLength(1);
    expect(screen.queryByTestId('no-more')).toBeNull();
  });

  it('labels points from a redemption code as such, apart from the watch-film task', async () => {
    const row = (plog_id: number, plog_type: number, plog_points: number) => ({
      plog_id,
      plog_type,
      plog_points,
      plog_balance: 0,
      plog_remarks: '',
      plog_time: '2026-11-22T02:00:00Z',
    });
    const log = ok({
      list: [row(2, PLOG_TYPE.redeem, 30), row(1, PLOG_TYPE.watchFilm, 2)],
      page: 1,
      limit: 20,
      total: 2,
      pagecount: 1,
      user_points: 32,
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://app.test').pathname;
      const body = path === '/api/points/log' ? log : { code: 0, msg: `unexpected ${path}` };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    useSession.setState({ token: 'tok', user: user() });
    renderPage(<PointsCenterPage />);
    const items = await screen.findAllByTestId('plog-item');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Redemption code.*\+30$/),
      expect.stringMatching(/^Watched a film.*\+2$/),
    ]);
  });
});

describe('check-in', () => {
  function answerCheckIn(point: number) {
    const notSigned = { ...tasks, isSignIn: false, tasks: [task(10, 'checkin', 5, 1, 0, 0)], list: [] };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://app.test').pathname;
      const body =
        path === '/api/points/task'
          ? notSigned
          : path === '/api/points/plog'
            ? ok({ point, user_points: 12 + point, count: 1 })
            : path === '/api/points/duration/list'
              ? durations
              : path === '/api/points/log'
                ? plog
                : { code: 0, msg: `unexpected ${path}` };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  }

  it('confirms a paid check-in with a toast naming the points (task list)', async () => {
    useSession.setState({ token: 'tok', user: user() });
    answerCheckIn(5);
    renderPage(<TaskListPage />);
    fireEvent.click(await within(await screen.findByTestId('task-checkin')).findByText('Check in'));
    expect(await screen.findByText('Checked in: +5 points', { selector: '[data-testid="toast"]' })).toBeTruthy();
  });

  it('says "checked in today" in a toast when the server paid nothing (points centre)', async () => {
    useSession.setState({ token: 'tok', user: user() });
    answerCheckIn(0);
    renderPage(<PointsCenterPage />);
    const button = await screen.findByTestId('checkin');
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Checked in today', { selector: '[data-testid="toast"]' })).toBeTruthy();
  });
});

describe('exchange-center', () => {
  /** A server whose balance and credits move with each exchange; counts the task-list reads. */
  function exchangeServer() {
    const state = { points: 12, views: 0, taskReads: 0, bodies: [] as unknown[] };
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://app.test').pathname;
      let body: object;
      if (path === '/api/points/task') {
        state.taskReads += 1;
        body = { ...tasks, user_points: state.points, credits: { views: state.views, downloads: 0 } };
      } else if (path === '/api/points/exchange/rates') body = ok({ view: 5, download: 8, vip: [] });
      else if (path === '/api/points/exchange') {
        const sent = JSON.parse(String(init?.body)) as { count: number };
        state.bodies.push(sent);
        state.points -= 5 * sent.count;
        state.views += sent.count;
        body = ok({ point: 5 * sent.count, user_points: state.points });
      } else body = { code: 0, msg: `unexpected ${path}` };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    return state;
  }

  it('checks the type and the count before sending (spec §5)', async () => {
    useSession.setState({ token: 'tok', user: user() });
    const server = exchangeServer();
    renderPage(<ExchangeCenterPage />);
    fireEvent.click(await screen.findByTestId('exchange-submit'));
    expect((await screen.findByTestId('exchange-error')).textContent).toBe('Please choose what to exchange for');
    fireEvent.click(screen.getByTestId('exchange-type-view'));
    fireEvent.click(screen.getByTestId('exchange-submit'));
    await vi.waitFor(() =>
      expect(screen.getByTestId('exchange-error').textContent).toBe('Please enter a count (1-1000)'),
    );
    expect(server.bodies).toEqual([]);
  });

  it('refreshes the balance and the credits after an exchange, and the stored user', async () => {
    useSession.setState({ token: 'tok', user: user() });
    const server = exchangeServer();
    renderPage(<ExchangeCenterPage />);
    await vi.waitFor(() => expect(screen.getByTestId('exchange-balance').textContent).toBe('12'));
    const reads = server.taskReads;
    fireEvent.click(screen.getByTestId('exchange-type-view'));
    fireEvent.change(screen.getByTestId('exchange-count'), { target: { value: '2x' } });
    expect((screen.getByTestId('exchange-count') as HTMLInputElement).value).toBe('2');
    fireEvent.click(screen.getByTestId('exchange-submit'));
    expect((await screen.findByTestId('exchange-result')).textContent).toBe('Exchanged: 10 points spent');
    await vi.waitFor(() => expect(screen.getByTestId('exchange-balance').textContent).toBe('2'));
    expect(screen.getByTestId('exchange-credits').textContent).toBe('Views 2 · Downloads 0');
    expect(server.taskReads).toBeGreaterThan(reads);
    expect(server.bodies).toMatchObject([{ type: 'view', count: 2 }]);
    expect(useSession.getState().user?.user_points).toBe(2);
    expect((screen.getByTestId('exchange-count') as HTMLInputElement).value).toBe('');
  });
});
