/**
 * Schemas of cash withdrawal (spec §2 cash-center, cash-list, cash-type; §3 Withdrawal record: time, type, account,
 * state, amount; §4 Withdrawal states; §5 withdrawal rules; §7 cashList, cash; §8 'Insufficient Balance',
 * 'Withdrawal failed'; §9 arrival within 2 h, at most 48 h after approval; research/money.md §2 "Withdrawal").
 *
 * Units: money is integer fen everywhere (the app shows yuan); times ISO 8601. States (`cash_status`): `pending`
 * (review) → `approved` → `paying` → `paid`; `rejected` (by the operator, amount returned), `failed` (payout
 * refused by the provider, amount returned, `cash_reason` shown), `cancelled` (by the member while pending,
 * amount returned).
 */
import { z } from 'zod';
import { ok, paged } from './envelope.ts';

export const CASH_STATUSES = ['pending', 'approved', 'paying', 'paid', 'rejected', 'failed', 'cancelled'] as const;
export const CashStatus = z.enum(CASH_STATUSES);
export type CashStatus = z.infer<typeof CashStatus>;

/** Withdrawal methods (spec §5 "a withdrawal method must be selected"); Alipay is the only one. */
export const CASH_TYPES = ['alipay'] as const;
export const CashType = z.enum(CASH_TYPES);
export type CashType = z.infer<typeof CashType>;

/** How approved withdrawals are paid: Alipay single transfer, by hand (the console marks them paid), the fake gateway. */
export const PAYOUT_MODES = ['manual', 'alipay', 'fake'] as const;
export const PayoutMode = z.enum(PAYOUT_MODES);
export type PayoutMode = z.infer<typeof PayoutMode>;

/**
 * A correct Alipay account (spec §5): a mainland mobile number (11 digits starting 1[3-9]) or an e-mail address.
 * The server applies the same test.
 */
export const ALIPAY_ACCOUNT_RE = /^(1[3-9]\d{9}|[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24})$/;

/** One withdrawal as its member sees it (spec §3: time, type, account, state, amount). */
export const CashItem = z.object({
  cash_id: z.number().int(),
  cash_status: CashStatus,
  /** Amount reserved, fen. */
  cash_money: z.number().int(),
  /** The operator's fee kept from it, fen; the payee receives cash_money - cash_fee. */
  cash_fee: z.number().int(),
  cash_type: CashType,
  /** The payee account, masked (138****0000, a***@example.com). */
  cash_bank_no: z.string(),
  /** Why it was rejected or failed (in the caller's language for the server's own reasons), else ''. */
  cash_reason: z.string(),
  cash_time: z.string(),
  /** When the operator reviewed it, else null. */
  cash_time_audit: z.string().nullable(),
  cash_time_paid: z.string().nullable(),
});
export type CashItem = z.infer<typeof CashItem>;

export const CashListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
/** cashList: the signed-in member's withdrawals, newest first. */
export const CashListResponse = paged(CashItem);
export type CashListResponse = z.infer<typeof CashListResponse>;

/** The withdrawal account (spec §2 cash-type: Alipay account and real name), masked when shown. */
export const CashAccount = z.object({
  cash_type: CashType,
  /** Masked account. */
  cash_account: z.string(),
  /** Masked real name (张*, J*** Smith). */
  cash_name: z.string(),
});
export type CashAccount = z.infer<typeof CashAccount>;

export const CashAccountResponse = ok({ info: CashAccount.nullable() });
export type CashAccountResponse = z.infer<typeof CashAccountResponse>;

/** Set or change the withdrawal account: an Alipay account (phone or e-mail) and the account's real name. */
export const CashAccountBody = z.object({
  cash_type: CashType,
  cash_account: z.string().trim().min(1).max(100),
  cash_name: z.string().trim().min(1).max(64),
});
export type CashAccountBody = z.infer<typeof CashAccountBody>;

/** The operator's withdrawal rules the app shows (fen; caps 0 = none). */
export const CashRules = z.object({
  min_fen: z.number().int(),
  /** Fee: basis points of the amount plus a fixed part, fen. */
  fee_bp: z.number().int(),
  fee_fixed_fen: z.number().int(),
  daily_count: z.number().int(),
  daily_fen: z.number().int(),
  monthly_count: z.number().int(),
  monthly_fen: z.number().int(),
});
export type CashRules = z.infer<typeof CashRules>;

/**
 * The cash centre (spec §2 cash-center): available (`cash_fen`), reserved by withdrawals not yet paid
 * (`cash_frozen`), earnings on hold (`earn_pending`), the rules, and the bound account (null when none is set).
 */
export const CashCenterResponse = ok({
  cash_fen: z.number().int(),
  cash_frozen: z.number().int(),
  earn_pending: z.number().int(),
  rules: CashRules,
  account: CashAccount.nullable(),
});
export type CashCenterResponse = z.infer<typeof CashCenterResponse>;

/**
 * cash (spec §7; §5 rules): withdraw `cash_money` fen with method `cash_type` to the bound account. `key` (or the
 * Idempotency-Key header, 8-64 of `[A-Za-z0-9_-]`) makes a retry reserve nothing more.
 */
