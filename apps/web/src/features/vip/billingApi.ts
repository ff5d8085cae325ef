/**
 * The billing calls of the viewer app (issue 6; spec §7 groupList, orderField, upgrade, buy, gopay, orders,
 * orderInfo, plus cancelOrder, verifyOrder and redeemCode) over {@link api}. Method and path of each call mirror the
 * contract's endpoint table at the type level (a wrong method or path fails tsc), so the app does not ship zod.
 * Money is integer fen, times of orders ISO 8601, membership times seconds (packages/contract/src/billing.ts).
 * Failures are {@link ApiError}s carrying the server's translated message and its code (BillingErrorCode).
 */
import type { endpoints } from '@openvod/contract';
import { api, type QueryValue } from '../../lib/api';

type Table = typeof endpoints;
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

/** Method, path and `auth` (user-only: a 401 ends the stored session) of each call, as the contract has them. */
export const billingRoutes: {
  [K in BillingOp]: Pick<Table[K], 'method' | 'path'> & { auth?: true };
} = {
  groupList: { method: 'POST', path: '/api/billing/groups' },
  orderField: { method: 'POST', path: '/api/billing/order-field' },
  upgrade: { method: 'POST', path: '/api/billing/upgrade', auth: true },
  buy: { method: 'POST', path: '/api/billing/buy', auth: true },
  gopay: { method: 'POST', path: '/api/billing/gopay', auth: true },
  orders: { method: 'GET', path: '/api/billing/orders', auth: true },
  orderInfo: { method: 'GET', path: '/api/billing/orders/:order_code', auth: true },
  cancelOrder: { method: 'POST', path: '/api/billing/orders/:order_code/cancel', auth: true },
  verifyOrder: { method: 'POST', path: '/api/billing/orders/:order_code/verify', auth: true },
  redeemCode: { method: 'POST', path: '/api/billing/redeem', auth: true },
};

type Output<S> = S extends { _output: infer O } ? O : never;
type Input<S> = S extends { _input: infer I } ? I : never;

/** Response payload of a call (the success envelope). */
export type BillingRes<K extends BillingOp> = Output<Table[K]['response']>;
/** Request body of a call, as the caller writes it (defaults optional). */
export type BillingBody<K extends BillingOp> = Table[K] extends { body: infer B } ? Input<B> : never;

function call<K extends BillingOp>(
  op: K,
  opts: {
    body?: unknown;
    query?: Record<string, QueryValue>;
    orderCode?: string;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  } = {},
): Promise<BillingRes<K>> {
  const route: { method: string; path: string; auth?: true } = billingRoutes[op];
  const path = route.path.replace(':order_code', encodeURIComponent(opts.orderCode ?? ''));
  return api.request<BillingRes<K>>(path, {
    method: route.method as 'GET' | 'POST',
    auth: route.auth,
    body: opts.body,
    query: opts.query,
    signal: opts.signal,
    headers: opts.headers,
  });
}

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
  orders: (query: { page: number; limit?: number; status?: string }, signal?: AbortSignal) =>
    call('orders', { query, signal }),
  orderInfo: (orderCode: string, signal?: AbortSignal) => call('orderInfo', { orderCode, signal }),
  /** Cancel an unpaid order (the provider closes it first; if it says paid, the answer is the paid order). */
  cancelOrder: (orderCode: string) => call('cancelOrder', { orderCode }),
  /** Ask the provider whether the order was paid; `paid: false` = 'Order unpaid'. */
  verifyOrder: (orderCode: string) => call('verifyOrder', { orderCode }),
  /** Redeem a code; 3010 wrong, 3011 used, 3012 expired, 1429 rate limited. */
  redeemCode: (code: string) => call('redeemCode', { body: { code } }),
};

export type Order = BillingRes<'orderInfo'>['info'];
export type VipGroup = BillingRes<'groupList'>['list'][number];
export type VipPlan = VipGroup['plans'][number];
export type MemberState = BillingRes<'verifyOrder'>['user'];
export type PaymentAction = BillingRes<'gopay'>['action'];
export type ChannelInfo = BillingRes<'orderField'>['channels'][number];
