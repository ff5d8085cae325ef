/**
 * Issue 4 catalogue calls through HTTP (inject), on PGlite and, with DATABASE_URL, PostgreSQL: rights per group
 * (getType, getDetail), hits periods and rankings (getHitsList), ratings (score), search and suggest, hot searches,
 * topics, day covers and the console calls behind them (adminCreateVod, topics, catalogue settings, day covers).
 */

import { DataQuery } from '@openvod/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../core/db.ts';
import { appSetting, macGroup, macType, macVod, searchWord } from '../../db/schema/index.ts';
import { seedDemoTypes } from '../../demo/demo-types.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { listVodRows } from './content.repo.ts';
import { COUNT_TTL_MS, ContentService, countCap } from './content.service.ts';
import { HITS_PERIOD_KEY, periodsOf, resetHitsIfDue } from './hits.jobs.ts';

let t: TestApp;
let admin: Record<string, string>;
const types: Record<string, number> = {};
const ids: Record<string, number> = {};
let member: TestUser;

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of the API under test are read field by field.
type Json = Record<string, any>;
/** GET from a fresh client address (per-client rate limits do not carry over between calls). */
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, headers, remoteAddress: nextIp() });
  return { status: res.statusCode, body: res.json() as Json };
};
const enc = encodeURIComponent;

async function createVod(body: Json): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/vods', headers: admin, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info.vod_id;
}

/** Service clock at an operator (Asia/Shanghai) wall time. */
function setClock(iso: string) {
  const at = new Date(`${iso}+08:00`);
  t.app.services.content.now = () => at;
}

const PLAY = { vod_play_from: 'ovhls', vod_play_url: '第01集$https://cdn.example.net/a/1.m3u8' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  await seedDemoTypes(t.db.db);
  for (const row of await t.db.db.select().from(macType)) types[row.type_en] = row.type_id;
  // Guests may open films only; members films and series (spec §3 permission flag).
  await t.db.db
    .update(macGroup)
    .set({ group_type: String(types.movie) })
    .where(eq(macGroup.group_id, 1));
  await t.db.db
    .update(macGroup)
    .set({ group_type: `${types.movie},${types.tv}` })
    .where(eq(macGroup.group_id, 2));
  ids.star = await createVod({
    type_id: types.action as number,
    vod_name: '星河守望者',
    vod_sub: '银河哨兵',
    vod_en: 'xingheshouwangzhe',
    vod_actor: '张三,Tom Hanks',
    ...PLAY,
  });
  ids.exact = await createVod({ type_id: types.movie as number, vod_name: '星河', vod_en: 'xinghe', ...PLAY });
  ids.contains = await createVod({ type_id: types.scifi as number, vod_name: '银色星河传说', ...PLAY });
  ids.alias = await createVod({ type_id: types.tv as number, vod_name: '远方', vod_sub: '星河外传', ...PLAY });
  ids.actor = await createVod({ type_id: types.tv as number, vod_name: '海港', vod_actor: '星河,李四', ...PLAY });
  ids.latin = await createVod({
    type_id: types.tv as number,
    vod_name: 'Stargazer Returns',
    vod_en: 'stargazer returns',
    vod_blurb: '<script>x</script>Back',
    ...PLAY,
  });
  ids.hidden = await createVod({ type_id: types.movie as number, vod_name: '星河隐藏篇', vod_status: 0, ...PLAY });
  member = await makeUser(t, { group_id: 2 });
});
afterAll(() => t.close());

