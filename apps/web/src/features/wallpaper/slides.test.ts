import type { Source } from '@openvod/contract';
import { describe, expect, it } from 'vitest';
import { buildSlides, downloadName, findSlide, picturesOf, refAt } from './slides';
import { masonryColumns } from './WallpaperPage';

const title = (id: number) => ({ vod_id: id, vod_name: `T${id}`, vod_pic: `posters/t${id}.jpg` });
const source = (urls: string[]): Source => ({
  sid: 1,
  from: 'ovimg',
  server: '',
  note: '',
  episodes: urls.map((url, i) => ({ nid: i + 1, name: `第${i + 1}张`, url })),
});

describe('wallpaper slides', () => {
  const details = new Map([
    [1, { sources: [source(['/w/1a.jpg', '/w/1b.jpg', '/w/1c.jpg'])] }],
    [3, { sources: [] as Source[] }],
  ]);
  const slides = buildSlides([title(1), title(2), title(3)], (id) => details.get(id));

  it('expands loaded titles into their pictures and keeps a poster page for the others', () => {
    expect(slides.map((s) => s.key)).toEqual(['1-1', '1-2', '1-3', '2-0', '3-0']);
    expect(slides[1]).toMatchObject({ url: '/w/1b.jpg', n: 2, total: 3, loaded: true });
    // Not loaded yet: the poster, not collectable.
    expect(slides[3]).toMatchObject({ url: '/posters/t2.jpg', n: 0, loaded: false });
    // Loaded without pictures: the poster stands in.
    expect(slides[4]).toMatchObject({ url: '/posters/t3.jpg', n: 0, loaded: true });
  });

  it('finds a picture, a title, or a title from its end', () => {
    expect(findSlide(slides, { vod_id: 1, n: 2 })).toBe(1);
    expect(findSlide(slides, { vod_id: 1, n: 0 })).toBe(0);
    expect(findSlide(slides, { vod_id: 1, n: -1 })).toBe(2);
    expect(findSlide(slides, { vod_id: 1, n: 9 })).toBe(2);
    expect(findSlide(slides, { vod_id: 2, n: 1 })).toBe(3);
    expect(findSlide(slides, { vod_id: 99, n: 0 })).toBe(-1);
  });

  it('enters a title still loading at its end when swiping back', () => {
    const loading = buildSlides([title(1), title(2)], () => undefined);
    expect(refAt(loading, 0, 1)).toEqual({ vod_id: 1, n: -1 });
    expect(refAt(loading, 1, 0)).toEqual({ vod_id: 2, n: 0 });
    expect(refAt(slides, 1, 2)).toEqual({ vod_id: 1, n: 2 });
    expect(refAt(slides, 10, 2)).toBeUndefined();
  });

  it('takes pictures from the first playable source and skips unusable URLs', () => {
    expect(picturesOf({ sources: [source([]), { ...source(['a.jpg', 'javascript:x']), sid: 2 }] })).toEqual([
      { n: 1, sid: 2, nid: 1, url: '/a.jpg' },
    ]);
  });

  it('names saved files after the title and picture', () => {
    expect(downloadName({ vod_name: '极光/山脊', n: 2, url: '/w/a.PNG?x=1' })).toBe('极光 山脊-2.png');
    expect(downloadName({ vod_name: '  ', n: 0, url: '/w/a' })).toBe('wallpaper.jpg');
  });

  it('lays tiles out in stable columns', () => {
    expect(masonryColumns([1, 2, 3, 4, 5], 2)).toEqual([
      [1, 3, 5],
      [2, 4],
    ]);
    expect(masonryColumns([1], 0)).toEqual([[1]]);
  });
});
