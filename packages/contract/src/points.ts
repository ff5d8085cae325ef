/**
 * Schemas of points and tasks (spec §1 points, tasks, exchange; §3 "Task config"; §4 "Sign-in", "Duration reward";
 * §5 "Exchange needs a type and a count"; §7 plogList, setPlog, getTask, setDuration, durationList, exchangeNumber;
 * §9 daily rewards; issue 7 item 5).
 *
 * Units: points are integers; durations are seconds (task `long` is minutes); days are the operator's calendar days
 * `YYYY-MM-DD` in the configured time zone (TZ); times ISO 8601.
 *
 * plog types (`mac_plog.plog_type`): MacCMS 1-9, 10 check-in, 11 keep-alive, 12 phone bind, 13 ad click, and the
 * daily tasks of spec §9 below ({@link TASK_PLOG}), 24 points exchange, 25 redemption code, 30 guest merge
 * ({@link PLOG_TYPE}).
 */
import { z } from 'zod';
import { ok, paged } from './envelope.ts';

/** plog types of the daily tasks (spec §9 "Daily rewards"); each task has its own type. */
export const TASK_PLOG = {
  checkIn: 10,
  adClick: 13,
  watchFilm: 14,
  watch1Min: 15,
  watch5Min: 16,
  watch10Min: 17,
  watch15Min: 18,
  watch20Min: 19,
  collectFilm: 20,
  share: 21,
  comment: 22,
  saveQr: 23,
} as const;
/** plog type of a points exchange (points spent for view/download times or VIP days). */
export const EXCHANGE_PLOG_TYPE = 24;

/** plog type of points granted by a redemption code (spec §1 "卡密"; apps/server/src/modules/billing/redemption.service.ts). */
export const REDEEM_PLOG_TYPE = 25;

/**
 * Every `mac_plog.plog_type` the server writes (the points journal): MacCMS 1-9, the app's rewards 10-13, the daily
 * tasks ({@link TASK_PLOG}), 24 a points exchange, 25 points of a redemption code, 30 a guest's points merged into
 * the account it signed into (apps/server/src/modules/accounts/guest-merge.ts). Each number means one thing: the
 * apps label the journal by it. `plog_points` is signed: credits positive, debits negative.
 */
export const PLOG_TYPE = {
  recharge: 1,
  inviteRegistration: 2,
  promotionVisit: 3,
  distribution1: 4,
  distribution2: 5,
  distribution3: 6,
  groupUpgrade: 7,
  contentPurchase: 8,
  withdrawal: 9,
  keepAlive: 11,
  bindPhone: 12,
  ...TASK_PLOG,
  exchange: EXCHANGE_PLOG_TYPE,
  redeem: REDEEM_PLOG_TYPE,
  guestMerge: 30,
} as const;

/** The key of a plog type's label (the apps translate it: the viewer app's `points.type.<key>`). */
export type PlogTypeKey =
  | 'recharge'
  | 'invite'
  | 'visit'
  | 'distribution'
  | 'upgrade'
  | 'purchase'
  | 'withdrawal'
  | 'checkin'
  | 'keepalive'
  | 'bindphone'
  | 'ad_click'
  | 'watch_film'
  | 'watch_min'
  | 'collect_film'
  | 'share'
  | 'comment'
  | 'save_qr'
  | 'exchange'
  | 'redeem'
  | 'guest_merge';

const PLOG_TYPE_KEYS: Readonly<Record<number, PlogTypeKey>> = {
  [PLOG_TYPE.recharge]: 'recharge',
  [PLOG_TYPE.inviteRegistration]: 'invite',
  [PLOG_TYPE.promotionVisit]: 'visit',
  [PLOG_TYPE.distribution1]: 'distribution',
  [PLOG_TYPE.distribution2]: 'distribution',
  [PLOG_TYPE.distribution3]: 'distribution',
  [PLOG_TYPE.groupUpgrade]: 'upgrade',
  [PLOG_TYPE.contentPurchase]: 'purchase',
  [PLOG_TYPE.withdrawal]: 'withdrawal',
  [PLOG_TYPE.checkIn]: 'checkin',
  [PLOG_TYPE.keepAlive]: 'keepalive',
  [PLOG_TYPE.bindPhone]: 'bindphone',
  [PLOG_TYPE.adClick]: 'ad_click',
  [PLOG_TYPE.watchFilm]: 'watch_film',
  [PLOG_TYPE.watch1Min]: 'watch_min',
  [PLOG_TYPE.watch5Min]: 'watch_min',
  [PLOG_TYPE.watch10Min]: 'watch_min',
  [PLOG_TYPE.watch15Min]: 'watch_min',
  [PLOG_TYPE.watch20Min]: 'watch_min',
  [PLOG_TYPE.collectFilm]: 'collect_film',
  [PLOG_TYPE.share]: 'share',
  [PLOG_TYPE.comment]: 'comment',
  [PLOG_TYPE.saveQr]: 'save_qr',
  [PLOG_TYPE.exchange]: 'exchange',
  [PLOG_TYPE.redeem]: 'redeem',
  [PLOG_TYPE.guestMerge]: 'guest_merge',
};

