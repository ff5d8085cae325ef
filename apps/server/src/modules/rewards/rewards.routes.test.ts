/**
 * Rewarded ads through the routes (issue 7 item 3 "Proven by tests": forged, replayed and expired reward callbacks
 * do nothing). PGlite by default, PostgreSQL with DATABASE_URL. Real ECDSA keys served by a local key server.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntry, rewardNonce } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
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
let adId: number;
beforeAll(async () => {
  keys = await startKeyServer();
  t = await createTestApp({ ADMOB_KEYS_URL: keys.url, UNIAD_SECURITY_KEY: TEST_UNIAD_SECRET });
  adId = (await makeRewardedAd(t, 5)).ad_id;
});
afterAll(async () => {
  await t.close();
  await keys.close();
});

const post = (u: TestUser, url: string, payload: object, lang = 'en-us') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...u.headers, 'accept-language': lang },
    payload,
    remoteAddress: nextIp(),
  });

async function nonce(u: TestUser, body: object = { purpose: 'view' }) {
  const res = await post(u, '/api/rewards/nonce', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info as { nonce: string; duration_s: number; ad: { ad_id: number } | null; cap: number };
}

const admob = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/rewards/callback/admob?${query}`, remoteAddress: nextIp() });
const uniad = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/rewards/callback/uniad?${query}`, remoteAddress: nextIp() });

async function views(userId: number) {
  return t.app.services.ledger.balance(t.db.db, userId, 'views');
}
async function entries(n: string) {
  return t.db.db
    .select()
    .from(ledgerEntry)
    .where(eq(ledgerEntry.idem_key, `reward:${n}`));
}
/** Move a nonce's recorded start `seconds` into the past (the time the viewer spent watching). */
async function watched(n: string, seconds: number) {
  await t.db.db
    .update(rewardNonce)
    .set({ started_at: sql`now() - ${seconds} * interval '1 second'` })
    .where(eq(rewardNonce.nonce, n));
}

