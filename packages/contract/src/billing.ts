/**
 * Billing: VIP plans, orders, payment channels, redemption codes and the ledger check (issue 6; spec §1 "VIP
 * purchase", §3 "Membership plan", "Order", §4 "Order" and "Payment flow", "VIP", §5, §7 groupList, upgrade, buy,
 * gopay, orderField, notify, orders, orderInfo; §8 'Payment failed', 'Order unpaid'; §9 plans in yuan).
 *
 * Units: every amount of money is integer **fen** (1 yuan = 100 fen; clients show yuan = fen / 100 with two
 * decimals); points are integers; `user_end_time` / `user_noad_time` are seconds since the epoch (0 = none); other
 * times are ISO 8601. Payload keys follow MacCMS (`order_code`, `order_price`, `order_status`, `order_time`,
 * `order_pay_time`, `order_pay_type`, `group_id`, `user_id`).
 */
import { z } from 'zod';
import { ok } from './envelope.ts';

/** Plan lengths (MacCMS `long`): day 1, week 7, month 30, year 365 days. */
export const PLAN_LONGS = ['day', 'week', 'month', 'year'] as const;
export const PlanLong = z.enum(PLAN_LONGS);
export type PlanLong = z.infer<typeof PlanLong>;
/** Days of each plan length (MacCMS upgrade). */
export const PLAN_DAYS: Record<PlanLong, number> = { day: 1, week: 7, month: 30, year: 365 };

/** Payment channels as `gopay` names them: `fake` is OpenVod's local gateway (development, demo, tests). */
export const PayChannel = z.enum(['alipay', 'wechat', 'fake']);
export type PayChannel = z.infer<typeof PayChannel>;
/** Where the payer is: desktop browser, mobile browser, native app shell, WeChat's in-app browser. */
export const PayScene = z.enum(['pc', 'h5', 'app', 'wechat_browser']);
export type PayScene = z.infer<typeof PayScene>;

/** Which of a plan's three prices applies: `new` never bought, `renew` is or was VIP, else `original`. */
export const PriceKind = z.enum(['original', 'renew', 'new']);
export type PriceKind = z.infer<typeof PriceKind>;

/** Order states (spec §4): awaiting payment, paid, cancelled, expired. */
export const OrderStatus = z.enum(['unpaid', 'paid', 'cancelled', 'expired']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Order numbers: 24 characters of [0-9A-Z] from a CSPRNG (never a counter). */
export const ORDER_CODE_RULE = /^[0-9A-Za-z]{8,32}$/;
const orderCode = z.string().trim().regex(ORDER_CODE_RULE);

/** One plan of a VIP group as a viewer sees it; `price_now` is what this caller would pay now. */
export const VipPlan = z.object({
  plan_id: z.number().int(),
  group_id: z.number().int(),
  long: PlanLong,
  days: z.number().int(),
  /** Original price, fen. */
  price: z.number().int(),
  /** Renewal-only price (users who are or were VIP), fen. */
  price_renew: z.number().int(),
  /** New-user-only price (users who never bought), fen. */
  price_new: z.number().int(),
  /** The price this caller pays now (guests: the new-user price), fen. */
  price_now: z.number().int(),
  price_kind: PriceKind,
  /** Points price for `upgrade` (MacCMS group_points_{long}); 0 = not sold for points. */
  points: z.number().int(),
});
export type VipPlan = z.infer<typeof VipPlan>;

/** A VIP group (group_id >= 3) with its plans, shortest first. */
export const VipGroup = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  plans: z.array(VipPlan),
});
export type VipGroup = z.infer<typeof VipGroup>;

/** The caller's membership (after a purchase, an upgrade or a redemption). */
export const MemberState = z.object({
  user_id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  is_vip: z.boolean(),
  /** VIP end, seconds (0 = none). */
  user_end_time: z.number().int(),
  /** Ad-free until, seconds (0 = none). */
  user_noad_time: z.number().int(),
  user_points: z.number().int(),
  /** Extra view / download times granted by codes (on top of the daily free counts). */
  user_view_credits: z.number().int(),
  user_down_credits: z.number().int(),
  /** Has this user ever paid an order (decides the new-user price). */
  ever_bought: z.boolean(),
});
export type MemberState = z.infer<typeof MemberState>;

