/**
 * The device's guest account merged into the account it signs into (guest-merge.ts; spec §5 "Buying requires
 * login"): VIP and ad-free time, points, extra views, orders, watch records and favourites move in one transaction,
 * once per guest session, with the ledger balanced; buying as the guest is refused with 403 3006 until a phone is
 * bound. Runs on PGlite, and on PostgreSQL with DATABASE_URL (there the parallel sign-ins really race).
 */
import { randomBytes } from 'node:crypto';
import { BillingErrorCode, guestCredentials } from '@openvod/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.ts';
import { accountMerge, macOrder, macUlog, userSession } from '../../db/schema/index.ts';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.ts';
import { readOutbox } from '../sms/sms.provider.ts';
import { creditPoints, findUserById, PLOG_TYPE } from './accounts.service.ts';
import { makeUser, nextIp } from './test-helpers.ts';

const EN = { 'accept-language': 'en-US' };
const DAY = 86_400;

let t: TestApp;
let now: Date;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  const at = new Date();
  now = at;
  t.app.services.accounts.now = () => at;
  t.app.services.billing.now = () => at;
});

const nowSec = () => Math.floor(now.getTime() / 1000);
let phoneSeq = 0;
const nextPhone = () => `136${String(10_000_000 + ++phoneSeq * 7919 + Math.floor(Math.random() * 1000)).slice(-8)}`;

/** The device's guest account as the app makes it (spec §4 Auto login): reg with the device-derived credentials. */
async function makeGuest() {
  const deviceId = `dev-${randomBytes(8).toString('hex')}`;
  const g = guestCredentials(deviceId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/reg',
    headers: { deviceid: deviceId },
    remoteAddress: nextIp(),
    payload: { user_name: g.user_name, user_pwd: g.user_pwd, user_pwd2: g.user_pwd, imei: g.imei },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { token, info } = res.json() as { token: string; info: { user_id: number } };
  return { deviceId, userId: info.user_id, headers: { authorcode: token, deviceid: deviceId } };
}

/** Give the guest: 30 VIP days (group 3), 7 points, 3 extra views, a paid order, favourites and watch records. */
async function fillGuest(guestId: number) {
  const { billing, ledger } = t.app.services;
  await t.db.db.transaction(async (tx) => {
    await billing.grantVip(tx, { userId: guestId, groupId: 3, days: 30, key: `test:${guestId}:vip`, kind: 'test' });
    await creditPoints(tx, guestId, 7, PLOG_TYPE.recharge, `test:${guestId}:points`, 'seed');
    await ledger.post(tx, { userId: guestId, asset: 'views', amount: 3, kind: 'test', key: `test:${guestId}:views` });
  });
  await t.db.db.insert(macOrder).values({
    order_code: `T${randomBytes(8).toString('hex')}`,
    user_id: guestId,
    group_id: 3,
    plan_id: 1,
    order_long: 'month',
    order_days: 30,
    order_price: 1500,
    order_price_kind: 'new',
    order_status: 'paid',
    order_pay_type: 'fake',
    order_pay_time: now,
    order_expire_time: new Date(now.getTime() + 600_000),
  });
  const ulog = (type: number, rid: number, time: number, extra: Partial<typeof macUlog.$inferInsert> = {}) => ({
    user_id: guestId,
    ulog_type: type,
    ulog_rid: rid,
    ulog_time: time,
    ...extra,
  });
  await t.db.db
    .insert(macUlog)
    .values([
      ulog(2, 101, nowSec()),
      ulog(4, 102, nowSec(), { ulog_sid: 1, ulog_nid: 3, ulog_progress: 120 }),
      ulog(2, 103, nowSec()),
      ulog(2, 900, nowSec(), { ulog_mid: 12, ulog_sid: 1, ulog_nid: 2 }),
    ]);
}

function login(userName: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { ...EN, ...headers },
    remoteAddress: nextIp(),
    payload: { user_name: userName, user_pwd: 'abc123' },
  });
}

async function ledgerDifferences(userIds: number[]) {
  const r = await t.app.services.ledger.check();
  return r.list.filter((d) => userIds.includes(d.user_id));
}

async function entriesOf(userId: number) {
  return t.db.db
    .select()
    .from(macUlog)
    .where(eq(macUlog.user_id, userId))
    .orderBy(macUlog.ulog_mid, macUlog.ulog_type, macUlog.ulog_rid);
}

