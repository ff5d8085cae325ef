/**
 * Withdrawals under concurrency (issue "Proven by tests"; research/money.md §2 concurrency tests). On PostgreSQL
 * (DATABASE_URL set; a pool of 25 connections) the requests really run in parallel; on PGlite (one transaction at a
 * time) the same tests pass serialised.
 * - 200 concurrent withdrawals of one member's whole balance reserve it once (and 50 replays of one key: one row);
 * - a member's cancel racing the operator's approve (one wins), then the payout job racing the operator's reject:
 *   each withdrawal ends paid or returned, never both;
 * - the payout job run four times at once, in two services (two workers), transfers each withdrawal once;
 * - the ledger check then finds no difference.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { fakeTransfer, ledgerEntry, macCash } from '../../db/schema/index.ts';
import { createTestDb, onPostgres, TEST_ADMIN_PASSWORD, type TestApp, type TestDb } from '../../test/harness.ts';
import { FAKE_APP_ID, FakeTransferGateway, loadOrCreateFakePayoutKeys, loadRsaKey } from '../billing/index.ts';
import { makeMember, makeUsers, nextIp } from '../billing/test-helpers.ts';
import { AlipayPayout } from './alipay-payout.ts';
import { CashService } from './cash.service.ts';

let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-cash-conc-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_CONTENT: '0', TZ: 'Asia/Shanghai' });
  const db: TestDb = await createTestDb(25);
  const app: App = await buildApp({ config, db, webDist: '/nonexistent', adminDist: '/nonexistent' });
  await app.services.admin.ensureAdmin(TEST_ADMIN_PASSWORD);
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { admin_name: 'admin', admin_pwd: TEST_ADMIN_PASSWORD },
  });
  adminHeaders = { authorcode: login.json().token };
  t = {
    app,
    db,
    config,
    dataDir,
    adminHeaders: async () => adminHeaders,
    close: async () => {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // No daily cap here: the races are about the balance and the states.
  const res = await admin('PATCH', '/api/admin/cash/settings', { payout_mode: 'fake', daily_count: 0 });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof makeMember>>;

function admin(method: 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: adminHeaders,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function fund(u: Member, fen: number) {
  await t.app.services.ledger.post(t.db.db, {
    userId: u.user.user_id,
    asset: 'cash_fen',
    amount: fen,
    kind: 'test_credit',
    key: `test:${u.user.user_id}:credit`,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cash/account',
    headers: u.headers,
    payload: { cash_type: 'alipay', cash_account: '13700002222', cash_name: '李四' },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
}

function withdraw(u: Member, cash_money: number, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cash',
    headers: u.headers,
    payload: { cash_money, cash_type: 'alipay', ...(key ? { key } : {}) },
    remoteAddress: nextIp(),
  });
}

describe(`withdrawal concurrency (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it("200 concurrent withdrawals of one member's whole balance reserve it once", async () => {
    const u = await makeMember(t);
    await fund(u, 5000);
    const results = await Promise.all(Array.from({ length: 200 }, () => withdraw(u, 5000)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(Array(199).fill(3202));
    const rows = await t.db.db.select().from(macCash).where(eq(macCash.user_id, u.user.user_id));
    expect(rows).toHaveLength(1);
    expect(await t.app.services.ledger.balances(t.db.db, u.user.user_id)).toMatchObject({
      cash_fen: 0,
      cash_frozen: 5000,
    });

    // 50 replays of one key at once (a client retrying): one withdrawal, every answer the same one.
    const v = await makeMember(t);
    await fund(v, 3000);
    const replays = await Promise.all(Array.from({ length: 50 }, () => withdraw(v, 1000, 'same-key-0001')));
    expect(replays.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(new Set(replays.map((r) => r.json().info.cash_id)).size).toBe(1);
    expect(replays.filter((r) => r.json().applied)).toHaveLength(1);
    expect(await t.app.services.ledger.balances(t.db.db, v.user.user_id)).toMatchObject({
      cash_fen: 2000,
      cash_frozen: 1000,
    });
  });

  it('cancel racing approve, then the payout job racing reject: paid or returned, never both', async () => {
    const users = await makeUsers(t, 20);
    const ids: number[] = [];
    for (const u of users) {
      await fund(u, 1000);
      const res = await withdraw(u, 1000);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().info.cash_id);
    }
    // Round 1: the member's cancel racing the operator's approve: exactly one of them happens.
    const round1 = await Promise.all(
      ids.flatMap((id, i) => [
        t.app.inject({
          method: 'POST',
          url: `/api/cash/${id}/cancel`,
          headers: users[i]?.headers,
          remoteAddress: nextIp(),
        }),
        admin('POST', `/api/admin/cash/${id}/approve`),
      ]),
    );
    for (let i = 0; i < ids.length; i++) {
      const pair = [round1[2 * i]?.statusCode, round1[2 * i + 1]?.statusCode].sort();
      expect(pair).toEqual([200, 409]);
    }
    // Round 2: the payout job (twice) racing a reject of every approved withdrawal.
    const approved = (await t.db.db.select().from(macCash).where(inArray(macCash.cash_id, ids))).filter(
      (r) => r.cash_status === 'approved',
    );
    await Promise.all([
      t.app.services.cash.runPayouts(),
      ...approved.map((r) => admin('POST', `/api/admin/cash/${r.cash_id}/reject`, { reason: 'race' })),
      t.app.services.cash.runPayouts(),
    ]);
    await t.app.services.cash.runPayouts();
    const rows = await t.db.db.select().from(macCash).where(inArray(macCash.cash_id, ids));
    const entries = await t.db.db.select().from(ledgerEntry).where(like(ledgerEntry.idem_key, 'cash:%'));
    for (const r of rows) {
      expect(['paid', 'rejected', 'cancelled']).toContain(r.cash_status);
      const mine = entries.filter((e) => e.idem_key.startsWith(`cash:${r.cash_id}:`));
      const paid = mine.filter((e) => e.asset === 'cash_paid');
      const returned = mine.filter((e) => e.asset === 'cash_fen' && e.amount > 0);
      expect([paid.length, returned.length]).toEqual(r.cash_status === 'paid' ? [1, 0] : [0, 1]);
      const b = await t.app.services.ledger.balances(t.db.db, r.user_id);
      expect(b).toMatchObject({ cash_frozen: 0, cash_fen: r.cash_status === 'paid' ? 0 : 1000 });
      const transfers = await t.db.db
        .select()
        .from(fakeTransfer)
        .where(eq(fakeTransfer.out_biz_no, `OVC${r.cash_id}`));
      expect(transfers).toHaveLength(r.cash_status === 'paid' ? 1 : 0);
    }
  });

  it('approve racing reject (with the payout job running) ends in one outcome, the amount returned once', async () => {
    const users = await makeUsers(t, 15);
    const ids: number[] = [];
    for (const u of users) {
      await fund(u, 900);
      ids.push((await withdraw(u, 900)).json().info.cash_id as number);
    }
    const results = await Promise.all(
      ids.flatMap((id) => [
        admin('POST', `/api/admin/cash/${id}/approve`),
        t.app.services.cash.runPayouts(),
        admin('POST', `/api/admin/cash/${id}/reject`, { reason: 'race' }),
      ]),
    );
    expect(results.length).toBe(45);
    await t.app.services.cash.runPayouts();
    const rows = await t.db.db.select().from(macCash).where(inArray(macCash.cash_id, ids));
    for (const r of rows) {
      const b = await t.app.services.ledger.balances(t.db.db, r.user_id);
      const transfers = await t.db.db
        .select()
        .from(fakeTransfer)
        .where(eq(fakeTransfer.out_biz_no, `OVC${r.cash_id}`));
      if (r.cash_status === 'paid') {
        expect([b.cash_fen, b.cash_frozen, transfers.length]).toEqual([0, 0, 1]);
      } else {
        expect(r.cash_status).toBe('rejected');
        expect([b.cash_fen, b.cash_frozen, transfers.length]).toEqual([900, 0, 0]);
      }
    }
  });

  it('the payout job run four times at once in two workers transfers each withdrawal once', async () => {
    const users = await makeUsers(t, 30);
    const ids: number[] = [];
    for (const u of users) {
      await fund(u, 700);
      const id = (await withdraw(u, 700)).json().info.cash_id as number;
      expect((await admin('POST', `/api/admin/cash/${id}/approve`)).statusCode).toBe(200);
      ids.push(id);
    }
    // A second worker: its own service and gateway client over the same database.
    const keys = loadOrCreateFakePayoutKeys(t.dataDir);
    const gateway = new FakeTransferGateway(t.db.db, keys);
    const other = new CashService(t.db.db, {
      ledger: t.app.services.ledger,
      timeZone: 'Asia/Shanghai',
      channels: {
        fake: new AlipayPayout({
          id: 'fake',
          appId: FAKE_APP_ID,
          privateKey: loadRsaKey(keys.merchant.privateKey, 'private', 'merchant'),
          alipayPublicKey: loadRsaKey(keys.gateway.publicKey, 'public', 'gateway'),
          gateway: 'http://fake-gateway.invalid/gateway.do',
          transport: (p) => gateway.handle(p),
        }),
      },
    });
    const runs = await Promise.all([
      t.app.services.cash.runPayouts(),
      other.runPayouts(),
      t.app.services.cash.runPayouts(),
      other.runPayouts(),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(ids.length);
    expect(runs.reduce((n, r) => n + r.paid, 0)).toBe(ids.length);
    const transfers = await t.db.db
      .select()
      .from(fakeTransfer)
      .where(
        inArray(
          fakeTransfer.out_biz_no,
          ids.map((id) => `OVC${id}`),
        ),
      );
    expect(transfers).toHaveLength(ids.length);
    const rows = await t.db.db.select().from(macCash).where(inArray(macCash.cash_id, ids));
    expect(rows.every((r) => r.cash_status === 'paid')).toBe(true);
    const paidJournal = await t.db.db
      .select()
      .from(ledgerEntry)
      .where(
        inArray(
          ledgerEntry.idem_key,
          ids.map((id) => `cash:${id}:paid`),
        ),
      );
    expect(paidJournal).toHaveLength(ids.length);
  });

  it('the ledger check finds no difference after all of them', async () => {
    const check = await t.app.services.ledger.check();
    expect(check.list).toEqual([]);
    expect(check.checked).toBeGreaterThan(0);
  });
});
