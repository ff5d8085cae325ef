import { beforeEach, describe, expect, it } from 'vitest';
import {
  findWatchRecord,
  resumePoint,
  sanitizeWatchRecords,
  useWatchRecordStore,
  WATCH_RECORD_KEY,
  WATCH_RECORD_LIMIT,
  type WatchRecord,
} from './watchRecord';

const input = (vod_id: number, cdur = 30, over: Partial<WatchRecord> = {}) => ({
  vod_id,
  vod_name: `Title ${vod_id}`,
  vod_pic: `/p/${vod_id}.jpg`,
  play: '第02集',
  from: 'ovhls',
  active: 1,
  dur: 120,
  cdur,
  sid: 1,
  nid: 2,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  useWatchRecordStore.setState({ byUser: {} });
});

describe('watch record', () => {
  it('keeps one entry per title per user, newest first, with the spec fields', () => {
    const { save } = useWatchRecordStore.getState();
    save(7, input(1, 10), 1_000_000);
    save(7, input(2, 20), 2_000_000);
    const again = save(7, input(1, 61.6), 3_000_000);
    expect(again).toEqual({ ...input(1, 62), time: 3000, duration: 51 });
    const list = useWatchRecordStore.getState().byUser['7'];
    expect(list?.map((r) => r.vod_id)).toEqual([1, 2]);
    expect(useWatchRecordStore.getState().byUser['0']).toBeUndefined();
    expect(findWatchRecord(7, 2)?.cdur).toBe(20);
    expect(findWatchRecord(0, 2)).toBeUndefined();
  });

  it('persists in localStorage and drops malformed entries on load', async () => {
    useWatchRecordStore.getState().save(0, input(5), 5_000);
    const stored = JSON.parse(localStorage.getItem(WATCH_RECORD_KEY) ?? '{}');
    expect(stored.state.byUser['0'][0]).toMatchObject({ vod_id: 5, cdur: 30, dur: 120, sid: 1, nid: 2 });
    stored.state.byUser['0'].push({ vod_id: 'x' }, { ...stored.state.byUser['0'][0] });
    stored.state.byUser.bad = [];
    useWatchRecordStore.setState({ byUser: {} });
    localStorage.setItem(WATCH_RECORD_KEY, JSON.stringify(stored));
    await useWatchRecordStore.persist.rehydrate();
    expect(Object.keys(useWatchRecordStore.getState().byUser)).toEqual(['0']);
    expect(useWatchRecordStore.getState().byUser['0']).toHaveLength(1);
    expect(sanitizeWatchRecords(null)).toEqual({});
  });

  it(`keeps at most ${WATCH_RECORD_LIMIT} entries`, () => {
    const { save } = useWatchRecordStore.getState();
    for (let i = 1; i <= WATCH_RECORD_LIMIT + 3; i++) save(1, input(i), i * 1000);
    const list = useWatchRecordStore.getState().byUser['1'] ?? [];
    expect(list).toHaveLength(WATCH_RECORD_LIMIT);
    expect(list[0]?.vod_id).toBe(WATCH_RECORD_LIMIT + 3);
  });

  it('merges a server record only when it is newer', () => {
    const { save, mergeRemote } = useWatchRecordStore.getState();
    save(3, input(1, 10), 10_000);
    save(3, input(2, 10), 20_000);
    mergeRemote(3, { ...input(1, 99), time: 5, duration: 0 });
    expect(findWatchRecord(3, 1)?.cdur).toBe(10);
    mergeRemote(3, { ...input(1, 99), time: 30, duration: 82 });
    expect(findWatchRecord(3, 1)?.cdur).toBe(99);
    expect(useWatchRecordStore.getState().byUser['3']?.map((r) => r.vod_id)).toEqual([1, 2]);
  });

  it('resumes only the same episode, not from a finished one', () => {
    const r: WatchRecord = { ...input(1, 42), time: 1, duration: 35 };
    expect(resumePoint(r, 1, 2)).toBe(42);
    expect(resumePoint(r, 2, 2)).toBe(0);
    expect(resumePoint(r, 1, 3)).toBe(0);
    expect(resumePoint({ ...r, cdur: 117 }, 1, 2)).toBe(0);
    expect(resumePoint({ ...r, cdur: 0.5 }, 1, 2)).toBe(0);
    expect(resumePoint(undefined, 1, 2)).toBe(0);
  });
});
