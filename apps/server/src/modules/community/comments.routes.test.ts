/**
 * Comment calls (issue 16 items 1, 7, 8): posting and replying through the safety layer (tourist 401, muted 403,
 * comments off, review-first, word list, repeats, rate limit), lists and counts, likes, reports, deleting one's own,
 * the review centre, the console's moderation and report queue, the comment task and the deletion handler. Runs on
 * PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { TASK_PLOG } from '@openvod/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { macComment, macPlog, macUser, macVod } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { processDeletions, requestDeletion } from '../accounts/accounts.service.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';

let t: TestApp;
let admin: Record<string, string>;
let vodId: number;
let otherVod: number;
let alice: TestUser;
let bob: TestUser;

async function community(patch: Record<string, unknown>) {
  const cur = (await t.app.inject({ url: COMMUNITY_SETTINGS_URL, headers: admin })).json().info;
  const res = await t.app.inject({
    method: 'PUT',
    url: COMMUNITY_SETTINGS_URL,
    headers: admin,
    payload: { ...cur, ...patch },
  });
  expect(res.statusCode).toBe(200);
}
const COMMUNITY_SETTINGS_URL = '/api/admin/community/settings';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  const vods = await t.db.db
    .insert(macVod)
    .values([
      { vod_name: '评论测试片', type_id: 1, type_id_1: 0 },
      { vod_name: 'Other title', type_id: 1, type_id_1: 0 },
    ])
    .returning({ vod_id: macVod.vod_id });
  vodId = vods[0]?.vod_id ?? 0;
  otherVod = vods[1]?.vod_id ?? 0;
  alice = await makeUser(t, { user_name: 'alice_cm' });
  bob = await makeUser(t, { user_name: 'bob_cm' });
  // Generous limits for every test but the rate-limit one.
  await community({ user_per_minute: 1000, ip_per_minute: 1000, review_first: false, words: [] });
});

afterAll(async () => {
  await t?.close();
});

const post = (user: TestUser | undefined, payload: Record<string, unknown>, lang = 'en-us', ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/comments',
    remoteAddress: ip,
    headers: { ...(user?.headers ?? {}), 'accept-language': lang },
    payload: { rid: vodId, ...payload },
  });

const get = (user: TestUser | undefined, url: string) =>
  t.app.inject({ url, remoteAddress: nextIp(), headers: { ...(user?.headers ?? {}), 'accept-language': 'en-us' } });

let n = 0;
/** A text no test used before (repeats are refused). */
const fresh = (s = 'comment') => `${s} ${++n}`;

