/**
 * Downloads through ajaxUlog type 5 (issue 17 item 1; spec §4 "Free-view flow" for type 5, §5 "When views or
 * downloads run out"): one free or extra download is taken per EPISODE (vod_id + sid + nid), a repeat of the same
 * episode takes nothing (the same day or later), a VIP takes nothing, a group without the download right (4) of the
 * category is refused `noRight` with nothing written, and a rewarded ad of purpose `download` gives one extra
 * download that the next new episode uses. PGlite, and PostgreSQL with DATABASE_URL.
 */
import { QUOTA_CODE } from '@openvod/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macGroup, macType, macUlog, macVod, pointsQuota, quotaUse, rewardNonce } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { makeRewardedAd } from '../rewards/test-helpers.ts';

let t: TestApp;
// 10:00 in Asia/Shanghai; one test moves it to the next operator day.
let clock = new Date('2026-11-22T02:00:00Z');
let top = 0;
let vodSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.points.now = () => clock;
  await makeRewardedAd(t, 5);
  const [type] = await t.db.db.insert(macType).values({ type_name: 'Download films' }).returning();
  top = type?.type_id ?? 0;
  expect(top).toBeGreaterThan(0);
  await t.db.db.update(macGroup).set({ group_type: String(top), group_popedom: {} });
  // Members: 5 free views and 1 free download a day.
  await t.db.db
    .insert(pointsQuota)
    .values({ group_id: 2, free_views: 5, free_downloads: 1 })
    .onConflictDoUpdate({ target: pointsQuota.group_id, set: { free_views: 5, free_downloads: 1 } });
});
afterAll(async () => {
  await t?.close();
});

async function newVod(): Promise<number> {
  vodSeq++;
  const urls = [1, 2, 3].map((n) => `EP${n}$https://cdn.example.net/d/${vodSeq}/${n}.m3u8`).join('#');
  const [row] = await t.db.db
    .insert(macVod)
    .values({ type_id: top, type_id_1: 0, vod_play_from: 'ovhls', vod_play_url: urls, vod_name: `Dl ${vodSeq}` })
    .returning({ id: macVod.vod_id });
  return row?.id as number;
}

const headersOf = (u: TestUser) => ({ ...u.headers, 'accept-language': 'en-us' });
const download = (u: TestUser, id: number, nid: number, sid = 1) =>
  t.app.inject({
    url: `/api/user/ulog?ac=set&type=5&id=${id}&sid=${sid}&nid=${nid}`,
    headers: headersOf(u),
    remoteAddress: nextIp(),
  });