/** A payment channel offered to the viewer (only channels with keys configured are offered). */
export const ChannelInfo = z.object({
  channel: PayChannel,
  /** Display name key: the client translates `alipay` / `wechat` / `fake`. */
  name: z.string(),
  scenes: z.array(PayScene),
});
export type ChannelInfo = z.infer<typeof ChannelInfo>;

/** An order (spec §3 "Order": order number, pay time, expiry, state) with its price snapshot. */
export const Order = z.object({
  order_id: z.number().int(),
  order_code: z.string(),
  user_id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  plan_id: z.number().int(),
  order_long: PlanLong,
  order_days: z.number().int(),
  /** Price snapshot, fen. */
  order_price: z.number().int(),
  order_price_kind: PriceKind,
  order_status: OrderStatus,
  /** Channel chosen at `buy` (may change at `gopay` while unpaid). */
  order_pay_type: PayChannel,
  order_time: z.string(),
  order_pay_time: z.string().nullable(),
  /** Unpaid orders expire at this time. */
  order_expire_time: z.string(),
  /** When it was cancelled or expired. */
  order_close_time: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

/** What `gopay` hands the client to open payment (research/money.md §1 provider interface). */
export const PaymentAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string(), expiresAt: z.string() }),
  z.object({ kind: z.literal('form_html'), html: z.string(), expiresAt: z.string() }),
  z.object({ kind: z.literal('qr'), codeUrl: z.string(), expiresAt: z.string() }),
  z.object({ kind: z.literal('app_sdk'), orderString: z.string(), expiresAt: z.string() }),
]);
export type PaymentAction = z.infer<typeof PaymentAction>;

// ---- viewer calls ----
/** groupList: VIP groups with their plans and this caller's prices; `user` when signed in. */
export const GroupListResponse = ok({ list: z.array(VipGroup), user: MemberState.nullable() });
export type GroupListResponse = z.infer<typeof GroupListResponse>;

/** orderField: the channels offered, the plans, how long an unpaid order stays payable. */
export const OrderFieldResponse = ok({
  channels: z.array(ChannelInfo),
  list: z.array(VipGroup),
  /** Minutes an unpaid order stays payable. */
  order_expire_minutes: z.number().int(),
});
export type OrderFieldResponse = z.infer<typeof OrderFieldResponse>;

/** upgrade: buy `long` of `group_id` with points (time stacks onto an unexpired end). */
export const UpgradeBody = z.object({ group_id: z.number().int().min(3).max(32767), long: PlanLong });
/** `point` = points spent. */
export const UpgradeResponse = ok({ info: MemberState, point: z.number().int() });
export type UpgradeResponse = z.infer<typeof UpgradeResponse>;

/** buy: create an order for a plan, paying through `channel` (spec §5: a channel must be chosen). */
export const BuyBody = z.object({
  group_id: z.number().int().min(3).max(32767),
  long: PlanLong,
  channel: PayChannel,
});
/**
 * `existing: false`: the new order. `existing: true`: the user already has an unpaid order (spec §4 "an existing
 * unpaid order blocks a new purchase"); `info` is that order and `msg` says so; the client offers pay or cancel.
 */
export const BuyResponse = ok({ info: Order, existing: z.boolean() });
export type BuyResponse = z.infer<typeof BuyResponse>;

/** gopay: open payment of an unpaid order; `channel` switches channel (default: the order's). */
export const GopayBody = z.object({
  order_code: orderCode,
  channel: PayChannel.optional(),
  scene: PayScene.default('h5'),
});
export const GopayResponse = ok({ info: Order, action: PaymentAction });
export type GopayResponse = z.infer<typeof GopayResponse>;