describe('adminCreateVod', () => {
  it('creates a sanitised title with its category and play data', async () => {
    const info = (await get(`/api/admin/vods/${ids.latin}`, admin)).body.info;
    expect(info).toMatchObject({ vod_name: 'Stargazer Returns', type_id: types.tv, type_id_1: types.tv });
    expect(info.vod_blurb).not.toContain('<script>');
    expect(info.vod_letter).toBe('S');
    expect(info.sources[0].episodes[0].url).toBe('https://cdn.example.net/a/1.m3u8');
    const star = (await get(`/api/admin/vods/${ids.star}`, admin)).body.info;
    expect(star.type_id_1).toBe(types.movie);
  });

  it('refuses a missing name or category, an unknown category, unsafe URLs and no session', async () => {
    const post = (payload: Json, headers = admin) =>
      t.app.inject({ method: 'POST', url: '/api/admin/vods', headers: { ...headers, lang: 'en-us' }, payload });
    expect((await post({ type_id: types.movie })).json()).toMatchObject({ code: 1001, field: 'vod_name' });
    expect((await post({ vod_name: 'x' })).json()).toMatchObject({ code: 1001, field: 'type_id' });
    const unknown = await post({ vod_name: 'x', type_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'type_id', msg: 'This category does not exist' });
    const tags = await post({ vod_name: '<b></b>', type_id: types.movie });
    expect(tags.json()).toMatchObject({ code: 1001, field: 'vod_name' });
    const pic = await post({ vod_name: 'x', type_id: types.movie, vod_pic: 'javascript:alert(1)' });
    expect(pic.json()).toMatchObject({ code: 1001, field: 'vod_pic' });
    const slide = await post({ vod_name: 'x', type_id: types.movie, vod_pic_slide: 'data:text/html,x' });
    expect(slide.json()).toMatchObject({ code: 1001, field: 'vod_pic_slide' });
    const play = await post({
      vod_name: 'x',
      type_id: types.movie,
      vod_play_from: 'a',
      vod_play_url: 'ep$javascript:1',
    });
    expect(play.json()).toMatchObject({ code: 1001, field: 'vod_play_url' });
    expect((await post({ vod_name: 'x', type_id: types.movie }, {})).statusCode).toBe(401);
  });

  it('edits vod_pic_slide and filters the console list by vod_level and level_min', async () => {
    const patch = (payload: Json) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/vods/${ids.exact}`, headers: admin, payload });
    const ok = await patch({ vod_pic_slide: 'https://img.example.net/slide.jpg', vod_level: 9 });
    expect(ok.json().info.vod_pic_slide).toBe('https://img.example.net/slide.jpg');
    expect((await patch({ vod_pic_slide: 'javascript:x' })).json()).toMatchObject({ field: 'vod_pic_slide' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/vods/${ids.contains}`,
      headers: admin,
      payload: { vod_level: 3 },
    });
    const slides = (await get('/api/admin/vods?vod_level=9', admin)).body;
    expect(slides.list.map((v: Json) => v.vod_id)).toEqual([ids.exact]);
    // The viewer's slideshow carries the slide picture.
    const home = (await get('/api/home')).body;
    expect(home.slide.find((v: Json) => v.vod_id === ids.exact)?.vod_pic_slide).toBe(
      'https://img.example.net/slide.jpg',
    );
    // Recommendations are levels level_min..8 (9 is the slideshow).
    const recommended = (await get('/api/admin/vods?level_min=1', admin)).body;
    expect(recommended.list.map((v: Json) => v.vod_id)).toEqual([ids.contains]);
    const none = (await get('/api/admin/vods?level_min=4', admin)).body;
    expect(none.list).toEqual([]);
    expect((await get('/api/admin/vods?vod_level=10', admin)).status).toBe(400);
    expect((await get('/api/admin/vods?level_min=0', admin)).status).toBe(400);
    const found = (await get(`/api/admin/vods?wd=${enc('隐藏')}`, admin)).body;
    expect(found.list.map((v: Json) => v.vod_id)).toEqual([ids.hidden]);
  });
});

describe('getType and getDetail rights', () => {
  it('flags top categories and their children by the caller group; bad tokens are guests', async () => {
    const flags = (body: Json) =>
      Object.fromEntries(
        body.list.map((c: Json) => [c.type_en, [c.permission, ...c.child.map((k: Json) => k.permission)]]),
      );
    const guest = (await get('/api/types')).body;
    expect(flags(guest).movie).toEqual([1, 1, 1, 1, 1]);
    expect(flags(guest).tv).toEqual([0, 0, 0, 0]);
    const bad = await get('/api/types', { authorcode: 'not-a-session' });
    expect(bad.status).toBe(200);
    expect(flags(bad.body)).toEqual(flags(guest));
    const mine = (await get('/api/types', member.headers)).body;
    expect(flags(mine).tv).toEqual([1, 1, 1, 1]);
    expect(flags(mine).variety[0]).toBe(0);
  });

  it('refuses play data without rights and gives it with rights', async () => {
    const guest = await get(`/api/vod/${ids.latin}`);
    expect(guest.status).toBe(200);
    expect(guest.body.info).toMatchObject({
      vod_name: 'Stargazer Returns',
      permission: 0,
      sources: [],
      vod_play_url: '',
      vod_play_from: '',
      vod_play_server: '',
      vod_play_note: '',
    });
    // With rights but no view taken yet (issue 7 item 2 play gate): the episodes without their addresses.
    const mine = (await get(`/api/vod/${ids.latin}`, member.headers)).body.info;
    expect(mine).toMatchObject({ permission: 1, play_locked: 1, vod_play_url: '' });
    expect(mine.sources[0].episodes).toHaveLength(1);
    expect(mine.sources[0].episodes[0].url).toBe('');
    // The free-view flow's watch entry takes a view; then the addresses come.
    const take = await get(`/api/user/ulog?ac=set&mid=1&type=4&id=${ids.latin}&sid=1&nid=1`, member.headers);
    expect(take.status).toBe(200);
    const opened = (await get(`/api/vod/${ids.latin}`, member.headers)).body.info;
    expect(opened).toMatchObject({ permission: 1, play_locked: 0 });
    expect(opened.sources[0].episodes[0].url).toBe('https://cdn.example.net/a/1.m3u8');
    expect(opened.vod_play_url).toContain('https://cdn.example.net/a/1.m3u8');
    // A sub-category title follows its top category (action under film: guests may open it); an invalid session is
    // no session, which must sign in before the addresses come (tourist mode off).
    const film = (await get(`/api/vod/${ids.star}`, { authorcode: 'expired-or-wrong' })).body.info;
    expect(film).toMatchObject({ permission: 1, play_locked: 1 });
    expect(film.sources).toHaveLength(1);
    expect((await get(`/api/vod/${ids.hidden}`)).status).toBe(404);
    expect((await get('/api/vod/0')).status).toBe(400);
  });

  it('follows console group edits', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/groups/1',
      headers: admin,
      payload: { group_type: `${types.movie},${types.tv}` },
    });
    expect(res.statusCode).toBe(200);
    // No manual invalidate: the console edit itself drops the cached answers.
    try {
      expect((await get(`/api/vod/${ids.latin}`)).body.info.permission).toBe(1);
      const tv = (await get('/api/types')).body.list.find((c: Json) => c.type_en === 'tv');
      expect(tv.permission).toBe(1);
    } finally {
      await t.db.db
        .update(macGroup)
        .set({ group_type: String(types.movie) })
        .where(eq(macGroup.group_id, 1));
      t.app.services.content.invalidate();
    }
    expect((await get(`/api/vod/${ids.latin}`)).body.info.permission).toBe(0);
  });
});