/** The label key of plog type `type` ({@link PlogTypeKey}); undefined for a type this table does not know. */
export function plogTypeKey(type: number): PlogTypeKey | undefined {
  return PLOG_TYPE_KEYS[type];
}
/**
 * plog types a client may report through setPlog; the others are awarded by the server itself (23 "save promotion
 * QR" is paid by the poster's download, createQrcode; 21 "share" by the creation of a short link, shortUrl; never on
 * a client's word).
 */
export const CLIENT_TASK_TYPES = [TASK_PLOG.checkIn, TASK_PLOG.adClick] as const;
/** Most watched seconds one setDuration report may add (the player reports every 30 s). */
export const DURATION_REPORT_MAX_S = 120;

/** One line of the points log (MacCMS mac_plog). `plog_points` is signed. */
export const PlogItem = z.object({
  plog_id: z.number().int(),
  plog_type: z.number().int(),
  plog_points: z.number().int(),
  plog_balance: z.number().int(),
  plog_remarks: z.string(),
  plog_time: z.string(),
});
export type PlogItem = z.infer<typeof PlogItem>;

export const PointsPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** plogList: the signed-in user's points log, newest first, with the balance. */
export const PlogListResponse = paged(PlogItem).extend({ user_points: z.number().int() });
export type PlogListResponse = z.infer<typeof PlogListResponse>;

/** A daily task (spec §3 Task config: type, long, count, num) with the operator's reward. */
export const TaskItem = z.object({
  task_id: z.number().int(),
  /** plog type (= spec `type`). */
  plog_type: z.number().int(),
  /** Stable name: checkin, ad_click, watch_film, watch_1min ... save_qr (the app translates it). */
  task_key: z.string(),
  /** Points per completion. */
  points: z.number().int(),
  /** Completions paid per day (cap). */
  num: z.number().int(),
  /** Minutes of watching (duration tasks), else 0. */
  long: z.number().int(),
  /** Today's completions. */
  count: z.number().int(),
});
export type TaskItem = z.infer<typeof TaskItem>;

/**
 * Free uses of a day: `total` a day, `has` used today; `unlimited` = this user's group is not metered (VIP, group
 * 3 and above, spec §4): every title plays without a free view, so the app shows "unlimited" instead of has/total.
 */
const FreeCount = z.object({ total: z.number().int(), has: z.number().int(), unlimited: z.boolean() });
/**
 * getTask (spec §3): `list` = today's progress (plog_type, count) of tasks done at least once; `tasks` = every
 * enabled task this user can complete (the feature it is done in exists and is on) with its reward and today's count; `single` = bind-phone reward and today's free view / download
 * totals and uses (`has` = used today). `isSignIn` (spec §4) = list has plog_type 10.
 */
export const GetTaskResponse = ok({
  list: z.array(z.object({ plog_type: z.number().int(), count: z.number().int() })),
  tasks: z.array(TaskItem),
  single: z.object({ bindphone: z.object({ point: z.number().int() }), freewatch: FreeCount, freedownload: FreeCount }),
  isSignIn: z.boolean(),
  user_points: z.number().int(),
  /** Today's watched seconds as counted by the server. */
  watch_seconds: z.number().int(),
  /** Extra view / download times (exchanged or redeemed). */
  credits: z.object({ views: z.number().int(), downloads: z.number().int() }),
  day: z.string(),
});
export type GetTaskResponse = z.infer<typeof GetTaskResponse>;

/** setPlog: record a reward event the client reports (type 10 check-in, 13 ad click, 21 share, 23 save QR). */
export const SetPlogQuery = z.object({
  type: z.coerce.number().int().min(1).max(99),
  /** What the event was about (ad id, shared title id ...); part of the once-per-day key. */
  id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});
/** `point` = points paid now (0 when the day's cap is reached or the event was recorded before). */
export const SetPlogResponse = ok({ point: z.number().int(), user_points: z.number().int(), count: z.number().int() });
export type SetPlogResponse = z.infer<typeof SetPlogResponse>;

