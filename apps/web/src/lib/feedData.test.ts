import { describe, expect, it } from 'vitest';
import { modeFor, windowIds } from './feedData';

describe('media feed helpers', () => {
  it('plays the current page, preloads its neighbours and leaves the rest idle', () => {
    expect([0, 1, 2, 3, 4].map((i) => modeFor(i, 2))).toEqual(['idle', 'preload', 'play', 'preload', 'idle']);
  });

  it('lists the ids around the current page', () => {
    const list = [10, 11, 12, 13].map((vod_id) => ({ vod_id }));
    expect(windowIds(list, 0)).toEqual([10, 11]);
    expect(windowIds(list, 2)).toEqual([11, 12, 13]);
    expect(windowIds(list, 3, 1, 2)).toEqual([12, 13]);
  });
});