describe('commentSave', () => {
  it('refuses a tourist with 401, a device guest with 403 (code 1401) and an empty text with 400, in the caller language', async () => {
    const tourist = await post(undefined, { content: 'hi' }, 'zh-cn');
    expect(tourist.statusCode).toBe(401);
    expect(tourist.json()).toMatchObject({ msg: '未授权，请登录' });
    // The device's guest account (accounts' isGuestAccount: name = the device id's first 8 characters) is a tourist.
    const guest = await makeUser(t, { user_name: 'cd12ab34' });
    await t.db.db.update(macUser).set({ imei: 'cd12ab34ef567890' }).where(eq(macUser.user_id, guest.user.user_id));
    const guestPost = await post(guest, { content: fresh('guest') });
    expect(guestPost.statusCode).toBe(403);
    expect(guestPost.json().code).toBe(1401);
    const top = (await post(alice, { content: fresh('for the guest') })).json().info;
    expect((await get(guest, `/api/comments/${top.comment_id}/digg`)).statusCode).toBe(403);
    expect((await get(guest, `/api/comments/${top.comment_id}/report?reason=spam`)).statusCode).toBe(403);
    const empty = await post(alice, { content: '   ' }, 'zh-cn');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 1001, msg: '评论内容不能为空' });
    expect((await post(alice, { content: fresh(), rid: 999_999 })).statusCode).toBe(404);
  });

  it('posts, lists (new, hot), counts and replies one level deep', async () => {
    const a = (await post(alice, { content: fresh('top') })).json().info;
    expect(a).toMatchObject({
      comment_pid: 0,
      comment_status: 1,
      user_id: alice.user.user_id,
      comment_name: 'alice_cm',
    });
    const r1 = (await post(bob, { content: fresh('reply'), pid: a.comment_id })).json().info;
    expect(r1).toMatchObject({ comment_pid: a.comment_id, reply_name: 'alice_cm' });
    // A reply to a reply joins the same top comment and answers its author.
    const r2 = (await post(alice, { content: fresh('reply2'), pid: r1.comment_id })).json().info;
    expect(r2).toMatchObject({ comment_pid: a.comment_id, reply_name: 'bob_cm' });
    // A reply must belong to the same title.
    expect((await post(bob, { content: fresh(), pid: a.comment_id, rid: otherVod })).statusCode).toBe(404);

    const list = (await t.app.inject(`/api/comments?rid=${vodId}&order=new`)).json();
    const thread = list.list.find((c: { comment_id: number }) => c.comment_id === a.comment_id);
    expect(thread.comment_reply).toBe(2);
    expect(thread.replies.map((r: { comment_id: number }) => r.comment_id)).toEqual([r1.comment_id, r2.comment_id]);
    const replies = (await get(undefined, `/api/comments?pid=${a.comment_id}`)).json();
    expect(replies.total).toBe(2);
    const count = (await t.app.inject(`/api/comments/count?rid=${vodId}`)).json();
    expect(count.info.total).toBe(list.total + 2);
    const byUser = (await get(undefined, `/api/comments?user_id=${bob.user.user_id}`)).json();
    expect(byUser.list.map((c: { comment_id: number }) => c.comment_id)).toContain(r1.comment_id);
    // The homepage's list names the title of each comment; a title's own list does not repeat it.
    expect(byUser.list[0]).toMatchObject({ vod_name: '评论测试片', replies: [] });
    expect(thread).not.toHaveProperty('vod_name');
    expect((await get(undefined, '/api/comments')).statusCode).toBe(400);
  });

  it('applies the word list (***), refuses a repeat and past the rate limit', async () => {
    await community({ words: ['badword'] });
    const res = await post(alice, { content: 'this BadWord here' });
    expect(res.json().info.comment_content).toBe('this *** here');
    await community({ words: [] });
    const text = fresh('same');
    expect((await post(bob, { content: text })).statusCode).toBe(200);
    const again = await post(bob, { content: text });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('Do not repeat the operation');

    const carol = await makeUser(t, { user_name: 'carol_cm' });
    await community({ user_per_minute: 2 });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await post(carol, { content: fresh('burst') })).statusCode);
    await community({ user_per_minute: 1000 });
    expect(codes).toEqual([200, 200, 429]);
  });

  it('refuses while comments are off and keeps them for review under review-first', async () => {
    const patch = (comment_status: number) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/app-config', headers: admin, payload: { comment_status } });
    expect((await patch(0)).statusCode).toBe(200);
    const off = await post(alice, { content: fresh() });
    expect(off.statusCode).toBe(403);
    expect((await get(undefined, `/api/comments/count?rid=${vodId}`)).json().info.total).toBe(0);
    expect((await patch(1)).statusCode).toBe(200);

    await community({ review_first: true });
    const pending = (await post(alice, { content: fresh('pending') })).json().info;
    await community({ review_first: false });
    expect(pending.comment_status).toBe(0);
    const shown = (await get(undefined, `/api/comments?rid=${vodId}&limit=50`)).json().list;
    expect(shown.map((c: { comment_id: number }) => c.comment_id)).not.toContain(pending.comment_id);
    const mine = (await t.app.inject({ url: '/api/comments/mine', headers: alice.headers })).json().list;
    expect(mine.find((c: { comment_id: number }) => c.comment_id === pending.comment_id)?.comment_status).toBe(0);
    // The console approves it: shown.
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/comments/${pending.comment_id}/status`,
      headers: admin,
      payload: { status: 1 },
    });
    expect(ok.json().info.comment_status).toBe(1);
    const after = (await get(undefined, `/api/comments?rid=${vodId}&limit=50`)).json().list;
    expect(after.map((c: { comment_id: number }) => c.comment_id)).toContain(pending.comment_id);
  });

  it('refuses a muted user with 403', async () => {
    const dave = await makeUser(t, { user_name: 'dave_cm' });
    const muted = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/community/mutes/${dave.user.user_id}`,
      headers: admin,
      payload: { reason: 'spam' },
    });
    expect(muted.statusCode).toBe(200);
    const res = await post(dave, { content: fresh() });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).not.toBe('');
    const unmuted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/community/mutes/${dave.user.user_id}`,
      headers: admin,
    });
    expect(unmuted.statusCode).toBe(200);
    expect((await post(dave, { content: fresh() })).statusCode).toBe(200);
  });
});

describe('likes, reports, delete', () => {
  let c: { comment_id: number };
  beforeEach(async () => {
    c = (await post(alice, { content: fresh('likeable') })).json().info;
  });

  it('likes once per user', async () => {
    const first = await get(bob, `/api/comments/${c.comment_id}/digg`);
    expect(first.json().info.comment_up).toBe(1);
    const again = await get(bob, `/api/comments/${c.comment_id}/digg`);
    expect(again.statusCode).toBe(400);
    expect((await get(alice, `/api/comments/${c.comment_id}/digg`)).json().info.comment_up).toBe(2);
    expect((await get(undefined, `/api/comments/${c.comment_id}/digg`)).statusCode).toBe(401);
    const hot = (await get(bob, `/api/comments?rid=${vodId}&order=hot&limit=1`)).json().list[0];
    expect(hot).toMatchObject({ comment_id: c.comment_id, comment_up: 2, digg: 1 });
  });

  it('reports once per user with a reason of the list; the console queues, hides or dismisses', async () => {
    expect((await get(bob, `/api/comments/${c.comment_id}/report?reason=nonsense`)).statusCode).toBe(400);
    const reported = await t.app.inject({
      url: `/api/comments/${c.comment_id}/report?reason=spam&text=ads`,
      headers: bob.headers,
      remoteAddress: nextIp(),
    });
    expect(reported.statusCode).toBe(200);
    expect((await get(bob, `/api/comments/${c.comment_id}/report?reason=abuse`)).statusCode).toBe(400);
    const carol = await makeUser(t, { user_name: 'carol_rp' });
    expect((await get(carol, `/api/comments/${c.comment_id}/report?reason=spam`)).statusCode).toBe(200);
    const queue = (await t.app.inject({ url: '/api/admin/comment-reports', headers: admin })).json();
    const row = queue.list.find((r: { comment_id: number }) => r.comment_id === c.comment_id);
    expect(row).toMatchObject({
      reports: 2,
      comment_report: 2,
      reasons: [{ reason: 'spam', count: 2 }],
      texts: ['ads'],
    });
    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/admin/comment-reports/${c.comment_id}`,
      headers: admin,
      payload: { action: 'hide' },
    });
    expect(hide.statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/admin/comment-reports', headers: admin })).json();
    expect(after.list.map((r: { comment_id: number }) => r.comment_id)).not.toContain(c.comment_id);
    const shown = (await get(undefined, `/api/comments?rid=${vodId}&limit=50`)).json().list;
    expect(shown.map((x: { comment_id: number }) => x.comment_id)).not.toContain(c.comment_id);
    const hidden = (await t.app.inject({ url: '/api/admin/comment-reports?state=hidden', headers: admin })).json();
    expect(hidden.list.map((r: { comment_id: number }) => r.comment_id)).toContain(c.comment_id);
  });

  it('deletes only one own comment, a top comment with its replies, and the counts follow', async () => {
    const reply = (await post(bob, { content: fresh('r'), pid: c.comment_id })).json().info;
    const reply2 = (await post(alice, { content: fresh('r'), pid: c.comment_id })).json().info;
    expect((await get(alice, `/api/comments/${reply.comment_id}/delete`)).statusCode).toBe(404);
    const deleted = await t.app.inject({ url: `/api/comments/${reply.comment_id}/delete`, headers: bob.headers });
    expect(deleted.statusCode).toBe(200);
    const [top] = await t.db.db.select().from(macComment).where(eq(macComment.comment_id, c.comment_id));
    expect(top?.comment_reply).toBe(1);
    const before = (await get(undefined, `/api/comments/count?rid=${vodId}`)).json().info.total;
    expect((await get(alice, `/api/comments/${c.comment_id}/delete`)).statusCode).toBe(200);
    expect((await get(undefined, `/api/comments/count?rid=${vodId}`)).json().info.total).toBe(before - 2);
    const [gone] = await t.db.db.select().from(macComment).where(eq(macComment.comment_id, reply2.comment_id));
    expect(gone).toBeUndefined();
  });
});

