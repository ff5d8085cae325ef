/** The spec's routes (hash mode) and builders for the ones that take query parameters. */

export const paths = {
  layout: '/pages/layout/index',
  home: '/pages/home/index',
  find: '/pages/find/index',
  wallpaper: '/pages/wallpaper/index',
  me: '/pages/me/index',
  sort: '/pages/sort/index',
  detail: '/pages/detail/mov-detail',
  search: '/pages/search/index',
  settings: '/pages/me/setting-list',
  error: '/pages/common/error',
  login: '/pages/login/index',
  recordList: '/pages/me/common/record-list',
  collectionList: '/pages/me/common/collection-list',
  download: '/pages/me/download/index',
  buyCenter: '/pages/me/plog/buy-center',
  pointsCenter: '/pages/me/plog/points-center',
  taskList: '/pages/me/task-list',
  seekMovie: '/pages/seekmovie/index',
  feedBack: '/pages/me/feed-back',
  levelConfig: '/pages/me/level-config',
  wallpaperDetail: '/pages/wallpaper/detail',
} as const;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const detailPath = (id: number, sid?: number, nid?: number) => withQuery(paths.detail, { id, sid, nid });
export const sortPath = (typeId?: number) => withQuery(paths.sort, { type_id: typeId });
export const searchPath = (wd?: string) => withQuery(paths.search, { wd });

/** A positive integer from a query value, else undefined. */
export function positiveInt(value: string | null | undefined): number | undefined {
  if (value == null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}
