/**
 * The points screens against a stubbed server (issue 7 item 5): the task list shows every daily task with its
 * reward and progress, the one-off bind-phone reward (a link until a phone is bound) and the watch-time log of
 * durationList; the points centre's log ends without the catalogue's 'no more movies' line.
 */
import type { UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import PointsCenterPage from './PointsCenterPage';
import TaskListPage, { minutesAndSeconds } from './TaskListPage';

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

  it('offers a "go" to where each open task is done, "done" for finished ones', async () => {
    useSession.setState({ token: 'tok', user: user() });
    renderPage(<TaskListPage />);
    expect((await screen.findByTestId('task-watch_film-go')).getAttribute('href')).toBe('/pages/home/index');
    expect(screen.getByTestId('task-watch_5min-go').getAttribute('href')).toBe('/pages/home/index');
    expect(within(screen.getByTestId('task-checkin')).getByText('Done')).toBeTruthy();
    expect(screen.queryByText('To do')).toBeNull();
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
      const body = path === '/api/points/task' ? vip : durations;
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
});
