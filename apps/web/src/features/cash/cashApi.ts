/**
 * The withdrawal calls of the viewer app (spec §7 cashList, cash; plus cashCenter, cashAccount, setCashAccount,
 * cashCancel; packages/contract/src/endpoints/cash.ts) over the typed {@link call} (lib/client.ts). Money is integer
 * fen.
 */
import { call, type Res } from '../../lib/client';

type CashOp = 'cashCenter' | 'cashList' | 'cash' | 'cashCancel' | 'cashAccount' | 'setCashAccount';
export type CashRes<K extends CashOp> = Res<K>;

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
