/**
 * Withdrawals through the routes (spec §5 rules, §4 states, §8 messages) and their payout through the fake gateway
 * (the same Alipay client, answers signed and verified): the account, every refusal of `cash`, the reservation on
 * the ledger and its replay, cancel, approve → payout → paid, reject, a failed payout returned and retried under a
 * new out_biz_no, a lost answer resolved by query, a DEALING transfer settled later, manual payout, account
 * deletion, the console's 2 h / 48 h flags and settings. Each test ends with the ledger check finding no difference.
 */
import { guestCredentials } from '@openvod/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeTransfer, macCash, promoPromoter } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeMember, nextIp } from '../billing/test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof makeMember>>;

/** A member holding `fen` available (posted through the ledger as a test credit) and an Alipay account. */
async function member(fen: number, account = '13800001111', name = '张三'): Promise<Member> {
  const u = await makeMember(t);
  if (fen > 0) {
    await t.app.services.ledger.post(t.db.db, {
      userId: u.user.user_id,
      asset: 'cash_fen',
      amount: fen,
      kind: 'test_credit',
      key: `test:${u.user.user_id}:credit`,
    });
  }
  if (account) {
    const res = await call(u, 'POST', '/api/cash/account', {
      cash_type: 'alipay',
      cash_account: account,
      cash_name: name,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return u;
}

function call(u: Member | undefined, method: 'GET' | 'POST', url: string, payload?: unknown, extra = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...(u?.headers ?? {}), 'accept-language': 'en-US', ...extra },
    ...(payload === undefined ? {} : { payload: payload as object }),
    remoteAddress: nextIp(),
  });
}

