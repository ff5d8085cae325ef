import type { Source } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { chooseEngine, fallbackSource, lineName, mediaUrl, nextEpisode, resolveSelection } from './episodes';

const ep = (nid: number) => ({ nid, name: `第${nid}集`, url: `/media/demo/${nid}.m3u8` });
const sources: Source[] = [
  { sid: 1, from: 'empty', server: '', note: '', episodes: [] },
  { sid: 2, from: 'm3u8', server: '', note: '', episodes: [ep(1), ep(2), ep(3)] },
  { sid: 3, from: 'backup', server: '', note: '', episodes: [ep(1), ep(2)] },
];

const pick = (sid?: number, nid?: number) => {
  const s = resolveSelection(sources, sid, nid);
  return s && [s.source.sid, s.episode.nid];
};

describe('resolveSelection', () => {
  it('starts the first episode of the first playable source', () => {
    expect(pick()).toEqual([2, 1]);
  });

  it('honours sid and nid from the route', () => {
    expect(pick(3, 2)).toEqual([3, 2]);
    expect(pick(2, 3)).toEqual([2, 3]);
  });

  it('falls back when sid or nid do not exist', () => {
    expect(pick(3, 9)).toEqual([3, 1]);
    expect(pick(9, 2)).toEqual([2, 1]);
    expect(pick(1, 1)).toEqual([2, 1]);
    expect(pick(undefined, 2)).toEqual([2, 2]);
  });

  it('returns null without playable sources', () => {
    expect(resolveSelection([], 1, 1)).toBeNull();
    expect(resolveSelection([sources[0] as Source])).toBeNull();
  });
});

describe('nextEpisode', () => {
  it('moves to the next episode of the same source', () => {
    expect(nextEpisode(sources, { sid: 2, nid: 1 })).toEqual({ sid: 2, nid: 2 });
    expect(nextEpisode(sources, { sid: 2, nid: 3 })).toBeNull();
    expect(nextEpisode(sources, { sid: 7, nid: 1 })).toBeNull();
  });
});

describe('mediaUrl', () => {
  it('keeps absolute URLs and roots relative ones', () => {
    expect(mediaUrl('https://cdn.example/a.m3u8')).toBe('https://cdn.example/a.m3u8');
    expect(mediaUrl('/media/demo/index.m3u8')).toBe('/media/demo/index.m3u8');
    expect(mediaUrl('media/demo/index.m3u8')).toBe('/media/demo/index.m3u8');
    expect(mediaUrl('javascript:alert(1)')).toBe('');
  });
});

describe('chooseEngine', () => {
  const video = (answer: string) => ({ canPlayType: () => answer as CanPlayTypeResult });
  it('prefers hls.js, then native HLS, else none', () => {
    expect(chooseEngine(true, video('maybe'))).toBe('hls.js');
    expect(chooseEngine(false, video('maybe'))).toBe('native');
    expect(chooseEngine(false, video(''))).toBe('none');
  });
});

describe('fallbackSource', () => {
  const four: Source[] = [...sources, { sid: 4, from: 'third', server: '', note: '', episodes: [ep(7), ep(8), ep(9)] }];
  it('switches to the next source with an episode at the same index, wrapping around', () => {
    expect(fallbackSource(four, { sid: 2, nid: 2 }, new Set([2]))).toEqual({ sid: 3, nid: 2 });
    // Index 2 (third episode): source 3 has none, source 4 has its nid 9.
    expect(fallbackSource(four, { sid: 2, nid: 3 }, new Set([2]))).toEqual({ sid: 4, nid: 9 });
    expect(fallbackSource(four, { sid: 4, nid: 7 }, new Set([4]))).toEqual({ sid: 2, nid: 1 });
  });
  it('skips failed sources and gives null when all have failed', () => {
    expect(fallbackSource(four, { sid: 3, nid: 1 }, new Set([2, 3]))).toEqual({ sid: 4, nid: 7 });
    expect(fallbackSource(four, { sid: 4, nid: 7 }, new Set([2, 3, 4]))).toBeNull();
    expect(fallbackSource(sources, { sid: 9, nid: 1 }, new Set())).toBeNull();
  });
});

describe('lineName', () => {
  it("labels a line with the player's display name, else its code, else the numbered word", () => {
    expect(lineName({ sid: 1, from: 'ovhls', show: '高清线路' }, '线路')).toBe('高清线路');
    expect(lineName({ sid: 2, from: 'ovhls', show: '  ' }, '线路')).toBe('ovhls');
    expect(lineName({ sid: 3, from: 'kuyun' }, '线路')).toBe('kuyun');
    expect(lineName({ sid: 4, from: '' }, 'Line')).toBe('Line 4');
  });
});
