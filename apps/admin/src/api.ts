/**
 * A small typed fetcher over the contract's endpoint table: `call('adminGetVod', { params: { id } })` sends the
 * operation's method to its path and returns its response type. Console calls carry `authorcode`; a 401 ends the
 * session (the router then shows the sign-in page).
 */
import type { Endpoint, endpoints, OperationId } from '@openvod/contract';
import { ACCEPT_LANGUAGE, getLang } from './i18n.ts';
import { clearSession, getToken } from './session.ts';

type Table = typeof endpoints;
/** The console's operations: every `admin*` operation of the contract. */
export type ConsoleOp = Extract<OperationId, `admin${string}`>;

/**
 * Method and path of each console operation. The table mirrors the contract's endpoint table at the type level
 * (a wrong method or path, or a missing operation, fails tsc) so the console does not ship zod and the schemas.
 */
const routes: { [K in ConsoleOp]: Pick<Table[K], 'method' | 'path'> } = {
  adminLogin: { method: 'POST', path: '/api/admin/login' },
  adminLogout: { method: 'POST', path: '/api/admin/logout' },
  adminMe: { method: 'GET', path: '/api/admin/me' },
  adminGetPosterSettings: { method: 'GET', path: '/api/admin/poster' },
  adminUploadPosterBackground: { method: 'POST', path: '/api/admin/poster/background' },
  adminDeletePosterBackground: { method: 'DELETE', path: '/api/admin/poster/background' },
  adminGetPlacesSettings: { method: 'GET', path: '/api/admin/places/settings' },
  adminSavePlacesSettings: { method: 'PUT', path: '/api/admin/places/settings' },
  adminListVods: { method: 'GET', path: '/api/admin/vods' },
  adminGetVod: { method: 'GET', path: '/api/admin/vods/:id' },
  adminUpdateVod: { method: 'PATCH', path: '/api/admin/vods/:id' },
  adminListTypes: { method: 'GET', path: '/api/admin/types' },
  adminCreateType: { method: 'POST', path: '/api/admin/types' },
  adminUpdateType: { method: 'PATCH', path: '/api/admin/types/:id' },
  adminDeleteType: { method: 'DELETE', path: '/api/admin/types/:id' },
  adminImport: { method: 'POST', path: '/api/admin/import' },
  adminListTypeBindings: { method: 'GET', path: '/api/admin/type-bindings' },
  adminSetTypeBinding: { method: 'PUT', path: '/api/admin/type-bindings' },
  adminListUsers: { method: 'GET', path: '/api/admin/users' },
  adminGetUser: { method: 'GET', path: '/api/admin/users/:id' },
  adminUpdateUser: { method: 'PATCH', path: '/api/admin/users/:id' },
  adminListGroups: { method: 'GET', path: '/api/admin/groups' },
  adminCreateGroup: { method: 'POST', path: '/api/admin/groups' },
  adminUpdateGroup: { method: 'PATCH', path: '/api/admin/groups/:id' },
  adminGetAppConfig: { method: 'GET', path: '/api/admin/app-config' },
  adminUpdateAppConfig: { method: 'PATCH', path: '/api/admin/app-config' },
  adminGetAppVersion: { method: 'GET', path: '/api/admin/app-version' },
  adminPublishAppVersion: { method: 'PUT', path: '/api/admin/app-version' },
  adminCreateVod: { method: 'POST', path: '/api/admin/vods' },
  adminListTopics: { method: 'GET', path: '/api/admin/topics' },
  adminCreateTopic: { method: 'POST', path: '/api/admin/topics' },
  adminUpdateTopic: { method: 'PATCH', path: '/api/admin/topics/:id' },
  adminDeleteTopic: { method: 'DELETE', path: '/api/admin/topics/:id' },
  adminGetCatalogueSettings: { method: 'GET', path: '/api/admin/catalogue-settings' },
  adminUpdateCatalogueSettings: { method: 'PATCH', path: '/api/admin/catalogue-settings' },
  adminListDayCovers: { method: 'GET', path: '/api/admin/day-covers' },
  adminSetDayCover: { method: 'PUT', path: '/api/admin/day-covers/:date' },
  adminDeleteDayCover: { method: 'DELETE', path: '/api/admin/day-covers/:date' },
  adminListPlayers: { method: 'GET', path: '/api/admin/players' },
  adminSavePlayer: { method: 'PUT', path: '/api/admin/players/:from' },
  adminDeletePlayer: { method: 'DELETE', path: '/api/admin/players/:from' },
  // player ads (issue 5)
  adminListAds: { method: 'GET', path: '/api/admin/ads' },
  adminCreateAd: { method: 'POST', path: '/api/admin/ads' },
  adminUpdateAd: { method: 'PATCH', path: '/api/admin/ads/:id' },
  adminDeleteAd: { method: 'DELETE', path: '/api/admin/ads/:id' },
  // the ad system (issue 7 item 6)
  adminAdStats: { method: 'GET', path: '/api/admin/ads/stats' },
  adminReorderAds: { method: 'POST', path: '/api/admin/ads/order' },
  // danmaku (issue 5)
  adminListDanmaku: { method: 'GET', path: '/api/admin/danmaku' },
  adminGbookList: { method: 'GET', path: '/api/admin/gbook' },
  adminGbookResolve: { method: 'POST', path: '/api/admin/gbook/:id/resolve' },
  adminGbookReply: { method: 'POST', path: '/api/admin/gbook/:id/reply' },
  adminGbookStatus: { method: 'POST', path: '/api/admin/gbook/:id/status' },
  adminDeleteDanmaku: { method: 'DELETE', path: '/api/admin/danmaku/:id' },
  adminListDanmakuBlocks: { method: 'GET', path: '/api/admin/danmaku-blocks' },
  adminBlockDanmakuUser: { method: 'PUT', path: '/api/admin/danmaku-blocks/:id' },
  adminUnblockDanmakuUser: { method: 'DELETE', path: '/api/admin/danmaku-blocks/:id' },
  // community safety layer (modules/community community.routes.ts)
  adminGetCommunitySettings: { method: 'GET', path: '/api/admin/community/settings' },
  adminUpdateCommunitySettings: { method: 'PUT', path: '/api/admin/community/settings' },
  adminListCommunityMutes: { method: 'GET', path: '/api/admin/community/mutes' },
  adminMuteUser: { method: 'PUT', path: '/api/admin/community/mutes/:id' },
  adminUnmuteUser: { method: 'DELETE', path: '/api/admin/community/mutes/:id' },
  // comments (modules/community comments.routes.ts)
  adminListComments: { method: 'GET', path: '/api/admin/comments' },
  adminSetCommentStatus: { method: 'PUT', path: '/api/admin/comments/:id/status' },
  adminDeleteComment: { method: 'DELETE', path: '/api/admin/comments/:id' },
  adminListCommentReports: { method: 'GET', path: '/api/admin/comment-reports' },
  adminResolveCommentReports: { method: 'POST', path: '/api/admin/comment-reports/:id' },
  // billing (issue 6)
  adminListPlans: { method: 'GET', path: '/api/admin/billing/plans' },
  adminCreatePlan: { method: 'POST', path: '/api/admin/billing/plans' },
  adminUpdatePlan: { method: 'PATCH', path: '/api/admin/billing/plans/:id' },
  adminListChannels: { method: 'GET', path: '/api/admin/billing/channels' },
  adminListOrders: { method: 'GET', path: '/api/admin/billing/orders' },
  adminGetOrder: { method: 'GET', path: '/api/admin/billing/orders/:order_code' },
  adminCloseOrder: { method: 'POST', path: '/api/admin/billing/orders/:order_code/close' },
  adminListCodeBatches: { method: 'GET', path: '/api/admin/billing/code-batches' },
  adminCreateCodeBatch: { method: 'POST', path: '/api/admin/billing/code-batches' },
  adminExportCodeBatch: { method: 'GET', path: '/api/admin/billing/code-batches/:id/export' },
  adminRevenueReport: { method: 'GET', path: '/api/admin/billing/revenue' },
  adminLedgerCheck: { method: 'GET', path: '/api/admin/ledger/check' },
  adminRunLedgerCheck: { method: 'POST', path: '/api/admin/ledger/check' },
  adminListPointTasks: { method: 'GET', path: '/api/admin/points/tasks' },
  adminUpdatePointTask: { method: 'PATCH', path: '/api/admin/points/tasks/:id' },
  adminGetPointsSettings: { method: 'GET', path: '/api/admin/points/settings' },
  adminUpdatePointsSettings: { method: 'PATCH', path: '/api/admin/points/settings' },
  adminPointsReport: { method: 'GET', path: '/api/admin/points/report' },
  // rewarded ads (issue 7 item 3)
  adminGetRewardSettings: { method: 'GET', path: '/api/admin/rewards/settings' },
  adminUpdateRewardSettings: { method: 'PUT', path: '/api/admin/rewards/settings' },
  adminRewardsReport: { method: 'GET', path: '/api/admin/rewards/report' },
  // the downloads report (issue 17 item 7)
  adminDownloadsReport: { method: 'GET', path: '/api/admin/downloads/report' },
  // background jobs (the server's core/jobs.ts)
  adminListJobs: { method: 'GET', path: '/api/admin/jobs' },
  adminListCash: { method: 'GET', path: '/api/admin/cash' },
  adminApproveCash: { method: 'POST', path: '/api/admin/cash/:id/approve' },
  adminRejectCash: { method: 'POST', path: '/api/admin/cash/:id/reject' },
  adminMarkCashPaid: { method: 'POST', path: '/api/admin/cash/:id/paid' },
  adminRetryCash: { method: 'POST', path: '/api/admin/cash/:id/retry' },
  adminGetCashSettings: { method: 'GET', path: '/api/admin/cash/settings' },
  adminUpdateCashSettings: { method: 'PATCH', path: '/api/admin/cash/settings' },
  adminGetPromotionSettings: { method: 'GET', path: '/api/admin/promotion/settings' },
  adminUpdatePromotionSettings: { method: 'PUT', path: '/api/admin/promotion/settings' },
  adminListPromoters: { method: 'GET', path: '/api/admin/promotion/promoters' },
  adminGetPromoter: { method: 'GET', path: '/api/admin/promotion/promoters/:id' },
  adminFlagPromoter: { method: 'POST', path: '/api/admin/promotion/promoters/:id/flag' },
  adminSetAgent: { method: 'POST', path: '/api/admin/promotion/promoters/:id/agent' },
  adminReverseEarning: { method: 'POST', path: '/api/admin/promotion/earnings/:id/reverse' },
  adminClearSignal: { method: 'POST', path: '/api/admin/promotion/signals/:id/clear' },
  adminPromotionReport: { method: 'GET', path: '/api/admin/promotion/report' },
};
type Output<S> = S extends { _output: infer O } ? O : never;
type Input<S> = S extends { _input: infer I } ? I : never;

