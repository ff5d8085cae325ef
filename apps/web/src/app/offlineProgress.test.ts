/**
 * Progress saved offline reaches the server's watch log when the network returns (issue 17 item 5): only what was
 * saved with no network is remembered, only the signed-in user's records are sent, and each once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setWatchRecordSync, useWatchRecordStore, type WatchRecord } from '../features/player/watchRecord';
import { useSession } from '../lib/session';
import { flushOfflineProgress, rememberOfflineProgress } from './offlineProgress';

let online = true;
const pushed: WatchRecord[] = [];

beforeEach(() => {
  localStorage.clear();
  pushed.length = 0;
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  useSession.setState({ token: 'tok', user: { user_id: 7 } as never });
  setWatchRecordSync({ push: (_user, record) => void pushed.push(record) });
  useWatchRecordStore.getState().save(7, {
    vod_id: 30,
    vod_name: 'Series',
    vod_pic: '',
    play: 'Episode 2',
    from: 'demo',
    active: 1,
    dur: 120,
    cdur: 42,
    sid: 1,
    nid: 2,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  setWatchRecordSync(null);
});

describe('offline progress', () => {
  it('sends the record saved offline once the network is back, once', () => {
    online = false;
    rememberOfflineProgress(7, 30);
    rememberOfflineProgress(7, 30);
    flushOfflineProgress();
    expect(pushed).toHaveLength(0);
    online = true;
    flushOfflineProgress();
    expect(pushed.map((r) => [r.vod_id, r.nid, r.cdur])).toEqual([[30, 2, 42]]);
    flushOfflineProgress();
    expect(pushed).toHaveLength(1);
  });

  it('remembers nothing saved online, and keeps another user’s titles for that user', () => {
    rememberOfflineProgress(7, 30);
    online = false;
    rememberOfflineProgress(8, 30);
    online = true;
    flushOfflineProgress();
    expect(pushed).toHaveLength(0);
    useSession.setState({ token: 'tok8', user: { user_id: 8 } as never });
    useWatchRecordStore.getState().save(8, { ...useWatchRecordStore.getState().byUser['7']![0]!, cdur: 10 });
    flushOfflineProgress();
    expect(pushed.map((r) => r.cdur)).toEqual([10]);
  });
});
