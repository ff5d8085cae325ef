/**
 * Danmaku calls (issue 5 item 3 and 6): barrageList / barrageSend with the session's user, escaping, validation,
 * the per-user limit, blocked users, `app_barrage_state`, the live channel in one process, and the console's
 * moderation calls. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { DANMAKU_USER_MAX, type DanmakuEvent } from '@openvod/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { danmaku, macVod } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { processDeletions, requestDeletion } from '../accounts/accounts.service.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { escapeHtml, normalizeText } from './danmaku.service.ts';

let t: TestApp;
let vodId: number;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const [vod] = await t.db.db
    .insert(macVod)
    .values({ vod_name: '弹幕测试片', type_id: 1, type_id_1: 0 })
    .returning({ vod_id: macVod.vod_id });
  vodId = vod?.vod_id ?? 0;
  alice = await makeUser(t, { user_name: 'alice_dm' });
  bob = await makeUser(t, { user_name: 'bob_dm' });
});

afterAll(async () => {
  await t?.close();
});

const send = (user: TestUser | undefined, payload: Record<string, unknown>, lang = 'en-us') =>
  t.app.inject({
    method: 'POST',
    url: '/api/barrage',
    remoteAddress: nextIp(),
    headers: { ...(user?.headers ?? {}), 'accept-language': lang },
    payload: { vodId, sid: 1, nid: 1, time: 1.5, text: 'hello', ...payload },
  });

const list = async (nid = 1, extra = '') => {
  const res = await t.app.inject(`/api/barrage?vodId=${vodId}&nid=${nid}${extra}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    code: number;
    list: { barrage_id: number; barrage_time: number; barrage_text: string; barrage_color: string }[];
    total: number;
    limit: number;
  };
};

/** Open a socket on the episode and collect its frames. */
async function listen(nid: number) {
  const events: DanmakuEvent[] = [];
  const ws: WebSocket = await t.app.injectWS(`/api/danmaku/ws?vodId=${vodId}&nid=${nid}`);
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as DanmakuEvent));
  return { ws, events };
}

