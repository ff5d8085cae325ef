/**
 * Schemas of the promotion programme's earnings side (spec §1 "Promotion and invitation codes", §2 Me, promotion:
 * promotion-center, level-config, reward-list; Me, money: revenue-list; §6 Promoter/agent; §7 visit, rewardList,
 * checkActive; research/maccms.md §3.2 three-level distribution). Withdrawals are the cash module's
 * (packages/contract cash.ts), the poster the poster module's.
 *
 * Units: money is integer fen; ratios are basis points (1/100 of a percent) of the fen an invitee paid; `scale` is
 * points per yuan (MacCMS `cash_ratio`: 10 = 10 points make 1 yuan = 100 fen); days are the operator's calendar days
 * `YYYY-MM-DD` (TZ); times ISO 8601. Depth 1 = a direct invitee (`user_pid`), 2 and 3 = `user_pid_2` / `user_pid_3`.
 */
import { z } from 'zod';
import { ok, paged } from './envelope.ts';

/** Where an earning came from (promo_earning.source). */
export const EARNING_SOURCES = ['register', 'active', 'spend', 'points'] as const;
export type EarningSource = (typeof EARNING_SOURCES)[number];
/** An earning's state: on hold, withdrawable, or taken back (promo_earning.status). */
export const EARNING_STATUSES = ['pending', 'available', 'reversed'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];
/** Fraud signal kinds (promo_signal.kind; research/money.md §5). */
export const SIGNAL_KINDS = [
  'shared_device',
  'shared_ip',
  'shared_account',
  'ip_burst',
  'device_burst',
  'inactive',
  'cycle',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** A promoter level as the viewer sees it (level-config). */
export const PromoLevel = z.object({
  level_id: z.number().int(),
  level_name: z.string(),
  /** Qualified invitees needed (phone-verified and active on at least one day). */
  min_qualified: z.number().int(),
  /** Basis points of an invitee's payment at depth 1, 2, 3. */
  ratio_1: z.number().int(),
  ratio_2: z.number().int(),
  ratio_3: z.number().int(),
  /** Fen per qualifying registration of a direct invitee. */
  reg_reward_fen: z.number().int(),
  /** Fen per active direct invitee per operator day. */
  active_reward_fen: z.number().int(),
  /** The agent level: given to users the operator marks as agents, not reached by counting. */
  is_agent_level: z.boolean(),
  level_sort: z.number().int(),
});
export type PromoLevel = z.infer<typeof PromoLevel>;

/** An invitation tier (MacCMS "N invites: points and VIP days"), granted once when `invites` qualified are reached. */
export const PromoTier = z.object({
  tier_id: z.number().int(),
  invites: z.number().int(),
  points: z.number().int(),
  group_id: z.number().int(),
  vip_days: z.number().int(),
});
export type PromoTier = z.infer<typeof PromoTier>;

/** A promoter's standing (checkActive; part of the promotion centre). */
export const PromoStanding = z.object({
  level: PromoLevel.nullable(),
  /** The next level by count (null at the top, or for an agent). */
  next_level: PromoLevel.nullable(),
  invitees: z.number().int(),
  qualified: z.number().int(),
  /** Qualified invitees still needed for the next level (0 at the top). */
  needed: z.number().int(),
  /** Direct invitees seen active today / in the last 7 operator days. */
  active_today: z.number().int(),
  active_week: z.number().int(),
  is_agent: z.boolean(),
  /** Flagged by the operator as a fraudulent promoter: withdrawals are refused (spec §6). */
  fraud_flag: z.boolean(),
  fraud_reason: z.string(),
});
export type PromoStanding = z.infer<typeof PromoStanding>;

/** checkActive (spec §7): the caller's standing as a promoter. */
export const CheckActiveResponse = ok({ info: PromoStanding });
export type CheckActiveResponse = z.infer<typeof CheckActiveResponse>;

/** The promotion centre (promotion-center): code, totals in fen, standing. */
export const PromotionCenter = z.object({
  /** The member's invitation code (mac_user.user_invite_code); the link is `<app address>/?code=<code>`. */
  invitation_code: z.string(),
  enabled: z.boolean(),
  /** Earnings still on hold, withdrawable now, and everything earned (not reversed), fen. */
  pending_fen: z.number().int(),
  available_fen: z.number().int(),
  earned_fen: z.number().int(),
  /** Days an earning is held before it can be withdrawn. */
  hold_days: z.number().int(),
  /** Promotion-link visits counted (mac_visit). */
  visits: z.number().int(),
  standing: PromoStanding,
});
export const PromotionCenterResponse = ok({ info: PromotionCenter });
export type PromotionCenterResponse = z.infer<typeof PromotionCenterResponse>;

/** level-config: the operator's levels, tiers (when on) and the rules the screen explains. */
export const PromotionLevelsResponse = ok({
  list: z.array(PromoLevel),
  tiers: z.array(PromoTier),
  tiers_enabled: z.boolean(),
  hold_days: z.number().int(),
  /** Points per yuan of the points → cash exchange; 0 = exchange off. */
  scale: z.number().int(),
  /** Caps: fen one invitee may earn its inviters per operator day and in total (0 = no cap). */
  invitee_day_cap_fen: z.number().int(),
  invitee_total_cap_fen: z.number().int(),
});
export type PromotionLevelsResponse = z.infer<typeof PromotionLevelsResponse>;

/** visit (spec §7): a promotion-link visit; `code` (invitation code) or `uid` (the promoter's user id). */
export const VisitQuery = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,16}$/)
      .optional(),
    uid: z.coerce.number().int().min(1).optional(),
    /** The referring page (mac_visit.visit_ly), trimmed to 255 characters. */
    ly: z.string().max(1000).optional(),
  })
  .refine((q) => q.code !== undefined || q.uid !== undefined, { message: 'code or uid', path: ['code'] });
