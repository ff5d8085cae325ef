/**
 * getRelated (the title page's related titles): its own category first (shared actors first, then views), then other
 * categories' titles sharing an actor, then the most viewed; never the title itself, unpublished titles, disabled or
 * special feed categories. Through HTTP (inject), on PGlite and, with DATABASE_URL, PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macType, macVod } from '../../db/schema/index.ts';
import { seedDemoTypes } from '../../demo/demo-types.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let admin: Record<string, string>;
const types: Record<string, number> = {};
const PLAY = { vod_play_from: 'ovhls', vod_play_url: '正片$https://cdn.example.net/a/1.m3u8' };

async function createVod(body: Record<string, unknown>, hits = 0): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/vods', headers: admin, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().info.vod_id as number;
  await t.db.db.update(macVod).set({ vod_hits: hits }).where(eq(macVod.vod_id, id));
  return id;
}

const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
  await seedDemoTypes(t.db.db);
  for (const row of await t.db.db.select().from(macType)) types[row.type_en] = row.type_id;
  const action = types.action as number;
  ids.self = await createVod({ type_id: action, vod_name: '星河守望者', vod_actor: '张三,Tom Hanks', ...PLAY }, 10);
  ids.sameHot = await createVod({ type_id: action, vod_name: '同类热门', vod_actor: '王五', ...PLAY }, 500);
  ids.sameActor = await createVod({ type_id: action, vod_name: '同类同演员', vod_actor: '张三', ...PLAY }, 5);
  ids.sameBoth = await createVod(
    { type_id: action, vod_name: '同类两位演员', vod_actor: 'Tom Hanks/张三', ...PLAY },
    1,
  );
  ids.otherActor = await createVod(
    { type_id: types.tv as number, vod_name: '剧集同演员', vod_actor: 'Tom Hanks', ...PLAY },
    50,
  );
  ids.otherHot = await createVod(
    { type_id: types.tv as number, vod_name: '最热剧集', vod_actor: '赵六', ...PLAY },
    900,
  );
  ids.otherCold = await createVod({ type_id: types.tv as number, vod_name: '冷门剧集', ...PLAY }, 2);
  // Never shown: an unpublished title sharing an actor, and a wallpaper (special gallery category) that is popular.
  ids.hidden = await createVod({ type_id: action, vod_name: '下架', vod_actor: '张三', vod_status: 0, ...PLAY }, 999);
  const gallery = (await t.db.db.select().from(macType).where(eq(macType.type_sort, 1001)))[0]?.type_id;
  if (gallery)
    ids.wallpaper = await createVod({ type_id: gallery, vod_name: '壁纸', vod_actor: '张三', ...PLAY }, 10_000);
});
afterAll(() => t.close());

const names = (list: Array<{ vod_id: number }>) =>
  list.map((v) => Object.entries(ids).find(([, id]) => id === v.vod_id)?.[0] ?? String(v.vod_id));

describe('getRelated', () => {
  it('orders: same category (shared actors first), other titles sharing an actor, then the most viewed', async () => {
    const res = await t.app.inject({ url: `/api/vod/${ids.self}/related` });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json().list)).toEqual(['sameBoth', 'sameActor', 'sameHot', 'otherActor', 'otherHot', 'otherCold']);
    expect(res.json().list[0]).toMatchObject({ vod_name: '同类两位演员', type_id: types.action });
  });

  it('honours the limit and answers 404 for an unknown or unpublished title', async () => {
    const two = await t.app.inject({ url: `/api/vod/${ids.self}/related?limit=2` });
    expect(names(two.json().list)).toEqual(['sameBoth', 'sameActor']);
    expect((await t.app.inject({ url: '/api/vod/999999/related' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/vod/${ids.hidden}/related` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/vod/${ids.self}/related?limit=0` })).statusCode).toBe(400);
  });

  it('a title without actors gets its category, then the most viewed', async () => {
    const res = await t.app.inject({ url: `/api/vod/${ids.otherCold}/related?limit=4` });
    expect(names(res.json().list)).toEqual(['otherHot', 'otherActor', 'sameHot', 'self']);
  });
});