export const OrderCodeParams = z.object({ order_code: orderCode });
export const OrdersQuery = z.object({
  status: OrderStatus.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const OrderListResponse = ok({
  list: z.array(Order),
  page: z.number().int(),
  pagecount: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type OrderListResponse = z.infer<typeof OrderListResponse>;
export const OrderResponse = ok({ info: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;
/** verifyOrder: `paid` false = 'Order unpaid' (spec §4, §8); `info` is the order after asking the provider. */
export const VerifyOrderResponse = ok({ info: Order, paid: z.boolean(), user: MemberState });
export type VerifyOrderResponse = z.infer<typeof VerifyOrderResponse>;

/** Redemption codes: 16 Crockford base32 characters; dashes/spaces and case are ignored. */
export const REDEEM_CODE_RULE = /^[0-9A-HJKMNP-TV-Z]{16}$/;
/** Normalise a typed code: upper case, no spaces or dashes, I/L -> 1, O -> 0 (Crockford). */
export function normalizeRedeemCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}
export const RedeemBody = z.object({ code: z.string().trim().max(40) });
/** What a code grants: VIP days of a group, points, or view / download times. */
export const GrantKind = z.enum(['vip', 'points', 'views', 'downloads']);
export type GrantKind = z.infer<typeof GrantKind>;
export const Grant = z.object({
  grant_kind: GrantKind,
  /** Days (vip), points, or times. */
  grant_amount: z.number().int(),
  /** The VIP group (vip only, else 0). */
  grant_group_id: z.number().int(),
});
export type Grant = z.infer<typeof Grant>;
export const RedeemResponse = ok({ grant: Grant, info: MemberState });
export type RedeemResponse = z.infer<typeof RedeemResponse>;

/** notify: `:channel` of the provider; the body is the provider's raw notification. */
export const NotifyParams = z.object({ channel: PayChannel });
/**
 * The fake gateway's cashier page and its form (development / demo only; off with FAKE_PAY=0). `t` is the cashier
 * token of the link `gopay` returned (bound to the order and its owner): without the right one nothing is shown or paid.
 */
export const FakeCashierQuery = z.object({ t: z.string().max(128).optional() });
export const FakeCashierBody = z.object({ action: z.enum(['pay', 'fail']), t: z.string().max(128).optional() });

// ---- console ----
export const AdminPlan = z.object({
  plan_id: z.number().int(),
  group_id: z.number().int(),
  group_name: z.string(),
  long: PlanLong,
  days: z.number().int(),
  price: z.number().int(),
  price_renew: z.number().int(),
  price_new: z.number().int(),
  points: z.number().int(),
  /** 1 on sale, 0 hidden. */
  plan_status: z.number().int(),
});
export type AdminPlan = z.infer<typeof AdminPlan>;
export const AdminPlanListResponse = ok({ list: z.array(AdminPlan) });
export const AdminPlanResponse = ok({ info: AdminPlan });
const fen = z.number().int().min(1).max(100_000_000);
export const AdminPlanBody = z.object({
  group_id: z.number().int().min(3).max(32767),
  long: PlanLong,
  price: fen,
  price_renew: fen,
  price_new: fen,
  points: z.number().int().min(0).max(1_000_000_000).default(0),
  plan_status: z.number().int().min(0).max(1).default(1),
});
export const AdminPlanUpdate = z
  .object({
    price: fen,
    price_renew: fen,
    price_new: fen,
    points: z.number().int().min(0).max(1_000_000_000),
    plan_status: z.number().int().min(0).max(1),
  })
  .partial();

export const AdminChannel = z.object({
  channel: PayChannel,
  /** Keys present in the environment (or, for fake, FAKE_PAY not 0 and not production). */
  configured: z.boolean(),
  scenes: z.array(PayScene),
  /** Which environment variables it reads (no values). */
  env: z.array(z.string()),
  /**
   * Why it is not offered although some of its variables are set (which are missing, or which key does not parse;
   * names only, never values), else null.
   */
  problem: z.string().nullable(),
});
export const AdminChannelListResponse = ok({ list: z.array(AdminChannel) });

export const AdminOrderQuery = z.object({
  /** An order number, a user id or a user name. */
  wd: z.string().trim().max(64).optional(),
  status: OrderStatus.optional(),
  channel: PayChannel.optional(),
  /**
   * '1': only orders with a verified payment that was not credited and needs the operator (amount differing from
   * the order's snapshot, or a second payment of an already paid order: refund by hand).
   */
  problem: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminOrder = Order.extend({ user_name: z.string() });
export const AdminOrderListResponse = ok({
  list: z.array(AdminOrder),
  page: z.number().int(),
  pagecount: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
/** A verified notification as stored (exactly once per channel + provider transaction id). */
export const PaymentRecord = z.object({
  channel: PayChannel,
  provider_txn_id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  raw: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
/** The provider's answer to a trade query (null when the order never reached a configured channel). */
export const ProviderRecord = z.object({
  status: z.enum(['paid', 'unpaid', 'closed', 'not_found']),
  provider_txn_id: z.string().nullable(),
  amount: z.number().int().nullable(),
  paid_at: z.string().nullable(),
  raw: z.record(z.string(), z.unknown()),
});
export const AdminOrderResponse = ok({
  info: AdminOrder,
  payments: z.array(PaymentRecord),
  provider: ProviderRecord.nullable(),
  /** Why the provider could not be asked (channel not configured, network...), else null. */
  provider_error: z.string().nullable(),
});
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

export const CodeBatch = z.object({
  batch_id: z.number().int(),
  batch_name: z.string(),
  grant_kind: GrantKind,
  grant_amount: z.number().int(),
  grant_group_id: z.number().int(),
  code_count: z.number().int(),
  used_count: z.number().int(),
  expires_at: z.string(),
  /** The last operator day (YYYY-MM-DD, in the server's TZ) on which the codes still redeem. */
  expires_day: z.string(),
  created_at: z.string(),
});
export type CodeBatch = z.infer<typeof CodeBatch>;
export const AdminCodeBatchBody = z
  .object({
    batch_name: z.string().trim().min(1).max(60),
    count: z.number().int().min(1).max(10_000),
    grant_kind: GrantKind,
    /** Days (vip, 1-3650), points or times (1-1,000,000). */
    grant_amount: z.number().int().min(1).max(1_000_000),
    /** Required for vip: a VIP group (>= 3). */
    grant_group_id: z.number().int().min(0).max(32767).default(0),
    /**
     * An instant (ISO 8601 with offset), or an operator day (YYYY-MM-DD): the codes stay valid through the end of
     * that day in the server's time zone (TZ), whatever the console's own clock and zone.
     */
    expires_at: z.union([z.iso.datetime({ offset: true }), z.iso.date()]),
  })
  .refine((b) => b.grant_kind !== 'vip' || b.grant_group_id >= 3, {
    message: 'grant_group_id must be a VIP group',
    path: ['grant_group_id'],
  });
export const AdminCodeBatchResponse = ok({ info: CodeBatch });
export const AdminCodeBatchListResponse = ok({ list: z.array(CodeBatch) });

export const RevenueQuery = z.object({
  /**
   * Operator days (YYYY-MM-DD, time zone of the installation), inclusive. Omitted: the last 30 operator days
   * ending today, so a console whose clock is in another zone still asks for the operator's "today".
   */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  by: z.enum(['day', 'plan', 'channel']).default('day'),
});
export const RevenueRow = z.object({
  /** The day (YYYY-MM-DD), `plan_id` as text, or the channel. */
  key: z.string(),
  label: z.string(),
  orders: z.number().int(),
  /** Fen. */
  amount: z.number().int(),
});
export const RevenueResponse = ok({
  /** The operator days the report covers (the defaults filled in). */
  from: z.string(),
  to: z.string(),
  list: z.array(RevenueRow),
  sum_orders: z.number().int(),
  sum_amount: z.number().int(),
});
export type RevenueResponse = z.infer<typeof RevenueResponse>;

/** One difference the nightly ledger check found: a balance that is not the sum of its journal. */
export const LedgerDifference = z.object({
  check_id: z.number().int(),
  checked_at: z.string(),
  user_id: z.number().int(),
  asset: z.string(),
  balance: z.number().int(),
  journal_sum: z.number().int(),
});
export const LedgerCheckResponse = ok({
  /** When the last check ran (null: never). */
  checked_at: z.string().nullable(),
  /** Accounts compared by the last check. */
  checked: z.number().int(),
  list: z.array(LedgerDifference),
});
export type LedgerCheckResponse = z.infer<typeof LedgerCheckResponse>;

/** Failure codes of the billing calls (besides the generic ones of envelope.ts ErrorCode). */
export const BillingErrorCode = {
  /** The order is paid, cancelled or expired: it cannot be paid or cancelled any more. */
  orderNotPayable: 3001,
  /** The channel is not offered (no keys configured) or cannot pay in this scene. */
  channelUnavailable: 3002,
  /** upgrade: not enough points. */
  insufficientPoints: 3003,
  /** gopay: the provider refused or could not be reached ('Payment failed'). */
  paymentFailed: 3004,
  /**
   * An `Idempotency-Key` reused with different parameters (HTTP 422): refused, nothing changes. A replay with the
   * same parameters returns the first result instead (research/money.md §2 idempotency keys).
   */
  idempotencyMismatch: 3005,
  /**
   * buy / gopay by the device's automatic guest account (HTTP 403; spec §5 "Buying requires login"): the viewer binds
   * a phone first (bindPhone keeps the same account and turns it into a member), then buys.
   */
  bindPhoneRequired: 3006,
  codeWrong: 3010,
  codeUsed: 3011,
  codeExpired: 3012,
} as const;