describe('search and suggest', () => {
  const names = (body: Json) => body.list.map((v: Json) => v.vod_name);

  it('ranks exact name, prefix, contains, alias, actor (Chinese, 2 characters)', async () => {
    const res = (await get(`/api/vod?wd=${enc('星河')}`)).body;
    expect(names(res)).toEqual(['星河', '星河守望者', '银色星河传说', '远方', '海港']);
    expect(res.total).toBe(5);
    const sug = (await t.app.inject(`/api/search/suggest?wd=${enc('星河')}&limit=3`)).json();
    expect(sug.list.map((v: Json) => v.vod_name)).toEqual(['星河', '星河守望者', '银色星河传说']);
    expect(sug.list[1]).toMatchObject({ vod_sub: '银河哨兵', vod_en: 'xingheshouwangzhe', type_name: '动作片' });
  });

  it('finds one character, inner words, English words, pinyin and actors, ignoring case and width', async () => {
    expect(names((await get(`/api/vod?wd=${enc('守')}`)).body)).toEqual(['星河守望者']);
    expect(names((await get(`/api/vod?wd=${enc('守望')}`)).body)).toEqual(['星河守望者']);
    expect(names((await get(`/api/vod?wd=${enc('哨兵')}`)).body)).toEqual(['星河守望者']);
    expect(names((await get('/api/vod?wd=stargazer')).body)).toEqual(['Stargazer Returns']);
    expect(names((await get('/api/vod?wd=STAR')).body)).toEqual(['Stargazer Returns']);
    expect(names((await get(`/api/vod?wd=${enc('ｓｔａｒｇａｚｅｒ ｒｅｔ')}`)).body)).toEqual(['Stargazer Returns']);
    expect(names((await get('/api/vod?wd=xinghesh')).body)).toEqual(['星河守望者']);
    expect(names((await get('/api/vod?wd=xinghe')).body)).toEqual(['星河', '星河守望者']);
    expect(names((await get('/api/vod?wd=hanks')).body)).toEqual(['星河守望者']);
    expect(names((await get(`/api/vod?wd=${enc('李四')}`)).body)).toEqual(['海港']);
    const suggest = (await get('/api/search/suggest?wd=tom')).body;
    expect(suggest.list.map((v: Json) => v.vod_name)).toEqual(['星河守望者']);
  });

  it('finds nothing for unknown words, punctuation, unpublished titles; orders by time when asked', async () => {
    expect((await get('/api/vod?wd=zzzz')).body.total).toBe(0);
    expect((await get(`/api/vod?wd=${enc('!!! ???')}`)).body.total).toBe(0);
    expect((await get(`/api/search/suggest?wd=${enc('%_')}`)).body.list).toEqual([]);
    expect(names((await get(`/api/vod?wd=${enc('隐藏')}`)).body)).toEqual([]);
    const byTime = (await get(`/api/vod?wd=${enc('星河')}&order=time`)).body;
    const times = byTime.list.map((v: Json) => v.vod_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(byTime.total).toBe(5);
    const filtered = (await get(`/api/vod?wd=${enc('星河')}&type_id=${types.movie}`)).body;
    expect(names(filtered)).toEqual(['星河', '星河守望者', '银色星河传说']);
  });

  it('pages the same ranking whether the names starting with the word fill the page or not', async () => {
    // limit=1: pages 1 and 2 are filled by names starting with 星河 (the token branch is skipped), pages 3-5 rank
    // them together with the token matches.
    const paged: string[] = [];
    for (let page = 1; page <= 6; page++) {
      const res = (await get(`/api/vod?wd=${enc('星河')}&limit=1&page=${page}`)).body;
      expect(res.total).toBe(5);
      paged.push(...names(res));
    }
    expect(paged).toEqual(['星河', '星河守望者', '银色星河传说', '远方', '海港']);
    const sug = (await t.app.inject(`/api/search/suggest?wd=${enc('星河')}&limit=1`)).json();
    expect(sug.list.map((v: Json) => v.vod_name)).toEqual(['星河']);
  });

  it('rejects bad suggest input', async () => {
    for (const url of [
      '/api/search/suggest',
      '/api/search/suggest?wd=',
      '/api/search/suggest?wd=%20%20',
      `/api/search/suggest?wd=${'x'.repeat(65)}`,
      '/api/search/suggest?wd=a&limit=0',
      '/api/search/suggest?wd=a&limit=21',
      '/api/vod?wd=a&order=best',
    ]) {
      const res = await t.app.inject({ url, headers: { lang: 'en-us' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe(1001);
      expect(res.json().msg, url).toMatch(/^Invalid parameter/);
    }
  });

  it("writes a process's searched words within its flush delay, with no job (each process has its own buffer)", async () => {
    const svc = new ContentService(t.db.db, { timeZone: 'Asia/Shanghai', searchFlushMs: 50 });
    const count = async () =>
      (await t.db.db.select().from(searchWord).where(eq(searchWord.word, '星河'))).reduce((sum, r) => sum + r.n, 0);
    const before = await count();
    await svc.data(DataQuery.parse({ wd: '星河' }));
    await vi.waitFor(async () => expect(await count()).toBe(before + 1), { timeout: 10_000, interval: 50 });
  });

  it('counts searched words per operator day for hot searches; operator words win', async () => {
    setClock('2026-03-10T12:00:00');
    try {
      // Words of the tests above (counted in memory at today's real date) are written first, then cleared.
      await t.app.services.content.flushSearches();
      await t.db.db.delete(searchWord);
      t.app.services.content.invalidate();
      for (const w of ['星河', '星河', ' STAR ', 'star', 'star', 'zzzz']) await get(`/api/vod?wd=${enc(w)}`);
      await get(`/api/vod?wd=${enc('守望')}&page=2`);
      await t.db.db.insert(searchWord).values({ day: '2026-03-03', word: 'old', n: 100 });
      await t.db.db.insert(searchWord).values({ day: '2026-03-04', word: 'recent', n: 1 });
      const hot = (await t.app.inject('/api/search/hot')).json();
      // 'zzzz' found nothing and page 2 is not a new search; 2026-03-03 is 8 operator days back.
      expect(hot.list).toEqual(['star', '星河', 'recent']);
      const set = await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/catalogue-settings',
        headers: admin,
        payload: { hot_search: ['  庆余年 ', '庆余年', 'Friends'] },
      });
      expect(set.json().info.hot_search).toEqual(['庆余年', 'friends']);
      expect((await get('/api/search/hot')).body.list).toEqual(['庆余年', 'friends']);
      await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/catalogue-settings',
        headers: admin,
        payload: { hot_search: [] },
      });
      expect((await get('/api/search/hot')).body.list).toEqual(['star', '星河', 'recent']);
    } finally {
      t.app.services.content.now = () => new Date();
    }
  });
});