describe(`guest merge (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a guest signing in to an existing account brings VIP time, points, views, orders and logs, once', async () => {
    const guest = await makeGuest();
    await fillGuest(guest.userId);
    const target = await makeUser(t, { group_id: 3, user_end_time: nowSec() + 10 * DAY });
    await t.db.db.transaction((tx) =>
      creditPoints(tx, target.user.user_id, 5, PLOG_TYPE.recharge, `test:${target.user.user_id}:p`, 'seed'),
    );
    // The target watched title 102 earlier (an older record) and favourited 101 already.
    await t.db.db.insert(macUlog).values([
      { user_id: target.user.user_id, ulog_type: 4, ulog_rid: 102, ulog_time: nowSec() - 3600, ulog_progress: 5 },
      { user_id: target.user.user_id, ulog_type: 2, ulog_rid: 101, ulog_time: nowSec() - 3600 },
    ]);

    const res = await login(target.user.user_name, guest.headers);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().info;
    expect(info.user_id).toBe(target.user.user_id);
    expect(info.user_points).toBe(12);
    expect(info.is_vip).toBe(true);
    // Remaining times add up: 10 days of the target's + 30 of the guest's.
    expect(info.user_end_time).toBe(nowSec() + 40 * DAY);
    expect(info.user_noad_time).toBe(nowSec() + 30 * DAY);
    expect(await t.app.services.ledger.balance(t.db.db, target.user.user_id, 'views')).toBe(3);
    expect(await t.app.services.ledger.balance(t.db.db, guest.userId, 'views')).toBe(0);

    const orders = await t.db.db.select().from(macOrder).where(eq(macOrder.user_id, target.user.user_id));
    expect(orders).toHaveLength(1);
    const entries = await entriesOf(target.user.user_id);
    expect(entries.map((e) => [e.ulog_mid, e.ulog_type, e.ulog_rid])).toEqual([
      [1, 2, 101],
      [1, 2, 103],
      [1, 4, 102],
      [12, 2, 900],
    ]);
    // The watch record is the later one (the guest's), kept once.
    const watch = entries.find((e) => e.ulog_type === 4);
    expect([watch?.ulog_nid, watch?.ulog_progress]).toEqual([3, 120]);
    expect(await entriesOf(guest.userId)).toEqual([]);

    // The guest is emptied, still a usable account, its session ended; the merge is recorded.
    const g = await findUserById(t.db.db, guest.userId);
    expect([g?.user_points, g?.group_id, g?.user_end_time, g?.user_noad_time, g?.user_status]).toEqual([0, 2, 0, 0, 1]);
    expect(await t.db.db.select().from(userSession).where(eq(userSession.user_id, guest.userId))).toEqual([]);
    const [merge] = await t.db.db.select().from(accountMerge).where(eq(accountMerge.guest_id, guest.userId));
    expect(merge?.target_id).toBe(target.user.user_id);
    expect(merge?.moved).toMatchObject({ points: 7, views: 3, orders: 1, vip_s: 30 * DAY, ulogs: 4 });
    expect(await ledgerDifferences([guest.userId, target.user.user_id])).toEqual([]);

    // The same guest session again (a retried request): nothing more moves.
    const again = await login(target.user.user_name, guest.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().info.user_points).toBe(12);
    expect(again.json().info.user_end_time).toBe(nowSec() + 40 * DAY);
  });

  it('a non-VIP target takes the guest VIP group; a member session signing in elsewhere merges nothing', async () => {
    const guest = await makeGuest();
    await fillGuest(guest.userId);
    const target = await makeUser(t);
    const res = await login(target.user.user_name, guest.headers);
    expect(res.json().info).toMatchObject({ group_id: 3, is_vip: true, user_end_time: nowSec() + 30 * DAY });

    // A member (not a guest) signing in to another account brings nothing along.
    const other = await makeUser(t);
    await t.db.db.transaction((tx) =>
      creditPoints(tx, target.user.user_id, 1, PLOG_TYPE.recharge, `test:${target.user.user_id}:p2`, 'seed'),
    );
    const member = await login(other.user.user_name, target.headers);
    expect(member.json().info.user_points).toBe(0);
    expect((await findUserById(t.db.db, target.user.user_id))?.user_points).toBe(8);
  });

  it('registering a new account, and phone-code login, merge the guest too', async () => {
    const guest = await makeGuest();
    await fillGuest(guest.userId);
    const name = `m${randomBytes(4).toString('hex')}`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      headers: { ...EN, ...guest.headers },
      remoteAddress: nextIp(),
      payload: { user_name: name, user_pwd: 'abc123', user_pwd2: 'abc123' },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.json().info).toMatchObject({ user_points: 7, is_vip: true });

    const guest2 = await makeGuest();
    await fillGuest(guest2.userId);
    const phone = nextPhone();
    await makeUser(t, { phone });
    const ip = nextIp();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-login/code',
      headers: EN,
      remoteAddress: ip,
      payload: { phone },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = readOutbox(t.dataDir)
      .filter((m) => m.phone === phone && m.purpose === 'login')
      .at(-1)?.code;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/phone-login',
      headers: { ...EN, ...guest2.headers },
      remoteAddress: ip,
      payload: { phone, code },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().info).toMatchObject({ user_points: 7, is_vip: true });
  });

  it('parallel sign-ins carrying one guest session merge once; the ledger stays balanced', async () => {
    const guest = await makeGuest();
    await fillGuest(guest.userId);
    const target = await makeUser(t);
    const results = await Promise.all(Array.from({ length: 8 }, () => login(target.user.user_name, guest.headers)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const u = await findUserById(t.db.db, target.user.user_id);
    expect(u?.user_points).toBe(7);
    expect(u?.user_end_time).toBe(nowSec() + 30 * DAY);
    expect(await t.app.services.ledger.balance(t.db.db, target.user.user_id, 'views')).toBe(3);
    const merges = await t.db.db.select().from(accountMerge).where(eq(accountMerge.guest_id, guest.userId));
    expect(merges).toHaveLength(1);
    const [journal] = rowsOf<{ n: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as n from mac_plog where user_id = ${target.user.user_id} and plog_type = 30`,
      ),
    );
    expect(journal?.n).toBe(1);
    expect(await ledgerDifferences([guest.userId, target.user.user_id])).toEqual([]);
  });

  it('two guests signing in to one account at once both arrive', async () => {
    const a = await makeGuest();
    const b = await makeGuest();
    await fillGuest(a.userId);
    await fillGuest(b.userId);
    const target = await makeUser(t);
    const [ra, rb] = await Promise.all([
      login(target.user.user_name, a.headers),
      login(target.user.user_name, b.headers),
    ]);
    expect([ra?.statusCode, rb?.statusCode]).toEqual([200, 200]);
    const u = await findUserById(t.db.db, target.user.user_id);
    expect(u?.user_points).toBe(14);
    expect(u?.user_end_time).toBe(nowSec() + 60 * DAY);
    expect(await t.app.services.ledger.balance(t.db.db, target.user.user_id, 'views')).toBe(6);
    expect(await ledgerDifferences([a.userId, b.userId, target.user.user_id])).toEqual([]);
  });
});