describe('own video ad (web)', () => {
  it('issues a nonce with the rewarded ad and grants +1 view only after the ad length on the server clock', async () => {
    const u = await makeUser(t);
    const info = await nonce(u, { purpose: 'view', vod_id: 7 });
    expect(info.ad?.ad_id).toBe(adId);
    expect(info.duration_s).toBe(5);
    expect(info.nonce).toMatch(/^[\w-]{32}$/);

    // 'ended' before 'start', and right after the start: nothing.
    let res = await post(u, '/api/rewards/progress', { nonce: info.nonce, event: 'ended' });
    expect(res.json().info).toMatchObject({ granted: false, status: 'issued', remaining_s: 5 });
    res = await post(u, '/api/rewards/progress', { nonce: info.nonce, event: 'start' });
    expect(res.json().info).toMatchObject({ granted: false, status: 'started' });
    res = await post(u, '/api/rewards/progress', { nonce: info.nonce, event: 'ended' });
    expect(res.json().info.granted).toBe(false);
    expect(res.json().info.remaining_s).toBeGreaterThanOrEqual(4);
    expect(await views(u.user.user_id)).toBe(0);

    // A repeated 'start' does not move the recorded start.
    await watched(info.nonce, 3);
    await post(u, '/api/rewards/progress', { nonce: info.nonce, event: 'start' });
    res = await post(u, '/api/rewards/progress', { nonce: info.nonce, event: 'ended' });
    expect(res.json().info).toMatchObject({ granted: false, remaining_s: 2 });

    await watched(info.nonce, 5);
    res = await post(u, '/api/rewards/progress', { nonce: info.nonce, event: 'ended' });
    expect(res.json().info).toMatchObject({ granted: true, status: 'granted', balance: 1 });
    // Replays change nothing.
    res = await post(u, '/api/rewards/progress', { nonce: info.nonce, event: 'ended' });
    expect(res.json().info).toMatchObject({ granted: true, balance: 1 });
    expect(await entries(info.nonce)).toHaveLength(1);
    expect(await views(u.user.user_id)).toBe(1);

    const st = await t.app.inject({ method: 'GET', url: `/api/rewards/nonce/${info.nonce}`, headers: u.headers });
    expect(st.json().info).toMatchObject({ granted: true, balance: 1 });
  });

  it("another user's nonce, an unknown or expired one does nothing (404 in the caller's language)", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const info = await nonce(a);
    let res = await post(b, '/api/rewards/progress', { nonce: info.nonce, event: 'start' }, 'zh-cn');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('广告凭证无效或已过期');
    res = await t.app.inject({ method: 'GET', url: `/api/rewards/nonce/${info.nonce}`, headers: b.headers });
    expect(res.statusCode).toBe(404);

    await post(a, '/api/rewards/progress', { nonce: info.nonce, event: 'start' });
    await watched(info.nonce, 60);
    await t.db.db
      .update(rewardNonce)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(rewardNonce.nonce, info.nonce));
    res = await post(a, '/api/rewards/progress', { nonce: info.nonce, event: 'ended' });
    expect(res.json().info).toMatchObject({ granted: false, status: 'expired', remaining_s: 0 });
    expect(await views(a.user.user_id)).toBe(0);
  });

  it('limits the unpaid nonces one user may hold', async () => {
    const u = await makeUser(t);
    for (let i = 0; i < 20; i++) await nonce(u, { purpose: 'view', network: 'admob' });
    const res = await post(u, '/api/rewards/nonce', { purpose: 'view', network: 'admob' });
    expect(res.statusCode).toBe(429);
    await t.db.db
      .update(rewardNonce)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(rewardNonce.user_id, u.user.user_id));
    await nonce(u, { purpose: 'view', network: 'admob' });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/rewards/nonce', payload: { purpose: 'view' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('AdMob SSV callback', () => {
  it('grants once for a verified callback; replays, forgeries and another user do nothing', async () => {
    const u = await makeUser(t);
    const info = await nonce(u, { purpose: 'download', network: 'admob' });
    expect(info.ad).toBeNull();
    const q = admobQuery(keys, { nonce: info.nonce, userId: u.user.user_id, transactionId: 'tx-admob-1' });

    // Forged: changed user, changed nonce, bad signature, unknown key.
    const other = await makeUser(t);
    for (const bad of [
      q.replace(`user_id=${u.user.user_id}`, `user_id=${other.user.user_id}`),
      q.replace('transaction_id=tx-admob-1', 'transaction_id=tx-admob-2'),
      q.replace(/signature=[^&]+/, 'signature=MEUCIQCLJS_s4ia'),
      q.replace(/key_id=\d+$/, 'key_id=1'),
      q.split('&signature=')[0] as string,
    ]) {
      const res = await admob(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    // A correctly signed callback for another user than the nonce's: verified but not paid.
    const wrongUser = admobQuery(keys, { nonce: info.nonce, userId: other.user.user_id, transactionId: 'tx-x' });
    expect((await admob(wrongUser)).body).toBe('rejected');
    expect(await t.app.services.ledger.balance(t.db.db, u.user.user_id, 'downloads')).toBe(0);

    let res = await admob(q);
    expect([res.statusCode, res.body]).toEqual([200, 'granted']);
    res = await admob(q);
    expect([res.statusCode, res.body]).toEqual([200, 'duplicate']);
    expect(await t.app.services.ledger.balance(t.db.db, u.user.user_id, 'downloads')).toBe(1);
    expect(await entries(info.nonce)).toHaveLength(1);

    // The same network transaction cannot pay a second nonce.
    const second = await nonce(u, { purpose: 'download', network: 'admob' });
    res = await admob(admobQuery(keys, { nonce: second.nonce, userId: u.user.user_id, transactionId: 'tx-admob-1' }));
    expect(res.body).toBe('rejected');
    expect(await t.app.services.ledger.balance(t.db.db, u.user.user_id, 'downloads')).toBe(1);

    // An own-ad nonce cannot be paid by a network callback.
    const own = await nonce(u);
    res = await admob(admobQuery(keys, { nonce: own.nonce, userId: u.user.user_id, transactionId: 'tx-own' }));
    expect(res.body).toBe('rejected');
    expect(await views(u.user.user_id)).toBe(0);
  });

  it('an expired nonce pays nothing', async () => {
    const u = await makeUser(t);
    const info = await nonce(u, { purpose: 'view', network: 'admob' });
    await t.db.db
      .update(rewardNonce)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(rewardNonce.nonce, info.nonce));
    const res = await admob(admobQuery(keys, { nonce: info.nonce, userId: u.user.user_id, transactionId: 'tx-exp' }));
    expect(res.body).toBe('rejected');
    expect(await views(u.user.user_id)).toBe(0);
    const [row] = await t.db.db.select().from(rewardNonce).where(eq(rewardNonce.nonce, info.nonce));
    expect(row?.status).toBe('issued');
  });
});