async function admin(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(await t.adminHeaders()), 'accept-language': 'en-US' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function withdraw(u: Member, cash_money: number, key?: string) {
  return call(u, 'POST', '/api/cash', { cash_money, cash_type: 'alipay', ...(key ? { key } : {}) });
}

async function balances(u: Member) {
  return t.app.services.ledger.balances(t.db.db, u.user.user_id);
}

async function row(cashId: number) {
  const [r] = await t.db.db.select().from(macCash).where(eq(macCash.cash_id, cashId));
  return r as NonNullable<typeof r>;
}

async function expectLedgerClean() {
  const check = await t.app.services.ledger.check();
  expect(check.list).toEqual([]);
}

async function setMode(payout_mode: 'manual' | 'fake') {
  const res = await admin('PATCH', '/api/admin/cash/settings', { payout_mode });
  expect(res.statusCode, res.body).toBe(200);
}

describe('withdrawal account (cash-type)', () => {
  it('keeps a correct Alipay account and real name and shows them masked', async () => {
    const u = await member(0, '');
    expect((await call(u, 'GET', '/api/cash/account')).json().info).toBeNull();
    const bad = await call(u, 'POST', '/api/cash/account', {
      cash_type: 'alipay',
      cash_account: '12345',
      cash_name: '张三',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 3203,
      msg: 'The Alipay account is not correct (a phone number or an e-mail address)',
    });
    const empty = await call(u, 'POST', '/api/cash/account', {
      cash_type: 'alipay',
      cash_account: 'a@b.cn',
      cash_name: ' ',
    });
    expect(empty.statusCode).toBe(400);
    const ok = await call(u, 'POST', '/api/cash/account', {
      cash_type: 'alipay',
      cash_account: 'alice@example.com',
      cash_name: '王小明',
    });
    expect(ok.json().info).toEqual({ cash_type: 'alipay', cash_account: 'a***@example.com', cash_name: '王**' });
    const phone = await call(u, 'POST', '/api/cash/account', {
      cash_type: 'alipay',
      cash_account: '13912345678',
      cash_name: 'John Smith',
    });
    expect(phone.json().info).toEqual({ cash_type: 'alipay', cash_account: '139****5678', cash_name: 'J***' });
    const [p] = await t.db.db.select().from(promoPromoter).where(eq(promoPromoter.user_id, u.user.user_id));
    expect(p).toMatchObject({ cash_account: '13912345678', cash_name: 'John Smith', fraud_flag: false });
  });

  it("refuses the device's guest account (bind a phone first)", async () => {
    const guest = guestCredentials('device-cash-1');
    const u = await makeMember(t, { user_name: guest.user_name, user_device_id: 'device-cash-1' });
    const res = await call(u, 'POST', '/api/cash/account', {
      cash_type: 'alipay',
      cash_account: '13800001111',
      cash_name: '张三',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(3207);
    expect((await withdraw(u, 100)).statusCode).toBe(403);
  });
});

describe('cash: spec §5 rules', () => {
  it('refuses below the minimum, without an account, beyond the balance, flagged members and past the daily cap', async () => {
    const noAccount = await member(1000, '');
    const r1 = await withdraw(noAccount, 200);
    expect(r1.json()).toMatchObject({
      code: 3203,
      msg: 'Set your withdrawal account first (Alipay account and real name)',
    });
    const u = await member(1000);
    const low = await withdraw(u, 99);
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({
      code: 3201,
      msg: 'The amount must be at least 1.00 yuan (and at least 0.10 yuan after the fee)',
    });
    const over = await withdraw(u, 1001);
    expect(over.json()).toMatchObject({ code: 3202, msg: 'Insufficient Balance' });
    expect(await balances(u)).toMatchObject({ cash_fen: 1000, cash_frozen: 0 });
    await t.db.db
      .update(promoPromoter)
      .set({ fraud_flag: true, fraud_reason: 'shared device with invitees' })
      .where(eq(promoPromoter.user_id, u.user.user_id));
    const flagged = await withdraw(u, 100);
    expect(flagged.json()).toMatchObject({ code: 3204, msg: 'Withdrawal failed: shared device with invitees' });
    await t.db.db.update(promoPromoter).set({ fraud_flag: false }).where(eq(promoPromoter.user_id, u.user.user_id));
    // Default daily cap: 3 withdrawals a day.
    for (let i = 0; i < 3; i++) expect((await withdraw(u, 100)).statusCode).toBe(200);
    const capped = await withdraw(u, 100);
    expect(capped.json()).toMatchObject({ code: 3205, msg: 'You reached today’s number of withdrawals (3)' });
    expect(await balances(u)).toMatchObject({ cash_fen: 700, cash_frozen: 300 });
    await expectLedgerClean();
  });

  it('charges the fee, reserves the amount once per key, and refuses the key with another amount', async () => {
    await admin('PATCH', '/api/admin/cash/settings', { fee_bp: 100, fee_fixed_fen: 5, daily_count: 0 });
    try {
      const u = await member(5000);
      const first = await withdraw(u, 1000, 'key-aaaa-0001');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        applied: true,
        cash_fen: 4000,
        info: {
          cash_status: 'pending',
          cash_money: 1000,
          cash_fee: 15,
          cash_bank_no: '138****1111',
          cash_type: 'alipay',
        },
      });
      const again = await withdraw(u, 1000, 'key-aaaa-0001');
      expect(again.json()).toMatchObject({
        applied: false,
        cash_fen: 4000,
        info: { cash_id: first.json().info.cash_id },
      });
      const header = await call(
        u,
        'POST',
        '/api/cash',
        { cash_money: 1000, cash_type: 'alipay' },
        { 'idempotency-key': 'key-aaaa-0001' },
      );
      expect(header.json()).toMatchObject({ applied: false });
      const other = await withdraw(u, 2000, 'key-aaaa-0001');
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe(3208);
      expect(await balances(u)).toMatchObject({ cash_fen: 4000, cash_frozen: 1000 });
      const center = (await call(u, 'GET', '/api/cash/center')).json();
      expect(center).toMatchObject({
        cash_fen: 4000,
        cash_frozen: 1000,
        earn_pending: 0,
        rules: { min_fen: 100, fee_bp: 100, fee_fixed_fen: 5 },
        account: { cash_account: '138****1111', cash_name: '张*' },
      });
    } finally {
      await admin('PATCH', '/api/admin/cash/settings', { fee_bp: 0, fee_fixed_fen: 0, daily_count: 3 });
    }
    await expectLedgerClean();
  });

  it('lets the member cancel a pending withdrawal, once', async () => {
    const u = await member(500);
    const id = (await withdraw(u, 300)).json().info.cash_id;
    const res = await call(u, 'POST', `/api/cash/${id}/cancel`);
    expect(res.json()).toMatchObject({ cash_fen: 500, info: { cash_status: 'cancelled' } });
    expect((await call(u, 'POST', `/api/cash/${id}/cancel`)).statusCode).toBe(409);
    const stranger = await member(0, '');
    expect((await call(stranger, 'POST', `/api/cash/${id}/cancel`)).statusCode).toBe(404);
    expect(await balances(u)).toMatchObject({ cash_fen: 500, cash_frozen: 0 });
    await expectLedgerClean();
  });
});

describe('review and payout', () => {
  it('approve → the payout job pays through the fake gateway once → paid in the cash list', async () => {
    await setMode('fake');
    const reportBefore = (await admin('GET', '/api/admin/promotion/report')).json();
    const u = await member(1000);
    const id = (await withdraw(u, 800)).json().info.cash_id;
    const approved = await admin('POST', `/api/admin/cash/${id}/approve`);
    expect(approved.json().info).toMatchObject({
      cash_status: 'approved',
      cash_bank_no: '13800001111',
      cash_payee_name: '张三',
    });
    expect((await admin('POST', `/api/admin/cash/${id}/approve`)).statusCode).toBe(409);
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ sent: 1, paid: 1 });
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ sent: 0, looked: 0 });
    const transfers = await t.db.db
      .select()
      .from(fakeTransfer)
      .where(eq(fakeTransfer.out_biz_no, `OVC${id}`));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      trans_amount: '8.00',
      identity: '13800001111',
      name: '张三',
      status: 'SUCCESS',
    });
    const list = (await call(u, 'GET', '/api/cash')).json();
    expect(list.list[0]).toMatchObject({
      cash_id: id,
      cash_status: 'paid',
      cash_money: 800,
      cash_bank_no: '138****1111',
    });
    expect(list.list[0].cash_time_paid).not.toBeNull();
    expect(await balances(u)).toMatchObject({ cash_fen: 200, cash_frozen: 0 });
    // The console's promotion report counts the withdrawal on the operator's today, requested and paid out.
    const report = (await admin('GET', '/api/admin/promotion/report')).json();
    const dayOf = (r: { to: string; list: { day: string; withdrawn_fen: number; paid_fen: number }[] }) =>
      r.list.find((d) => d.day === r.to) ?? { withdrawn_fen: 0, paid_fen: 0 };
    expect(dayOf(report).withdrawn_fen - dayOf(reportBefore).withdrawn_fen).toBe(800);
    expect(dayOf(report).paid_fen - dayOf(reportBefore).paid_fen).toBe(800);
    expect(report.paid_fen - reportBefore.paid_fen).toBe(800);
    // Rejecting a paid withdrawal returns nothing.
    expect((await admin('POST', `/api/admin/cash/${id}/reject`, { reason: 'late' })).statusCode).toBe(409);
    await expectLedgerClean();
  });

  it('reject returns the amount with the reason; a rejected withdrawal cannot be approved', async () => {
    const u = await member(1000);
    const id = (await withdraw(u, 600)).json().info.cash_id;
    const res = await admin('POST', `/api/admin/cash/${id}/reject`, { reason: 'payee name does not match' });
    expect(res.json().info).toMatchObject({ cash_status: 'rejected', cash_reason: 'payee name does not match' });
    expect((await admin('POST', `/api/admin/cash/${id}/approve`)).statusCode).toBe(409);
    expect(await balances(u)).toMatchObject({ cash_fen: 1000, cash_frozen: 0 });
    const mine = (await call(u, 'GET', '/api/cash')).json().list[0];
    expect(mine).toMatchObject({ cash_status: 'rejected', cash_reason: 'payee name does not match' });
    await expectLedgerClean();
  });

  it('a refused transfer fails with its reason and returns the amount; retry pays under a new out_biz_no', async () => {
    await setMode('fake');
    const gateway = t.app.services.fakeTransfers;
    if (!gateway) throw new Error('fake gateway off');
    const u = await member(1000);
    const id = (await withdraw(u, 500)).json().info.cash_id;
    await admin('POST', `/api/admin/cash/${id}/approve`);
    gateway.outcome = () => 'FAIL:PAYEE_NOT_EXIST';
    try {
      expect(await t.app.services.cash.runPayouts()).toMatchObject({ sent: 1, failed: 1 });
    } finally {
      gateway.outcome = () => 'SUCCESS';
    }
    const failed = (await call(u, 'GET', '/api/cash')).json().list[0];
    expect(failed).toMatchObject({ cash_status: 'failed' });
    expect(failed.cash_reason).toContain('PAYEE_NOT_EXIST');
    expect(await balances(u)).toMatchObject({ cash_fen: 1000, cash_frozen: 0 });
    const retried = await admin('POST', `/api/admin/cash/${id}/retry`);
    expect(retried.json().info).toMatchObject({ cash_status: 'approved', cash_reason: '' });
    expect(await balances(u)).toMatchObject({ cash_fen: 500, cash_frozen: 500 });
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ sent: 1, paid: 1 });
    expect((await row(id)).cash_ref).toBe(`OVC${id}R1`);
    const statuses = await t.db.db
      .select({ no: fakeTransfer.out_biz_no, status: fakeTransfer.status })
      .from(fakeTransfer)
      .where(sql`${fakeTransfer.out_biz_no} like ${`OVC${id}%`}`)
      .orderBy(fakeTransfer.id);
    expect(statuses).toEqual([
      { no: `OVC${id}`, status: 'FAIL' },
      { no: `OVC${id}R1`, status: 'SUCCESS' },
    ]);
    expect(await balances(u)).toMatchObject({ cash_fen: 500, cash_frozen: 0 });
    await expectLedgerClean();
  });

  it('a lost answer stays paying and is resolved by query, never by a second transfer', async () => {
    await setMode('fake');
    const gateway = t.app.services.fakeTransfers;
    if (!gateway) throw new Error('fake gateway off');
    const u = await member(1000);
    const id = (await withdraw(u, 400)).json().info.cash_id;
    await admin('POST', `/api/admin/cash/${id}/approve`);
    gateway.outcome = () => 'LOST';
    try {
      expect(await t.app.services.cash.runPayouts()).toMatchObject({ sent: 1, paid: 0, failed: 0 });
    } finally {
      gateway.outcome = () => 'SUCCESS';
    }
    expect((await row(id)).cash_status).toBe('paying');
    // Not due yet: nothing is looked at.
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ looked: 0 });
    await t.db.db
      .update(macCash)
      .set({ cash_next_try: new Date(Date.now() - 1000) })
      .where(eq(macCash.cash_id, id));
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ looked: 1, paid: 1 });
    expect(
      await t.db.db
        .select()
        .from(fakeTransfer)
        .where(eq(fakeTransfer.out_biz_no, `OVC${id}`)),
    ).toHaveLength(1);
    expect(await balances(u)).toMatchObject({ cash_fen: 600, cash_frozen: 0 });
    await expectLedgerClean();
  });

  it('a DEALING transfer is looked at until Alipay settles it; a transfer Alipay never took is resent identically', async () => {
    await setMode('fake');
    const gateway = t.app.services.fakeTransfers;
    if (!gateway) throw new Error('fake gateway off');
    const u = await member(1000);
    const id = (await withdraw(u, 300)).json().info.cash_id;
    await admin('POST', `/api/admin/cash/${id}/approve`);
    gateway.outcome = () => 'DEALING';
    try {
      await t.app.services.cash.runPayouts();
    } finally {
      gateway.outcome = () => 'SUCCESS';
    }
    const due = () =>
      t.db.db
        .update(macCash)
        .set({ cash_next_try: new Date(Date.now() - 1000) })
        .where(eq(macCash.cash_id, id));
    await due();
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ looked: 1, paid: 0 });
    expect((await row(id)).cash_status).toBe('paying');
    await gateway.settle(`OVC${id}`, 'SUCCESS');
    await due();
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ looked: 1, paid: 1 });

    // A claim whose request never reached the gateway (crash after the claim): the query finds no order, the
    // identical request is sent, and it pays once.
    const id2 = (await withdraw(u, 200)).json().info.cash_id;
    await admin('POST', `/api/admin/cash/${id2}/approve`);
    await t.db.db
      .update(macCash)
      .set({
        cash_status: 'paying',
        cash_channel: 'fake',
        cash_ref: `OVC${id2}`,
        cash_next_try: new Date(Date.now() - 1000),
      })
      .where(eq(macCash.cash_id, id2));
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ looked: 1, paid: 1 });
    expect(
      await t.db.db
        .select()
        .from(fakeTransfer)
        .where(eq(fakeTransfer.out_biz_no, `OVC${id2}`)),
    ).toHaveLength(1);
    expect(await balances(u)).toMatchObject({ cash_fen: 500, cash_frozen: 0 });
    await expectLedgerClean();
  });

  it('manual payout: approved stays approved until the operator marks it paid with a reference', async () => {
    await setMode('manual');
    const u = await member(1000);
    const id = (await withdraw(u, 1000)).json().info.cash_id;
    await admin('POST', `/api/admin/cash/${id}/approve`);
    expect(await t.app.services.cash.runPayouts()).toMatchObject({ sent: 0 });
    expect((await row(id)).cash_status).toBe('approved');
    const paid = await admin('POST', `/api/admin/cash/${id}/paid`, { ref: 'bank-ref-42' });
    expect(paid.json().info).toMatchObject({ cash_status: 'paid', cash_channel: 'manual', cash_ref: 'bank-ref-42' });
    expect((await admin('POST', `/api/admin/cash/${id}/paid`, { ref: 'again' })).statusCode).toBe(409);
    expect(await balances(u)).toMatchObject({ cash_fen: 0, cash_frozen: 0 });
    await expectLedgerClean();
    await setMode('fake');
  });
});