/** Response payload of an operation (the success envelope). */
export type Res<K extends ConsoleOp> = Output<Table[K]['response']>;
/** Request body of an operation, as the caller writes it (defaults optional). */
export type Body<K extends ConsoleOp> = Table[K] extends { body: infer B } ? Input<B> : never;
export type Query<K extends ConsoleOp> = Table[K] extends { query: infer Q } ? Input<Q> : never;

type Args<K extends ConsoleOp> = (Table[K] extends { params: unknown }
  ? { params: Record<string, string | number> }
  : { params?: never }) &
  (Table[K] extends { query: infer Q } ? { query?: Partial<Input<Q>> } : { query?: never }) &
  (Table[K] extends { body: infer B }
    ? { body: Input<B> }
    : Table[K] extends { multipart: true }
      ? { body: FormData }
      : { body?: never }) & { signal?: AbortSignal };

/** A failed call: HTTP status (0 for network failures), body code and message, and the offending field. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly field: string | undefined;
  constructor(status: number, code: number, msg: string, field?: string) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

function buildUrl(
  ep: Pick<Endpoint, 'method' | 'path'>,
  params?: Record<string, string | number>,
  query?: object,
): string {
  const path = ep.path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function call<K extends ConsoleOp>(
  op: K,
  ...[args]: Args<K> extends { params: unknown } | { body: unknown } ? [Args<K>] : [Args<K>?]
): Promise<Res<K>> {
  const ep: Pick<Endpoint, 'method' | 'path'> = routes[op];
  const a = (args ?? {}) as {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
  };
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': ACCEPT_LANGUAGE[getLang()],
  };
  const token = getToken();
  if (token) headers.authorcode = token;
  let body: string | FormData | undefined;
  // A multipart upload (an endpoint marked `multipart`): the browser sets the content type with its boundary.
  if (typeof FormData !== 'undefined' && a.body instanceof FormData) {
    body = a.body;
  } else if (a.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(a.body);
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(ep, a.params, a.query), { method: ep.method, headers, body, signal: a.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 0, '');
  }

  let data: unknown = null;
  const text = await res.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  const env = (data ?? {}) as { code?: unknown; msg?: unknown; field?: unknown };
  const msg = typeof env.msg === 'string' ? env.msg : '';
  const code = typeof env.code === 'number' ? env.code : 0;
  const field = typeof env.field === 'string' ? env.field : undefined;

  if (res.status === 401 && op !== 'adminLogin') clearSession('expired');
  if (!res.ok || code !== 1) throw new ApiError(res.status, code, msg || `HTTP ${res.status}`, field);
  return data as Res<K>;
}

/** The message to show for any error thrown by `call` (the server's, in the chosen language, when it sent one). */
export function errorMessage(e: unknown, fallback: string): string {
  if (e instanceof ApiError) return e.status === 0 || !e.message ? fallback : e.message;
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
