/**
 * Playback (issue 5 item 2): getJsonRealPath against a real local parse API on 127.0.0.1 (allowed by
 * ALLOW_PRIVATE_FEEDS in one app, refused in another), and the user logs (ajaxUlog set/get/cancel/limit, plays),
 * through inject(); on PostgreSQL (DATABASE_URL) concurrent sets of one title leave one entry.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macGroup, macUlog, macUser, macVod } from '../../db/schema/index.ts';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.ts';
import { makeUser, type TestUser } from '../accounts/test-helpers.ts';
import { addressFromAnswer, directlyPlayable, parseApiOf, parseRequestUrl, playTypeOf } from './realpath.ts';

describe('realpath helpers', () => {
  it('knows playable addresses and parse configs', () => {
    expect(playTypeOf('https://a.example/x/index.m3u8?t=1')).toBe('hls');
    expect(playTypeOf('/media/demo/movie.mp4')).toBe('mp4');
    expect(playTypeOf('https://v.example.com/play/abc')).toBe('other');
    expect(directlyPlayable('/media/a/index.m3u8')).toBe(true);
    expect(directlyPlayable('//evil.example/index.m3u8')).toBe(false);
    expect(directlyPlayable('javascript:alert(1)//.m3u8')).toBe(false);
    expect(parseApiOf({ qq: { parse: 'https://jx.example/api?url=', ps: '1' } }, 'qq')).toBe(
      'https://jx.example/api?url=',
    );
    expect(parseApiOf({ qq: { parse: 'https://jx.example/api?url=', ps: '0' } }, 'qq')).toBeUndefined();
    expect(parseApiOf({ qq: { parse: '' } }, 'qq')).toBeUndefined();
    expect(parseApiOf({}, 'qq')).toBeUndefined();
    expect(parseRequestUrl('https://jx.example/api?v={url}&k=1', 'a b')).toBe('https://jx.example/api?v=a%20b&k=1');
    expect(parseRequestUrl('https://jx.example/api?url=', 'x&y')).toBe('https://jx.example/api?url=x%26y');
  });

  it('reads the address of common parse answers', () => {
    expect(addressFromAnswer('{"code":200,"url":"https://cdn.example/a.m3u8"}', 'https://jx.example/')).toEqual({
      url: 'https://cdn.example/a.m3u8',
    });
    expect(addressFromAnswer('{"code":1,"data":{"url":"/v/a.m3u8"}}', 'https://jx.example/api')).toEqual({
      url: 'https://jx.example/v/a.m3u8',
    });
    expect(addressFromAnswer('{"data":"https://cdn.example/b.mp4"}', 'https://jx.example/')).toEqual({
      url: 'https://cdn.example/b.mp4',
    });
    expect(addressFromAnswer('{"code":404,"msg":"no"}', 'https://jx.example/')).toEqual({ reason: 'code 404' });
    expect(addressFromAnswer('{"url":"javascript:alert(1)"}', 'https://jx.example/')).toEqual({
      reason: 'not http(s)',
    });
    expect(addressFromAnswer('<html>', 'https://jx.example/')).toEqual({ reason: 'not JSON' });
  });
});

describe('getJsonRealPath', () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];
  let allowed: TestApp;
  let refused: TestApp;

  const configurePlayers = async (t: TestApp) => {
    const headers = await t.adminHeaders();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers,
      payload: {
        player: {
          jx: { parse: `${base}/parse?url=`, ps: '1' },
          jxbad: { parse: `${base}/bad?u={url}`, ps: 1 },
          jxoff: { parse: `${base}/parse?url=`, ps: '0' },
          dplayer: { parse: '' },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://localhost');
      seen.push(`${u.pathname}?${u.searchParams.toString()}`);
      res.setHeader('content-type', 'application/json');
      if (u.pathname === '/parse') {
        const src = u.searchParams.get('url') ?? '';
        res.end(
          JSON.stringify({ code: 200, url: `https://cdn.example.com/hls/${encodeURIComponent(src)}/index.m3u8` }),
        );
      } else {
        res.end(JSON.stringify({ code: 0, msg: 'nothing' }));
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    allowed = await createTestApp({ ALLOW_PRIVATE_FEEDS: '1' });
    refused = await createTestApp({ ALLOW_PRIVATE_FEEDS: '0' });
    await configurePlayers(allowed);
    await configurePlayers(refused);
  });
  afterAll(async () => {
    await allowed.close();
    await refused.close();
    await new Promise((r) => server.close(r));
  });

  it('calls the parse API of the player and returns the playable address (GET and POST)', async () => {
    const res = await allowed.app.inject({
      method: 'GET',
      url: '/api/player/real-path?from=jx&url=https%3A%2F%2Fv.example.com%2Fplay%2Fabc&vod_id=3&sid=1&nid=2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      code: 1,
      msg: 'ok',
      url: `https://cdn.example.com/hls/${encodeURIComponent('https://v.example.com/play/abc')}/index.m3u8`,
      type: 'hls',
      parsed: true,
    });
    expect(seen).toContain(`/parse?url=${encodeURIComponent('https://v.example.com/play/abc')}`);

    const post = await allowed.app.inject({
      method: 'POST',
      url: '/api/player/real-path',
      payload: { from: 'jx', url: 'qq:12345' },
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().url).toBe('https://cdn.example.com/hls/qq%3A12345/index.m3u8');
  });

  it('returns playable addresses as they are and refuses unparseable ones', async () => {
    const direct = await allowed.app.inject({
      method: 'GET',
      url: '/api/player/real-path?from=dplayer&url=%2Fmedia%2Fdemo%2Findex.m3u8',
    });
    expect(direct.json()).toMatchObject({ url: '/media/demo/index.m3u8', type: 'hls', parsed: false });
    const before = seen.length;
    const viaParser = await allowed.app.inject({
      method: 'GET',
      url: '/api/player/real-path?from=jx&url=https%3A%2F%2Fcdn.example.com%2Fa.mp4',
    });
    expect(viaParser.json()).toMatchObject({ type: 'mp4', parsed: false });
    expect(seen.length).toBe(before);

    for (const from of ['dplayer', 'jxoff', 'unknown']) {
      const res = await allowed.app.inject({
        method: 'GET',
        url: `/api/player/real-path?from=${from}&url=https%3A%2F%2Fv.example.com%2Fplay%2Fabc`,
      });
      expect(res.statusCode, from).toBe(400);
      expect(res.json().field).toBe('from');
    }
    const bad = await allowed.app.inject({
      method: 'GET',
      url: '/api/player/real-path?from=jxbad&url=abc',
      headers: { 'accept-language': 'en-US' },
    });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().msg).toContain('no url');
  });

  it('refuses a parse API on a private address unless ALLOW_PRIVATE_FEEDS allows it', async () => {
    const before = seen.length;
    const res = await refused.app.inject({
      method: 'GET',
      url: '/api/player/real-path?from=jx&url=https%3A%2F%2Fv.example.com%2Fplay%2Fabc',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().msg).toContain('127.0.0.1');
    expect(seen.length).toBe(before);
  });
});

describe(`ajaxUlog and plays (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let u: TestUser;
  const vodIds: number[] = [];

  const ulog = async (query: string, user: TestUser = u) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user/ulog?${query}`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      code: number;
      list: Array<{
        ulog_rid: number;
        ulog_sid: number;
        ulog_nid: number;
        ulog_type: number;
        ulog_progress: number;
        ulog_duration: number;
        ulog_time: number;
        data: { name: string; pic: string };
      }>;
      point: number;
      existed: boolean;
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    // Every group may open category 1 of these titles (watch entries need the play right, issue 7 item 2).
    await t.db.db.update(macGroup).set({ group_type: '1', group_popedom: {} });
    u = await makeUser(t);
    const rows = await t.db.db
      .insert(macVod)
      .values(
        Array.from({ length: 4 }, (_, i) => ({
          type_id: 1,
          vod_name: `Film ${i + 1}`,
          vod_pic: `/media/p${i + 1}.jpg`,
        })),
      )
      .returning({ id: macVod.vod_id });
    vodIds.push(...rows.map((r) => r.id));
  });
  afterAll(async () => t.close());

  it('needs a signed-in user and an id to set', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/user/ulog?type=4' });
    expect(guest.statusCode).toBe(401);
    const noId = await t.app.inject({ method: 'GET', url: '/api/user/ulog?ac=set&type=4', headers: u.headers });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().field).toBe('id');
    const guestPlays = await t.app.inject({ method: 'GET', url: '/api/user/plays' });
    expect(guestPlays.statusCode).toBe(401);
  });

  it('sets, moves and reads a watch record with its resume position, one entry per title', async () => {
    const [a, b] = vodIds as [number, number];
    const first = await ulog(`ac=set&type=4&id=${a}&sid=1&nid=2&progress=61.4&duration=600`);
    expect(first.existed).toBe(false);
    // `point` is the user's balance after the write (the daily watch-films task may have paid for it).
    const [me] = await t.db.db
      .select({ p: macUser.user_points })
      .from(macUser)
      .where(eq(macUser.user_id, u.user.user_id));
    expect(first.point).toBe(me?.p);
    expect(first.list[0]).toMatchObject({
      ulog_rid: a,
      ulog_sid: 1,
      ulog_nid: 2,
      ulog_progress: 61,
      ulog_duration: 600,
      data: { name: 'Film 1', pic: '/media/p1.jpg' },
    });
    await ulog(`ac=set&type=4&id=${b}&sid=1&nid=1&progress=5&duration=100`);
    // Same title, next episode: the entry moves (one per title) and its progress is replaced.
    const moved = await ulog(`ac=set&type=4&id=${a}&sid=1&nid=3&progress=12&duration=610`);
    expect(moved.existed).toBe(true);
    // A set without progress for the same episode keeps the position.
    const kept = await ulog(`ac=set&type=4&id=${a}&sid=1&nid=3`);
    expect(kept.list[0]).toMatchObject({ ulog_nid: 3, ulog_progress: 12, ulog_duration: 610 });

    const all = await ulog('type=4');
    expect(all.list.map((e) => e.ulog_rid).sort()).toEqual([a, b].sort());
    expect(all.list.filter((e) => e.ulog_rid === a)).toHaveLength(1);
    const one = await ulog(`type=4&id=${a}`);
    expect(one.existed).toBe(true);
    expect(one.list).toHaveLength(1);
    const none = await ulog(`type=4&id=${vodIds[3]}`);
    expect(none).toMatchObject({ existed: false, list: [] });

    const plays = await t.app.inject({ method: 'GET', url: '/api/user/plays?page=1&limit=1', headers: u.headers });
    expect(plays.statusCode).toBe(200);
    expect(plays.json()).toMatchObject({ total: 2, pagecount: 2, page: 1, limit: 1 });
    expect(plays.json().list).toHaveLength(1);
    // Another user sees nothing of it.
    const other = await makeUser(t);
    expect((await ulog('type=4', other)).list).toEqual([]);
  });

  it('keeps favourites apart, downloads per episode, and cancels one entry or a whole type', async () => {
    const [a, b] = vodIds as [number, number];
    await ulog(`ac=set&type=2&id=${a}`);
    await ulog(`ac=set&type=2&id=${b}`);
    await ulog(`ac=set&type=5&id=${a}&sid=1&nid=1`);
    await ulog(`ac=set&type=5&id=${a}&sid=1&nid=2`);
    expect((await ulog('type=5')).list).toHaveLength(2);
    expect((await ulog('type=2')).list).toHaveLength(2);

    const cancel = await ulog(`ac=set&type=2&id=${a}&cancel=1`);
    expect(cancel).toMatchObject({ list: [], existed: true });
    expect((await ulog('type=2')).list.map((e) => e.ulog_rid)).toEqual([b]);
    const cancelAgain = await ulog(`ac=set&type=2&id=${a}&cancel=1`);
    expect(cancelAgain.existed).toBe(false);

    await ulog(`ac=set&type=5&id=${a}&sid=1&nid=2&cancel=1`);
    expect((await ulog('type=5')).list.map((e) => e.ulog_nid)).toEqual([1]);
    await ulog('ac=set&type=5&cancel=1');
    expect((await ulog('type=5')).list).toEqual([]);
    // Watch records were not touched.
    expect((await ulog('type=4')).list).toHaveLength(2);
  });

  it('answers at most `limit` entries, newest first, and refuses a limit above 500', async () => {
    const user = await makeUser(t);
    for (const id of vodIds) await ulog(`ac=set&type=4&id=${id}&sid=1&nid=1`, user);
    const two = await ulog('type=4&limit=2', user);
    expect(two.list).toHaveLength(2);
    const times = two.list.map((e) => e.ulog_time);
    expect(times[0]).toBeGreaterThanOrEqual(times[1] as number);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/ulog?type=4&limit=501', headers: user.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('limit');
  });

  it('keeps at most 500 free entries per type: a new one pushes the oldest out, purchases stay', async () => {
    const user = await makeUser(t);
    const base = { user_id: user.user.user_id, ulog_mid: 1, ulog_type: 4, ulog_sid: 1, ulog_nid: 1 };
    // 501 old entries of made-up titles (1000+i): the oldest a purchase (points > 0, issue 7), then 500 free ones.
    await t.db.db.insert(macUlog).values(
      Array.from({ length: 501 }, (_, i) => ({
        ...base,
        ulog_rid: 1000 + i,
        ulog_time: 1000 + i,
        ulog_points: i === 0 ? 5 : 0,
      })),
    );
    await ulog(`ac=set&type=4&id=${vodIds[0]}&sid=1&nid=1`, user);
    const rows = await t.db.db.select().from(macUlog).where(eq(macUlog.user_id, user.user.user_id));
    expect(rows.filter((r) => r.ulog_points === 0)).toHaveLength(500);
    expect(rows.some((r) => r.ulog_rid === 1000)).toBe(true); // the purchase
    expect(rows.some((r) => r.ulog_rid === 1001)).toBe(false); // the oldest free entry
    const all = await ulog('type=4', user);
    expect(all.list).toHaveLength(500);
    expect(all.list[0]?.ulog_rid).toBe(vodIds[0]);
  });

  it("forgets a deleted user's log entries (account deletion handler)", async () => {
    const user = await makeUser(t);
    const keep = await makeUser(t);
    await ulog(`ac=set&type=4&id=${vodIds[0]}&sid=1&nid=1`, user);
    await ulog(`ac=set&type=2&id=${vodIds[1]}`, user);
    await ulog(`ac=set&type=4&id=${vodIds[0]}&sid=1&nid=1`, keep);
    await t.db.db.transaction(async (tx) => {
      for (const handler of t.app.services.accounts.deletionHandlers) await handler(tx, user.user, { now: new Date() });
    });
    const left = await t.db.db.select().from(macUlog).where(eq(macUlog.user_id, user.user.user_id));
    expect(left).toEqual([]);
    expect((await ulog('type=4', keep)).list).toHaveLength(1);
  });

  it('leaves one entry when the same title is set concurrently', async () => {
    const user = await makeUser(t);
    const id = vodIds[0] as number;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/user/ulog?ac=set&type=4&id=${id}&sid=1&nid=${(i % 3) + 1}&progress=${i}`,
          headers: user.headers,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const list = (await ulog('type=4', user)).list;
    expect(list).toHaveLength(1);
    expect(results.filter((r) => r.json().existed === false).length).toBeGreaterThanOrEqual(1);
  });
});