describe('buying requires login (spec §5)', () => {
  it('the guest is refused buy and gopay with 403 3006 in its language; after binding a phone it buys', async () => {
    const guest = await makeGuest();
    const buy = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/buy',
        headers: { ...EN, ...headers },
        remoteAddress: nextIp(),
        payload: { group_id: 3, long: 'month', channel: 'fake' },
      });
    const refused = await buy(guest.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: BillingErrorCode.bindPhoneRequired,
      msg: 'Bind a phone number before buying (your account and everything in it stay as they are)',
    });
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/billing/gopay',
      headers: { ...guest.headers, 'accept-language': 'zh-CN' },
      remoteAddress: nextIp(),
      payload: { order_code: 'NOSUCHORDER', scene: 'h5' },
    });
    expect(zh.statusCode).toBe(403);
    expect(zh.json()).toMatchObject({
      code: BillingErrorCode.bindPhoneRequired,
      msg: '购买前请先绑定手机号（绑定后账号和权益保持不变）',
    });
    expect(await t.db.db.select().from(macOrder).where(eq(macOrder.user_id, guest.userId))).toEqual([]);

    // Bind a phone: the same account, now a member, may buy.
    const phone = nextPhone();
    const ip = nextIp();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      headers: { ...EN, ...guest.headers },
      remoteAddress: ip,
      payload: { phone },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = readOutbox(t.dataDir)
      .filter((m) => m.phone === phone && m.purpose === 'bind')
      .at(-1)?.code;
    const bound = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone',
      headers: { ...EN, ...guest.headers },
      remoteAddress: ip,
      payload: { phone, code },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().info.user_id).toBe(guest.userId);
    const ok = await buy(guest.headers);
    expect(ok.statusCode, ok.body).toBe(200);
    const [order] = await t.db.db
      .select()
      .from(macOrder)
      .where(and(eq(macOrder.user_id, guest.userId), eq(macOrder.order_status, 'unpaid')));
    expect(order?.order_code).toBe(ok.json().info.order_code);
    expect((await findUserById(t.db.db, guest.userId))?.user_phone).toBe(phone);

    // A member now: the device-derived name and password no longer open it (a logout on a shared device really
    // signs it out), and the device's next guest registers under the device's name again, as a new account.
    const member = await findUserById(t.db.db, guest.userId);
    expect(member?.user_name).toMatch(/^u[a-z0-9]{9}$/);
    expect(member?.user_pwd).toBe('');
    const g = guestCredentials(guest.deviceId);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { ...EN, deviceid: guest.deviceId },
      remoteAddress: nextIp(),
      payload: { user_name: g.user_name, user_pwd: g.user_pwd },
    });
    expect(oldLogin.statusCode).toBe(400);
    const free = await t.app.inject({ method: 'POST', url: '/api/user/reg-check', payload: { str: g.user_name } });
    expect(free.json().code).toBe(1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      headers: { deviceid: guest.deviceId },
      remoteAddress: nextIp(),
      payload: { user_name: g.user_name, user_pwd: g.user_pwd, user_pwd2: g.user_pwd, imei: g.imei },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().info.user_id).not.toBe(guest.userId);
  });
});
