/**
 * The withdrawal calls of the viewer app (spec §7 cashList, cash; plus cashCenter, cashAccount, setCashAccount,
 * cashCancel; packages/contract/src/endpoints/cash.ts) over {@link api}. Method and path mirror the contract's
 * endpoint table at the type level (a wrong one fails tsc). Money is integer fen.
 */
import type { endpoints } from '@openvod/contract';
import { api, type QueryValue } from '../../lib/api';

type Table = typeof endpoints;
type CashOp = 'cashCenter' | 'cashList' | 'cash' | 'cashCancel' | 'cashAccount' | 'setCashAccount';
const routes: { [K in CashOp]: Pick<Table[K], 'method' | 'path'> } = {
  cashCenter: { method: 'GET', path: '/api/cash/center' },
  cashList: { method: 'GET', path: '/api/cash' },
  cash: { method: 'POST', path: '/api/cash' },
  cashCancel: { method: 'POST', path: '/api/cash/:id/cancel' },
  cashAccount: { method: 'GET', path: '/api/cash/account' },
  setCashAccount: { method: 'POST', path: '/api/cash/account' },
};
type Output<S> = S extends { _output: infer O } ? O : never;
export type CashRes<K extends CashOp> = Output<Table[K]['response']>;

function call<K extends CashOp>(
  op: K,
  opts: {
    body?: unknown;
    query?: Record<string, QueryValue>;
    params?: Record<string, number>;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<CashRes<K>> {
  const r: { method: string; path: string } = routes[op];
  const path = r.path.replace(/:(\w+)/g, (_, name: string) => String(opts.params?.[name] ?? ''));
  return api.request<CashRes<K>>(path, {
    method: r.method as 'GET' | 'POST',
    auth: true,
    body: opts.body,
    query: opts.query,
    headers: opts.headers,
    signal: opts.signal,
  });
}

export const cashApi = {
  center: (signal?: AbortSignal) => call('cashCenter', { signal }),
  list: (page: number, signal?: AbortSignal) => call('cashList', { query: { page, limit: 20 }, signal }),
  /** One withdrawal attempt: `key` (also sent as the Idempotency-Key header) is reused when no answer came. */
  withdraw: (body: { cash_money: number; cash_type: 'alipay' }, key: string) =>
    call('cash', { body: { ...body, key }, headers: { 'Idempotency-Key': key } }),
  cancel: (id: number) => call('cashCancel', { params: { id } }),
  account: (signal?: AbortSignal) => call('cashAccount', { signal }),
  setAccount: (body: { cash_type: 'alipay'; cash_account: string; cash_name: string }) =>
    call('setCashAccount', { body }),
};
export type CashItem = CashRes<'cashList'>['list'][number];
