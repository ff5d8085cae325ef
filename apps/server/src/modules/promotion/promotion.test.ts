/**
 * The promotion module through its routes and events: registration reward (sign-up and guest phone bind, never
 * the guest itself), caps, daily activity, spend at depth 1-3, hold and release with the moved clock
 * (TEST_CLOCK_FILE), reversal, visits, the viewer's screens and the console; the ledger check after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { guestCredentials } from '@openvod/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntry, macPlog, macUser, promoEarning, promoSignal } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createSession, registerUser, type UserRow } from '../accounts/accounts.service.ts';
import { readOutbox } from '../sms/sms.provider.ts';
import { maskName } from './promotion.service.ts';

const clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-clock-')), 'offset');
const EN = { 'accept-language': 'en-US' };
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  fs.writeFileSync(clockFile, '0');
  t = await createTestApp({ TEST_CLOCK_FILE: clockFile });
  admin = await t.adminHeaders();
});
afterAll(() => t.close());

let ipSeq = 0;
const nextIp = () => {
  ipSeq++;
  return `10.77.${Math.floor(ipSeq / 200)}.${(ipSeq % 200) + 1}`;
};
let nameSeq = 0;

/** Register a member through the accounts service's sign-up path (announces user.registered). */
async function signUp(opts: { code?: string; ip?: string; device?: string; phone?: string } = {}): Promise<UserRow> {
  const ip = opts.ip ?? nextIp();
  return t.app.services.accounts.registerWithinIpCap(ip, (tx) =>
    registerUser(tx, {
      user_name: `pm_${++nameSeq}_${Date.now() % 100000}`,
      invitation_code: opts.code,
      ip,
      device_id: opts.device ?? `dev-${nameSeq}`,
      phone: opts.phone,
    }),
  );
}

async function headersOf(u: UserRow) {
  return { ...EN, authorcode: await createSession(t.db.db, u.user_id, 'test-device') };
}