/** `counted`: false when this IP was already counted for this promoter today, or the code is unknown. */
export const VisitResponse = ok({ counted: z.boolean() });
export type VisitResponse = z.infer<typeof VisitResponse>;

export const PromoPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** rewardList (spec §7, reward-list): invitees at one depth, newest first. */
export const RewardListQuery = PromoPageQuery.extend({ depth: z.coerce.number().int().min(1).max(3).default(1) });
export const InviteeItem = z.object({
  user_id: z.number().int(),
  /** Nickname or user name, masked (first and last character kept). */
  name: z.string(),
  reg_time: z.string(),
  /** Phone-verified and active on at least one day. */
  qualified: z.boolean(),
  /** What this invitee earned the caller (fen, not reversed). */
  earned_fen: z.number().int(),
});
export type InviteeItem = z.infer<typeof InviteeItem>;
export const RewardListResponse = paged(InviteeItem).extend({ depth: z.number().int() });
export type RewardListResponse = z.infer<typeof RewardListResponse>;

/** revenueList (revenue-list): the caller's earnings, newest first. */
export const RevenueListQuery = PromoPageQuery.extend({ status: z.enum(EARNING_STATUSES).optional() });
export const EarningItem = z.object({
  earning_id: z.number().int(),
  source: z.enum(EARNING_SOURCES),
  depth: z.number().int(),
  /** The invitee's masked name ('' for points exchanges). */
  invitee: z.string(),
  amount_fen: z.number().int(),
  status: z.enum(EARNING_STATUSES),
  created_at: z.string(),
  /** When a pending earning becomes available. */
  available_at: z.string(),
  reverse_reason: z.string(),
});
export type EarningItem = z.infer<typeof EarningItem>;
export const RevenueListResponse = paged(EarningItem).extend({
  pending_fen: z.number().int(),
  available_fen: z.number().int(),
});
export type RevenueListResponse = z.infer<typeof RevenueListResponse>;

/**
 * exchangePointsCash: points into promotion money at the operator's `scale` (points per yuan): fen =
 * floor(points × 100 / scale), the points spent = all of `points`; the earning is held like every other.
 */
export const PointsCashBody = z.object({
  points: z.number().int().min(1).max(100_000_000),
  /** Idempotency key of this attempt (or the Idempotency-Key header). */
  key: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
});
export const PointsCashResponse = ok({
  amount_fen: z.number().int(),
  user_points: z.number().int(),
  available_at: z.string(),
});
export type PointsCashResponse = z.infer<typeof PointsCashResponse>;

// ------------------------------------------------------------------------------------------------------------
// Console

/** The `promotion` settings (app_setting key `promotion`; defaults in modules/promotion/promotion.settings.ts). */
export const PromotionSettings = z.object({
  enabled: z.boolean(),
  /** Days an earning stays pending (0-90). */
  hold_days: z.number().int().min(0).max(90),
  /** Registration rewards one promoter may earn per operator day (0 = none paid). */
  reg_daily_cap: z.number().int().min(0).max(100000),
  /** Fen one invitee may earn its inviters per operator day / in total (0 = no cap). */
  invitee_day_cap_fen: z.number().int().min(0).max(100_000_000),
  invitee_total_cap_fen: z.number().int().min(0).max(1_000_000_000),
  /** Points per yuan of the points → cash exchange (MacCMS cash_ratio); 0 = exchange off. */
  scale: z.number().int().min(0).max(100000),
  /** Points a promoter gets per counted link visit (MacCMS invite_visit_points, plog 3); 0 = none. */
  visit_points: z.number().int().min(0).max(100000),
  tiers_enabled: z.boolean(),
  /** Fraud signals: more than this many invitees from one IP or device in a day is a burst. */
  burst_per_day: z.number().int().min(1).max(10000),
  /** Fraud signals: an invitee with no activity this many days after registering is flagged. */
  inactive_days: z.number().int().min(1).max(365),
});
export type PromotionSettings = z.infer<typeof PromotionSettings>;

