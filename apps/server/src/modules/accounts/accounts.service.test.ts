/** The accounts service functions other modules call (sessions, registration, points, deletion, jobs). */
import { createHash } from 'node:crypto';
import { LOCALES } from '@openvod/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { ACCOUNT_MESSAGES } from '../../core/i18n/account-messages.ts';
import { operatorDay, operatorDayRange } from '../../core/time.ts';
import { macPlog, macUser, userSession } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { accountsJob } from './accounts.jobs.ts';
import {
  authenticateUser,
  createSession,
  creditPoints,
  deletionProcessAfter,
  findUserByName,
  findUserByPhone,
  maskPhone,
  normalizePhone,
  PLOG_TYPE,
  processDeletions,
  registerUser,
  requestDeletion,
  SESSION_TTL_MS,
  toUserInfo,
} from './accounts.service.ts';
import { makeUser, unixSeconds } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
}

describe('pure helpers', () => {
  it('masks and normalises phones', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('')).toBe('');
    expect(normalizePhone('+86 138-0013-8000')).toBe('13800138000');
    expect(normalizePhone('8613800138000')).toBe('13800138000');
    expect(normalizePhone('13800138000')).toBe('13800138000');
  });

  it("gives the operator's day in the configured time zone", () => {
    const at = new Date('2026-03-02T16:30:00Z');
    expect(operatorDay(at, 'Asia/Shanghai')).toBe('2026-03-03');
    expect(operatorDay(at, 'UTC')).toBe('2026-03-02');
    expect(operatorDay(at, 'America/Los_Angeles')).toBe('2026-03-02');
  });

  it("fills a report's omitted days with the operator's last 30 days", () => {
    const at = new Date('2026-03-02T16:30:00Z'); // already 3 March in Shanghai
    expect(operatorDayRange(at, 'Asia/Shanghai', {})).toEqual({ from: '2026-02-02', to: '2026-03-03' });
    expect(operatorDayRange(at, 'UTC', { from: '2026-03-01' })).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(operatorDayRange(at, 'UTC', { from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('puts process_after 3 working days later, skipping weekends, at the same local time', () => {
    const tz = 'Asia/Shanghai';
    const at = (iso: string) => deletionProcessAfter(new Date(iso), tz).toISOString();
    expect(at('2026-03-02T02:00:00Z')).toBe('2026-03-05T02:00:00.000Z'); // Monday → Thursday
    expect(at('2026-03-04T02:00:00Z')).toBe('2026-03-09T02:00:00.000Z'); // Wednesday → Monday
    expect(at('2026-03-06T02:00:00Z')).toBe('2026-03-11T02:00:00.000Z'); // Friday → Wednesday
    expect(at('2026-03-07T02:00:00Z')).toBe('2026-03-11T02:00:00.000Z'); // Saturday → Wednesday
    expect(at('2026-03-08T02:00:00Z')).toBe('2026-03-11T02:00:00.000Z'); // Sunday → Wednesday
    // Friday 23:30 in Shanghai is still Friday there (15:30 UTC), not Saturday.
    expect(at('2026-03-06T15:30:00Z')).toBe('2026-03-11T15:30:00.000Z');
    // Saturday 00:30 in Shanghai (Friday 16:30 UTC): weekends are the operator's → Wednesday 00:30 there.
    expect(at('2026-03-06T16:30:00Z')).toBe('2026-03-10T16:30:00.000Z');
    // Across a DST change the local time of day is kept.
    expect(deletionProcessAfter(new Date('2026-03-27T09:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-04-01T08:00:00.000Z',
    );
  });
});

describe('sessions', () => {
  it('stores only the sha256 of a 32-byte token, valid 30 days', async () => {
    const u = await makeUser(t);
    const now = new Date();
    const token = await createSession(t.db.db, u.user.user_id, 'dev-1', { now, ip: '203.0.113.5' });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await t.db.db
      .select()
      .from(userSession)
      .where(eq(userSession.token_hash, createHash('sha256').update(token).digest('hex')));
    expect(row).toMatchObject({ user_id: u.user.user_id, device_id: 'dev-1' });
    expect(row?.expires_at.getTime()).toBe(now.getTime() + SESSION_TTL_MS);
    expect((await authenticateUser(t.db.db, token)).user_id).toBe(u.user.user_id);
    expect((await findUserByName(t.db.db, u.user.user_name))?.user_login_ip).toBe('203.0.113.5');
  });

  it('401 for no, unknown or expired tokens and deleted users; 403 for disabled ones', async () => {
    const u = await makeUser(t);
    expect(await status(authenticateUser(t.db.db, ''))).toBe(401);
    expect(await status(authenticateUser(t.db.db, 'nope'))).toBe(401);
    const old = await createSession(t.db.db, u.user.user_id, 'd', { now: new Date(Date.now() - SESSION_TTL_MS - 1) });
    expect(await status(authenticateUser(t.db.db, old))).toBe(401);
    await t.db.db.update(macUser).set({ user_status: 0 }).where(eq(macUser.user_id, u.user.user_id));
    expect(await status(authenticateUser(t.db.db, u.token))).toBe(403);
    await t.db.db.update(macUser).set({ user_deleted_at: new Date() }).where(eq(macUser.user_id, u.user.user_id));
    expect(await status(authenticateUser(t.db.db, u.token))).toBe(401);
  });

  it('moves last_seen_at at most once a minute', async () => {
    const u = await makeUser(t);
    const start = new Date('2026-01-01T00:00:00Z');
    const token = await createSession(t.db.db, u.user.user_id, 'd', { now: start });
    const hash = createHash('sha256').update(token).digest('hex');
    const seen = async () =>
      (await t.db.db.select().from(userSession).where(eq(userSession.token_hash, hash)))[0]?.last_seen_at.getTime();
    await authenticateUser(t.db.db, token, new Date(start.getTime() + 30_000));
    expect(await seen()).toBe(start.getTime());
    await authenticateUser(t.db.db, token, new Date(start.getTime() + 61_000));
    expect(await seen()).toBe(start.getTime() + 61_000);
    await authenticateUser(t.db.db, token, new Date(start.getTime() + 90_000));
    expect(await seen()).toBe(start.getTime() + 61_000);
  });
});

describe('registerUser', () => {
  it('generates a name and invitation code, normalises the phone and refuses a taken one', async () => {
    const row = await t.db.db.transaction((tx) =>
      registerUser(tx, { phone: '+8613700137000', ip: '203.0.113.9', device_id: 'dev-x', imei: 'i'.repeat(20) }),
    );
    expect(row.user_name).toMatch(/^u[a-z0-9]{9}$/);
    expect(row.user_invite_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    expect(row).toMatchObject({ group_id: 2, user_pwd: '', user_phone: '13700137000', imei: 'i'.repeat(16) });
    expect((await findUserByPhone(t.db.db, '137 0013 7000'))?.user_id).toBe(row.user_id);
    const info = toUserInfo(row, undefined);
    expect(info).toMatchObject({ user_phone: '137****7000', group: { group_id: 2 }, is_vip: false });
    let err: unknown;
    try {
      await t.db.db.transaction((tx) => registerUser(tx, { phone: '13700137000', ip: '203.0.113.9' }));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 400, key: 'phone_taken', field: 'phone' });
  });

  it('gives every user a distinct invitation code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const row = await t.db.db.transaction((tx) => registerUser(tx, { ip: '203.0.113.10' }));
      codes.add(row.user_invite_code);
    }
    expect(codes.size).toBe(25);
  });
});

describe('creditPoints', () => {
  it('credits once per key, journals the balance, spends with a guard and rolls back on failure', async () => {
    const u = await makeUser(t);
    const db = t.db.db;
    const id = u.user.user_id;
    const credit = (points: number, key: string) =>
      db.transaction((tx) => creditPoints(tx, id, points, PLOG_TYPE.checkIn, key, 'test'));
    expect(await credit(5, `test:${id}:a`)).toEqual({ credited: true, balance: 5 });
    expect(await credit(5, `test:${id}:a`)).toEqual({ credited: false, balance: 5 });
    expect(await credit(7, `test:${id}:b`)).toEqual({ credited: true, balance: 12 });
    expect(await credit(-10, `test:${id}:spend`)).toEqual({ credited: true, balance: 2 });
    expect(await status(credit(-3, `test:${id}:overspend`))).toBe(400);
    const plogs = await db.select().from(macPlog).where(eq(macPlog.user_id, id)).orderBy(macPlog.plog_id);
    expect(plogs.map((p) => [p.plog_points, p.plog_balance])).toEqual([
      [5, 5],
      [7, 12],
      [-10, 2],
    ]);
    expect((await findUserByName(db, u.user.user_name))?.user_points).toBe(2);
    // The refused spend left no journal row, so the same key can be used once the balance allows it.
    await credit(10, `test:${id}:c`);
    expect(await credit(-3, `test:${id}:overspend`)).toEqual({ credited: true, balance: 9 });
    expect(
      await status(db.transaction((tx) => creditPoints(tx, 999_999, 1, PLOG_TYPE.checkIn, 'test:ghost', ''))),
    ).toBe(404);
  });
});

describe('processDeletions and the accounts job', () => {
  it('processes due requests only, once, and the jobs run both deletion and VIP expiry', async () => {
    const due = await makeUser(t);
    const notDue = await makeUser(t);
    const lapsed = await makeUser(t, { group_id: 3, user_end_time: unixSeconds(new Date()) - 60 });
    const tz = 'Asia/Shanghai';
    await requestDeletion(t.db.db, due.user.user_id, { now: new Date('2020-01-06T02:00:00Z'), timeZone: tz });
    await requestDeletion(t.db.db, notDue.user.user_id, { timeZone: tz });
    const logs: string[] = [];
    const job = accountsJob(t.db.db, (m) => logs.push(m), { timeZone: tz });
    await job.handler();
    await job.handler();
    const get = async (id: number) => (await t.db.db.select().from(macUser).where(eq(macUser.user_id, id)))[0];
    expect((await get(due.user.user_id))?.user_name).toBe(`deleted_${due.user.user_id}`);
    expect((await get(notDue.user.user_id))?.user_deleted_at).toBeNull();
    expect((await get(lapsed.user.user_id))?.group_id).toBe(2);
    expect(logs.some((l) => /1 deletion\(s\) processed/.test(l))).toBe(true);
    expect(await processDeletions(t.db.db, new Date(), { timeZone: tz })).toBe(0);
    const n = rowsOf<{ n: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as n from mac_user where user_deleted_at is not null and user_delete_requested_at is not null`,
      ),
    );
    expect(n[0]?.n).toBe(1);
  });
});

describe('messages', () => {
  it('has every account message in all 9 locales with the same parameters', () => {
    const source = ACCOUNT_MESSAGES['zh-cn'];
    const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const locale of LOCALES) {
      const table = ACCOUNT_MESSAGES[locale];
      expect(Object.keys(table).sort(), locale).toEqual(Object.keys(source).sort());
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(params(text), `${locale} ${key}`).toEqual(params(source[key as keyof typeof source]));
      }
    }
    expect(ACCOUNT_MESSAGES['en-us'].password_empty).toBe('Password cannot be empty!');
    expect(ACCOUNT_MESSAGES['en-us'].password_mismatch).toBe('The passwords are inconsistent twice!');
    expect(ACCOUNT_MESSAGES['en-us'].account_format).toBe('The account format is incorrect!');
  });
});
