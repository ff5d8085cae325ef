/**
 * The wallpaper viewer's pages. A gallery title (`app_gallery_typeid`) holds its pictures as the "episodes" of its
 * first playable source; the viewer shows every picture of every loaded title in list order. A title whose detail
 * has not arrived yet stands as one page showing its poster (`n` 0), replaced by its pictures once it has.
 */
import type { VodDetail, VodItem } from '@openvod/contract';
import { picUrl } from '../../lib/picUrl';
import { resolveSelection } from '../player';

export interface WallpaperSlide {
  key: string;
  vod_id: number;
  vod_name: string;
  vod_pic: string;
  /** The picture shown (absolute or root-relative URL). */
  url: string;
  /** 1-based picture number within the title; 0 for the poster page of a title not loaded yet (or without pictures). */
  n: number;
  /** The picture's source (1-based `sid`) and episode id (`nid`) in the title's play list; 0 while not loaded. */
  sid: number;
  nid: number;
  /** The title's picture count (0 while not loaded). */
  total: number;
  /** The detail has arrived: `url` is the real picture (or the poster of a title without pictures). */
  loaded: boolean;
}

type Title = Pick<VodItem, 'vod_id' | 'vod_name' | 'vod_pic'>;

/** The pictures of a gallery title: the first playable source's episodes, in order. */
export function picturesOf(detail: Pick<VodDetail, 'sources'>): { n: number; sid: number; nid: number; url: string }[] {
  const selection = resolveSelection(detail.sources);
  if (!selection) return [];
  const sid = selection.source.sid;
  return selection.source.episodes
    .map((e, i) => ({ n: i + 1, sid, nid: e.nid, url: picUrl(e.url) }))
    .filter((p) => p.url !== '');
}

/** All pages for `titles`, using each title's detail when `detailOf` has it. */
export function buildSlides(
  titles: readonly Title[],
  detailOf: (id: number) => Pick<VodDetail, 'sources'> | undefined,
): WallpaperSlide[] {
  const slides: WallpaperSlide[] = [];
  for (const title of titles) {
    const base = { vod_id: title.vod_id, vod_name: title.vod_name, vod_pic: title.vod_pic };
    const detail = detailOf(title.vod_id);
    const pictures = detail ? picturesOf(detail) : [];
    if (pictures.length === 0) {
      slides.push({
        ...base,
        key: `${title.vod_id}-0`,
        url: picUrl(title.vod_pic),
        n: 0,
        sid: 0,
        nid: 0,
        total: 0,
        loaded: Boolean(detail),
      });
      continue;
    }
    for (const p of pictures)
      slides.push({
        ...base,
        key: `${title.vod_id}-${p.n}`,
        url: p.url,
        n: p.n,
        sid: p.sid,
        nid: p.nid,
        total: pictures.length,
        loaded: true,
      });
  }
  return slides;
}

/** Where the viewer stands: a title and a picture number (0 = its first page, -1 = its last page). */
export interface SlideRef {
  vod_id: number;
  n: number;
}

/**
 * Index of `ref` in `slides`: the exact picture, else the title's first page (its last for `n` -1, or when `n` is
 * past its pictures), else -1 when the title is not there.
 */
export function findSlide(slides: readonly WallpaperSlide[], ref: SlideRef): number {
  let first = -1;
  let last = -1;
  for (let i = 0; i < slides.length; i++) {
    const s = slides[i];
    if (!s || s.vod_id !== ref.vod_id) continue;
    if (s.n === ref.n) return i;
    if (first < 0) first = i;
    last = i;
  }
  if (first < 0) return -1;
  const total = slides[first]?.total ?? 0;
  return ref.n === -1 || (ref.n > 0 && total > 0 && ref.n > total) ? last : first;
}

/**
 * The ref to keep after moving from page `from` to page `to`: a title still loading is entered at its last picture
 * when coming from after it (swiping back), so its pictures appear on the correct side.
 */
export function refAt(slides: readonly WallpaperSlide[], to: number, from: number): SlideRef | undefined {
  const s = slides[to];
  if (!s) return undefined;
  return { vod_id: s.vod_id, n: s.n === 0 && !s.loaded && to < from ? -1 : s.n };
}

/** A file name for saving a picture: the title, the picture number and the URL's extension (default .jpg). */
export function downloadName(slide: Pick<WallpaperSlide, 'vod_name' | 'n' | 'url'>): string {
  const path = slide.url.split(/[?#]/)[0] ?? '';
  const ext = /\.(jpe?g|png|webp|gif|avif)$/i.exec(path)?.[0]?.toLowerCase() ?? '.jpg';
  const cleaned = Array.from(slide.vod_name, (ch) => (ch.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch));
  const safe = cleaned.join('').replace(/\s+/g, ' ').trim() || 'wallpaper';
  return slide.n > 0 ? `${safe}-${slide.n}${ext}` : `${safe}${ext}`;
}
