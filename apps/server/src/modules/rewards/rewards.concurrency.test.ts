/**
 * Rewarded ads under concurrency (issue 7 item 3 "Proven by tests": on PostgreSQL, 100 concurrent reward callbacks
 * with one nonce pay once). With DATABASE_URL set (a pool of 25 connections) the callbacks really run in parallel;
 * on PGlite (one transaction at a time) the same tests pass serialised.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { ledgerEntry, rewardNonce, rewardUserDay } from '../../db/schema/index.ts';
import { createTestDb, onPostgres, type TestApp, type TestDb } from '../../test/harness.ts';
import { makeUser, nextIp } from '../accounts/test-helpers.ts';
import {
  admobQuery,
  type KeyServer,
  makeRewardedAd,
  startKeyServer,
  TEST_UNIAD_SECRET,
  uniadQuery,
} from './test-helpers.ts';

let t: TestApp;
let keys: KeyServer;
beforeAll(async () => {
  keys = await startKeyServer();
  const dataDir = `/tmp/openvod-rewards-conc-${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_CONTENT: '0',
    TZ: 'Asia/Shanghai',
    ADMOB_KEYS_URL: keys.url,
    UNIAD_SECURITY_KEY: TEST_UNIAD_SECRET,
  });
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
  await makeRewardedAd(t, 5);
});
afterAll(async () => {
  await t.close();
  await keys.close();
});

async function issue(headers: Record<string, string>, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/rewards/nonce',
    headers,
    payload: body,
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info.nonce as string;
}

const views = (userId: number) => t.app.services.ledger.balance(t.db.db, userId, 'views');
const entries = (n: string) =>
  t.db.db
    .select()
    .from(ledgerEntry)
    .where(eq(ledgerEntry.idem_key, `reward:${n}`));

describe(`rewards concurrency (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, () => {
  it('100 concurrent AdMob callbacks with one nonce pay once', async () => {
    const u = await makeUser(t);
    const nonce = await issue(u.headers, { purpose: 'view', network: 'admob' });
    const q = admobQuery(keys, { nonce, userId: u.user.user_id, transactionId: 'conc-admob-1' });
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({ method: 'GET', url: `/api/rewards/callback/admob?${q}`, remoteAddress: nextIp() }),
      ),
    );
    const bodies = results.map((r) => `${r.statusCode} ${r.body}`);
    expect(bodies.filter((b) => b === '200 granted')).toHaveLength(1);
    expect(bodies.filter((b) => b === '200 duplicate')).toHaveLength(99);
    expect(await entries(nonce)).toHaveLength(1);
    expect(await views(u.user.user_id)).toBe(1);
  });

  it('100 concurrent uni-ad callbacks and own-ad "ended" reports of one nonce each pay once', async () => {
    const u = await makeUser(t);
    const uni = await issue(u.headers, { purpose: 'view', network: 'uniad' });
    const q = uniadQuery({ nonce: uni, userId: u.user.user_id, transId: 'conc-uni-1' });
    const uniResults = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({ method: 'GET', url: `/api/rewards/callback/uniad?${q}`, remoteAddress: nextIp() }),
      ),
    );
    expect(uniResults.every((r) => r.json().isValid === true)).toBe(true);
    expect(await entries(uni)).toHaveLength(1);

    const own = await issue(u.headers, { purpose: 'view' });
    await t.app.inject({
      method: 'POST',
      url: '/api/rewards/progress',
      headers: u.headers,
      payload: { nonce: own, event: 'start' },
    });
    await t.db.db
      .update(rewardNonce)
      .set({ started_at: sql`now() - interval '10 seconds'` })
      .where(eq(rewardNonce.nonce, own));
    const ownResults = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/rewards/progress',
          headers: u.headers,
          payload: { nonce: own, event: 'ended' },
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(ownResults.every((r) => r.statusCode === 200 && r.json().info.granted === true)).toBe(true);
    expect(await entries(own)).toHaveLength(1);
    expect(await views(u.user.user_id)).toBe(2);
  });

  it('the daily cap holds when callbacks of many nonces of one user arrive at once', async () => {
    const u = await makeUser(t);
    const nonces = [];
    for (let i = 0; i < 15; i++) nonces.push(await issue(u.headers, { purpose: 'view', network: 'uniad' }));
    const results = await Promise.all(
      nonces.map((n, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/rewards/callback/uniad?${uniadQuery({ nonce: n, userId: u.user.user_id, transId: `cap-${i}` })}`,
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(results.filter((r) => r.json().isValid === true)).toHaveLength(10);
    expect(await views(u.user.user_id)).toBe(10);
    const [day] = await t.db.db.select().from(rewardUserDay).where(eq(rewardUserDay.user_id, u.user.user_id));
    expect(day?.count).toBe(10);
  });
});
