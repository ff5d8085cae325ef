/**
 * Billing under concurrency (issue 6 "Proven by tests"). On PostgreSQL (DATABASE_URL set; a pool of 25 connections)
 * the requests really run in parallel; on PGlite (one transaction at a time) the same tests pass serialised.
 * - 200 concurrent notifications for one order credit it once;
 * - 100 concurrent redemptions of one code succeed once;
 * - 50 concurrent buys by one user leave one unpaid order;
 * - notifications racing a cancel or the expiry sweep: paid wins, credited once;
 * - the ledger check then finds no difference, and finds one planted by hand.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { ledgerEntry, macOrder, macUser, paymentEvent, redeemCode } from '../../db/schema/index.ts';
import { createTestDb, onPostgres, type TestApp, type TestDb } from '../../test/harness.ts';
import type { FakeChannel } from './fake-channel.ts';
import { buyFake, makeMember, makeUsers, nextIp, openFake } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  const dataDir = `/tmp/openvod-billing-conc-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({ DATA_DIR: dataDir, DEMO_CONTENT: '0', TZ: 'Asia/Shanghai' });
  const db: TestDb = await createTestDb(25);
  const app: App = await buildApp({ config, db, webDist: '/nonexistent', adminDist: '/nonexistent' });
  t = {
    app,
    db,
    config,
    dataDir,
    adminHeaders: async () => ({}),
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
});
afterAll(() => t.close());

describe(`billing concurrency (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it('200 concurrent notifications of one payment credit the order once', async () => {
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'month');
    await openFake(t, u.headers, code);
    const fake = t.app.services.billing.channels.get('fake') as FakeChannel;
    // The gateway records the trade as paid but its own delivery is lost; then 200 copies arrive at once.
    const deliver = fake.deliver;
    fake.deliver = async () => ({ status: 500, body: 'lost' });
    await fake.submit(code, 'pay');
    fake.deliver = deliver;
    const trade = await fake.trade(code);
    const payload = new URLSearchParams(fake.notificationFor(trade as NonNullable<typeof trade>)).toString();
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/pay/notify/fake',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(results.map((r) => `${r.statusCode} ${r.body}`)).toEqual(Array(200).fill('200 success'));
    const events = await t.db.db.select().from(paymentEvent).where(eq(paymentEvent.order_code, code));
    expect(events.map((e) => e.status)).toEqual(['credited']);
    const vipRows = await t.db.db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.idem_key, `order:${code}:vip`));
    expect(vipRows).toHaveLength(1);
    const [user] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, u.user.user_id));
    const nowSec = Math.floor(Date.now() / 1000);
    expect(user?.user_end_time).toBeGreaterThan(nowSec + 29 * 86400);
    expect(user?.user_end_time).toBeLessThanOrEqual(nowSec + 30 * 86400);
    const [order] = await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, code));
    expect(order?.order_status).toBe('paid');
  });

  it('100 concurrent redemptions of one code succeed once', async () => {
    const batch = await t.app.services.billing.createCodeBatch({
      batch_name: 'race',
      count: 1,
      grant_kind: 'points',
      grant_amount: 50,
      grant_group_id: 0,
      expires_at: new Date(Date.now() + 86400_000).toISOString(),
    });
    const [row] = await t.db.db.select().from(redeemCode).where(eq(redeemCode.batch_id, batch.batch_id));
    const users = await makeUsers(t, 100);
    const results = await Promise.all(
      users.map((u) =>
        t.app.inject({
          method: 'POST',
          url: '/api/billing/redeem',
          headers: u.headers,
          payload: { code: row?.code },
          remoteAddress: nextIp(),
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.json().code)).toEqual(Array(99).fill(3011));
    const winner = users[statuses.indexOf(200)];
    const credited = await t.db.db.execute(
      sql`select user_id, user_points from mac_user where user_id in ${users.map((u) => u.user.user_id)} and user_points > 0`,
    );
    const rows = ((credited as { rows?: unknown[] }).rows ?? credited) as { user_id: number; user_points: number }[];
    expect(rows).toEqual([{ user_id: winner?.user.user_id, user_points: 50 }]);
  });

  it('50 concurrent buys by one user leave one unpaid order, returned to all', async () => {
    const u = await makeMember(t);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/billing/buy',
          headers: u.headers,
          payload: { group_id: 3, long: i % 2 ? 'month' : 'year', channel: 'fake' },
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const codes = new Set(results.map((r) => r.json().info.order_code));
    expect(codes.size).toBe(1);
    expect(results.filter((r) => r.json().existing === false)).toHaveLength(1);
    const orders = await t.db.db.select().from(macOrder).where(eq(macOrder.user_id, u.user.user_id));
    expect(orders.map((o) => o.order_status)).toEqual(['unpaid']);
  });

  it('notify vs cancel and notify vs expiry at once: paid wins, credited once (10 orders each)', async () => {
    const billing = t.app.services.billing;
    const fake = billing.channels.get('fake') as FakeChannel;
    const users = await makeUsers(t, 20);
    const codes: string[] = [];
    for (const u of users) {
      const code = await buyFake(t, u.headers, 'month');
      await openFake(t, u.headers, code);
      codes.push(code);
    }
    // Paid at the gateway, its own delivery lost; the gateway's close does not see the payment yet (as Alipay's
    // TRADE_NOT_EXIST before the cashier registers it), so cancel and expiry race the notification for real.
    const deliver = fake.deliver;
    const close = fake.close;
    fake.deliver = async () => ({ status: 500, body: 'lost' });
    for (const code of codes) await fake.submit(code, 'pay');
    fake.deliver = deliver;
    fake.close = async () => ({ status: 'not_found', raw: {} });
    try {
      const expiring = codes.slice(10);
      await t.db.db
        .update(macOrder)
        .set({ order_expire_time: new Date(Date.now() - 1000) })
        .where(inArray(macOrder.order_code, expiring));
      const notifications = await Promise.all(
        codes.map(async (code) => {
          const trade = await fake.trade(code);
          return new URLSearchParams(fake.notificationFor(trade as NonNullable<typeof trade>)).toString();
        }),
      );
      const notify = (payload: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/pay/notify/fake',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload,
          remoteAddress: nextIp(),
        });
      const results = await Promise.all([
        ...codes.flatMap((_, i) => [notify(notifications[i] as string), notify(notifications[i] as string)]),
        ...codes.slice(0, 10).map((code, i) =>
          t.app.inject({
            method: 'POST',
            url: `/api/billing/orders/${code}/cancel`,
            headers: users[i]?.headers,
            remoteAddress: nextIp(),
          }),
        ),
        billing.expireDue(),
      ]);
      for (const r of results.slice(0, 50)) {
        if (typeof r === 'number') continue;
        expect(r.statusCode, r.body).toBe(200);
      }
    } finally {
      fake.close = close;
    }
    const orders = await t.db.db.select().from(macOrder).where(inArray(macOrder.order_code, codes));
    expect(orders.map((o) => o.order_status)).toEqual(Array(20).fill('paid'));
    const vip = await t.db.db
      .select({ key: ledgerEntry.idem_key })
      .from(ledgerEntry)
      .where(
        inArray(
          ledgerEntry.idem_key,
          codes.map((c) => `order:${c}:vip`),
        ),
      );
    expect(vip).toHaveLength(20);
    const paidFen = await t.db.db
      .select({ key: ledgerEntry.idem_key })
      .from(ledgerEntry)
      .where(
        inArray(
          ledgerEntry.idem_key,
          codes.map((c) => `order:${c}:paid`),
        ),
      );
    expect(paidFen).toHaveLength(20);
    const credited = await t.db.db
      .select({ code: paymentEvent.order_code, status: paymentEvent.status })
      .from(paymentEvent)
      .where(inArray(paymentEvent.order_code, codes));
    expect(credited.filter((e) => e.status === 'credited')).toHaveLength(20);
    const nowSec = Math.floor(Date.now() / 1000);
    const rows = await t.db.db
      .select()
      .from(macUser)
      .where(
        inArray(
          macUser.user_id,
          users.map((u) => u.user.user_id),
        ),
      );
    for (const r of rows) {
      expect(r.user_end_time).toBeGreaterThan(nowSec + 29 * 86400);
      expect(r.user_end_time).toBeLessThanOrEqual(nowSec + 30 * 86400);
      expect(r.group_id).toBe(3);
    }
  });

  it('the ledger check finds no difference after all this, and finds one planted by hand', async () => {
    const ledger = t.app.services.ledger;
    const clean = await ledger.check();
    expect(clean.list).toEqual([]);
    expect(clean.checked).toBeGreaterThan(0);
    const u = await makeMember(t);
    await t.db.db.update(macUser).set({ user_points: 7 }).where(eq(macUser.user_id, u.user.user_id));
    const dirty = await ledger.check();
    expect(dirty.list).toEqual([{ user_id: u.user.user_id, asset: 'points', balance: 7, journal_sum: 0 }]);
    const last = await ledger.lastCheck();
    expect(last?.list).toMatchObject([{ user_id: u.user.user_id, asset: 'points', balance: 7, journal_sum: 0 }]);
  });
});
