/**
 * Billing through HTTP (issue 6): plans and prices, the payment flow with the fake gateway (buy -> gopay -> cashier ->
 * signed notification -> paid -> VIP), existing unpaid orders, cancel and verify, expiry with paid-wins, upgrade with
 * points, redemption codes, and the console operations.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorDay, operatorDayRange } from '../../core/time.ts';
import { macGroup, macOrder, macPlog, macUser, paymentEvent, vipPlan } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { accountsJob } from '../accounts/accounts.jobs.ts';
import { creditPoints, PLOG_TYPE, processDeletions, requestDeletion } from '../accounts/accounts.service.ts';
import type { FakeChannel } from './fake-channel.ts';
import { buyFake, makeMember, nextIp, openFake } from './test-helpers.ts';

let t: TestApp;
let fake: FakeChannel;
const EN = { 'accept-language': 'en-US' };
beforeAll(async () => {
  t = await createTestApp();
  fake = t.app.services.billing.channels.get('fake') as FakeChannel;
});
afterAll(() => t.close());

const nowSec = () => Math.floor(Date.now() / 1000);

async function userRow(id: number) {
  const [u] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, id));
  return u as typeof macUser.$inferSelect;
}

describe('plans', () => {
  it('groupList shows the default plans with the new-user price to guests and members who never bought', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/groups' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toBeNull();
    const vip = body.list.find((g: { group_id: number }) => g.group_id === 3);
    expect(vip.plans.map((p: { long: string }) => p.long)).toEqual(['day', 'week', 'month', 'year']);
    const month = vip.plans[2];
    expect(month).toMatchObject({ days: 30, price: 3000, price_renew: 2500, price_new: 1990, price_now: 1990 });
    expect(month.price_kind).toBe('new');
  });

  it('a member who was VIP and bought before pays the renewal price', async () => {
    const u = await makeMember(t, { user_end_time: nowSec() - 10 });
    const code = await buyFake(t, u.headers, 'day');
    await openFake(t, u.headers, code);
    await fake.submit(code, 'pay');
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/groups', headers: u.headers });
    const month = res.json().list[0].plans[2];
    expect(month).toMatchObject({ price_now: 2500, price_kind: 'renew' });
    expect(res.json().user).toMatchObject({ user_id: u.user.user_id, ever_bought: true, is_vip: true });
  });

  it('orderField lists the offered channels (fake without keys) and the order lifetime', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/order-field' });
    expect(res.statusCode).toBe(200);
    expect(res.json().channels).toEqual([
      { channel: 'fake', name: 'fake', scenes: ['pc', 'h5', 'app', 'wechat_browser'] },
    ]);
    expect(res.json().order_expire_minutes).toBe(15);
    expect(res.json().list[0].group_id).toBe(3);
  });
});

describe('payment flow with the fake gateway', () => {
  it('buy requires login and a channel that is offered', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/billing/buy',
      payload: { group_id: 3, long: 'month', channel: 'fake' },
    });
    expect(anon.statusCode).toBe(401);
    const u = await makeMember(t);
    const noChannel = await t.app.inject({
      method: 'POST',
      url: '/api/billing/buy',
      headers: { ...u.headers, ...EN },
      payload: { group_id: 3, long: 'month' },
    });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json().field).toBe('channel');
    const alipay = await t.app.inject({
      method: 'POST',
      url: '/api/billing/buy',
      headers: { ...u.headers, ...EN },
      payload: { group_id: 3, long: 'month', channel: 'alipay' },
    });
    expect(alipay.statusCode).toBe(400);
    expect(alipay.json()).toMatchObject({ code: 3002, msg: 'This payment method is not available' });
  });

  it('buys a month: cashier, signed notification, paid, VIP at once with stacked end and no-ad time', async () => {
    const u = await makeMember(t);
    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/billing/buy',
      headers: { ...u.headers, ...EN },
      payload: { group_id: 3, long: 'month', channel: 'fake' },
    });
    expect(buy.statusCode).toBe(200);
    const order = buy.json().info;
    expect(buy.json()).toMatchObject({ existing: false, msg: 'Order generated' });
    expect(order).toMatchObject({ order_status: 'unpaid', order_price: 1990, order_price_kind: 'new', order_days: 30 });
    expect(order.order_code).toMatch(/^[0-9A-Z]{24}$/);

    // A second buy returns the same unpaid order.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/billing/buy',
      headers: { ...u.headers, ...EN },
      payload: { group_id: 3, long: 'year', channel: 'fake' },
    });
    expect(again.json()).toMatchObject({ existing: true, msg: 'You have an unpaid order: pay or cancel it first' });
    expect(again.json().info.order_code).toBe(order.order_code);

    const pay = await openFake(t, u.headers, order.order_code);
    expect(pay.action.kind).toBe('redirect');
    const link = new URL(pay.action.url, 'http://x');
    expect(link.pathname).toBe(`/api/pay/fake/${order.order_code}`);
    const token = link.searchParams.get('t') ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);

    const cashier = await t.app.inject({ method: 'GET', url: pay.action.url, headers: EN });
    expect(cashier.statusCode).toBe(200);
    expect(cashier.headers['content-type']).toContain('text/html');
    expect(cashier.body).toContain('Amount: ¥19.90');
    expect(cashier.body).toContain('value="pay"');
    // The plan by its translated name (not "VIP会员 30d"), and the form carries the link's token.
    expect(cashier.body).toContain('VIP member · 1 month');
    expect(cashier.body).not.toContain('30d');
    expect(cashier.body).toContain(`name="t" value="${token}"`);

    const before = nowSec();
    const submit = await t.app.inject({
      method: 'POST',
      url: `/api/pay/fake/${order.order_code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=pay&t=${token}`,
      remoteAddress: nextIp(),
    });
    expect(submit.statusCode).toBe(303);
    expect(submit.headers.location).toBe(`/#/pages/me/plog/order-list?order_code=${order.order_code}`);

    const info = await t.app.inject({
      method: 'GET',
      url: `/api/billing/orders/${order.order_code}`,
      headers: u.headers,
    });
    expect(info.json().info).toMatchObject({ order_status: 'paid', order_pay_type: 'fake' });
    expect(info.json().info.order_pay_time).not.toBeNull();
    const user = await userRow(u.user.user_id);
    expect(user.group_id).toBe(3);
    expect(user.user_end_time).toBeGreaterThanOrEqual(before + 30 * 86400);
    expect(user.user_end_time).toBeLessThanOrEqual(nowSec() + 30 * 86400);
    expect(user.user_noad_time).toBe(user.user_end_time);
    const me = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers });
    expect(me.json().info).toMatchObject({ is_vip: true, group_id: 3 });

    // A second month stacks onto the unexpired end.
    const code2 = await buyFake(t, u.headers, 'month');
    await openFake(t, u.headers, code2);
    await fake.submit(code2, 'pay');
    expect((await userRow(u.user.user_id)).user_end_time).toBe(user.user_end_time + 30 * 86400);

    const list = await t.app.inject({ method: 'GET', url: '/api/billing/orders?limit=10', headers: u.headers });
    expect(list.json()).toMatchObject({ total: 2, page: 1, pagecount: 1 });
    expect(list.json().list[0].order_code).toBe(code2);
  });

  it('a notification replayed, tampered with or signed with another key credits nothing more', async () => {
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'week');
    await openFake(t, u.headers, code);
    await fake.submit(code, 'pay');
    const end = (await userRow(u.user.user_id)).user_end_time;
    const trade = await fake.trade(code);
    const body = new URLSearchParams(fake.notificationFor(trade as NonNullable<typeof trade>)).toString();
    const notify = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/fake',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const replay = await notify(body);
    expect([replay.statusCode, replay.body]).toEqual([200, 'success']);
    const tampered = await notify(body.replace('total_amount=9.90', 'total_amount=0.01'));
    expect([tampered.statusCode, tampered.body]).toEqual([400, 'fail']);
    expect((await userRow(u.user.user_id)).user_end_time).toBe(end);
    const events = await t.db.db.select().from(paymentEvent).where(eq(paymentEvent.order_code, code));
    expect(events.map((e) => e.status)).toEqual(['credited']);
  });

  it('an abandoned payment: fail at the cashier, verify says Order unpaid, then cancel (closed at the gateway)', async () => {
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'month');
    const opened = await openFake(t, u.headers, code);
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/pay/fake/${code}`,
      headers: EN,
      payload: { action: 'fail', t: new URL(opened.action.url, 'http://x').searchParams.get('t') },
      remoteAddress: nextIp(),
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('Payment failed');
    const verify = await t.app.inject({
      method: 'POST',
      url: `/api/billing/orders/${code}/verify`,
      headers: { ...u.headers, ...EN },
      remoteAddress: nextIp(),
    });
    expect(verify.json()).toMatchObject({ paid: false, msg: 'Order unpaid', info: { order_status: 'unpaid' } });
    expect(verify.json().user.is_vip).toBe(false);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/billing/orders/${code}/cancel`,
      headers: u.headers,
      remoteAddress: nextIp(),
    });
    expect(cancel.json().info.order_status).toBe('cancelled');
    expect((await fake.trade(code))?.status).toBe('closed');
    // The gateway refuses to pay a closed trade; another order can be bought now.
    expect((await fake.submit(code, 'pay')).trade?.status).toBe('closed');
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/billing/buy',
      headers: u.headers,
      payload: { group_id: 3, long: 'day', channel: 'fake' },
      remoteAddress: nextIp(),
    });
    expect(next.json().existing).toBe(false);
  });

  it('verify finds a payment whose notification was lost (the provider query says paid)', async () => {
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'day');
    await openFake(t, u.headers, code);
    const deliver = fake.deliver;
    fake.deliver = async () => ({ status: 500, body: 'lost' });
    try {
      expect((await fake.submit(code, 'pay')).acked).toBe(false);
    } finally {
      fake.deliver = deliver;
    }
    const verify = await t.app.inject({
      method: 'POST',
      url: `/api/billing/orders/${code}/verify`,
      headers: { ...u.headers, ...EN },
      remoteAddress: nextIp(),
    });
    expect(verify.json()).toMatchObject({ paid: true, msg: 'Payment successful', user: { is_vip: true } });
  });

  it('expiry closes at the gateway first: an unpaid order expires; one paid at the gateway becomes paid', async () => {
    const billing = t.app.services.billing;
    const a = await makeMember(t);
    const b = await makeMember(t);
    const codeA = await buyFake(t, a.headers, 'day');
    const codeB = await buyFake(t, b.headers, 'day');
    await openFake(t, a.headers, codeA);
    await openFake(t, b.headers, codeB);
    // B paid at the gateway but the notification never arrived.
    const deliver = fake.deliver;
    fake.deliver = async () => ({ status: 500, body: 'lost' });
    await fake.submit(codeB, 'pay');
    fake.deliver = deliver;
    const later = new Date(Date.now() + 16 * 60_000);
    billing.now = () => later;
    try {
      expect(await billing.expireDue()).toBeGreaterThanOrEqual(2);
    } finally {
      billing.now = () => new Date();
    }
    const [oa] = await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, codeA));
    const [ob] = await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, codeB));
    expect(oa?.order_status).toBe('expired');
    expect(ob?.order_status).toBe('paid');
    expect((await fake.trade(codeA))?.status).toBe('closed');
    expect((await userRow(b.user.user_id)).group_id).toBe(3);
    // gopay on the expired order is refused.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/gopay',
      headers: { ...a.headers, ...EN },
      payload: { order_code: codeA },
      remoteAddress: nextIp(),
    });
    expect(res.json()).toMatchObject({ code: 3001 });
  });

  it('account deletion cancels unpaid orders (closed at the gateway) and credits one the gateway says is paid', async () => {
    const a = await makeMember(t);
    const b = await makeMember(t);
    const codeA = await buyFake(t, a.headers, 'day');
    const codeB = await buyFake(t, b.headers, 'day');
    await openFake(t, a.headers, codeA);
    await openFake(t, b.headers, codeB);
    const deliver = fake.deliver;
    fake.deliver = async () => ({ status: 500, body: 'lost' });
    await fake.submit(codeB, 'pay');
    fake.deliver = deliver;
    const asked = new Date(Date.now() - 10 * 86400_000);
    await requestDeletion(t.db.db, a.user.user_id, { now: asked });
    await requestDeletion(t.db.db, b.user.user_id, { now: asked });
    const done = await processDeletions(t.db.db, new Date(), { handlers: t.app.services.accounts.deletionHandlers });
    expect(done).toBeGreaterThanOrEqual(2);
    await t.app.services.billing.settling;
    const [oa] = await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, codeA));
    const [ob] = await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, codeB));
    expect([oa?.order_status, ob?.order_status]).toEqual(['cancelled', 'paid']);
    expect((await fake.trade(codeA))?.status).toBe('closed');
  });

  it("another user's order is not found", async () => {
    const a = await makeMember(t);
    const b = await makeMember(t);
    const code = await buyFake(t, a.headers, 'day');
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/orders/${code}`, headers: b.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('upgrade with points', () => {
  it('spends the plan points and stacks VIP time; refuses when points are short', async () => {
    const u = await makeMember(t);
    await t.db.db.transaction((tx) =>
      creditPoints(tx, u.user.user_id, 150, PLOG_TYPE.checkIn, `test:${u.user.user_id}`, 't'),
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/billing/upgrade',
      headers: u.headers,
      payload: { group_id: 3, long: 'day' },
      remoteAddress: nextIp(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ point: 100, info: { user_points: 50, is_vip: true, group_id: 3 } });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/billing/upgrade',
      headers: { ...u.headers, ...EN },
      payload: { group_id: 3, long: 'day' },
      remoteAddress: nextIp(),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 3003, msg: 'Not enough points' });
    expect((await userRow(u.user.user_id)).user_points).toBe(50);
  });

  it('a retry with the same Idempotency-Key spends and grants once', async () => {
    const u = await makeMember(t);
    await t.db.db.transaction((tx) =>
      creditPoints(tx, u.user.user_id, 300, PLOG_TYPE.checkIn, `idem:${u.user.user_id}`, 't'),
    );
    const headers = { ...u.headers, 'idempotency-key': `retry-${u.user.user_id}-0001` };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/billing/upgrade',
      headers,
      payload: { group_id: 3, long: 'day' },
      remoteAddress: nextIp(),
    });
    const end = (await userRow(u.user.user_id)).user_end_time;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/billing/upgrade',
      headers,
      payload: { group_id: 3, long: 'day' },
      remoteAddress: nextIp(),
    });
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().info.user_points).toBe(200);
    expect((await userRow(u.user.user_id)).user_end_time).toBe(end);
  });
});

describe('upgrade with points: stacking and idempotency (H10 review)', () => {
  const upgrade = (headers: Record<string, string>, payload: { group_id: number; long: string }) =>
    t.app.inject({ method: 'POST', url: '/api/billing/upgrade', headers, payload, remoteAddress: nextIp() });

  it('a VIP with 5 days left upgrades a week: points spent (plog 7), end and no-ad time + exactly 7 days', async () => {
    const end0 = nowSec() + 5 * 86400;
    const u = await makeMember(t, { group_id: 3, user_end_time: end0, user_noad_time: end0 + 3600 });
    await t.db.db.transaction((tx) =>
      creditPoints(tx, u.user.user_id, 700, PLOG_TYPE.checkIn, `stack:${u.user.user_id}`, 't'),
    );
    const res = await upgrade(u.headers, { group_id: 3, long: 'week' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ point: 600, info: { user_points: 100, is_vip: true, group_id: 3 } });
    const row = await userRow(u.user.user_id);
    expect(row.user_end_time).toBe(end0 + 7 * 86400);
    expect(row.user_noad_time).toBe(end0 + 3600 + 7 * 86400);
    const plog = await t.db.db.select().from(macPlog).where(eq(macPlog.user_id, u.user.user_id));
    expect(plog.map((p) => [p.plog_type, p.plog_points]).sort()).toEqual(
      [
        [PLOG_TYPE.checkIn, 700],
        [PLOG_TYPE.groupUpgrade, -600],
      ].sort(),
    );
  });

  it('the same Idempotency-Key with another length is refused (422 3005, nothing changes); a replay answers the first result', async () => {
    const u = await makeMember(t);
    await t.db.db.transaction((tx) =>
      creditPoints(tx, u.user.user_id, 1000, PLOG_TYPE.checkIn, `idem2:${u.user.user_id}`, 't'),
    );
    const headers = { ...u.headers, ...EN, 'idempotency-key': `mismatch-${u.user.user_id}-01` };
    const first = await upgrade(headers, { group_id: 3, long: 'day' });
    expect(first.statusCode, first.body).toBe(200);
    const after = await userRow(u.user.user_id);
    const other = await upgrade(headers, { group_id: 3, long: 'week' });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json()).toMatchObject({ code: 3005 });
    expect(other.json().msg).toContain('request key');
    const unchanged = await userRow(u.user.user_id);
    expect([unchanged.user_points, unchanged.user_end_time]).toEqual([after.user_points, after.user_end_time]);
    const replay = await upgrade(headers, { group_id: 3, long: 'day' });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ point: 100, info: { user_points: 900, user_end_time: after.user_end_time } });
  });
});

describe('rate limits (H10 review)', () => {
  it('buy, gopay and upgrade from one address are limited to 30 a minute (429 1429)', async () => {
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'day');
    const ip = nextIp();
    for (const [url, payload] of [
      ['/api/billing/buy', { group_id: 3, long: 'day', channel: 'fake' }],
      ['/api/billing/gopay', { order_code: code, scene: 'h5' }],
      ['/api/billing/upgrade', { group_id: 3, long: 'day' }],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const r = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...u.headers, ...EN },
          payload,
          remoteAddress: ip,
        });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json()).toMatchObject({ code: 1429 });
      }
      expect(statuses.slice(0, 30)).not.toContain(429);
      expect(statuses[30]).toBe(429);
    }
  });
});

describe('VIP end (H10 review)', () => {
  it('a bought VIP is VIP at once; when user_end_time passes the hourly accounts job drops them to group 2', async () => {
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'day');
    await openFake(t, u.headers, code);
    expect((await fake.submit(code, 'pay')).acked).toBe(true);
    const info = await t.app.inject({ method: 'POST', url: '/api/billing/groups', headers: u.headers });
    expect(info.json().user).toMatchObject({ group_id: 3, is_vip: true });
    await t.db.db
      .update(macUser)
      .set({ user_end_time: nowSec() - 1 })
      .where(eq(macUser.user_id, u.user.user_id));
    const logs: string[] = [];
    await accountsJob(t.db.db, (m) => logs.push(m)).handler();
    expect((await userRow(u.user.user_id)).group_id).toBe(2);
    const after = await t.app.inject({ method: 'POST', url: '/api/billing/groups', headers: u.headers });
    expect(after.json().user).toMatchObject({ group_id: 2, is_vip: false });
  });
});

describe('notifications the order does not expect (H10 review)', () => {
  it('an amount that differs from the order snapshot is recorded, not credited, and shown to the operator', async () => {
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'month');
    await openFake(t, u.headers, code);
    const deliver = fake.deliver;
    fake.deliver = async () => ({ status: 500, body: 'lost' });
    try {
      await fake.submit(code, 'pay');
    } finally {
      fake.deliver = deliver;
    }
    const trade = (await fake.trade(code)) as NonNullable<Awaited<ReturnType<FakeChannel['trade']>>>;
    const payload = new URLSearchParams(fake.notificationFor({ ...trade, amount: 1 })).toString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/fake',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    // Acknowledged (a resend would not change the amount) but nothing credited.
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    const [order] = await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, code));
    expect(order?.order_status).toBe('unpaid');
    expect((await userRow(u.user.user_id)).user_end_time).toBe(0);
    const admin = await t.adminHeaders();
    const view = await t.app.inject({ method: 'GET', url: `/api/admin/billing/orders/${code}`, headers: admin });
    expect(view.statusCode, view.body).toBe(200);
    const problems = await t.app.inject({
      method: 'GET',
      url: '/api/admin/billing/orders?problem=1&limit=100',
      headers: admin,
    });
    expect(problems.statusCode, problems.body).toBe(200);
    const listed = problems.json().list.map((o: { order_code: string }) => o.order_code);
    expect(listed).toContain(code);
    const paid = await t.db.db.select().from(macOrder).where(eq(macOrder.order_status, 'paid')).limit(1);
    expect(listed).not.toContain(paid[0]?.order_code);
    expect(view.json().payments).toMatchObject([
      { amount: 1, status: 'amount_mismatch', provider_txn_id: trade.trade_no },
    ]);
  });

  it('an order cancelled locally (the provider did not know the trade yet) that the provider then pays: paid wins, credited once', async () => {
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'week');
    await openFake(t, u.headers, code);
    // As Alipay answers ACQ.TRADE_NOT_EXIST before the cashier opens: the close finds nothing, the pay URL still works.
    const close = fake.close;
    fake.close = async () => ({ status: 'not_found', raw: {} });
    try {
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/billing/orders/${code}/cancel`,
        headers: u.headers,
        remoteAddress: nextIp(),
      });
      expect(cancel.json().info.order_status).toBe('cancelled');
    } finally {
      fake.close = close;
    }
    expect((await fake.submit(code, 'pay')).acked).toBe(true);
    const [order] = await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, code));
    expect(order?.order_status).toBe('paid');
    const end = (await userRow(u.user.user_id)).user_end_time;
    expect(end).toBeGreaterThan(nowSec() + 6 * 86400);
    expect((await fake.submit(code, 'pay')).acked).toBe(true);
    expect((await userRow(u.user.user_id)).user_end_time).toBe(end);
    const events = await t.db.db.select().from(paymentEvent).where(eq(paymentEvent.order_code, code));
    expect(events.map((e) => e.status)).toEqual(['credited']);
  });
});

describe('the cashier page and order numbers (H10 review)', () => {
  it('escapes the subject (a group name with markup) and order numbers are 24 random Crockford characters', async () => {
    const [g] = await t.db.db
      .insert(macGroup)
      .values({ group_name: '<img src=x onerror=alert(1)>' })
      .returning({ id: macGroup.group_id });
    const gid = g?.id as number;
    await t.db.db
      .insert(vipPlan)
      .values({ group_id: gid, long: 'day', days: 1, price: 100, price_renew: 100, price_new: 100 });
    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'day', gid);
    const opened = await openFake(t, u.headers, code);
    const page = await t.app.inject({ method: 'GET', url: opened.action.url, headers: EN });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).not.toContain('<img src=x');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{24}$/);
    const u2 = await makeMember(t);
    expect(await buyFake(t, u2.headers, 'day', gid)).not.toBe(code);
  });
});

describe('the test payment channel pays only the buyer (fake-channel.ts cashier token)', () => {
  const submit = (code: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/pay/fake/${code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...EN, ...headers },
      payload,
      remoteAddress: nextIp(),
    });

  it("no session and no token, another member's session, or another order's token: 403, nothing paid", async () => {
    const owner = await makeMember(t);
    const other = await makeMember(t);
    const code = await buyFake(t, owner.headers, 'month');
    const opened = await openFake(t, owner.headers, code);
    const token = new URL(opened.action.url, 'http://x').searchParams.get('t') ?? '';
    const otherCode = await buyFake(t, other.headers, 'day');
    const otherOpened = await openFake(t, other.headers, otherCode);
    const otherToken = new URL(otherOpened.action.url, 'http://x').searchParams.get('t') ?? '';

    const attempts = [
      await submit(code, 'action=pay'),
      await submit(code, 'action=pay', other.headers),
      await submit(code, `action=pay&t=${otherToken}`),
      await submit(code, `action=pay&t=${otherToken}`, other.headers),
      await submit(code, `action=pay&t=${token.slice(0, -2)}AA`),
      await submit(code, 'action=fail'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 1403, msg: expect.stringContaining('payment link is not valid') });
    }
    const page = await t.app.inject({ method: 'GET', url: `/api/pay/fake/${code}`, headers: EN });
    expect(page.statusCode).toBe(403);
    expect((await fake.trade(code))?.status).toBe('unpaid');
    const info = await t.app.inject({ method: 'GET', url: `/api/billing/orders/${code}`, headers: owner.headers });
    expect(info.json().info.order_status).toBe('unpaid');
    expect((await userRow(owner.user.user_id)).group_id).toBe(2);

    // The owner's link pays it.
    const paid = await submit(code, `action=pay&t=${token}`);
    expect(paid.statusCode).toBe(303);
    expect((await userRow(owner.user.user_id)).group_id).toBe(3);
    expect((await userRow(other.user.user_id)).group_id).toBe(2);
  });

  it("an order that is not the gopay caller's gets no cashier link", async () => {
    const owner = await makeMember(t);
    const other = await makeMember(t);
    const code = await buyFake(t, owner.headers, 'day');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/gopay',
      headers: other.headers,
      payload: { order_code: code, scene: 'h5' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(404);
  });

  it('the console is told the test channel is on (adminMe fake_pay)', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: await t.adminHeaders() });
    expect(me.statusCode).toBe(200);
    expect(me.json().fake_pay).toBe(true);
  });
});

describe('redemption codes and the console', () => {
  it('operator makes batches; codes redeem once; wrong, used and expired are told apart; CSV export', async () => {
    const admin = await t.adminHeaders();
    const mk = async (payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/billing/code-batches',
        headers: admin,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().info;
    };
    const future = new Date(Date.now() + 86400_000).toISOString();
    const vip = await mk({
      batch_name: 'vip7',
      count: 3,
      grant_kind: 'vip',
      grant_amount: 7,
      grant_group_id: 3,
      expires_at: future,
    });
    const views = await mk({ batch_name: 'views', count: 2, grant_kind: 'views', grant_amount: 5, expires_at: future });
    const points = await mk({
      batch_name: 'pts',
      count: 1,
      grant_kind: 'points',
      grant_amount: 30,
      expires_at: future,
    });
    const old = await mk({
      batch_name: 'old',
      count: 1,
      grant_kind: 'downloads',
      grant_amount: 1,
      expires_at: new Date(Date.now() + 1000).toISOString(),
    });
    expect(vip).toMatchObject({ code_count: 3, used_count: 0, grant_kind: 'vip' });
    // A day (the console's date picker) is the operator's: valid through its end in Asia/Shanghai, not the caller's.
    const byDay = await mk({
      batch_name: 'day',
      count: 1,
      grant_kind: 'views',
      grant_amount: 1,
      expires_at: '2031-02-28',
    });
    expect(byDay.expires_at).toBe('2031-02-28T15:59:59.999Z');
    // The console shows that day back, whatever its browser's time zone.
    expect(byDay.expires_day).toBe('2031-02-28');
    // An instant given as such: the last day is the operator day just before it (16:00Z is midnight in Shanghai).
    const byInstant = await mk({
      batch_name: 'instant',
      count: 1,
      grant_kind: 'views',
      grant_amount: 1,
      expires_at: '2031-03-01T16:00:00.000Z',
    });
    expect(byInstant.expires_day).toBe('2031-03-01');
    const badDay = await t.app.inject({
      method: 'POST',
      url: '/api/admin/billing/code-batches',
      headers: admin,
      payload: { batch_name: 'x', count: 1, grant_kind: 'views', grant_amount: 1, expires_at: '2031-02-30' },
    });
    expect(badDay.statusCode).toBe(400);
    const noGroup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/billing/code-batches',
      headers: admin,
      payload: { batch_name: 'x', count: 1, grant_kind: 'vip', grant_amount: 1, expires_at: future },
    });
    expect(noGroup.statusCode).toBe(400);

    const csv = async (id: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/billing/code-batches/${id}/export`,
        headers: admin,
      });
      expect(res.headers['content-type']).toContain('text/csv');
      return res.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(','));
    };
    const vipCodes = await csv(vip.batch_id);
    expect(vipCodes).toHaveLength(3);
    expect(vipCodes[0]?.[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);

    const u = await makeMember(t);
    const redeem = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/redeem',
        headers: { ...u.headers, ...EN },
        payload: { code },
        remoteAddress: nextIp(),
      });
    const first = vipCodes[0]?.[0] as string;
    const typed = `${first.slice(0, 4).toLowerCase()}-${first.slice(4, 8)} ${first.slice(8)}`;
    const r1 = await redeem(typed);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({
      grant: { grant_kind: 'vip', grant_amount: 7, grant_group_id: 3 },
      info: { is_vip: true },
    });
    expect((await redeem(first)).json()).toMatchObject({
      code: 3011,
      msg: 'This redemption code has already been used',
    });
    expect((await redeem('0000000000000000')).json()).toMatchObject({
      code: 3010,
      msg: 'This redemption code is wrong',
    });
    const [viewCode] = (await csv(views.batch_id))[0] as string[];
    expect((await redeem(viewCode as string)).json().info.user_view_credits).toBe(5);
    const [pointCode] = (await csv(points.batch_id))[0] as string[];
    expect((await redeem(pointCode as string)).json().info.user_points).toBe(30);
    // The points are journalled as a redemption (contract PLOG_TYPE.redeem), not as the watch-film task (14).
    const plog = await t.db.db.select().from(macPlog).where(eq(macPlog.user_id, u.user.user_id));
    expect(plog.map((p) => [p.plog_type, p.plog_points, p.plog_key, p.plog_remarks])).toEqual([
      [PLOG_TYPE.redeem, 30, `code:${pointCode}`, `redeem batch:${points.batch_id}`],
    ]);
    expect(PLOG_TYPE.redeem).not.toBe(PLOG_TYPE.watchFilm);
    const log = await t.app.inject({ method: 'GET', url: '/api/points/log', headers: u.headers });
    expect(log.json().list.map((p: { plog_type: number }) => p.plog_type)).toEqual([PLOG_TYPE.redeem]);
    // The console's points report (by plog type) counts it as a redemption, not as watched films.
    const report = (await t.app.inject({ url: '/api/admin/points/report', headers: admin })).json();
    type ByType = { plog_type: number; issued: number; spent: number };
    expect(report.by_type.find((r: ByType) => r.plog_type === PLOG_TYPE.redeem)).toEqual({
      plog_type: PLOG_TYPE.redeem,
      issued: 30,
      spent: 0,
    });
    expect(report.by_type.find((r: ByType) => r.plog_type === PLOG_TYPE.watchFilm)).toBeUndefined();
    const [oldCode] = (await csv(old.batch_id))[0] as string[];
    t.app.services.billing.now = () => new Date(Date.now() + 5000);
    try {
      expect((await redeem(oldCode as string)).json()).toMatchObject({
        code: 3012,
        msg: 'This redemption code has expired',
      });
    } finally {
      t.app.services.billing.now = () => new Date();
    }
    expect((await csv(vip.batch_id)).find((r) => r[0] === first)?.slice(1, 3)).toEqual([
      'used',
      String(u.user.user_id),
    ]);
    const batches = await t.app.inject({ method: 'GET', url: '/api/admin/billing/code-batches', headers: admin });
    expect(batches.json().list.find((b: { batch_id: number }) => b.batch_id === vip.batch_id).used_count).toBe(1);
  });

  it('too many failed redemptions are refused with 429', async () => {
    const u = await makeMember(t);
    const ip = nextIp();
    const codes = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/redeem',
        headers: u.headers,
        payload: { code: 'ZZZZZZZZZZZZZZZZ' },
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes[10]).toBe(429);
  });

  it('plans, channels, orders, one order with the provider record, close, revenue, ledger check', async () => {
    const admin = await t.adminHeaders();
    const plans = await t.app.inject({ method: 'GET', url: '/api/admin/billing/plans', headers: admin });
    const day = plans.json().list.find((p: { long: string; group_id: number }) => p.group_id === 3 && p.long === 'day');
    const upd = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/billing/plans/${day.plan_id}`,
      headers: admin,
      payload: { price_new: 90 },
    });
    expect(upd.json().info).toMatchObject({ price_new: 90, price: 300 });
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/admin/groups',
      headers: admin,
      payload: { group_name: 'SVIP' },
    });
    const gid = group.json().info.group_id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/billing/plans',
      headers: admin,
      payload: { group_id: gid, long: 'year', price: 39800, price_renew: 36800, price_new: 29800 },
    });
    expect(created.json().info).toMatchObject({ group_id: gid, days: 365, points: 0, plan_status: 1 });
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/billing/plans',
      headers: admin,
      payload: { group_id: gid, long: 'year', price: 1, price_renew: 1, price_new: 1 },
    });
    expect(dup.statusCode).toBe(409);

    const channels = await t.app.inject({ method: 'GET', url: '/api/admin/billing/channels', headers: admin });
    expect(
      channels.json().list.map((c: { channel: string; configured: boolean }) => [c.channel, c.configured]),
    ).toEqual([
      ['alipay', false],
      ['wechat', false],
      ['fake', true],
    ]);

    const u = await makeMember(t);
    const code = await buyFake(t, u.headers, 'day');
    const byCode = await t.app.inject({ method: 'GET', url: `/api/admin/billing/orders?wd=${code}`, headers: admin });
    expect(byCode.json().list.map((o: { order_code: string }) => o.order_code)).toEqual([code]);
    const byUser = await t.app.inject({
      method: 'GET',
      url: `/api/admin/billing/orders?wd=${u.user.user_name}`,
      headers: admin,
    });
    expect(byUser.json().list[0]).toMatchObject({ order_code: code, user_name: u.user.user_name, order_price: 90 });
    const notOpened = await t.app.inject({ method: 'GET', url: `/api/admin/billing/orders/${code}`, headers: admin });
    expect(notOpened.json()).toMatchObject({ provider: null, payments: [] });
    await openFake(t, u.headers, code);
    const opened = await t.app.inject({ method: 'GET', url: `/api/admin/billing/orders/${code}`, headers: admin });
    expect(opened.json().provider).toMatchObject({ status: 'unpaid', amount: 90 });
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/billing/orders/${code}/close`,
      headers: admin,
    });
    expect(closed.json().info.order_status).toBe('cancelled');

    const paidCode = await buyFake(t, u.headers, 'day');
    await openFake(t, u.headers, paidCode);
    await fake.submit(paidCode, 'pay');
    const paid = await t.app.inject({ method: 'GET', url: `/api/admin/billing/orders/${paidCode}`, headers: admin });
    expect(paid.json().payments).toMatchObject([{ channel: 'fake', amount: 90, status: 'credited' }]);
    expect(paid.json().provider.status).toBe('paid');

    // The operator day the order was paid on (not the test's "now": the day may roll over during the test).
    const today = operatorDay(new Date(paid.json().info.order_pay_time), 'Asia/Shanghai');
    const byChannel = await t.app.inject({
      method: 'GET',
      url: `/api/admin/billing/revenue?from=${today}&to=${today}&by=channel`,
      headers: admin,
    });
    expect(byChannel.statusCode, byChannel.body).toBe(200);
    const fakeRow = byChannel.json().list.find((r: { key: string }) => r.key === 'fake');
    expect(fakeRow.amount).toBe(byChannel.json().sum_amount);
    const byDay = await t.app.inject({
      method: 'GET',
      url: `/api/admin/billing/revenue?from=${today}&to=${today}&by=day`,
      headers: admin,
    });
    expect(byDay.json().list).toEqual([{ key: today, label: today, orders: fakeRow.orders, amount: fakeRow.amount }]);
    const byPlan = await t.app.inject({
      method: 'GET',
      url: `/api/admin/billing/revenue?from=${today}&to=${today}&by=plan`,
      headers: admin,
    });
    expect(byPlan.json().sum_amount).toBe(fakeRow.amount);
    // Without days the report covers the operator's last 30 days (server clock and time zone, whatever the
    // caller's clock says): `to` is the operator's today at the request, `from` 29 days earlier.
    const dayBefore = operatorDay(new Date(), 'Asia/Shanghai');
    const byDefault = await t.app.inject({
      method: 'GET',
      url: '/api/admin/billing/revenue?by=channel',
      headers: admin,
    });
    const dayAfter = operatorDay(new Date(), 'Asia/Shanghai');
    const { from, to } = byDefault.json();
    expect([dayBefore, dayAfter]).toContain(to);
    expect(from).toBe(operatorDayRange(new Date(), 'Asia/Shanghai', { to }).from);
    const explicit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/billing/revenue?from=${from}&to=${to}&by=channel`,
      headers: admin,
    });
    expect(byDefault.json().sum_amount).toBe(explicit.json().sum_amount);
    expect(byDefault.json().sum_amount).toBeGreaterThanOrEqual(byChannel.json().sum_amount);

    const none = await t.app.inject({ method: 'GET', url: '/api/admin/ledger/check', headers: admin });
    expect(none.statusCode).toBe(200);
    await t.db.db.transaction((tx) => creditPoints(tx, u.user.user_id, 5, PLOG_TYPE.checkIn, `chk:${code}`, 't'));
    const run = await t.app.inject({ method: 'POST', url: '/api/admin/ledger/check', headers: admin });
    expect(run.json()).toMatchObject({ list: [] });
    expect(run.json().checked).toBeGreaterThan(0);
    expect(run.json().checked_at).not.toBeNull();

    const anon = await t.app.inject({ method: 'GET', url: '/api/admin/billing/orders' });
    expect(anon.statusCode).toBe(401);
  });
});