describe('hits periods and getHitsList', () => {
  const counters = async (id: number) => {
    const [row] = await t.db.db
      .select({ d: macVod.vod_hits_day, w: macVod.vod_hits_week, m: macVod.vod_hits_month, all: macVod.vod_hits })
      .from(macVod)
      .where(eq(macVod.vod_id, id));
    return row;
  };
  const hit = async (id: number, n: number) => {
    for (let i = 0; i < n; i++) expect((await get(`/api/vod/${id}/hits`)).status).toBe(200);
  };

  it('resets day, week (Monday) and month counters at operator boundaries', async () => {
    const content = t.app.services.content;
    try {
      // Wednesday 2026-04-29, Asia/Shanghai.
      setClock('2026-04-29T10:00:00');
      await content.ensureHitsPeriod();
      await hit(ids.star as number, 3);
      expect(await counters(ids.star as number)).toMatchObject({ d: 3, w: 3, m: 3 });
      setClock('2026-04-29T23:59:59');
      await content.ensureHitsPeriod();
      expect(await counters(ids.star as number)).toMatchObject({ d: 3, w: 3, m: 3 });
      // 00:00:01 in Shanghai is still the 29th in UTC: the operator's day decides.
      setClock('2026-04-30T00:00:01');
      await hit(ids.star as number, 1);
      expect(await counters(ids.star as number)).toMatchObject({ d: 1, w: 4, m: 4 });
      setClock('2026-05-01T08:00:00');
      await content.ensureHitsPeriod();
      expect(await counters(ids.star as number)).toMatchObject({ d: 0, w: 4, m: 0 });
      await hit(ids.star as number, 2);
      setClock('2026-05-04T00:00:00'); // Monday
      await content.ensureHitsPeriod();
      expect(await counters(ids.star as number)).toMatchObject({ d: 0, w: 0, m: 2, all: 6 });
    } finally {
      content.now = () => new Date();
    }
  });

  it('resets once across processes and after downtime over midnight', async () => {
    await t.db.db.update(macVod).set({ vod_hits_day: 5, vod_hits_week: 5, vod_hits_month: 5 });
    const at = new Date('2026-06-15T02:00:00+08:00'); // Monday, new month since May
    const results = await Promise.all([
      resetHitsIfDue(t.db.db, at, 'Asia/Shanghai'),
      resetHitsIfDue(t.db.db, at, 'Asia/Shanghai'),
      resetHitsIfDue(t.db.db, at, 'Asia/Shanghai'),
    ]);
    expect(results.filter((r) => r.day && r.week && r.month)).toHaveLength(1);
    expect(results.filter((r) => !r.day && !r.week && !r.month)).toHaveLength(2);
    const [stored] = await t.db.db.select().from(appSetting).where(eq(appSetting.key, HITS_PERIOD_KEY));
    expect(stored?.value).toEqual(periodsOf(at, 'Asia/Shanghai'));
    expect(stored?.value).toEqual({ day: '2026-06-15', week: '2026-06-15', month: '2026-06' });
    // Counted after the reset, then a second server that was down starts on the next day.
    await t.db.db
      .update(macVod)
      .set({ vod_hits_day: 7 })
      .where(eq(macVod.vod_id, ids.exact as number));
    const other = new ContentService(t.db.db, { timeZone: 'Asia/Shanghai' });
    other.now = () => new Date('2026-06-16T09:00:00+08:00');
    await other.ensureHitsPeriod();
    expect((await counters(ids.exact as number))?.d).toBe(0);
  });

  it('ranks published titles by the period views, with 1-based rank and category filter', async () => {
    const content = t.app.services.content;
    setClock('2026-07-01T10:00:00');
    try {
      await content.ensureHitsPeriod();
      await hit(ids.latin as number, 3);
      await hit(ids.contains as number, 2);
      await hit(ids.star as number, 1);
      await t.db.db
        .update(macVod)
        .set({ vod_hits_day: 50 })
        .where(eq(macVod.vod_id, ids.hidden as number));
      content.invalidate();
      const day = (await t.app.inject('/api/vod/rank?period=day&limit=3')).json();
      expect(day.list.map((v: Json) => [v.vod_id, v.hits, v.rank])).toEqual([
        [ids.latin, 3, 1],
        [ids.contains, 2, 2],
        [ids.star, 1, 3],
      ]);
      expect(day.total).toBe(6);
      const page2 = (await get('/api/vod/rank?period=day&limit=3&page=2')).body;
      expect(page2.list.map((v: Json) => v.rank)).toEqual([4, 5, 6]);
      const films = (await get(`/api/vod/rank?period=week&type_id=${types.movie}`)).body;
      expect(films.list.slice(0, 2).map((v: Json) => v.vod_id)).toEqual([ids.contains, ids.star]);
      expect(films.list.map((v: Json) => v.vod_id)).not.toContain(ids.latin);
      const scifi = (await get(`/api/vod/rank?period=month&type_id=${types.scifi}`)).body;
      expect(scifi.list.map((v: Json) => v.vod_id)).toEqual([ids.contains]);
      // Views move the ranking (its pages live 5 s; a new period or invalidate refreshes them).
      await hit(ids.star as number, 5);
      content.invalidate();
      expect((await get('/api/vod/rank?period=day&limit=1')).body.list[0]).toMatchObject({ vod_id: ids.star, hits: 6 });
      expect((await get('/api/vod?order=hits_day&limit=1')).body.list[0].vod_id).toBe(ids.star);
    } finally {
      content.now = () => new Date();
    }
  });

  it('rejects bad ranking parameters', async () => {
    for (const url of [
      '/api/vod/rank?period=year',
      '/api/vod/rank?page=51',
      '/api/vod/rank?page=0',
      '/api/vod/rank?limit=101',
      '/api/vod/rank?type_id=abc',
      '/api/vod/rank?type_id=3000000000',
    ]) {
      expect((await get(url)).status, url).toBe(400);
    }
  });
});