describe('counts', () => {
  it("keep a title's count and its top comments' total equal to its shown rows through every change", async () => {
    const [vod] = await t.db.db
      .insert(macVod)
      .values({ vod_name: 'Counted title', type_id: 1, type_id_1: 0 })
      .returning({ vod_id: macVod.vod_id });
    const rid = vod?.vod_id ?? 0;
    const expectCounts = async () => {
      const rows = await t.db.db
        .select()
        .from(macComment)
        .where(and(eq(macComment.comment_rid, rid), eq(macComment.comment_status, 1)));
      const count = (await t.app.inject(`/api/comments/count?rid=${rid}`)).json().info.total;
      const list = (await get(undefined, `/api/comments?rid=${rid}&order=hot`)).json();
      expect({ count, top: list.total }).toEqual({
        count: rows.length,
        top: rows.filter((r) => r.comment_pid === 0).length,
      });
      return count;
    };
    const top = (await post(alice, { rid, content: fresh('c1') })).json().info;
    const top2 = (await post(bob, { rid, content: fresh('c2') })).json().info;
    const reply = (await post(bob, { rid, pid: top.comment_id, content: fresh('r1') })).json().info;
    await post(alice, { rid, pid: top.comment_id, content: fresh('r2') });
    expect(await expectCounts()).toBe(4);
    await community({ review_first: true });
    const waiting = (await post(alice, { rid, content: fresh('w') })).json().info;
    await community({ review_first: false });
    expect(await expectCounts()).toBe(4);
    const status = (id: number, s: number) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/comments/${id}/status`, headers: admin, payload: { status: s } });
    await status(waiting.comment_id, 1);
    expect(await expectCounts()).toBe(5);
    await status(reply.comment_id, 2);
    await status(reply.comment_id, 2);
    expect(await expectCounts()).toBe(4);
    await status(reply.comment_id, 1);
    expect(await expectCounts()).toBe(5);
    // A top comment goes with its two replies.
    expect((await get(alice, `/api/comments/${top.comment_id}/delete`)).statusCode).toBe(200);
    expect(await expectCounts()).toBe(2);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/comments/${top2.comment_id}`, headers: admin });
    expect(await expectCounts()).toBe(1);
  });
});

