/**
 * The billing calls of the viewer app (issue 6; spec §7 groupList, orderField, upgrade, buy, gopay, orders,
 * orderInfo, plus cancelOrder, verifyOrder and redeemCode) over the typed {@link call} (lib/client.ts).
 * Money is integer fen, times of orders ISO 8601, membership times seconds (packages/contract/src/billing.ts).
 * Failures are {@link ApiError}s carrying the server's translated message and its code (BillingErrorCode).
 */
import { type CallBody, type CallQuery, call, type Res } from '../../lib/client';

export type BillingOp =
  | 'groupList'
  | 'orderField'
  | 'upgrade'
  | 'buy'
  | 'gopay'
  | 'orders'
  | 'orderInfo'
  | 'cancelOrder'
  | 'verifyOrder'
  | 'redeemCode';
/** Response payload of a call (the success envelope). */
export type BillingRes<K extends BillingOp> = Res<K>;
/** Request body of a call, as the caller writes it (defaults optional). */
export type BillingBody<K extends BillingOp> = CallBody<K>;

export const billingApi = {
  /** VIP groups and plans with the caller's three prices and `price_now`; `user` is the caller's membership. */
  groupList: (signal?: AbortSignal) => call('groupList', { signal }),
  /** Channels offered (only those with keys), the plans, minutes an unpaid order stays payable. */
  orderField: (signal?: AbortSignal) => call('orderField', { signal }),
  /**
   * Buy a period with points; code 3003 = not enough points. `key` is sent as the `Idempotency-Key` header: a retry
   * with the same key returns the first result and spends nothing more (lib/idempotency `createAttemptKeys`).
   */
  upgrade: (body: BillingBody<'upgrade'>, key: string) =>
    call('upgrade', { body, headers: { 'Idempotency-Key': key } }),
  /** Create an order; `existing: true` = the user's unpaid order blocks a new one (it is returned instead). */
  buy: (body: BillingBody<'buy'>) => call('buy', { body }),
  /** Open payment of an unpaid order: redirect URL, form HTML, QR code content or app order string. */
  gopay: (body: BillingBody<'gopay'>) => call('gopay', { body }),
  /** `status`: one of the contract's order states (OrdersQuery; the server's query validation refuses any other). */
  orders: (query: { page: number; limit?: number; status?: string }, signal?: AbortSignal) =>
    call('orders', { query: query as CallQuery<'orders'>, signal }),
  orderInfo: (orderCode: string, signal?: AbortSignal) =>
    call('orderInfo', { params: { order_code: orderCode }, signal }),
  /** Cancel an unpaid order (the provider closes it first; if it says paid, the answer is the paid order). */
  cancelOrder: (orderCode: string) => call('cancelOrder', { params: { order_code: orderCode } }),
  /** Ask the provider whether the order was paid; `paid: false` = 'Order unpaid'. */
  verifyOrder: (orderCode: string) => call('verifyOrder', { params: { order_code: orderCode } }),
  /** Redeem a code; 3010 wrong, 3011 used, 3012 expired, 1429 rate limited. */
  redeemCode: (code: string) => call('redeemCode', { body: { code } }),
};

export type Order = BillingRes<'orderInfo'>['info'];
export type VipGroup = BillingRes<'groupList'>['list'][number];
export type VipPlan = VipGroup['plans'][number];
export type MemberState = BillingRes<'verifyOrder'>['user'];
export type PaymentAction = BillingRes<'gopay'>['action'];
export type ChannelInfo = BillingRes<'orderField'>['channels'][number];
