import type { Source } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { firstStream } from './feedData';
import { feedItems } from './SmallVideoPage';

const src = (sid: number, urls: string[], note = ''): Source => ({
  sid,
  from: `ov${sid}`,
  server: '',
  note,
  episodes: urls.map((url, i) => ({ nid: i + 1, name: `${i + 1}`, url })),
});

describe('small-video feed data', () => {
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
});