describe('console queue and settings', () => {
  it('flags unpaid withdrawals approved more than 2 h ago and lists those past 48 h first', async () => {
    await setMode('manual');
    const u = await member(3000);
    const ids: number[] = [];
    for (const m of [100, 200, 300]) {
      const id = (await withdraw(u, m)).json().info.cash_id;
      await admin('POST', `/api/admin/cash/${id}/approve`);
      ids.push(id);
    }
    const [fresh, late, overdue] = ids as [number, number, number];
    const ago = (h: number) => new Date(Date.now() - h * 3600_000);
    await t.db.db
      .update(macCash)
      .set({ cash_time_audit: ago(3) })
      .where(eq(macCash.cash_id, late));
    await t.db.db
      .update(macCash)
      .set({ cash_time_audit: ago(49) })
      .where(eq(macCash.cash_id, overdue));
    const res = await admin('GET', `/api/admin/cash?status=approved&user_id=${u.user.user_id}`);
    const body = res.json();
    expect(body.list.map((r: { cash_id: number }) => r.cash_id)).toEqual([overdue, late, fresh]);
    const flags = Object.fromEntries(
      body.list.map((r: { cash_id: number; late: boolean; overdue: boolean }) => [r.cash_id, [r.late, r.overdue]]),
    );
    expect(flags).toEqual({ [fresh]: [false, false], [late]: [true, false], [overdue]: [true, true] });
    expect(body.late).toBeGreaterThanOrEqual(2);
    expect(body.overdue).toBeGreaterThanOrEqual(1);
    for (const id of ids) await admin('POST', `/api/admin/cash/${id}/reject`, { reason: 'test' });
    await setMode('fake');
  });

  it('refuses a payout mode the server cannot use and validates the settings', async () => {
    const s = (await admin('GET', '/api/admin/cash/settings')).json();
    expect(s.modes).toEqual(['manual', 'fake']);
    const alipay = await admin('PATCH', '/api/admin/cash/settings', { payout_mode: 'alipay' });
    expect(alipay.statusCode).toBe(400);
    expect(alipay.json()).toMatchObject({ code: 3209, msg: 'This server cannot use that payout method' });
    expect((await admin('PATCH', '/api/admin/cash/settings', { min_fen: 5 })).statusCode).toBe(400);
    const u = await member(100);
    expect((await call(u, 'GET', '/api/admin/cash')).statusCode).toBe(401);
  });
});

