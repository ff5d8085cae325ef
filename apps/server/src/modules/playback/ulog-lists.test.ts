/**
 * User logs of issue 7 item 1 (spec §4 "Favourite/like toggle", §7 ajaxUlog / favs / downs): the favourite toggle
 * (an existing favourite set again is removed), cancel, the daily "collect films" points (plog 20, one film once a
 * day), wallpaper favourites per picture (mid 12) with the picture's address, favs/downs paging and the 500 limit,
 * other users' entries, guests. Runs on PGlite, and on PostgreSQL with DATABASE_URL (where concurrent toggles of one
 * title leave at most one entry and pay once).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macGroup, macPlog, macType, macUlog, macVod } from '../../db/schema/index.ts';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.ts';
import { makeUser, type TestUser } from '../accounts/test-helpers.ts';
import { episodeUrl } from './playback.service.ts';

interface Entry {
  ulog_rid: number;
  ulog_mid: number;
  ulog_sid: number;
  ulog_nid: number;
  ulog_type: number;
  data: { name: string; pic: string; url: string };
}
interface UlogAnswer {
  code: number;
  list: Entry[];
  point: number;
  existed: boolean;
}
interface PageAnswer {
  code: number;
  list: Entry[];
  page: number;
  pagecount: number;
  limit: number;
  total: number;
}

describe(`favourites, favs and downs (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const vodIds: number[] = [];
  let gallery = 0;

  const get = async <T>(url: string, user: TestUser, status = 200): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const ulog = (q: string, user: TestUser) => get<UlogAnswer>(`/api/user/ulog?${q}`, user);
  const collectPlogs = async (user: TestUser) =>
    (await t.db.db.select().from(macPlog).where(eq(macPlog.user_id, user.user.user_id))).filter(
      (p) => p.plog_type === 20,
    );

  beforeAll(async () => {
    t = await createTestApp();
    // Every group may open category 1 of these titles (watch and download entries need the right, issue 7 item 2).
    await t.db.db.update(macGroup).set({ group_type: '1', group_popedom: {} });
    const rows = await t.db.db
      .insert(macVod)
      .values(Array.from({ length: 3 }, (_, i) => ({ type_id: 1, vod_name: `Film ${i + 1}`, vod_pic: `/p${i}.jpg` })))
      .returning({ id: macVod.vod_id });
    vodIds.push(...rows.map((r) => r.id));
    // The gallery category (spec §3: type_sort 1001 when app_gallery_typeid is not configured).
    const [galleryType] = await t.db.db
      .insert(macType)
      .values({ type_name: 'Wallpapers', type_sort: 1001 })
      .returning({ id: macType.type_id });
    const [g] = await t.db.db
      .insert(macVod)
      .values({
        type_id: galleryType?.id as number,
        vod_name: 'Gallery',
        vod_pic: '/g.jpg',
        vod_play_from: 'pic$$$pic2',
        vod_play_url: 'a$/w/1.jpg#b$/w/2.jpg$$$c$/w/3.jpg',
      })
      .returning({ id: macVod.vod_id });
    gallery = g?.id ?? 0;
  });
  afterAll(async () => t.close());

  it('refuses guests', async () => {
    const favs = await t.app.inject({ method: 'GET', url: '/api/user/favs?mid=12' });
    expect(favs.statusCode).toBe(401);
    const downs = await t.app.inject({ method: 'GET', url: '/api/user/downs' });
    expect(downs.statusCode).toBe(401);
    const toggle = await t.app.inject({ method: 'GET', url: '/api/user/ulog?ac=set&type=2&id=1' });
    expect(toggle.statusCode).toBe(401);
  });

  it('toggles a favourite: set adds, set again removes, cancel removes; pays the collect task once a film a day', async () => {
    const u = await makeUser(t);
    const [a, b] = vodIds as [number, number];
    const on = await ulog(`ac=set&type=2&id=${a}`, u);
    expect(on).toMatchObject({ code: 1, existed: false, point: u.user.user_points + 1 });
    expect(on.list).toHaveLength(1);
    expect(on.list[0]).toMatchObject({ ulog_rid: a, ulog_type: 2, data: { name: 'Film 1', pic: '/p0.jpg', url: '' } });
    expect((await ulog(`type=2&id=${a}`, u)).existed).toBe(true);

    const off = await ulog(`ac=set&type=2&id=${a}`, u);
    expect(off).toMatchObject({ existed: true, list: [] });
    expect((await ulog('type=2', u)).list).toEqual([]);

    // Favourite again the same day: listed again, but the film does not pay twice.
    const again = await ulog(`ac=set&type=2&id=${a}`, u);
    expect(again.existed).toBe(false);
    expect(again.point).toBe(u.user.user_points + 1);
    await ulog(`ac=set&type=2&id=${b}`, u);
    const plogs = await collectPlogs(u);
    expect(plogs.map((p) => p.plog_points)).toEqual([1, 1]);

    const cancel = await ulog(`ac=set&type=2&id=${b}&cancel=1`, u);
    expect(cancel).toMatchObject({ existed: true, list: [] });
    const favs = await get<PageAnswer>('/api/user/favs', u);
    expect(favs).toMatchObject({ code: 1, total: 1, page: 1, pagecount: 1 });
    expect(favs.list.map((e) => e.ulog_rid)).toEqual([a]);
  });

  it('keeps wallpaper favourites per picture (mid 12) with the picture address, apart from film favourites', async () => {
    const u = await makeUser(t);
    const first = await ulog(`ac=set&mid=12&type=2&id=${gallery}&sid=1&nid=2`, u);
    expect(first.point).toBe(u.user.user_points); // wallpapers pay nothing
    await ulog(`ac=set&mid=12&type=2&id=${gallery}&sid=2&nid=1`, u);
    await ulog(`ac=set&mid=12&type=2&id=${gallery}&sid=1&nid=1`, u);
    await ulog(`ac=set&type=2&id=${gallery}`, u); // the film favourite of the same title
    const walls = await get<PageAnswer>('/api/user/favs?mid=12&limit=10', u);
    expect(walls.total).toBe(3);
    expect(walls.list.map((e) => [e.ulog_sid, e.ulog_nid, e.data.url])).toEqual(
      expect.arrayContaining([
        [1, 2, '/w/2.jpg'],
        [2, 1, '/w/3.jpg'],
        [1, 1, '/w/1.jpg'],
      ]),
    );
    // Toggling one picture off leaves the others and the film favourite.
    const off = await ulog(`ac=set&mid=12&type=2&id=${gallery}&sid=1&nid=2`, u);
    expect(off.existed).toBe(true);
    expect((await get<PageAnswer>('/api/user/favs?mid=12', u)).total).toBe(2);
    const films = await get<PageAnswer>('/api/user/favs', u);
    expect(films.list.map((e) => [e.ulog_rid, e.data.url])).toEqual([[gallery, '']]);
  });

  it("refuses wallpaper entries of titles outside the gallery, so they never hand out a film's addresses", async () => {
    const u = await makeUser(t);
    const [films] = await t.db.db
      .insert(macType)
      .values({ type_name: 'Films', type_sort: 1 })
      .returning({ id: macType.type_id });
    const [film] = await t.db.db
      .insert(macVod)
      .values({
        type_id: films?.id as number,
        vod_name: 'Locked film',
        vod_play_from: 'ovhls',
        vod_play_url: 'EP1$https://cdn.example.net/secret/1.m3u8',
      })
      .returning({ id: macVod.vod_id });
    for (const type of [2, 4]) {
      const res = await t.app.inject({
        url: `/api/user/ulog?ac=set&mid=12&type=${type}&id=${film?.id}&sid=1&nid=1`,
        headers: { ...u.headers, 'accept-language': 'en-us' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'This item is not a wallpaper', field: 'id' });
      expect(res.body).not.toContain('secret');
    }
    // An entry written before this check (old data) is listed without the address.
    await t.db.db.insert(macUlog).values({
      user_id: u.user.user_id,
      ulog_mid: 12,
      ulog_type: 2,
      ulog_rid: film?.id as number,
      ulog_sid: 1,
      ulog_nid: 1,
      ulog_time: 1,
    });
    const walls = await get<PageAnswer>('/api/user/favs?mid=12', u);
    expect(walls.list.map((e) => [e.ulog_rid, e.data.url])).toEqual([[film?.id, '']]);
    const read = await get<{ list: PageAnswer['list'] }>('/api/user/ulog?mid=12&type=2', u);
    expect(JSON.stringify(read)).not.toContain('secret');
  });

  it('pages favs and downs, newest first, refuses a limit above 500 and shows nobody else', async () => {
    const u = await makeUser(t);
    const other = await makeUser(t);
    for (const id of vodIds) await ulog(`ac=set&type=2&id=${id}`, u);
    await ulog(`ac=set&type=5&id=${vodIds[0]}&sid=1&nid=1`, u);
    await ulog(`ac=set&type=5&id=${vodIds[0]}&sid=1&nid=2`, u);
    await ulog(`ac=set&type=2&id=${vodIds[0]}`, other);

    const p1 = await get<PageAnswer>('/api/user/favs?page=1&limit=2', u);
    expect(p1).toMatchObject({ total: 3, pagecount: 2, limit: 2 });
    const p2 = await get<PageAnswer>('/api/user/favs?page=2&limit=2', u);
    expect(p2.list).toHaveLength(1);
    const ids = [...p1.list, ...p2.list].map((e) => e.ulog_rid);
    expect(new Set(ids)).toEqual(new Set(vodIds));

    const downs = await get<PageAnswer>('/api/user/downs', u);
    expect(downs.list.map((e) => e.ulog_nid).sort()).toEqual([1, 2]);
    expect((await get<PageAnswer>('/api/user/downs', other)).total).toBe(0);
    expect((await get<PageAnswer>('/api/user/favs', other)).list.map((e) => e.ulog_rid)).toEqual([vodIds[0]]);

    for (const url of ['/api/user/favs?limit=501', '/api/user/downs?limit=501']) {
      const res = await get<{ field: string }>(url, u, 400);
      expect(res.field).toBe('limit');
    }
    expect((await get<PageAnswer>('/api/user/favs?limit=500', u)).list).toHaveLength(3);
  });

  it('keeps at most 500 favourites: a new one pushes the oldest out', async () => {
    const u = await makeUser(t);
    await t.db.db.insert(macUlog).values(
      Array.from({ length: 500 }, (_, i) => ({
        user_id: u.user.user_id,
        ulog_mid: 1,
        ulog_type: 2,
        ulog_rid: 5000 + i,
        ulog_time: 1000 + i,
      })),
    );
    await ulog(`ac=set&type=2&id=${vodIds[1]}`, u);
    const all = await get<PageAnswer>('/api/user/favs?limit=500', u);
    expect(all.total).toBe(500);
    expect(all.list[0]?.ulog_rid).toBe(vodIds[1]);
    expect(all.list.some((e) => e.ulog_rid === 5000)).toBe(false);
  });

  it('leaves at most one favourite and pays once when one title is toggled concurrently', async () => {
    const u = await makeUser(t);
    const id = vodIds[2] as number;
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.app.inject({ method: 'GET', url: `/api/user/ulog?ac=set&type=2&id=${id}`, headers: u.headers }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const rows = await t.db.db
      .select()
      .from(macUlog)
      .where(and(eq(macUlog.user_id, u.user.user_id), eq(macUlog.ulog_type, 2)));
    expect(rows.length).toBeLessThanOrEqual(1);
    expect((await collectPlogs(u)).length).toBe(1);
  });

  it('finds the address of a picture in a MacCMS play list', () => {
    expect(episodeUrl('a$/1.jpg#b$/2.jpg$$$c$/3.jpg', 1, 2)).toBe('/2.jpg');
    expect(episodeUrl('a$/1.jpg#b$/2.jpg$$$c$/3.jpg', 2, 1)).toBe('/3.jpg');
    expect(episodeUrl('a$/1.jpg', 2, 1)).toBe('');
    expect(episodeUrl('a$/1.jpg', 1, 5)).toBe('');
  });
});
