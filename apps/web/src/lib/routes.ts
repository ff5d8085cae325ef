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
  /** A downloaded episode played from the device (issue 17 item 5): `?id=<task id>`. */
  downloadPlay: '/pages/me/download/play',
  buyCenter: '/pages/me/plog/buy-center',
  orderList: '/pages/me/plog/order-list',
  upGrade: '/pages/me/plog/up-grade',
  redemptionCode: '/pages/me/plog/redemption-code',
  pointsCenter: '/pages/me/plog/points-center',
  taskList: '/pages/me/task-list',
  shareTo: '/pages/me/share-to',
  exchangeCenter: '/pages/me/plog/exchange-center',
  cashCenter: '/pages/me/plog/cash-center',
  cashList: '/pages/me/plog/cash-list',
  cashType: '/pages/me/plog/cash-type',
  seekMovie: '/pages/seekmovie/index',
  feedBack: '/pages/me/feed-back',
  commentList: '/pages/me/comment/comment-list',
  levelConfig: '/pages/me/level-config',
  rewardMore: '/pages/me/reward-more',
  idCard: '/pages/me/id-card',
  promotionCenter: '/pages/me/promotion-center',
  rewardList: '/pages/me/reward-list',
  revenueList: '/pages/me/plog/revenue-list',
  wallpaperDetail: '/pages/wallpaper/detail',
  personalCenter: '/pages/me/personal-center',
  bindPhone: '/pages/me/bind-phone',
  rankList: '/pages/ranklist/index',
  specialTopic: '/pages/specialtopic/index',
  topicList: '/pages/specialtopic/topic-list',
  wonder: '/pages/wonder/index',
  moreList: '/pages/common/more-list',
  smallVideo: '/pages/smallvideo/index',
  playlet: '/pages/playlet/index',
  live: '/pages/live/index',
  castScreen: '/pages/common/cast-screen',
  castScreenHelp: '/pages/common/cast-screen-help',
  guidePage: '/pages/common/guide-page',
  webPage: '/pages/web/index',
  chooseLocation: '/choose-location',
  openLocation: '/open-location',
} as const;

/**
 * Spec §2/§6: pages that need a signed-in user (buying, the user's own money, profile and community pages). A jump
 * to one of them with no stored user goes to the login page instead.
 */
export const LOGIN_REQUIRED_PATHS: ReadonlySet<string> = new Set([
  paths.personalCenter,
  paths.bindPhone,
  '/pages/me/feed-back',
  '/pages/me/feed-back-list',
  '/pages/me/seek-movie',
  '/pages/me/my-seek-movie/index',
  '/pages/me/level-config',
  '/pages/me/reward-list',
  '/pages/me/reward-more',
  '/pages/me/promotion-center',
  '/pages/me/fan-list',
  '/pages/me/attention-list',
  '/pages/me/id-card',
  '/pages/me/comment/comment-list',
  '/pages/me/plog/up-grade',
  '/pages/me/plog/buy-center',
  '/pages/me/plog/order-list',
  '/pages/me/plog/exchange-center',
  '/pages/me/plog/redemption-code',
  '/pages/me/plog/points-center',
  '/pages/me/plog/revenue-list',
  '/pages/me/plog/cash-center',
  '/pages/me/plog/cash-list',
  '/pages/me/plog/cash-type',
]);

/** The login page, remembering where to go after signing in. */
export const loginPath = (redirect?: string) =>
  withQuery(paths.login, { redirect: redirect && redirect !== paths.login ? redirect : undefined });

/** Where a jump to `to` leads: the login page when `to` needs a user and there is none (spec §2). */
export function guardJump(to: string, userId: number, loginRequired = false): string {
  const pathname = to.split('?')[0] ?? to;
  if (userId > 0 || !(loginRequired || LOGIN_REQUIRED_PATHS.has(pathname))) return to;
  return loginPath(to);
}

/** A safe in-app place to return to after login (only `/pages/...` paths; anything else goes to me/index). */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !/^\/pages\/[\w/-]+(\?[^#]*)?$/.test(value) || value.startsWith(paths.login)) return paths.me;
  return value;
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const detailPath = (id: number, sid?: number, nid?: number) => withQuery(paths.detail, { id, sid, nid });
export const sortPath = (typeId?: number) => withQuery(paths.sort, { type_id: typeId });
export const searchPath = (wd?: string) => withQuery(paths.search, { wd });
export const topicListPath = (id: number) => withQuery(paths.topicList, { id });
/** common/more-list: a full list of a home block or category (`title` is shown in the header). */
export const moreListPath = (q: { type_id?: number; order?: string; level?: number; title?: string }) =>
  withQuery(paths.moreList, q);

/** A positive integer from a query value, else undefined. */
export function positiveInt(value: string | null | undefined): number | undefined {
  if (value == null || !/^\d{1,9}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** The offline player of download task `id` (features/downloads). */
export function downloadPlayPath(id: string): string {
  return `${paths.downloadPlay}?${new URLSearchParams({ id }).toString()}`;
}