describe('account deletion', () => {
  it('returns pending and approved withdrawals as rejected and leaves paying ones to finish', async () => {
    await setMode('manual');
    const u = await member(1000);
    const pending = (await withdraw(u, 100)).json().info.cash_id;
    const approved = (await withdraw(u, 200)).json().info.cash_id;
    await admin('POST', `/api/admin/cash/${approved}/approve`);
    const paying = (await withdraw(u, 300)).json().info.cash_id;
    await admin('POST', `/api/admin/cash/${paying}/approve`);
    await t.db.db
      .update(macCash)
      .set({
        cash_status: 'paying',
        cash_channel: 'fake',
        cash_ref: `OVC${paying}`,
        cash_next_try: new Date(Date.now() + 3600_000),
      })
      .where(eq(macCash.cash_id, paying));
    for (let run = 0; run < 2; run++) {
      await t.db.db.transaction((tx) => t.app.services.cash.onUserDeleted(tx as never, u.user.user_id));
    }
    expect((await row(pending)).cash_status).toBe('rejected');
    expect((await row(approved)).cash_status).toBe('rejected');
    expect((await row(paying)).cash_status).toBe('paying');
    expect(await balances(u)).toMatchObject({ cash_fen: 700, cash_frozen: 300 });
    const list = (await call(u, 'GET', '/api/cash', undefined, { 'accept-language': 'zh-CN' })).json().list;
    expect(list.find((r: { cash_id: number }) => r.cash_id === pending).cash_reason).toBe('账号已注销，提现金额已退回');
    await expectLedgerClean();
    await setMode('fake');
  });
});