describe('uni-ad callback', () => {
  it('answers {"isValid": true} for a signed callback once paid, false for forged or expired ones', async () => {
    const u = await makeUser(t);
    const info = await nonce(u, { purpose: 'view', network: 'uniad' });
    const q = uniadQuery({ nonce: info.nonce, userId: u.user.user_id, transId: 'uni-1' });
    let res = await uniad(uniadQuery({ nonce: info.nonce, userId: u.user.user_id, transId: 'uni-1', secret: 'nope' }));
    expect(res.json()).toEqual({ isValid: false });
    res = await uniad(q.replace(/sign=[0-9a-f]+/, `sign=${'0'.repeat(64)}`));
    expect(res.json()).toEqual({ isValid: false });
    expect(await views(u.user.user_id)).toBe(0);

    res = await uniad(q);
    expect([res.statusCode, res.json()]).toEqual([200, { isValid: true }]);
    res = await uniad(q);
    expect(res.json()).toEqual({ isValid: true });
    expect(await views(u.user.user_id)).toBe(1);
    expect(await entries(info.nonce)).toHaveLength(1);

    const late = await nonce(u, { purpose: 'view', network: 'uniad' });
    await t.db.db
      .update(rewardNonce)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(rewardNonce.nonce, late.nonce));
    res = await uniad(uniadQuery({ nonce: late.nonce, userId: u.user.user_id, transId: 'uni-2' }));
    expect(res.json()).toEqual({ isValid: false });
    expect(await views(u.user.user_id)).toBe(1);
  });
});

describe('daily caps and the console', () => {
  it('refuses nonces over the cap and pays no reward beyond it, even for nonces issued before', async () => {
    const h = await t.adminHeaders();
    let res = await t.app.inject({ method: 'GET', url: '/api/admin/rewards/settings', headers: h });
    expect(res.json().info).toEqual({ daily_cap_view: 10, daily_cap_download: 10, nonce_ttl_min: 15 });
    res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/rewards/settings',
      headers: h,
      payload: { daily_cap_view: 2, daily_cap_download: 10, nonce_ttl_min: 15 },
    });
    expect(res.json().info.daily_cap_view).toBe(2);

    const u = await makeUser(t);
    const n1 = await nonce(u, { purpose: 'view', network: 'uniad' });
    const n2 = await nonce(u, { purpose: 'view', network: 'uniad' });
    const n3 = await nonce(u, { purpose: 'view', network: 'uniad' });
    expect(n3.cap).toBe(2);
    for (const [i, n] of [n1, n2, n3].entries()) {
      await uniad(uniadQuery({ nonce: n.nonce, userId: u.user.user_id, transId: `cap-${i}` }));
    }
    expect(await views(u.user.user_id)).toBe(2);
    const [third] = await t.db.db.select().from(rewardNonce).where(eq(rewardNonce.nonce, n3.nonce));
    expect(third?.status).toBe('capped');
    res = await post(u, '/api/rewards/nonce', { purpose: 'view' }, 'zh-cn');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('今日观看广告奖励次数已用完，请明天再来');

    res = await t.app.inject({ method: 'GET', url: '/api/admin/rewards/report', headers: h });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.networks).toEqual({ admob_keys_url: keys.url, uniad_configured: true });
    const uniRow = report.list.find(
      (r: { network: string; purpose: string }) => r.network === 'uniad' && r.purpose === 'view',
    );
    expect(uniRow.granted).toBeGreaterThanOrEqual(3);
    expect(report.recent[0]).toMatchObject({ nonce: n3.nonce, status: 'capped' });
    const own = report.list.find((r: { network: string; ad_id: number | null }) => r.network === 'own');
    expect(own).toMatchObject({ ad_id: adId, ad_name: 'Rewarded test ad' });

    const rows = await t.db.db
      .select()
      .from(rewardNonce)
      .where(and(eq(rewardNonce.user_id, u.user.user_id), eq(rewardNonce.status, 'granted')));
    expect(rows).toHaveLength(2);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/rewards/settings',
      headers: h,
      payload: { daily_cap_view: 10, daily_cap_download: 10, nonce_ttl_min: 15 },
    });
  });

  it('refuses uni-ad nonces while UNIAD_SECURITY_KEY is unset, and own nonces without a rewarded ad', async () => {
    const bare = await createTestApp();
    try {
      const u = await makeUser(bare);
      let res = await bare.app.inject({
        method: 'POST',
        url: '/api/rewards/nonce',
        headers: { ...u.headers, 'accept-language': 'en-us' },
        payload: { purpose: 'view', network: 'uniad' },
      });
      expect([res.statusCode, res.json().msg]).toEqual([400, 'This ad network is not set up']);
      res = await bare.app.inject({
        method: 'POST',
        url: '/api/rewards/nonce',
        headers: { ...u.headers, 'accept-language': 'en-us' },
        payload: { purpose: 'view' },
      });
      expect([res.statusCode, res.json().msg]).toEqual([404, 'No rewarded ad is available right now']);
      res = await bare.app.inject({
        method: 'GET',
        url: `/api/rewards/callback/uniad?${uniadQuery({ nonce: 'x'.repeat(32), userId: 1, transId: 'a' })}`,
      });
      expect(res.json()).toEqual({ isValid: false });
    } finally {
      await bare.close();
    }
  });
});