const check = async (u: TestUser, id: number) => {
  const res = await t.app.inject({ url: `/api/popedom?id=${id}&type=5`, headers: headersOf(u) });
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** Today's free downloads used, the extra downloads left and the uses journaled (every day) of `u`. */
async function meter(u: TestUser) {
  const usage = await t.app.services.points.usage(u.user.user_id);
  const extra = await t.app.services.ledger.balance(t.db.db, u.user.user_id, 'downloads');
  const uses = await t.db.db
    .select({ vod: quotaUse.vod_id, sid: quotaUse.sid, nid: quotaUse.nid, source: quotaUse.source })
    .from(quotaUse)
    .where(and(eq(quotaUse.user_id, u.user.user_id), eq(quotaUse.ulog_type, 5)));
  return { free: usage.free_downloads, extra, uses: uses.length, list: uses };
}
const entries = (u: TestUser) =>
  t.db.db
    .select({ vod: macUlog.ulog_rid, sid: macUlog.ulog_sid, nid: macUlog.ulog_nid })
    .from(macUlog)
    .where(and(eq(macUlog.user_id, u.user.user_id), eq(macUlog.ulog_type, 5)));

describe('ajaxUlog type 5 takes one download per episode', () => {
  it('the first episode takes the free download; its repeats take nothing; another episode is refused', async () => {
    const u = await makeUser(t);
    const a = await newVod();
    expect((await download(u, a, 1)).statusCode).toBe(200);
    expect(await meter(u)).toMatchObject({ free: 1, extra: 0, uses: 1 });
    for (let i = 0; i < 3; i++) {
      const again = await download(u, a, 1);
      expect(again.statusCode).toBe(200);
      expect(again.json().existed).toBe(true);
    }
    expect(await meter(u)).toMatchObject({ free: 1, extra: 0, uses: 1 });
    // The same episode number of another source is another episode.
    const otherSource = await download(u, a, 1, 2);
    expect(otherSource.statusCode).toBe(403);
    expect(otherSource.json()).toMatchObject({ code: QUOTA_CODE.quotaUsedUp });
    const second = await download(u, a, 2);
    expect(second.statusCode).toBe(403);
    expect(second.json().code).toBe(QUOTA_CODE.quotaUsedUp);
    expect(await entries(u)).toEqual([{ vod: a, sid: 1, nid: 1 }]);
    expect(await check(u, a)).toMatchObject({ allowed: false, reason: 'blocked', choices: ['ad', 'login', 'vip'] });
  });

  it('an episode downloaded on an earlier day takes nothing again; a new episode takes the new day’s free one', async () => {
    const u = await makeUser(t);
    const a = await newVod();
    expect((await download(u, a, 1)).statusCode).toBe(200);
    const saved = clock;
    clock = new Date(clock.getTime() + 24 * 3600_000);
    try {
      expect((await download(u, a, 1)).statusCode).toBe(200);
      expect(await meter(u)).toMatchObject({ free: 0, uses: 1 });
      expect((await download(u, a, 2)).statusCode).toBe(200);
      expect(await meter(u)).toMatchObject({ free: 1, uses: 2 });
      expect((await download(u, a, 3)).statusCode).toBe(403);
    } finally {
      clock = saved;
    }
  });

  it('a VIP downloads any number of episodes and takes nothing', async () => {
    const vip = await makeUser(t, { group_id: 3, user_end_time: Math.floor(Date.now() / 1000) + 86400 });
    const [a, b] = [await newVod(), await newVod()];
    for (const [id, nid] of [
      [a, 1],
      [a, 2],
      [a, 3],
      [b, 1],
    ] as const) {
      expect((await download(vip, id, nid)).statusCode).toBe(200);
    }
    expect(await meter(vip)).toMatchObject({ free: 0, extra: 0, uses: 0 });
    expect(await entries(vip)).toHaveLength(4);
    expect(await check(vip, b)).toMatchObject({ allowed: true, reason: 'vip' });
  });

  it('a group without the download right (4) of the category is refused noRight: nothing taken or written', async () => {
    const u = await makeUser(t);
    const a = await newVod();
    await t.db.db
      .update(macGroup)
      .set({ group_popedom: { [String(top)]: [1, 2, 3] } })
      .where(eq(macGroup.group_id, 2));
    t.app.services.quotas.forgetGroupRights();
    try {
      const res = await download(u, a, 1);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: QUOTA_CODE.noRight, msg: expect.any(String) });
      expect(res.json().msg.length).toBeGreaterThan(0);
      expect(await meter(u)).toMatchObject({ free: 0, extra: 0, uses: 0 });
      expect(await entries(u)).toEqual([]);
      // Playing stays allowed (right 3), so only the download is refused.
      const play = await t.app.inject({
        url: `/api/user/ulog?ac=set&type=4&id=${a}&sid=1&nid=1`,
        headers: headersOf(u),
        remoteAddress: nextIp(),
      });
      expect(play.statusCode).toBe(200);
    } finally {
      await t.db.db.update(macGroup).set({ group_popedom: {} }).where(eq(macGroup.group_id, 2));
      t.app.services.quotas.forgetGroupRights();
    }
    expect((await download(u, a, 1)).statusCode).toBe(200);
    expect(await meter(u)).toMatchObject({ free: 1, uses: 1 });
  });

  it('a rewarded ad of purpose download gives one extra download, which the next new episode uses', async () => {
    const u = await makeUser(t);
    const a = await newVod();
    expect((await download(u, a, 1)).statusCode).toBe(200);
    expect((await download(u, a, 2)).statusCode).toBe(403);

    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: headersOf(u), payload, remoteAddress: nextIp() });
    const issued = await post('/api/rewards/nonce', { purpose: 'download', vod_id: a });
    expect(issued.statusCode, issued.body).toBe(200);
    const nonce = issued.json().info.nonce as string;
    expect((await post('/api/rewards/progress', { nonce, event: 'start' })).statusCode).toBe(200);
    // The viewer watched the ad's 5 seconds: its recorded start moves into the past (the server's clock decides).
    await t.db.db
      .update(rewardNonce)
      .set({ started_at: sql`now() - interval '6 seconds'` })
      .where(eq(rewardNonce.nonce, nonce));
    const ended = await post('/api/rewards/progress', { nonce, event: 'ended' });
    expect(ended.json().info).toMatchObject({ granted: true });
    expect(await meter(u)).toMatchObject({ free: 1, extra: 1, uses: 1 });
    expect(await check(u, a)).toMatchObject({ allowed: true, reason: 'extra', extra: 1 });

    expect((await download(u, a, 2)).statusCode).toBe(200);
    const m = await meter(u);
    expect(m).toMatchObject({ free: 1, extra: 0, uses: 2 });
    expect(m.list.find((x) => x.nid === 2)?.source).toBe('extra');
    // Its repeat takes nothing; the next episode finds nothing left.
    expect((await download(u, a, 2)).statusCode).toBe(200);
    expect((await download(u, a, 3)).statusCode).toBe(403);
    expect(await meter(u)).toMatchObject({ free: 1, extra: 0, uses: 2 });
  });
});
