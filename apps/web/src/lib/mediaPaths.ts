/** Routes of the media feeds (spec §2 Main) and builders for the ones that take query parameters. */

export const mediaPaths = {
  smallVideo: '/pages/smallvideo/index',
  smallDetail: '/pages/detail/small-detail',
  playlet: '/pages/playlet/index',
  playletDetail: '/pages/playlet/playlet-detail',
  live: '/pages/live/index',
  wallpaper: '/pages/wallpaper/index',
  wallpaperDetail: '/pages/wallpaper/detail',
  wallpaperCollection: '/pages/me/common/wallpaper-collection',
} as const;

function withQuery(path: string, query: Record<string, number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The small-video feed opened at title `id`. */
export const smallDetailPath = (id: number) => withQuery(mediaPaths.smallDetail, { id });
/** A playlet's player at episode `nid` (1-based; default the first). */
export const playletDetailPath = (id: number, nid?: number) => withQuery(mediaPaths.playletDetail, { id, nid });
/** The wallpaper viewer at title `id`, picture `n` (1-based; default the first). */
export const wallpaperDetailPath = (id: number, n?: number) => withQuery(mediaPaths.wallpaperDetail, { id, n });
/** Live TV with channel `id` playing. */
export const livePath = (id?: number) => withQuery(mediaPaths.live, { id });