export const CashBody = z.object({
  cash_money: z.number().int().min(1).max(100_000_000),
  cash_type: CashType,
  key: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .optional(),
});
export type CashBody = z.infer<typeof CashBody>;
export const CashResponse = ok({
  info: CashItem,
  /** Available balance after, fen. */
  cash_fen: z.number().int(),
  /** false: a replay of an earlier request with the same key (nothing reserved now). */
  applied: z.boolean(),
});
export type CashResponse = z.infer<typeof CashResponse>;

export const CashIdParams = z.object({ id: z.coerce.number().int().min(1) });
export const CashCancelResponse = ok({ info: CashItem, cash_fen: z.number().int() });

/** Failure codes of the withdrawal calls (besides envelope.ts ErrorCode). */
export const CashErrorCode = {
  /** Amount below the operator's minimum (or nothing left after the fee). */
  belowMinimum: 3201,
  /** 'Insufficient Balance' (spec §8). */
  insufficientBalance: 3202,
  /** No withdrawal account bound, or an account without a name / a correct Alipay account (spec §5). */
  accountMissing: 3203,
  /** 'Withdrawal failed' (spec §8): the member is flagged as a fraudulent promoter; the reason follows. */
  withdrawalFailed: 3204,
  /** A daily or monthly cap (count or amount) is reached. */
  capReached: 3205,
  /** The withdrawal is not in a state that allows this (already reviewed, paid...). */
  wrongState: 3206,
  /** The device's guest account: bind a phone first (HTTP 403). */
  bindPhoneRequired: 3207,
  /** The same Idempotency-Key with other parameters (HTTP 422). */
  idempotencyMismatch: 3208,
  /** Console: the chosen payout mode is not available on this server (keys missing, fake off). */
  payoutUnavailable: 3209,
} as const;

// ------------------------------------------------------------------------------------------------- console

/** Withdrawal settings (app_setting `cash`). */
export const CashSettings = CashRules.extend({
  payout_mode: PayoutMode,
  /**
   * Withdrawals up to this amount (fen) skip review, except a member's first one (always reviewed); 0 = every
   * withdrawal is reviewed.
   */
  auto_approve_fen: z.number().int(),
});
export type CashSettings = z.infer<typeof CashSettings>;
export const AdminCashSettingsResponse = ok({
  info: CashSettings,
  /** Payout modes this server can use now (alipay: keys set; fake: the development gateway is on). */
  modes: z.array(PayoutMode),
});
export type AdminCashSettingsResponse = z.infer<typeof AdminCashSettingsResponse>;
const fen = z.number().int().min(0).max(100_000_000);
export const AdminCashSettingsUpdate = z.object({
  min_fen: z.number().int().min(10).max(100_000_000).optional(),
  fee_bp: z.number().int().min(0).max(5000).optional(),
  fee_fixed_fen: fen.optional(),
  daily_count: z.number().int().min(0).max(1000).optional(),
  daily_fen: fen.optional(),
  monthly_count: z.number().int().min(0).max(10000).optional(),
  monthly_fen: fen.optional(),
  payout_mode: PayoutMode.optional(),
  auto_approve_fen: fen.optional(),
});
export type AdminCashSettingsUpdate = z.infer<typeof AdminCashSettingsUpdate>;

/** A withdrawal in the console queue: the payee account in full, the member, and the arrival timers (spec §9). */
export const AdminCashItem = CashItem.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  cash_bank_no: z.string(),
  cash_payee_name: z.string(),
  cash_channel: z.string(),
  /** The payout's reference: Alipay `out_biz_no` while paying, the provider's or operator's reference once paid. */
  cash_ref: z.string(),
  cash_attempts: z.number().int(),
  /** Approved more than 2 hours ago and not paid (spec §9 "within 2 hours"). */
  late: z.boolean(),
  /** Approved more than 48 hours ago and not paid (spec §9 "at most 48 hours"): listed first. */
  overdue: z.boolean(),
  /** The member is flagged as a fraudulent promoter (promo_promoter.fraud_flag), with the reason. */
  fraud_flag: z.boolean(),
  fraud_reason: z.string(),
});
export type AdminCashItem = z.infer<typeof AdminCashItem>;
export const AdminCashListQuery = z.object({
  status: CashStatus.optional(),
  user_id: z.coerce.number().int().min(1).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminCashListResponse = paged(AdminCashItem).extend({
  /** Unpaid approved withdrawals past 2 h and past 48 h, over the whole queue. */
  late: z.number().int(),
  overdue: z.number().int(),
});
export type AdminCashListResponse = z.infer<typeof AdminCashListResponse>;
export const AdminCashResponse = ok({ info: AdminCashItem });
export type AdminCashResponse = z.infer<typeof AdminCashResponse>;
export const AdminCashRejectBody = z.object({ reason: z.string().trim().min(1).max(200) });
export const AdminCashPaidBody = z.object({ ref: z.string().trim().min(1).max(64) });