describe('score', () => {
  it('rates once per user; the average and count update; repeats are refused', async () => {
    const other = await makeUser(t);
    const first = await get(`/api/vod/${ids.actor}/score?score=8`, member.headers);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 1, msg: 'ok', vod_score: '8.0', vod_score_num: 1, vod_score_all: 8 });
    const second = await get(`/api/vod/${ids.actor}/score?score=3`, other.headers);
    expect(second.body).toMatchObject({ vod_score: '5.5', vod_score_num: 2, vod_score_all: 11 });
    const again = await t.app.inject({
      url: `/api/vod/${ids.actor}/score?score=10`,
      headers: { ...member.headers, lang: 'en-us' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 1409, msg: 'Do not repeat the operation' });
    expect((await get(`/api/vod/${ids.actor}`)).body.info.vod_score).toBe('5.5');
  });

  it('needs a user and a valid score of a published title', async () => {
    expect((await get(`/api/vod/${ids.star}/score?score=5`)).status).toBe(401);
    expect((await get(`/api/vod/${ids.star}/score?score=5`, { authorcode: 'nope' })).status).toBe(401);
    for (const s of ['0', '11', '5.5', 'abc', '']) {
      expect((await get(`/api/vod/${ids.star}/score?score=${s}`, member.headers)).status, s).toBe(400);
    }
    expect((await get(`/api/vod/${ids.star}/score`, member.headers)).status).toBe(400);
    expect((await get(`/api/vod/999999/score?score=5`, member.headers)).status).toBe(404);
    expect((await get(`/api/vod/${ids.hidden}/score?score=5`, member.headers)).status).toBe(404);
  });

  it('counts parallel ratings of many users exactly and a user’s parallel repeats once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => makeUser(t)));
    const results = await Promise.all(
      users.map((u, i) => get(`/api/vod/${ids.alias}/score?score=${(i % 10) + 1}`, u.headers)),
    );
    expect(results.map((r) => r.status)).toEqual(users.map(() => 200));
    const dup = await Promise.all(
      Array.from({ length: 6 }, () => get(`/api/vod/${ids.alias}/score?score=10`, member.headers)),
    );
    expect(dup.filter((r) => r.status === 200)).toHaveLength(1);
    expect(dup.filter((r) => r.status === 409)).toHaveLength(5);
    const [row] = await t.db.db
      .select({ num: macVod.vod_score_num, all: macVod.vod_score_all, score: macVod.vod_score })
      .from(macVod)
      .where(eq(macVod.vod_id, ids.alias as number));
    const sum = users.reduce((acc, _u, i) => acc + (i % 10) + 1, 0) + 10;
    expect(row).toEqual({ num: 13, all: sum, score: (Math.round((sum / 13) * 10) / 10).toFixed(1) });
  });
});