describe('guards', () => {
  it('refuses every withdrawal route without a session, and the console routes without a console session', async () => {
    const u = await member(0, '');
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/cash/center' }),
      t.app.inject({ method: 'GET', url: '/api/cash' }),
      t.app.inject({ method: 'POST', url: '/api/cash', payload: { cash_money: 100, cash_type: 'alipay' } }),
      t.app.inject({ method: 'POST', url: '/api/cash/1/cancel' }),
      t.app.inject({ method: 'GET', url: '/api/cash/account' }),
      t.app.inject({
        method: 'POST',
        url: '/api/cash/account',
        payload: { cash_type: 'alipay', cash_account: '13800001111', cash_name: '张三' },
      }),
      t.app.inject({ method: 'GET', url: '/api/admin/cash', headers: u.headers }),
      t.app.inject({ method: 'POST', url: '/api/admin/cash/1/approve', headers: u.headers }),
      t.app.inject({ method: 'POST', url: '/api/admin/cash/1/reject', headers: u.headers, payload: { reason: 'x' } }),
      t.app.inject({ method: 'POST', url: '/api/admin/cash/1/paid', headers: u.headers, payload: { ref: 'x' } }),
      t.app.inject({ method: 'POST', url: '/api/admin/cash/1/retry', headers: u.headers }),
      t.app.inject({ method: 'GET', url: '/api/admin/cash/settings', headers: u.headers }),
      t.app.inject({ method: 'PATCH', url: '/api/admin/cash/settings', headers: u.headers, payload: {} }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(13).fill(401));
    const missing = await admin('POST', '/api/admin/cash/999999/approve');
    expect(missing.statusCode).toBe(404);
  });
});