describe('barrageSend', () => {
  it('refuses a caller who is not signed in with 401', async () => {
    const res = await send(undefined, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Unauthorized, please log in');
  });

  it('saves as the session user (not the posted userId), default colour #ff0000, and lists it', async () => {
    const res = await send(alice, { userId: bob.user.user_id, userName: 'someone else', text: '  第一条   弹幕 ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.info).toMatchObject({ barrage_time: 1.5, barrage_text: '第一条 弹幕', barrage_color: '#ff0000' });
    const admin = await t.adminHeaders();
    const found = (
      await t.app.inject({ url: `/api/admin/danmaku?wd=${encodeURIComponent('第一条')}`, headers: admin })
    ).json();
    expect(found.list).toHaveLength(1);
    expect(found.list[0]).toMatchObject({ user_id: alice.user.user_id, user_name: 'alice_dm', vod_name: '弹幕测试片' });
    const l = await list();
    expect(l.code).toBe(1);
    expect(l.list.map((i) => i.barrage_text)).toContain('第一条 弹幕');
  });

  it('answers the text HTML-escaped and stores it plain', async () => {
    const res = await send(alice, { text: '<img src=x onerror=alert(1)> & "q"', color: '#00FF00' });
    expect(res.statusCode).toBe(200);
    const escaped = '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;';
    expect(res.json().info).toMatchObject({ barrage_text: escaped, barrage_color: '#00ff00' });
    expect((await list()).list.some((i) => i.barrage_text === escaped)).toBe(true);
    const admin = await t.adminHeaders();
    const found = (await t.app.inject({ url: '/api/admin/danmaku?wd=onerror', headers: admin })).json();
    expect(found.list[0].barrage_text).toBe('<img src=x onerror=alert(1)> & "q"');
  });

  it('validates text length, colour and time, naming the field', async () => {
    const empty = await send(alice, { text: ' \u202e\u200b ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 1001, msg: 'The danmaku cannot be empty', field: 'text' });
    // A NUL is refused for every operation before validation (core/text-input.ts), naming the field.
    const nul = await send(alice, { text: ' \u0000\u202e ' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 1001, field: 'text' });
    const long = await send(alice, { text: '字'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('A danmaku has at most 50 characters');
    expect((await send(alice, { text: '字'.repeat(50) })).statusCode).toBe(200);
    const color = await send(alice, { color: 'red' });
    expect(color.statusCode).toBe(400);
    expect(color.json().field).toBe('color');
    const time = await send(alice, { time: -1 });
    expect(time.statusCode).toBe(400);
    expect(time.json().field).toBe('time');
  });

  it('answers 404 for an unknown title', async () => {
    const res = await send(alice, { vodId: 999_999 });
    expect(res.statusCode).toBe(404);
  });

  it(`limits a user to ${DANMAKU_USER_MAX} per minute, in the caller's language`, async () => {
    const carol = await makeUser(t);
    for (let i = 0; i < DANMAKU_USER_MAX; i++)
      expect((await send(carol, { text: `n${i}`, nid: 9 })).statusCode).toBe(200);
    const over = await send(carol, { text: 'one more', nid: 9 }, 'zh-CN');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 1429, msg: '发送太频繁，请稍后再试' });
    // Another user is not affected.
    expect((await send(bob, { text: 'bob is fine', nid: 9 })).statusCode).toBe(200);
  });

  it('refuses a user the operator blocked, and sends again once unblocked', async () => {
    const admin = await t.adminHeaders();
    const dave = await makeUser(t, { user_name: 'dave_dm' });
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/danmaku-blocks/${dave.user.user_id}`,
      headers: admin,
      payload: { reason: 'spam' },
    });
    expect(block.statusCode).toBe(200);
    expect(block.json().info).toMatchObject({ user_id: dave.user.user_id, user_name: 'dave_dm', reason: 'spam' });
    const refused = await send(dave, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 1403, msg: 'You are blocked from sending danmaku' });
    const blocks = (await t.app.inject({ url: '/api/admin/danmaku-blocks', headers: admin })).json();
    expect(blocks.list.map((b: { user_id: number }) => b.user_id)).toContain(dave.user.user_id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/danmaku-blocks/${dave.user.user_id}`, headers: admin }))
        .statusCode,
    ).toBe(200);
    expect((await send(dave, {})).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/danmaku-blocks/999999', headers: admin, payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('is refused, and the list empty, while the operator has danmaku off (app_barrage_state 0)', async () => {
    const admin = await t.adminHeaders();
    const patch = (v: number) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/app-config',
        headers: admin,
        payload: { app_barrage_state: v },
      });
    expect((await patch(0)).statusCode).toBe(200);
    try {
      const res = await send(alice, {});
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('Danmaku are turned off');
      expect((await list()).list).toEqual([]);
    } finally {
      expect((await patch(1)).statusCode).toBe(200);
    }
    expect((await list()).list.length).toBeGreaterThan(0);
  });

  it('the console needs an admin session', async () => {
    expect((await t.app.inject('/api/admin/danmaku')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/danmaku', headers: alice.headers })).statusCode).toBe(401);
  });
});

describe('barrageList', () => {
  it('orders by playback time, answers seconds, and caps the limit at 1000', async () => {
    for (const time of [30, 2.25, 10])
      expect((await send(bob, { nid: 3, time, text: `at ${time}` })).statusCode).toBe(200);
    const l = await list(3);
    expect(l.list.map((i) => i.barrage_time)).toEqual([2.25, 10, 30]);
    expect(l.total).toBe(3);
    expect(l.limit).toBe(1000);
    const two = await list(3, '&limit=2');
    // A page holds the newest ones, in time order.
    expect(two.list.map((i) => i.barrage_text)).toEqual(['at 2.25', 'at 10']);
    const over = await t.app.inject(`/api/barrage?vodId=${vodId}&nid=3&limit=1001`);
    expect(over.statusCode).toBe(400);
    expect((await t.app.inject('/api/barrage?nid=3')).statusCode).toBe(400);
  });
});

describe('live channel', () => {
  it('delivers a sent danmaku to every socket of the episode, and only of that episode', async () => {
    const a = await listen(5);
    const b = await listen(5);
    const other = await listen(6);
    const res = await send(alice, { nid: 5, time: 7, text: 'live <b>' });
    expect(res.statusCode).toBe(200);
    const id = res.json().info.barrage_id as number;
    const expected: DanmakuEvent = {
      type: 'barrage',
      vod_id: vodId,
      nid: 5,
      item: { barrage_id: id, barrage_time: 7, barrage_text: 'live &lt;b&gt;', barrage_color: '#ff0000' },
    };
    await expect.poll(() => a.events).toEqual([expected]);
    await expect.poll(() => b.events).toEqual([expected]);
    // The operator removes it: the screens are told.
    const admin = await t.adminHeaders();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/danmaku/${id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    await expect.poll(() => a.events.length).toBe(2);
    expect(a.events[1]).toEqual({ type: 'delete', vod_id: vodId, nid: 5, barrage_id: id });
    expect((await list(5)).list.map((i) => i.barrage_id)).not.toContain(id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/danmaku/${id}`, headers: admin })).statusCode).toBe(
      404,
    );
    // The socket of episode 6 got nothing, even after a send to 6 (which proves it was listening).
    expect((await send(alice, { nid: 6, text: 'six' })).statusCode).toBe(200);
    await expect.poll(() => other.events.length).toBe(1);
    expect(other.events[0]).toMatchObject({ type: 'barrage', nid: 6 });
    for (const s of [a, b, other]) s.ws.terminate();
  });

  it('closes a socket with a bad query with 1008', async () => {
    const ws: WebSocket = await t.app.injectWS('/api/danmaku/ws?vodId=abc');
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    expect(code).toBe(1008);
  });
});

describe('console search', () => {
  it('finds by user name, by title and by text', async () => {
    const admin = await t.adminHeaders();
    const q = async (s: string) => (await t.app.inject({ url: `/api/admin/danmaku?${s}`, headers: admin })).json();
    const byUser = await q('user=bob_dm');
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.list.every((i: { user_name: string }) => i.user_name === 'bob_dm')).toBe(true);
    const byUserId = await q(`user=${bob.user.user_id}&limit=100`);
    // A number also matches names containing it (another test user's may): every one of bob's is found.
    expect(byUserId.list.filter((i: { user_id: number }) => i.user_id === bob.user.user_id)).toHaveLength(byUser.total);
    expect((await q(`vod=${encodeURIComponent('测试片')}`)).total).toBeGreaterThan(0);
    expect((await q('vod=nonexistent-title')).total).toBe(0);
    // LIKE wildcards in the search are literal.
    expect((await q('wd=%25')).total).toBe(0);
  });
});

describe('account deletion', () => {
  it("removes the deleted user's danmaku in the deletion transaction, and only theirs", async () => {
    const carol = await makeUser(t);
    for (const text of ['carol one', 'carol two']) expect((await send(carol, { nid: 8, text })).statusCode).toBe(200);
    expect((await send(bob, { nid: 8, text: 'bob stays' })).statusCode).toBe(200);
    expect((await list(8)).list.map((i) => i.barrage_text).sort()).toEqual(['bob stays', 'carol one', 'carol two']);
    await requestDeletion(t.db.db, carol.user.user_id, { now: new Date(Date.now() - 10 * 86_400_000) });
    const handlers = t.app.services.accounts.deletionHandlers;

    // A handler registered after danmaku's fails: the whole deletion rolls back, her danmaku included.
    const unregister = t.app.events.on('user.deleted', async () => {
      throw new Error('later handler failed');
    });
    await expect(processDeletions(t.db.db, new Date(), { handlers })).rejects.toThrow('later handler failed');
    unregister();
    expect((await list(8)).total).toBe(3);

    expect(await processDeletions(t.db.db, new Date(), { handlers })).toBe(1);
    expect((await list(8)).list.map((i) => i.barrage_text)).toEqual(['bob stays']);
    const [left] = await t.db.db.select({ n: count() }).from(danmaku).where(eq(danmaku.user_id, carol.user.user_id));
    expect(left?.n).toBe(0);
  });
});

describe('text helpers', () => {
  it('escapeHtml and normalizeText', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(normalizeText('\n a\t\tb \u202e c\u0007 ')).toBe('a b c');
  });
});