describe('topics', () => {
  let topicId: number;
  let hiddenTopic: number;

  it('creates topics with ordered titles and refuses unknown ids', async () => {
    const post = (payload: Json) =>
      t.app.inject({ method: 'POST', url: '/api/admin/topics', headers: { ...admin, lang: 'en-us' }, payload });
    const bad = await post({ topic_name: 'x', vod_ids: [ids.star, 987654, 987655] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'vod_ids', msg: 'Unknown title ids: 987654, 987655' });
    expect((await post({ topic_name: '   ' })).statusCode).toBe(400);
    expect((await post({ topic_name: 'x', topic_pic: 'javascript:1' })).json()).toMatchObject({ field: 'topic_pic' });
    expect((await post({ topic_name: 'x', vod_ids: [0] })).statusCode).toBe(400);
    const res = await post({
      topic_name: '<i>科幻</i>专题',
      topic_sort: 2,
      topic_pic: 'https://img.example.net/t.jpg',
      vod_ids: [ids.latin, ids.hidden, ids.star, ids.latin, ids.contains],
    });
    expect(res.statusCode).toBe(200);
    const info = res.json().info;
    expect(info).toMatchObject({ topic_name: '科幻专题', topic_status: 1 });
    expect(info.vod_ids).toEqual([ids.latin, ids.hidden, ids.star, ids.contains]);
    topicId = info.topic_id;
    hiddenTopic = (await post({ topic_name: '草稿', topic_status: 0, topic_sort: 1 })).json().info.topic_id;
    const first = (await post({ topic_name: '首位', topic_sort: 1, vod_ids: [ids.exact] })).json().info;
    const list = (await get('/api/admin/topics', admin)).body.list.map((x: Json) => x.topic_id);
    expect(list).toEqual([hiddenTopic, first.topic_id, topicId]);
  });

  it('shows published topics with a preview of published titles, and one topic in order', async () => {
    const view = (await t.app.inject('/api/topics')).json();
    expect(view.list.map((x: Json) => x.topic_name)).toEqual(['首位', '科幻专题']);
    const topic = view.list[1];
    expect(topic.vod_count).toBe(3);
    expect(topic.vod_list.map((v: Json) => v.vod_id)).toEqual([ids.latin, ids.star, ids.contains]);
    expect(view.total).toBe(2);
    const paged = (await get('/api/topics?limit=1&page=2')).body;
    expect(paged).toMatchObject({ page: 2, pagecount: 2, total: 2 });
    const one = (await get(`/api/topics/${topicId}`)).body.info;
    expect(one.vod_list.map((v: Json) => v.vod_id)).toEqual([ids.latin, ids.star, ids.contains]);
    expect((await get(`/api/topics/${hiddenTopic}`)).status).toBe(404);
    const missing = await t.app.inject({ url: '/api/topics/999999', headers: { lang: 'en-us' } });
    expect(missing.json()).toEqual({ code: 1004, msg: 'This topic does not exist or is not published' });
    for (const url of ['/api/topics?limit=51', '/api/topics?page=0', '/api/topics/abc']) {
      expect((await get(url)).status, url).toBe(400);
    }
  });

  it('reorders, edits and deletes topics', async () => {
    const patch = (id: number, payload: Json) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/topics/${id}`, headers: admin, payload });
    const res = await patch(topicId, { vod_ids: [ids.contains, ids.latin], topic_blurb: 'b' });
    expect(res.json().info.vod_ids).toEqual([ids.contains, ids.latin]);
    expect((await get(`/api/topics/${topicId}`)).body.info.vod_list.map((v: Json) => v.vod_id)).toEqual([
      ids.contains,
      ids.latin,
    ]);
    expect((await patch(topicId, { vod_ids: [123456789] })).statusCode).toBe(400);
    expect((await patch(999999, { topic_blurb: 'x' })).statusCode).toBe(404);
    expect((await patch(topicId, { topic_status: 2 })).statusCode).toBe(400);
    const del = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/admin/topics/${id}`, headers: admin });
    expect((await del(hiddenTopic)).statusCode).toBe(200);
    expect((await del(hiddenTopic)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/topics' })).statusCode).toBe(401);
  });
});