async function get(url: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url, headers, remoteAddress: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function earningsOf(userId: number) {
  return t.db.db.select().from(promoEarning).where(eq(promoEarning.user_id, userId));
}

async function balances(userId: number) {
  return t.app.services.ledger.balances(t.db.db, userId);
}

async function setSettings(settings: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/promotion/settings',
    headers: admin,
    payload: { settings },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('registration reward', () => {
  it('pays the direct inviter once, pending for the hold, and never for a guest until it binds a phone', async () => {
    const promoter = await signUp();
    const invitee = await signUp({ code: promoter.user_invite_code.toLowerCase() });
    expect(invitee.user_pid).toBe(promoter.user_id);
    const [e] = await earningsOf(promoter.user_id);
    expect(e).toMatchObject({ source: 'register', amount_fen: 50, status: 'pending', invitee_id: invitee.user_id });
    expect((e?.available_at.getTime() ?? 0) - (e?.created_at.getTime() ?? 0)).toBe(7 * 86_400_000);
    expect(await balances(promoter.user_id)).toMatchObject({ earn_pending: 50, cash_fen: 0 });

    // A replayed announcement earns nothing more.
    await t.db.db.transaction((tx) => t.app.services.promotion.onRegistered(tx, invitee, new Date()));
    expect(await earningsOf(promoter.user_id)).toHaveLength(1);

    // The device's guest registers through the code: no reward; binding a phone makes it a member: the reward.
    const device = `guest-dev-${Date.now()}`;
    const creds = guestCredentials(device);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/user/reg',
      headers: { ...EN, deviceid: device },
      remoteAddress: nextIp(),
      payload: {
        user_name: creds.user_name,
        user_pwd: creds.user_pwd,
        user_pwd2: creds.user_pwd,
        imei: creds.imei,
        invitation_code: promoter.user_invite_code,
      },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const guest = reg.json() as { token: string; info: { user_id: number } };
    expect(await earningsOf(promoter.user_id)).toHaveLength(1);
    const phone = `1390000${String(Date.now()).slice(-4)}`;
    const gh = { ...EN, authorcode: guest.token };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone/code',
      headers: gh,
      payload: { phone },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = readOutbox(t.dataDir)
      .filter((m) => m.phone === phone && m.purpose === 'bind')
      .at(-1)?.code;
    const bound = await t.app.inject({
      method: 'POST',
      url: '/api/user/bind-phone',
      headers: gh,
      payload: { phone, code },
      remoteAddress: nextIp(),
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const list = await earningsOf(promoter.user_id);
    expect(list.map((r) => [r.source, r.invitee_id]).sort()).toEqual(
      [
        ['register', invitee.user_id],
        ['register', guest.info.user_id],
      ].sort(),
    );
  });

  it('pays at most reg_daily_cap registration rewards per promoter per day', async () => {
    await setSettings({ reg_daily_cap: 2 });
    try {
      const promoter = await signUp();
      for (let i = 0; i < 4; i++) await signUp({ code: promoter.user_invite_code });
      expect((await earningsOf(promoter.user_id)).filter((e) => e.source === 'register')).toHaveLength(2);
      expect(await balances(promoter.user_id)).toMatchObject({ earn_pending: 100 });
    } finally {
      await setSettings({ reg_daily_cap: 20 });
    }
  });

  it('records shared-device and shared-IP signals (never blocks the sign-up)', async () => {
    const promoter = await signUp({ ip: '10.99.0.1', device: 'same-dev-1' });
    const invitee = await signUp({ code: promoter.user_invite_code, ip: '10.99.0.1', device: 'same-dev-1' });
    const signals = await t.db.db.select().from(promoSignal).where(eq(promoSignal.user_id, promoter.user_id));
    expect(signals.map((s) => [s.kind, s.invitee_id]).sort()).toEqual([
      ['shared_device', invitee.user_id],
      ['shared_ip', invitee.user_id],
    ]);
  });
});

describe('activity, spending, caps', () => {
  it('pays the daily-activity reward once per invitee per day and counts the invitee qualified with a phone', async () => {
    const promoter = await signUp();
    const invitee = await signUp({ code: promoter.user_invite_code, phone: `1380013${String(Date.now()).slice(-4)}` });
    const day = t.app.services.promotion.day();
    await t.app.events.announce('watch.reported', { user: invitee, day, total: 30 });
    await t.app.events.announce('view.claimed', { user: invitee, vodId: 1, day });
    await t.app.events.announce('watch.reported', { user: invitee, day, total: 60 });
    const active = (await earningsOf(promoter.user_id)).filter((e) => e.source === 'active');
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ amount_fen: 10, idem_key: `active:${invitee.user_id}:${day}` });
    const h = await headersOf(promoter);
    const res = await t.app.inject({ method: 'POST', url: '/api/promotion/check-active', headers: h });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().info).toMatchObject({ invitees: 1, qualified: 1, active_today: 1, needed: 9 });
    expect(res.json().info.level.level_name).toBe('推广员');
  });

  it('pays depth 1-3 their ratios of a paid order (floor), once', async () => {
    const p1 = await signUp();
    const p2 = await signUp({ code: p1.user_invite_code });
    const p3 = await signUp({ code: p2.user_invite_code });
    const buyer = await signUp({ code: p3.user_invite_code });
    expect([buyer.user_pid, buyer.user_pid_2, buyer.user_pid_3]).toEqual([p3.user_id, p2.user_id, p1.user_id]);
    const order = { user_id: buyer.user_id, order_code: `T${Date.now()}`, order_price: 999 };
    await t.db.db.transaction((tx) => t.app.services.promotion.onOrderPaid(tx, order, new Date()));
    await t.db.db.transaction((tx) => t.app.services.promotion.onOrderPaid(tx, order, new Date()));
    const spend = async (u: UserRow) => (await earningsOf(u.user_id)).filter((e) => e.source === 'spend');
    // 10 %, 5 %, 2 % of 999 fen, floored; the buyer's invitee day cap (1000 fen) holds them all.
    expect((await spend(p3)).map((e) => [e.depth, e.amount_fen])).toEqual([[1, 99]]);
    expect((await spend(p2)).map((e) => [e.depth, e.amount_fen])).toEqual([[2, 49]]);
    expect((await spend(p1)).map((e) => [e.depth, e.amount_fen])).toEqual([[3, 19]]);
  });

  it('cuts an earning to what the invitee day cap leaves', async () => {
    await setSettings({ invitee_day_cap_fen: 120 });
    try {
      const p = await signUp();
      const buyer = await signUp({ code: p.user_invite_code }); // 50 fen registration
      const order = { user_id: buyer.user_id, order_code: `C${Date.now()}`, order_price: 5000 }; // 500 fen at 10 %
      await t.db.db.transaction((tx) => t.app.services.promotion.onOrderPaid(tx, order, new Date()));
      const list = await earningsOf(p.user_id);
      expect(list.map((e) => [e.source, e.amount_fen]).sort()).toEqual([
        ['register', 50],
        ['spend', 70],
      ]);
    } finally {
      await setSettings({ invitee_day_cap_fen: 1000 });
    }
  });
});

describe('hold, release, reversal, screens', () => {
  it('releases after the hold (moved clock), shows it on the screens, reverses with a correcting post', async () => {
    const promoter = await signUp();
    const a = await signUp({ code: promoter.user_invite_code });
    await signUp({ code: promoter.user_invite_code });
    const h = await headersOf(promoter);
    let center = (await get('/api/promotion/center', h)).info;
    expect(center).toMatchObject({ pending_fen: 100, available_fen: 0, earned_fen: 100, hold_days: 7 });
    expect(center.invitation_code).toBe(promoter.user_invite_code);

    fs.writeFileSync(clockFile, String(7 * 86400 + 60));
    try {
      // The promoter's own read releases what is due, without the job.
      center = (await get('/api/promotion/center', h)).info;
      expect(center).toMatchObject({ pending_fen: 0, available_fen: 100, earned_fen: 100 });
      // The job run twice (and concurrently) releases nothing more.
      await Promise.all([t.app.services.promotion.releaseDue(), t.app.services.promotion.releaseDue()]);
      expect(await balances(promoter.user_id)).toMatchObject({ earn_pending: 0, cash_fen: 100 });
    } finally {
      fs.writeFileSync(clockFile, '0');
    }

    const revenue = await get('/api/promotion/earnings?page=1&limit=10', h);
    expect(revenue.total).toBe(2);
    expect(revenue.list[0]).toMatchObject({ source: 'register', status: 'available', amount_fen: 50 });
    expect(revenue.list.map((e: { invitee: string }) => e.invitee)).toContain(maskName('', a.user_name));

    const rewards = await get('/api/promotion/rewards?depth=1', h);
    expect(rewards.total).toBe(2);
    expect(rewards.list[0]).toMatchObject({ earned_fen: 50, qualified: false });
    expect(rewards.list[0].name).toContain('***');

    // Reverse one available earning: out of cash_fen. Then take the rest out of cash_fen and try again: refused.
    const [first, second] = await earningsOf(promoter.user_id);
    const rev = await t.app.inject({
      method: 'POST',
      url: `/api/admin/promotion/earnings/${first?.earning_id}/reverse`,
      headers: admin,
      payload: { reason: 'fraud found' },
    });
    expect(rev.statusCode, rev.body).toBe(200);
    expect(rev.json().info).toMatchObject({ status: 'reversed', reverse_reason: 'fraud found' });
    expect(await balances(promoter.user_id)).toMatchObject({ cash_fen: 50 });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/promotion/earnings/${first?.earning_id}/reverse`,
      headers: { ...admin, ...EN },
      payload: { reason: 'twice' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('This earning was already reversed');
    await t.db.db.transaction((tx) =>
      t.app.services.ledger.post(tx, {
        userId: promoter.user_id,
        asset: 'cash_fen',
        amount: -50,
        kind: 'test_debit',
        key: `test:debit:${promoter.user_id}`,
      }),
    );
    const spent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/promotion/earnings/${second?.earning_id}/reverse`,
      headers: { ...admin, ...EN },
      payload: { reason: 'late' },
    });
    expect(spent.statusCode).toBe(400);
    expect(spent.json().msg).toMatch(/no longer covers/);
    const [row] = await t.db.db
      .select()
      .from(promoEarning)
      .where(eq(promoEarning.earning_id, second?.earning_id ?? 0));
    expect(row?.status).toBe('available');
  });

  it('reverses a pending earning out of earn_pending', async () => {
    const promoter = await signUp();
    await signUp({ code: promoter.user_invite_code });
    const [e] = await earningsOf(promoter.user_id);
    await t.app.services.promotion.reverse(e?.earning_id ?? 0, 'refund');
    expect(await balances(promoter.user_id)).toMatchObject({ earn_pending: 0, cash_fen: 0 });
    const rows = await t.db.db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.idem_key, `promo:reverse:${e?.earning_id}`));
    expect(rows.map((r) => [r.asset, r.amount])).toEqual([['earn_pending', -50]]);
    // The release job leaves a reversed earning alone.
    fs.writeFileSync(clockFile, String(30 * 86400));
    try {
      await t.app.services.promotion.releaseDue(promoter.user_id);
    } finally {
      fs.writeFileSync(clockFile, '0');
    }
    expect(await balances(promoter.user_id)).toMatchObject({ earn_pending: 0, cash_fen: 0 });
  });

  it('counts a link visit once per IP per day and pays the visit points when set', async () => {
    await setSettings({ visit_points: 3 });
    try {
      const promoter = await signUp();
      const visit = (ip: string, q: string) =>
        t.app.inject({ method: 'GET', url: `/api/promotion/visit?${q}`, remoteAddress: ip });
      expect((await visit('10.5.5.5', `code=${promoter.user_invite_code}`)).json().counted).toBe(true);
      expect((await visit('10.5.5.5', `uid=${promoter.user_id}`)).json().counted).toBe(false);
      expect((await visit('10.5.5.6', `code=${promoter.user_invite_code}`)).json().counted).toBe(true);
      expect((await visit('10.5.5.7', 'code=NOSUCH')).json().counted).toBe(false);
      const bad = await t.app.inject({ method: 'GET', url: '/api/promotion/visit', headers: EN });
      expect(bad.statusCode).toBe(400);
      const plogs = await t.db.db
        .select()
        .from(macPlog)
        .where(and(eq(macPlog.user_id, promoter.user_id), eq(macPlog.plog_type, 3)));
      expect(plogs.map((p) => p.plog_points)).toEqual([3, 3]);
      expect((await get('/api/promotion/center', await headersOf(promoter))).info.visits).toBe(2);
    } finally {
      await setSettings({ visit_points: 0 });
    }
  });

  it('exchanges points into held fen at the scale, once per key', async () => {
    const u = await signUp();
    await t.db.db.update(macUser).set({ user_points: 0 }).where(eq(macUser.user_id, u.user_id));
    await t.db.db.transaction((tx) =>
      t.app.services.ledger.post(tx, {
        userId: u.user_id,
        asset: 'points',
        amount: 25,
        kind: 'test',
        key: `tp:${u.user_id}`,
      }),
    );
    const h = await headersOf(u);
    const ex = (points: number, key: string) =>
      t.app.inject({ method: 'POST', url: '/api/promotion/points-cash', headers: h, payload: { points, key } });
    const r1 = await ex(15, 'exchange-key-1');
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({ amount_fen: 150, user_points: 10 });
    expect((await ex(15, 'exchange-key-1')).json()).toMatchObject({ amount_fen: 150, user_points: 10 });
    const over = await ex(15, 'exchange-key-2');
    expect(over.statusCode).toBe(400);
    expect(await balances(u.user_id)).toMatchObject({ earn_pending: 150 });
  });
});

