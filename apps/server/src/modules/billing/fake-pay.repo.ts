/**
 * The queries of the local `fake` gateway (fake-channel.ts) over its own trades (`fake_pay_trade`, one per order
 * number) and its transfers (`fake_transfer`, one per out_biz_no): what a real provider keeps on its side. Every
 * function takes the `db` to run on.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fakePayTrade, fakeTransfer } from '../../db/schema/index.ts';

export type FakeTradeRow = typeof fakePayTrade.$inferSelect;

/**
 * Open the order's trade, or reopen it while it is unpaid or failed (amount, return URL and expiry renewed, status
 * unpaid); a paid or closed trade is left as it is.
 */
export async function openTrade(
  db: Db,
  values: Pick<
    typeof fakePayTrade.$inferInsert,
    'order_code' | 'trade_no' | 'amount' | 'subject' | 'return_url' | 'notify_url' | 'expires_at'
  >,
): Promise<void> {
  await db
    .insert(fakePayTrade)
    .values(values)
    .onConflictDoUpdate({
      target: fakePayTrade.order_code,
      set: { amount: values.amount, return_url: values.return_url, expires_at: values.expires_at, status: 'unpaid' },
      setWhere: sql`${fakePayTrade.status} in ('unpaid', 'failed')`,
    });
}

/** The trade of an order number, or undefined. */
export async function tradeOf(db: Db, orderCode: string): Promise<FakeTradeRow | undefined> {
  const [row] = await db.select().from(fakePayTrade).where(eq(fakePayTrade.order_code, orderCode));
  return row;
}

/** Close the trade while it is unpaid or failed (nothing otherwise). */
export async function closeTrade(db: Db, orderCode: string): Promise<void> {
  await db
    .update(fakePayTrade)
    .set({ status: 'closed' })
    .where(and(eq(fakePayTrade.order_code, orderCode), sql`${fakePayTrade.status} in ('unpaid', 'failed')`));
}

/** Mark an unpaid trade failed (a declined payment; nothing otherwise). */
export async function failTrade(db: Db, orderCode: string): Promise<void> {
  await db
    .update(fakePayTrade)
    .set({ status: 'failed' })
    .where(and(eq(fakePayTrade.order_code, orderCode), eq(fakePayTrade.status, 'unpaid')));
}

/**
 * Mark the trade paid at `now` while it is unpaid or failed and not expired at `now`. The trade after, or undefined
 * when it was not payable (paid before, closed or expired).
 */
export async function payTrade(db: Db, orderCode: string, now: Date): Promise<FakeTradeRow | undefined> {
  const [paid] = await db
    .update(fakePayTrade)
    .set({ status: 'paid', paid_at: now })
    .where(
      and(
        eq(fakePayTrade.order_code, orderCode),
        sql`${fakePayTrade.status} in ('unpaid', 'failed')`,
        sql`${fakePayTrade.expires_at} > ${now.toISOString()}`,
      ),
    )
    .returning();
  return paid;
}

// ---- transfers (the fake gateway's alipay.fund.trans.uni.transfer, fake-channel.ts FakeTransferGateway) -------

export type FakeTransferRow = typeof fakeTransfer.$inferSelect;

/**
 * Record a transfer unless its `out_biz_no` is known: the row, or undefined when the number was used before (the
 * caller answers from the stored row, so a resent request pays once).
 */
export async function insertTransfer(
  db: Db,
  values: Pick<
    typeof fakeTransfer.$inferInsert,
    'out_biz_no' | 'order_id' | 'trans_amount' | 'identity' | 'name' | 'status' | 'fail_reason'
  >,
): Promise<FakeTransferRow | undefined> {
  const [row] = await db.insert(fakeTransfer).values(values).onConflictDoNothing().returning();
  return row;
}

/** The transfer of an `out_biz_no`, or undefined. */
export async function transferOf(db: Db, outBizNo: string): Promise<FakeTransferRow | undefined> {
  const [row] = await db.select().from(fakeTransfer).where(eq(fakeTransfer.out_biz_no, outBizNo));
  return row;
}

/** Settle a DEALING transfer as SUCCESS or FAIL (nothing otherwise); the row after, or undefined. */
export async function settleTransfer(
  db: Db,
  outBizNo: string,
  status: 'SUCCESS' | 'FAIL',
  failReason = '',
): Promise<FakeTransferRow | undefined> {
  const [row] = await db
    .update(fakeTransfer)
    .set({ status, fail_reason: failReason })
    .where(and(eq(fakeTransfer.out_biz_no, outBizNo), eq(fakeTransfer.status, 'DEALING')))
    .returning();
  return row;
}
