/**
 * The billing operations of the endpoint table (spec/calls.md "billing" rows: groupList, upgrade, buy, gopay,
 * orderField, notify, orders, orderInfo; plus cancelOrder, verifyOrder, the redemption-code half of exchangeNumber
 * as `redeemCode`, the fake gateway's cashier and the console's billing and ledger operations). Issue 6.
 */
import { z } from 'zod';
import * as B from '../billing.ts';
import { IdParams } from '../content.ts';
import type { Endpoint } from '../endpoint-type.ts';

export const billingEndpoints = {
  groupList: {
    method: 'POST',
    path: '/api/billing/groups',
    response: B.GroupListResponse,
    summary: "VIP groups and plans with the caller's prices (fen); `user` = the caller's membership when signed in",
  },
  orderField: {
    method: 'POST',
    path: '/api/billing/order-field',
    response: B.OrderFieldResponse,
    summary: 'Channels offered (keys configured), plans, and how long an unpaid order stays payable',
  },
  upgrade: {
    method: 'POST',
    path: '/api/billing/upgrade',
    body: B.UpgradeBody,
    response: B.UpgradeResponse,
    auth: 'user',
    summary:
      'Buy a VIP period with points (MacCMS upgrade: time stacks onto an unexpired end); 400 3003 insufficient points; optional Idempotency-Key header: a replay returns the first result, the same key with other parameters 422 3005',
  },
  buy: {
    method: 'POST',
    path: '/api/billing/buy',
    body: B.BuyBody,
    response: B.BuyResponse,
    auth: 'user',
    summary: 'Create an order (price snapshot); an unpaid order of the user is returned instead with existing: true',
  },
  gopay: {
    method: 'POST',
    path: '/api/billing/gopay',
    body: B.GopayBody,
    response: B.GopayResponse,
    auth: 'user',
    summary: 'Open payment of an unpaid order through a channel: redirect URL, form, QR code or app order string',
  },
  orders: {
    method: 'GET',
    path: '/api/billing/orders',
    query: B.OrdersQuery,
    response: B.OrderListResponse,
    auth: 'user',
    summary: "The caller's orders, newest first",
  },
  orderInfo: {
    method: 'GET',
    path: '/api/billing/orders/:order_code',
    params: B.OrderCodeParams,
    response: B.OrderResponse,
    auth: 'user',
    summary: 'One order of the caller',
  },
  cancelOrder: {
    method: 'POST',
    path: '/api/billing/orders/:order_code/cancel',
    params: B.OrderCodeParams,
    response: B.OrderResponse,
    auth: 'user',
    summary: 'Cancel an unpaid order (closed at the provider first; if the provider says paid, the order is paid)',
  },
  verifyOrder: {
    method: 'POST',
    path: '/api/billing/orders/:order_code/verify',
    params: B.OrderCodeParams,
    response: B.VerifyOrderResponse,
    auth: 'user',
    summary: "Ask the provider whether an unpaid order was paid; paid: false = 'Order unpaid'",
  },
  redeemCode: {
    method: 'POST',
    path: '/api/billing/redeem',
    body: B.RedeemBody,
    response: B.RedeemResponse,
    auth: 'user',
    summary: 'Redeem a code (the code half of exchangeNumber): VIP days, points or view/download times; once',
  },
  notify: {
    method: 'POST',
    path: '/api/pay/notify/:channel',
    params: B.NotifyParams,
    response: z.string(),
    summary:
      "A payment provider's asynchronous notification, raw body verified by the channel; answered in the " +
      "provider's own form (Alipay/fake: text success; WeChat: 204)",
  },
  fakeCashier: {
    method: 'GET',
    path: '/api/pay/fake/:order_code',
    params: B.OrderCodeParams,
    query: B.FakeCashierQuery,
    response: z.string(),
    summary:
      "The fake gateway cashier page (HTML, Pay / Fail) for the link gopay returned (token `t`, bound to the order's " +
      'user); development and demo only (FAKE_PAY not 0, never in production)',
  },
  fakeCashierSubmit: {
    method: 'POST',
    path: '/api/pay/fake/:order_code',
    params: B.OrderCodeParams,
    body: B.FakeCashierBody,
    response: z.string(),
    summary:
      "The fake cashier form: with the link's token `t`, pays or fails the order and sends a signed notification " +
      "to notify; without it (or with another order's) 403 and nothing is paid",
  },

  adminListPlans: {
    method: 'GET',
    path: '/api/admin/billing/plans',
    response: B.AdminPlanListResponse,
    auth: 'admin',
    summary: 'VIP plans and their prices (fen) and points prices',
  },
  adminCreatePlan: {
    method: 'POST',
    path: '/api/admin/billing/plans',
    body: B.AdminPlanBody,
    response: B.AdminPlanResponse,
    auth: 'admin',
    summary: 'Add a plan to a VIP group (one per group and length)',
  },
  adminUpdatePlan: {
    method: 'PATCH',
    path: '/api/admin/billing/plans/:id',
    params: IdParams,
    body: B.AdminPlanUpdate,
    response: B.AdminPlanResponse,
    auth: 'admin',
    summary: "Change a plan's prices, points price or status",
  },
  adminListChannels: {
    method: 'GET',
    path: '/api/admin/billing/channels',
    response: B.AdminChannelListResponse,
    auth: 'admin',
    summary: 'Payment channels and whether their keys are configured',
  },
  adminListOrders: {
    method: 'GET',
    path: '/api/admin/billing/orders',
    query: B.AdminOrderQuery,
    response: B.AdminOrderListResponse,
    auth: 'admin',
    summary:
      'Orders, searchable by order number, user id or user name; problem=1: only orders with a verified payment not credited (amount mismatch, second payment)',
  },
  adminGetOrder: {
    method: 'GET',
    path: '/api/admin/billing/orders/:order_code',
    params: B.OrderCodeParams,
    response: B.AdminOrderResponse,
    auth: 'admin',
    summary: "One order with its notifications and the provider's record (a live trade query)",
  },
  adminCloseOrder: {
    method: 'POST',
    path: '/api/admin/billing/orders/:order_code/close',
    params: B.OrderCodeParams,
    response: B.OrderResponse,
    auth: 'admin',
    summary: 'Close an unpaid order (at the provider first; paid wins)',
  },
  adminListCodeBatches: {
    method: 'GET',
    path: '/api/admin/billing/code-batches',
    response: B.AdminCodeBatchListResponse,
    auth: 'admin',
    summary: 'Redemption code batches with used counts',
  },
  adminCreateCodeBatch: {
    method: 'POST',
    path: '/api/admin/billing/code-batches',
    body: B.AdminCodeBatchBody,
    response: B.AdminCodeBatchResponse,
    auth: 'admin',
    summary: 'Generate a batch of redemption codes (CSPRNG, 16 Crockford base32 characters)',
  },
  adminExportCodeBatch: {
    method: 'GET',
    path: '/api/admin/billing/code-batches/:id/export',
    params: IdParams,
    response: z.string(),
    auth: 'admin',
    summary: 'A batch as CSV (code, state, used_by, used_at)',
  },
  adminRevenueReport: {
    method: 'GET',
    path: '/api/admin/billing/revenue',
    query: B.RevenueQuery,
    response: B.RevenueResponse,
    auth: 'admin',
    summary: 'Paid orders and revenue (fen) by operator day, plan or channel',
  },
  adminLedgerCheck: {
    method: 'GET',
    path: '/api/admin/ledger/check',
    response: B.LedgerCheckResponse,
    auth: 'admin',
    summary: 'The last ledger check: balances that differ from their journal sums',
  },
  adminRunLedgerCheck: {
    method: 'POST',
    path: '/api/admin/ledger/check',
    response: B.LedgerCheckResponse,
    auth: 'admin',
    summary: 'Run the ledger check now',
  },
} as const satisfies Record<string, Endpoint>;