/** setDuration: seconds watched since the last report (at most {@link DURATION_REPORT_MAX_S} count). */
export const SetDurationQuery = z.object({ duration: z.coerce.number().int().min(0).max(86_400) });
/** `point` = points paid by duration tasks this report reached; `total` = today's counted seconds. */
export const SetDurationResponse = ok({
  point: z.number().int(),
  total: z.number().int(),
  user_points: z.number().int(),
  awarded: z.array(z.number().int()),
});
export type SetDurationResponse = z.infer<typeof SetDurationResponse>;

/** One day of the watch-duration log. */
export const DurationItem = z.object({ day: z.string(), seconds: z.number().int() });
export const DurationListResponse = paged(DurationItem);
export type DurationListResponse = z.infer<typeof DurationListResponse>;

export const EXCHANGE_TYPES = ['view', 'download', 'vip'] as const;
export type ExchangeType = (typeof EXCHANGE_TYPES)[number];
/**
 * exchangeNumber (spec §5: type and count required): `view` / `download` = times, `vip` = days of `group_id`.
 * `key` (or the Idempotency-Key header) makes a retry spend nothing more.
 */
export const ExchangeBody = z.object({
  type: z.enum(EXCHANGE_TYPES),
  count: z.number().int().min(1).max(1000),
  group_id: z.number().int().min(3).optional(),
  key: z.string().min(8).max(64).optional(),
});
export const ExchangeResponse = ok({
  /** Points spent. */
  point: z.number().int(),
  user_points: z.number().int(),
  credits: z.object({ views: z.number().int(), downloads: z.number().int() }),
  /** VIP end (seconds since the epoch) after a vip exchange, else the current one. */
  user_end_time: z.number().int(),
  applied: z.boolean(),
});
export type ExchangeResponse = z.infer<typeof ExchangeResponse>;

/** Exchange prices: points per view, per download, and per VIP day of each VIP group. */
export const ExchangeRatesResponse = ok({
  view: z.number().int(),
  download: z.number().int(),
  vip: z.array(z.object({ group_id: z.number().int(), group_name: z.string(), points_per_day: z.number().int() })),
});
export type ExchangeRatesResponse = z.infer<typeof ExchangeRatesResponse>;

// ------------------------------------------------------------------------------------------------- console

export const AdminTask = TaskItem.omit({ count: true }).extend({ enabled: z.boolean() });
export type AdminTask = z.infer<typeof AdminTask>;
export const AdminTaskListResponse = ok({ list: z.array(AdminTask) });
export const AdminTaskUpdate = z.object({
  points: z.number().int().min(0).max(100000).optional(),
  num: z.number().int().min(1).max(1000).optional(),
  long: z.number().int().min(0).max(1440).optional(),
  enabled: z.boolean().optional(),
});
export const AdminTaskResponse = ok({ info: AdminTask });

export const AdminQuota = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  free_views: z.number().int(),
  free_downloads: z.number().int(),
  /** VIP groups (group_id >= 3): points per VIP day in the exchange centre (`group_points_day`; 0 = not offered). */
  points_per_day: z.number().int(),
});
export const AdminPointsSettingsResponse = ok({
  quotas: z.array(AdminQuota),
  view_points: z.number().int(),
  download_points: z.number().int(),
});
export type AdminPointsSettingsResponse = z.infer<typeof AdminPointsSettingsResponse>;
export const AdminPointsSettingsUpdate = z.object({
  quotas: z
    .array(
      z.object({
        group_id: z.number().int().min(1),
        free_views: z.number().int().min(0).max(100000),
        free_downloads: z.number().int().min(0).max(100000),
        /** Points per VIP day (VIP groups only; ignored below group 3). */
        points_per_day: z.number().int().min(0).max(1_000_000).optional(),
      }),
    )
    .optional(),
  view_points: z.number().int().min(0).max(1_000_000).optional(),
  download_points: z.number().int().min(0).max(1_000_000).optional(),
});

/** Operator days (YYYY-MM-DD), inclusive; omitted: the last 30 operator days ending today. */
export const AdminPointsReportQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
/** Points issued (sum of credits), spent (sum of debits, positive), outstanding (all users' balances now). */
export const AdminPointsReportResponse = ok({
  /** The operator days the report covers (the defaults filled in). */
  from: z.string(),
  to: z.string(),
  issued: z.number().int(),
  spent: z.number().int(),
  outstanding: z.number().int(),
  by_type: z.array(z.object({ plog_type: z.number().int(), issued: z.number().int(), spent: z.number().int() })),
});
export type AdminPointsReportResponse = z.infer<typeof AdminPointsReportResponse>;