describe('invitation tiers', () => {
  it('grants a tier reached by qualified invitees once (points, plog 2)', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/promotion/settings',
      headers: admin,
      payload: { settings: { tiers_enabled: true }, tiers: [{ invites: 1, points: 100, group_id: 0, vip_days: 0 }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const promoter = await signUp();
      const invitee = await signUp({
        code: promoter.user_invite_code,
        phone: `1350013${String(Date.now()).slice(-4)}`,
      });
      await t.app.events.announce('watch.reported', { user: invitee, day: t.app.services.promotion.day(), total: 30 });
      const h = await headersOf(promoter);
      for (let i = 0; i < 2; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/api/promotion/check-active', headers: h });
        expect(res.json().info.qualified).toBe(1);
      }
      const plogs = await t.db.db
        .select()
        .from(macPlog)
        .where(and(eq(macPlog.user_id, promoter.user_id), eq(macPlog.plog_type, 2)));
      expect(plogs.map((p) => p.plog_points)).toEqual([100]);
      const levels = await get('/api/promotion/levels', EN);
      expect(levels.tiers).toMatchObject([{ invites: 1, points: 100 }]);
    } finally {
      await setSettings({ tiers_enabled: false });
    }
  });
});

describe('console', () => {
  it('edits settings and levels, lists promoters, flags and marks agents, reports by day', async () => {
    const cur = (await t.app.inject({ method: 'GET', url: '/api/admin/promotion/settings', headers: admin })).json();
    expect(cur.levels).toHaveLength(4);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/promotion/settings',
      headers: { ...admin, ...EN },
      payload: { levels: cur.levels.filter((l: { min_qualified: number }) => l.min_qualified > 0) },
    });
    expect(bad.statusCode).toBe(400);
    const promoter = await signUp();
    await signUp({ code: promoter.user_invite_code });
    const list = await get(`/api/admin/promotion/promoters?q=${promoter.user_id}`, admin);
    expect(list.list[0]).toMatchObject({ user_id: promoter.user_id, invitees: 1, earned_fen: 50, pending_fen: 50 });
    const flag = await t.app.inject({
      method: 'POST',
      url: `/api/admin/promotion/promoters/${promoter.user_id}/flag`,
      headers: admin,
      payload: { flag: true, reason: 'same device farm' },
    });
    expect(flag.statusCode).toBe(200);
    const agent = await t.app.inject({
      method: 'POST',
      url: `/api/admin/promotion/promoters/${promoter.user_id}/agent`,
      headers: admin,
      payload: { is_agent: true },
    });
    expect(agent.statusCode).toBe(200);
    const detail = await get(`/api/admin/promotion/promoters/${promoter.user_id}`, admin);
    expect(detail.info).toMatchObject({ fraud_flag: true, fraud_reason: 'same device farm', is_agent: true });
    expect(detail.info.level_name).toBe('代理');
    expect(detail.invitees).toHaveLength(1);
    expect(detail.earnings).toHaveLength(1);
    const report = await get('/api/admin/promotion/report', admin);
    const today = t.app.services.promotion.day();
    expect(report.list.find((d: { day: string }) => d.day === today)?.earned_fen).toBeGreaterThan(0);
    const check = await t.app.services.ledger.check();
    expect(check.list).toEqual([]);
  });
});

describe('sessions', () => {
  it("the member's reads need a session, the console's a console session, answered in the envelope", async () => {
    const member = await headersOf(await signUp());
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/promotion/center', headers: EN }),
      await t.app.inject({ method: 'GET', url: '/api/promotion/earnings', headers: EN }),
      await t.app.inject({ method: 'GET', url: '/api/promotion/rewards', headers: EN }),
      await t.app.inject({ method: 'GET', url: '/api/admin/promotion/promoters', headers: member }),
      await t.app.inject({ method: 'GET', url: '/api/admin/promotion/promoters/1', headers: member }),
      await t.app.inject({ method: 'POST', url: '/api/admin/promotion/signals/1/clear', headers: member }),
      await t.app.inject({ method: 'GET', url: '/api/admin/promotion/report', headers: member }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(401);
      expect(typeof res.json().msg).toBe('string');
    }
    // The level rules are public (the level-config screen shows them before any invitation).
    const levels = await t.app.inject({ method: 'GET', url: '/api/promotion/levels', headers: EN });
    expect(levels.statusCode).toBe(200);
    expect(levels.json().list.length).toBeGreaterThan(0);
  });
});
