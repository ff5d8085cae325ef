/**
 * Writes that can pay points bring the new balance to the me page and the points screens at once (lib/
 * pointsBalance): the watch entry (ajaxUlog type 4 pays "watch films") and the watch-time report (setDuration).
 */
import type { UserInfo } from '@openvod/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchRecordSync } from '../features/playback-sync/watchSync';
import { flushWatchSeconds, reportWatchSeconds } from '../features/points/reportWatch';
import { applyPointsBalance } from './pointsBalance';
import { queryClient } from './queryClient';
import { useSession } from './session';

const user = { user_id: 7, user_name: 'viewer', user_points: 12 } as UserInfo;
const ok = (payload: object) =>
  new Response(JSON.stringify({ code: 1, msg: 'ok', ...payload }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  useSession.setState({ token: 'tok', user });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('applyPointsBalance', () => {
  it('stores the balance in the signed-in user and marks the points queries stale', async () => {
    const client = new QueryClient();
    client.setQueryData(['points', 'task', 7], { user_points: 12 });
    client.setQueryData(['vip', 'groups', 7], {});
    applyPointsBalance(15, client);
    expect(useSession.getState().user?.user_points).toBe(15);
    expect(client.getQueryState(['points', 'task', 7])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['vip', 'groups', 7])?.isInvalidated).toBe(false);
  });

  it('changes nothing for the same balance, no number, or nobody signed in', () => {
    const client = new QueryClient();
    client.setQueryData(['points', 'task', 7], {});
    applyPointsBalance(12, client);
    applyPointsBalance(undefined, client);
    expect(client.getQueryState(['points', 'task', 7])?.isInvalidated).toBe(false);
    useSession.setState({ token: '', user: null });
    applyPointsBalance(20, client);
    expect(useSession.getState().user).toBeNull();
  });
});

describe('writes that pay points', () => {
  it('a watch entry that paid the "watch films" task shows the new balance without a reload', async () => {
    vi.stubGlobal('fetch', async () => ok({ list: [], point: 13, existed: false }));
    watchRecordSync.push(7, {
      time: 0,
      vod_id: 5,
      vod_name: 'x',
      play: '',
      vod_pic: '',
      from: '',
      active: 0,
      dur: 60,
      cdur: 3,
      duration: 5,
      sid: 1,
      nid: 1,
    });
    await vi.waitFor(() => expect(useSession.getState().user?.user_points).toBe(13));
  });

  it('a watch-time report that paid a duration task does too', async () => {
    vi.stubGlobal('fetch', async () => ok({ point: 2, total: 300, user_points: 14, awarded: [16] }));
    reportWatchSeconds(10);
    expect(await flushWatchSeconds()).toBe(2);
    expect(useSession.getState().user?.user_points).toBe(14);
  });
});
