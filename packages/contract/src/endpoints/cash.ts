/**
 * The withdrawal operations of the endpoint table (spec/calls.md "promotion" rows cashList, cash; spec §2
 * cash-center, cash-list, cash-type) plus the cash centre summary, the withdrawal account, a member's cancel of a
 * pending withdrawal, and the console's withdrawal queue and settings (modules/cash).
 */
import * as K from '../cash.ts';
import type { Endpoint } from '../endpoint-type.ts';

export const cashEndpoints = {
  cashCenter: {
    method: 'GET',
    path: '/api/cash/center',
    response: K.CashCenterResponse,
    auth: 'user',
    summary:
      'Cash centre: available (cash_fen), reserved (cash_frozen) and pending earnings (earn_pending) in fen, the ' +
      "operator's minimum, fee and caps, and the bound withdrawal account (masked)",
  },
  cashList: {
    method: 'GET',
    path: '/api/cash',
    query: K.CashListQuery,
    response: K.CashListResponse,
    auth: 'user',
    summary: "The member's withdrawals, newest first: time, type, masked account, state, amount (fen), reason",
  },
  cash: {
    method: 'POST',
    path: '/api/cash',
    body: K.CashBody,
    response: K.CashResponse,
    auth: 'user',
    summary:
      'Request a withdrawal of cash_money fen to the bound Alipay account (spec §5 rules, fraud flag, daily and ' +
      'monthly caps, fee) and reserve it in one transaction; idempotent by `key` or the Idempotency-Key header',
  },
  cashCancel: {
    method: 'POST',
    path: '/api/cash/:id/cancel',
    params: K.CashIdParams,
    response: K.CashCancelResponse,
    auth: 'user',
    summary: 'Cancel one of my withdrawals while it is pending review; the amount returns to the available balance',
  },
  cashAccount: {
    method: 'GET',
    path: '/api/cash/account',
    response: K.CashAccountResponse,
    auth: 'user',
    summary: 'The withdrawal account (Alipay account and real name), masked; null when none is set',
  },
  setCashAccount: {
    method: 'POST',
    path: '/api/cash/account',
    body: K.CashAccountBody,
    response: K.CashAccountResponse,
    auth: 'user',
    summary: 'Set or change the withdrawal account: an Alipay account (phone or e-mail) and its real name',
  },
  adminListCash: {
    method: 'GET',
    path: '/api/admin/cash',
    query: K.AdminCashListQuery,
    response: K.AdminCashListResponse,
    auth: 'admin',
    summary:
      'Withdrawal queue by state, unpaid withdrawals approved more than 48 h ago first; flags late (2 h) and ' +
      'overdue (48 h)',
  },
  adminApproveCash: {
    method: 'POST',
    path: '/api/admin/cash/:id/approve',
    params: K.CashIdParams,
    response: K.AdminCashResponse,
    auth: 'admin',
    summary:
      'Approve a pending withdrawal; the payout job pays it (alipay, fake) or the operator marks it paid (manual)',
  },
  adminRejectCash: {
    method: 'POST',
    path: '/api/admin/cash/:id/reject',
    params: K.CashIdParams,
    body: K.AdminCashRejectBody,
    response: K.AdminCashResponse,
    auth: 'admin',
    summary: 'Reject a pending or approved (not yet paying) withdrawal with a reason; the amount is returned',
  },
  adminMarkCashPaid: {
    method: 'POST',
    path: '/api/admin/cash/:id/paid',
    params: K.CashIdParams,
    body: K.AdminCashPaidBody,
    response: K.AdminCashResponse,
    auth: 'admin',
    summary: 'Manual payout: mark an approved withdrawal paid with the reference of the transfer made by hand',
  },
  adminRetryCash: {
    method: 'POST',
    path: '/api/admin/cash/:id/retry',
    params: K.CashIdParams,
    response: K.AdminCashResponse,
    auth: 'admin',
    summary:
      'Retry a failed payout: the amount is reserved again and the withdrawal is approved again (a new out_biz_no)',
  },
  adminGetCashSettings: {
    method: 'GET',
    path: '/api/admin/cash/settings',
    response: K.AdminCashSettingsResponse,
    auth: 'admin',
    summary: 'Withdrawal settings: minimum, fee, caps, payout mode, automatic approval limit',
  },
  adminUpdateCashSettings: {
    method: 'PATCH',
    path: '/api/admin/cash/settings',
    body: K.AdminCashSettingsUpdate,
    response: K.AdminCashSettingsResponse,
    auth: 'admin',
    summary: 'Change the withdrawal settings (a payout mode this server cannot use is refused)',
  },
} as const satisfies Record<string, Endpoint>;
