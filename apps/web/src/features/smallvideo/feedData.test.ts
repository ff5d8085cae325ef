import type { Source } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { liveLines } from '../live/LivePage';
import { firstStream, modeFor, windowIds } from './feedData';
import { feedItems } from './SmallVideoPage';

const src = (sid: number, urls: string[], note = ''): Source => ({
  sid,
  from: `ov${sid}`,
  server: '',
  note,
  episodes: urls.map((url, i) => ({ nid: i + 1, name: `${i + 1}`, url })),
});

describe('feed data helpers', () => {
  it('plays the current page, preloads its neighbours and leaves the rest idle', () => {
    expect([0, 1, 2, 3, 4].map((i) => modeFor(i, 2))).toEqual(['idle', 'preload', 'play', 'preload', 'idle']);
  });

  it('lists the ids around the current page', () => {
    const list = [10, 11, 12, 13].map((vod_id) => ({ vod_id }));
    expect(windowIds(list, 0)).toEqual([10, 11]);
    expect(windowIds(list, 2)).toEqual([11, 12, 13]);
    expect(windowIds(list, 3, 1, 2)).toEqual([12, 13]);
  });

  it('picks the first playable stream', () => {
    expect(firstStream(undefined)).toBe('');
    expect(firstStream({ sources: [] })).toBe('');
    expect(firstStream({ sources: [src(1, []), src(2, ['/b.m3u8', '/c.m3u8'])] })).toBe('/b.m3u8');
  });

  it('opens the feed on a title not among the loaded ones', () => {
    const list = [{ vod_id: 1 }, { vod_id: 2 }];
    expect(feedItems(list, { vod_id: 2 })).toEqual(list);
    expect(feedItems(list, { vod_id: 9 }).map((v) => v.vod_id)).toEqual([9, 1, 2]);
    expect(feedItems(list, undefined)).toEqual(list);
  });

  it('lists a channel’s lines', () => {
    expect(liveLines([src(1, ['/live/a.m3u8'], 'HD'), src(2, []), src(3, ['/live/b.m3u8'])])).toEqual([
      { sid: 1, url: '/live/a.m3u8', label: 'HD' },
      { sid: 3, url: '/live/b.m3u8', label: 'ov3' },
    ]);
  });
});
