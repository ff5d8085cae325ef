/**
 * Promotion earnings under concurrency (issue "promotion", "Proven by tests"). On PostgreSQL (DATABASE_URL set; a
 * pool of 25 connections) the requests really run in parallel; on PGlite the same tests pass serialised.
 * - 1,000 concurrent registrations through one code pay exactly the capped number of registration rewards;
 * - replayed events (registration, activity, a paid order) never earn twice;
 * - the release job run concurrently (and again) releases each earning once; reversal racing release ends in one
 *   outcome;
 * - the ledger check then finds no difference.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { ledgerEntry, promoCounter, promoEarning } from '../../db/schema/index.ts';
import { createTestDb, onPostgres, type TestDb } from '../../test/harness.ts';
import { registerUser, type UserRow } from '../accounts/accounts.service.ts';
import { releaseJob } from './promotion.jobs.ts';

let app: App;
let db: TestDb;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-promo-conc-'));
const clockFile = path.join(dir, 'clock');

beforeAll(async () => {
  fs.writeFileSync(clockFile, '0');
  const config = loadConfig({ DATA_DIR: dir, DEMO_CONTENT: '0', TZ: 'Asia/Shanghai', TEST_CLOCK_FILE: clockFile });
  db = await createTestDb(25);
  app = await buildApp({ config, db, webDist: '/nonexistent', adminDist: '/nonexistent' });
  // The registrations of this file come from distinct addresses; the per-IP daily cap is not what is tested here.
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function signUp(code?: string): Promise<UserRow> {
  const n = ++seq;
  const ip = ipOf(n + 1000);
  return app.services.accounts.registerWithinIpCap(ip, (tx) =>
    registerUser(tx, {
      user_name: `pc_${n}_${randomBytes(3).toString('hex')}`,
      invitation_code: code,
      ip,
      device_id: `conc-dev-${n}`,
    }),
  );
}

async function setSettings(patch: Record<string, unknown>) {
  const { savePromotionSettings } = await import('./promotion.settings.ts');
  await savePromotionSettings(db.db, patch);
}

/**
 * Registrations through one code: 1,000 on PostgreSQL, where they really race; PGlite runs one statement at a time,
 * so there 200 (still well over the cap) prove the same counting without 800 more serial sign-ups.
 */
const REGISTRATIONS = onPostgres ? 1000 : 200;

describe(`promotion concurrency (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it(`${REGISTRATIONS} concurrent registrations through one code pay exactly reg_daily_cap rewards`, async () => {
    await setSettings({ reg_daily_cap: 37 });
    const promoter = await signUp();
    const results = await Promise.allSettled(
      Array.from({ length: REGISTRATIONS }, () => signUp(promoter.user_invite_code)),
    );
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    const earnings = await db.db.select().from(promoEarning).where(eq(promoEarning.user_id, promoter.user_id));
    expect(earnings).toHaveLength(37);
    expect(earnings.every((e) => e.source === 'register' && e.amount_fen === 50)).toBe(true);
    expect(await app.services.ledger.balances(db.db, promoter.user_id)).toMatchObject({ earn_pending: 37 * 50 });
    const [counter] = await db.db
      .select()
      .from(promoCounter)
      .where(and(eq(promoCounter.user_id, promoter.user_id), eq(promoCounter.kind, 'reg')));
    expect(counter?.count).toBe(37);
    const standing = await app.services.promotion.refreshStanding(db.db, promoter.user_id);
    expect(standing.invitees).toBe(REGISTRATIONS);
  }, 300_000);

  it('replayed events earn once: registration, activity, a paid order', async () => {
    await setSettings({ reg_daily_cap: 20 });
    const p1 = await signUp();
    const p2 = await signUp(p1.user_invite_code);
    const buyer = await signUp(p2.user_invite_code);
    const svc = app.services.promotion;
    const day = svc.day();
    const order = { user_id: buyer.user_id, order_code: `R${randomBytes(4).toString('hex')}`, order_price: 3000 };
    await Promise.all([
      ...Array.from({ length: 50 }, () => db.db.transaction((tx) => svc.onRegistered(tx, buyer, new Date()))),
      ...Array.from({ length: 50 }, () => db.db.transaction((tx) => svc.onOrderPaid(tx, order, new Date()))),
      // Straight to the database each time (another process would not share this one's memo).
      ...Array.from({ length: 50 }, () => svc.onActive(buyer, day)),
    ]);
    const rows = await db.db.select().from(promoEarning).where(eq(promoEarning.invitee_id, buyer.user_id));
    expect(rows.map((r) => `${r.user_id}:${r.source}:${r.depth}:${r.amount_fen}`).sort()).toEqual(
      [
        `${p2.user_id}:register:1:50`,
        `${p2.user_id}:active:1:10`,
        `${p2.user_id}:spend:1:300`,
        `${p1.user_id}:spend:2:150`,
      ].sort(),
    );
    for (const r of rows) {
      const posts = await db.db
        .select()
        .from(ledgerEntry)
        .where(eq(ledgerEntry.idem_key, `promo:${r.idem_key}`));
      expect(posts).toHaveLength(1);
    }
  }, 120_000);

  it('the release job run concurrently and again releases each earning once; reversal racing release: one outcome', async () => {
    const svc = app.services.promotion;
    const pending = await db.db.select().from(promoEarning).where(eq(promoEarning.status, 'pending'));
    expect(pending.length).toBeGreaterThan(30);
    const toReverse = pending.slice(0, 10);
    fs.writeFileSync(clockFile, String(8 * 86400));
    try {
      const job = releaseJob(svc, () => undefined);
      const reversals = toReverse.map((e) =>
        svc.reverse(e.earning_id, 'race').then(
          () => 'reversed',
          (err: { key?: string }) => err.key ?? String(err),
        ),
      );
      await Promise.all([svc.releaseDue(), svc.releaseDue(), job.handler(), job.handler(), ...reversals]);
      await job.handler();
    } finally {
      fs.writeFileSync(clockFile, '0');
    }
    const after = await db.db.select().from(promoEarning);
    expect(after.filter((e) => e.status === 'pending')).toEqual([]);
    for (const e of after) {
      const keys = [
        `promo:release:${e.earning_id}:out`,
        `promo:release:${e.earning_id}:in`,
        `promo:reverse:${e.earning_id}`,
      ];
      const posts = (
        await db.db
          .select()
          .from(ledgerEntry)
          .where(eq(ledgerEntry.ref, String(e.earning_id)))
      ).filter((p) => keys.includes(p.idem_key));
      const released = posts.filter((p) => p.idem_key.startsWith('promo:release:')).length;
      const reversed = posts.filter((p) => p.idem_key.startsWith('promo:reverse:')).length;
      if (e.status === 'available') expect([released, reversed]).toEqual([2, 0]);
      else {
        expect(e.status).toBe('reversed');
        // Reversed while pending (no release), or after its release (out of cash_fen).
        expect(reversed).toBe(1);
        expect([0, 2]).toContain(released);
      }
    }
    const check = await app.services.ledger.check();
    expect(check.list).toEqual([]);
  }, 300_000);
});