describe('review centre', () => {
  it('counts replies to me as unread until read', async () => {
    const erin = await makeUser(t, { user_name: 'erin_cm' });
    const c = (await post(erin, { content: fresh('mine') })).json().info;
    await post(bob, { content: fresh('answer'), pid: c.comment_id });
    const counts = (await t.app.inject({ url: '/api/comments/user-count', headers: erin.headers })).json().info;
    expect(counts).toEqual({ comment_num: 1, reply_num: 1, unread: 1 });
    const replies = (await t.app.inject({ url: '/api/comments/replies', headers: erin.headers })).json();
    expect(replies.list[0]).toMatchObject({ comment_reply_read: 0, vod_name: '评论测试片' });
    const read = await t.app.inject({ method: 'POST', url: '/api/comments/replies/read', headers: erin.headers });
    expect(read.statusCode).toBe(200);
    expect((await get(erin, '/api/comments/user-count')).json().info.unread).toBe(0);
  });
});

describe('console', () => {
  it('filters by title, user and state, hides and deletes', async () => {
    const c = (await post(bob, { content: fresh('console') })).json().info;
    const byUser = (
      await t.app.inject({ url: `/api/admin/comments?user=${bob.user.user_id}&vod=${vodId}&status=1`, headers: admin })
    ).json();
    expect(byUser.list.map((x: { comment_id: number }) => x.comment_id)).toContain(c.comment_id);
    expect(byUser.list[0]).toMatchObject({ vod_name: '评论测试片' });
    const hide = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/comments/${c.comment_id}/status`,
      headers: admin,
      payload: { status: 2 },
    });
    expect(hide.json().info.comment_status).toBe(2);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/comments/${c.comment_id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/comments/${c.comment_id}`, headers: admin })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/comments' })).statusCode).toBe(401);
  });
});

describe('the comment task and deletion', () => {
  it('pays the daily comment task once per comment within its cap', async () => {
    const frank = await makeUser(t, { user_name: 'frank_cm' });
    for (let i = 0; i < 8; i++) expect((await post(frank, { content: fresh('task') })).statusCode).toBe(200);
    const rows = await t.db.db
      .select()
      .from(macPlog)
      .where(and(eq(macPlog.user_id, frank.user.user_id), eq(macPlog.plog_type, TASK_PLOG.comment)));
    const task = (await get(frank, '/api/points/task'))
      .json()
      .tasks.find((x: { plog_type: number }) => x.plog_type === TASK_PLOG.comment);
    expect(task.num).toBeGreaterThan(0);
    expect(rows.length).toBe(Math.min(8, task.num));
    expect(task.count).toBe(Math.min(8, task.num));
  });

  it('anonymises a deleted user comments', async () => {
    const gina = await makeUser(t, { user_name: 'gina_cm' });
    const c = (await post(gina, { content: fresh('bye') })).json().info;
    await requestDeletion(t.db.db, gina.user.user_id, { now: new Date(Date.now() - 10 * 86_400_000) });
    expect(
      await processDeletions(t.db.db, new Date(), { handlers: t.app.services.accounts.deletionHandlers }),
    ).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.db.select().from(macComment).where(eq(macComment.comment_id, c.comment_id));
    expect(row).toMatchObject({ user_id: null, comment_name: '', comment_content: c.comment_content });
  });
});