describe('day covers and catalogue settings', () => {
  const put = (date: string, payload: Json) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/day-covers/${date}`,
      headers: { ...admin, lang: 'en-us' },
      payload,
    });

  it('shows today’s cover or the latest earlier one, in the operator time zone', async () => {
    const content = t.app.services.content;
    try {
      setClock('2026-08-10T12:00:00');
      expect((await t.app.inject('/api/day-cover')).json()).toEqual({ code: 1, msg: 'ok', info: null });
      expect(
        (await put('2026-08-08', { cover_pic: 'https://img.example.net/8.jpg', cover_title: '<b>八</b>' })).statusCode,
      ).toBe(200);
      expect((await put('2026-08-11', { cover_pic: '/media/11.jpg' })).statusCode).toBe(200);
      expect((await get('/api/day-cover')).body.info).toEqual({
        cover_date: '2026-08-08',
        cover_pic: 'https://img.example.net/8.jpg',
        cover_title: '八',
        cover_link: '',
      });
      // 2026-08-11 00:30 in Shanghai is still the 10th in UTC.
      setClock('2026-08-11T00:30:00');
      expect((await get('/api/day-cover')).body.info.cover_date).toBe('2026-08-11');
      const listed = (await get('/api/admin/day-covers', admin)).body;
      expect(listed.list.map((c: Json) => c.cover_date)).toEqual(['2026-08-11', '2026-08-08']);
      // The console's "today" is the operator's, not the caller's (UTC here is still the 10th).
      expect(listed.today).toBe('2026-08-11');
      setClock('2026-08-10T23:59:59');
      expect((await get('/api/admin/day-covers', admin)).body.today).toBe('2026-08-10');
      const del = await t.app.inject({ method: 'DELETE', url: '/api/admin/day-covers/2026-08-11', headers: admin });
      expect(del.statusCode).toBe(200);
      expect((await get('/api/day-cover')).body.info.cover_date).toBe('2026-08-08');
    } finally {
      content.now = () => new Date();
    }
  });

  it('refuses impossible dates, unsafe URLs and missing pictures', async () => {
    const bad = await put('2026-02-30', { cover_pic: 'https://img.example.net/x.jpg' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'date', msg: 'Invalid date: use a real date as YYYY-MM-DD' });
    expect((await put('2026-2-3', { cover_pic: 'https://img.example.net/x.jpg' })).statusCode).toBe(400);
    expect((await put('2026-02-03', { cover_pic: 'javascript:alert(1)' })).json()).toMatchObject({
      field: 'cover_pic',
    });
    expect((await put('2026-02-03', { cover_pic: '' })).statusCode).toBe(400);
    expect((await put('2026-02-03', {})).statusCode).toBe(400);
    const link = await put('2026-02-03', { cover_pic: '/a.jpg', cover_link: 'javascript:x' });
    expect(link.json()).toMatchObject({ field: 'cover_link' });
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/admin/day-covers/2020-01-01', headers: admin });
    expect(missing.statusCode).toBe(404);
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/admin/day-covers/2020-13-01', headers: admin });
    expect(wrong.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/day-covers' })).statusCode).toBe(401);
  });

  it('sets special category ids that exist; getType uses them', async () => {
    const before = (await t.app.inject({ url: '/api/admin/catalogue-settings', headers: admin })).json().info;
    expect(Object.keys(before.special).sort()).toEqual([
      'app_gallery_typeid',
      'app_live_typeid',
      'app_playlet_typeid',
      'app_shortvideo_typeid',
      'app_smallvideo_typeid',
    ]);
    const patch = (payload: Json) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/catalogue-settings', headers: admin, payload });
    const res = await patch({ special: { app_playlet_typeid: types.tv } });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.special.app_playlet_typeid).toBe(types.tv);
    expect((await get('/api/types')).body.special.app_playlet_typeid).toBe(types.tv);
    const bad = await patch({ special: { app_live_typeid: 999999 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('special.app_live_typeid');
    expect((await patch({ special: { app_live_typeid: -1 } })).statusCode).toBe(400);
    expect((await patch({ hot_search: ['x'.repeat(33)] })).statusCode).toBe(400);
    expect((await patch({ hot_search: Array.from({ length: 31 }, (_, i) => `w${i}`) })).statusCode).toBe(400);
    const unset = await patch({ special: { app_playlet_typeid: 0 } });
    expect(unset.json().info.special.app_playlet_typeid).toBe(0);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/admin/catalogue-settings', payload: {} })).statusCode,
    ).toBe(401);
  });
});

// Last: 5,000 filler titles so the planner's choices are those of a real catalogue, not of a 7-row table.
describe('query plans', () => {
  beforeAll(async () => {
    await t.db.db.execute(sql`insert into mac_vod (type_id, type_id_1, vod_name, vod_en, vod_actor, vod_time, vod_hits)
      select ${types.action}, ${types.movie}, '影片' || i || '号', 'film number ' || i, '演员' || (i % 300),
        now() - i * interval '1 minute', i % 1000 from generate_series(1, 5000) as i`);
    await t.db.db.execute(sql`vacuum analyze mac_vod`);
  });

  it('uses the GIN index for search and an ordered index for deep list pages', async () => {
    const plan = async (query: string) => {
      const rows = rowsOf<Record<string, string>>(await t.db.db.execute(sql.raw(`explain ${query}`)));
      return rows.map((r) => Object.values(r)[0]).join('\n');
    };
    const search = await plan(
      "select vod_id from mac_vod where vod_status = 1 and vod_search @> ov_search_query('星河守望')",
    );
    expect(search).toContain('mac_vod_search_gin');
    const deep = await plan(
      `select vod_id from mac_vod where vod_status = 1 and type_id_1 = ${types.movie} order by vod_time desc, vod_id desc limit 20 offset 9980`,
    );
    expect(deep).toContain('mac_vod_pub_t1_time_idx');
    const prefix = await plan(
      "select vod_id from mac_vod where vod_status = 1 and vod_name_norm like '影片4%' order by vod_name_norm = '影片4' desc, vod_hits desc limit 20",
    );
    expect(prefix).toContain('mac_vod_name_norm_idx');
    expect(deep).not.toMatch(/\bSort\b/);
    const rank = await plan(
      'select vod_id from mac_vod where vod_status = 1 order by vod_hits_week desc, vod_hits desc, vod_id desc limit 20',
    );
    expect(rank).toContain('mac_vod_pub_week_idx');
    expect(rank).not.toMatch(/\bSort\b/);
  });

  it('still searches correctly among many titles', async () => {
    t.app.services.content.invalidate();
    const res = (await get(`/api/vod?wd=${enc('星河')}`)).body;
    expect(res.list.map((v: Json) => v.vod_name)).toEqual(['星河', '星河守望者', '银色星河传说', '远方', '海港']);
    const filler = (await get('/api/search/suggest?wd=film%20number%204999')).body;
    expect(filler.list[0].vod_name).toBe('影片4999号');
    // '演员7': the pair 演员 and a word starting with 7 (the title number or the actor number).
    let expected = 0;
    for (let i = 1; i <= 5000; i++) if (String(i).startsWith('7') || String(i % 300).startsWith('7')) expected++;
    // Search totals count up to the next 200 beyond the page (page 2 of 100: 400), so this one is exact.
    expect(expected).toBeGreaterThan(200);
    expect(expected).toBeLessThan(400);
    expect((await get(`/api/vod?wd=${enc('演员7')}&limit=100&page=2`)).body.total).toBe(expected);
    expect((await get(`/api/vod?wd=${enc('演员7')}&limit=1`)).body.total).toBe(200);
  });

  it('counts filtered lists and searches up to the next 200 beyond the page, categories exactly', async () => {
    expect([countCap(1, 20), countCap(9, 20), countCap(10, 20), countCap(1, 1000)]).toEqual([200, 200, 400, 1200]);
    await t.db.db.execute(sql`update mac_vod set vod_class = '测试类' where vod_name like '影片%号'`);
    t.app.services.content.invalidate();
    const list = async (q: string) => (await get(`/api/vod?type_id=${types.action}&limit=20&${q}`)).body;
    const first = await list(`class=${enc('测试类')}`);
    expect([first.total, first.pagecount, first.list.length]).toEqual([200, 10, 20]);
    const p50 = await list(`class=${enc('测试类')}&page=50`);
    expect([p50.total, p50.pagecount]).toEqual([1200, 60]);
    const last = await list(`class=${enc('测试类')}&page=250`);
    expect([last.total, last.pagecount, last.list.length]).toEqual([5000, 250, 20]);
    expect((await list(`class=${enc('测试类')}&page=251`)).list).toEqual([]);
    const search = async (q: string) => (await get(`/api/vod?wd=${enc('影片')}&limit=20&${q}`)).body;
    expect([(await search('page=1')).total, (await search('page=1')).pagecount]).toEqual([200, 10]);
    expect((await search('page=10')).total).toBe(400);
    expect((await search('page=49')).total).toBe(1000);
    expect((await search('page=50')).total).toBe(1000);
    const [exact] = rowsOf<{ n: number }>(
      await t.db.db.execute(
        sql`select count(*)::int as n from mac_vod where vod_status = 1 and type_id = ${types.action}`,
      ),
    );
    const all = await list('page=3');
    expect(all.total).toBe(exact?.n);
    expect(all.pagecount).toBe(Math.ceil(Number(exact?.n) / 20));
  });

  it('reads few matches through themselves with the same rows and order as the ordered walk', async () => {
    await t.db.db.execute(
      sql`update mac_vod set vod_year = '2011', vod_hits_week = i % 7 from generate_series(1, 5000) as i where vod_name = '影片' || i || '号' and i % 97 = 0`,
    );
    const filter = { type_id: types.action, class: '测试类', year: '2011', disabled_types: [] };
    for (const order of ['time', 'hits', 'score', 'hits_week'] as const) {
      for (const page of [1, 2, 8]) {
        const walk = await listVodRows(t.db.db, filter, order, page, 7);
        const via = await listVodRows(t.db.db, filter, order, page, 7, true);
        expect(via.map((r) => r.vod_id)).toEqual(walk.map((r) => r.vod_id));
        expect(walk.length).toBe(page === 8 ? 51 - 49 : 7);
      }
    }
    t.app.services.content.invalidate();
    const few = (await get(`/api/vod?type_id=${types.action}&class=${enc('测试类')}&year=2011&order=hits&limit=20`))
      .body;
    expect([few.total, few.list.length]).toEqual([51, 20]);
    const none = (await get(`/api/vod?type_id=${types.action}&class=${enc('测试类')}&year=1999`)).body;
    expect([none.total, none.list]).toEqual([0, []]);
  });

  it('answers category totals from the last count while a newer one is made', async () => {
    const svc = new ContentService(t.db.db);
    let page = 0;
    const total = async () =>
      JSON.parse(
        (await svc.data(DataQuery.parse({ type_id: String(types.action), limit: '1', page: String(++page) }))).raw,
      ).total as number;
    const before = await total();
    await createVod({ type_id: types.action as number, vod_name: '计数新片', ...PLAY });
    expect(await total()).toBe(before);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + COUNT_TTL_MS + 1000);
      expect(await total()).toBe(before);
      await vi.waitFor(async () => expect(await total()).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
    await t.db.db.execute(sql`update mac_vod set vod_status = 0 where vod_name = '计数新片'`);
    svc.invalidate();
    expect(await total()).toBe(before);
  });
});