const LevelInput = PromoLevel.omit({ level_id: true }).extend({
  level_id: z.number().int().min(1).optional(),
  level_name: z.string().trim().min(1).max(32),
  min_qualified: z.number().int().min(0).max(1_000_000),
  ratio_1: z.number().int().min(0).max(10000),
  ratio_2: z.number().int().min(0).max(10000),
  ratio_3: z.number().int().min(0).max(10000),
  reg_reward_fen: z.number().int().min(0).max(10_000_000),
  active_reward_fen: z.number().int().min(0).max(10_000_000),
  level_sort: z.number().int().min(0).max(10000).default(0),
});
const TierInput = PromoTier.omit({ tier_id: true }).extend({
  invites: z.number().int().min(1).max(1_000_000),
  points: z.number().int().min(0).max(100_000_000),
  group_id: z.number().int().min(0),
  vip_days: z.number().int().min(0).max(3650),
});

export const AdminPromotionSettingsResponse = ok({
  settings: PromotionSettings,
  levels: z.array(PromoLevel),
  tiers: z.array(PromoTier),
});
export type AdminPromotionSettingsResponse = z.infer<typeof AdminPromotionSettingsResponse>;
/** Settings, and the whole level and tier lists (a level or tier left out is removed; `level_id` keeps a level). */
export const AdminPromotionSettingsBody = z.object({
  settings: PromotionSettings.partial().optional(),
  levels: z.array(LevelInput).max(50).optional(),
  tiers: z.array(TierInput).max(50).optional(),
});
export type AdminPromotionSettingsBody = z.infer<typeof AdminPromotionSettingsBody>;

export const AdminPromoterQuery = PromoPageQuery.extend({
  /** User id, name or invitation code. */
  q: z.string().trim().max(64).optional(),
  flagged: z.enum(['0', '1']).optional(),
});
export const AdminPromoterItem = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  invitation_code: z.string(),
  invitees: z.number().int(),
  qualified: z.number().int(),
  level_name: z.string(),
  earned_fen: z.number().int(),
  pending_fen: z.number().int(),
  available_fen: z.number().int(),
  /** Open (not cleared) fraud signals. */
  signals: z.number().int(),
  is_agent: z.boolean(),
  fraud_flag: z.boolean(),
  fraud_reason: z.string(),
});
export type AdminPromoterItem = z.infer<typeof AdminPromoterItem>;
export const AdminPromoterListResponse = paged(AdminPromoterItem);

export const AdminEarningItem = EarningItem.extend({ invitee_id: z.number().int(), ref: z.string() });
export type AdminEarningItem = z.infer<typeof AdminEarningItem>;
export const AdminSignalItem = z.object({
  signal_id: z.number().int(),
  kind: z.enum(SIGNAL_KINDS),
  invitee_id: z.number().int(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  cleared_at: z.string().nullable(),
});
export type AdminSignalItem = z.infer<typeof AdminSignalItem>;
export const AdminInviteeItem = InviteeItem.extend({ user_name: z.string(), reg_ip: z.string() });
export const AdminPromoterResponse = ok({
  info: AdminPromoterItem,
  invitees: z.array(AdminInviteeItem),
  earnings: z.array(AdminEarningItem),
  signals: z.array(AdminSignalItem),
});
export type AdminPromoterResponse = z.infer<typeof AdminPromoterResponse>;

export const AdminReverseBody = z.object({ reason: z.string().trim().min(1).max(255) });
export const AdminReverseResponse = ok({ info: AdminEarningItem });
export const AdminFlagBody = z.object({ flag: z.boolean(), reason: z.string().trim().max(255).default('') });
export const AdminAgentBody = z.object({ is_agent: z.boolean() });

export const AdminPromotionReportQuery = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
/**
 * One operator day: fen earned (all created), still pending, released (available), reversed that day; withdrawn
 * (requested by withdrawals that day) and paid out (withdrawals paid that day), both from the ledger's journal.
 */
export const PromotionReportDay = z.object({
  day: z.string(),
  earned_fen: z.number().int(),
  pending_fen: z.number().int(),
  released_fen: z.number().int(),
  reversed_fen: z.number().int(),
  withdrawn_fen: z.number().int(),
  paid_fen: z.number().int(),
  count: z.number().int(),
});
export const AdminPromotionReportResponse = ok({
  from: z.string(),
  to: z.string(),
  list: z.array(PromotionReportDay),
  /** Balances now, over every member: on hold, withdrawable, reserved by withdrawals not yet paid; paid out ever. */
  pending_fen: z.number().int(),
  available_fen: z.number().int(),
  frozen_fen: z.number().int(),
  paid_fen: z.number().int(),
});
export type AdminPromotionReportResponse = z.infer<typeof AdminPromotionReportResponse>;
