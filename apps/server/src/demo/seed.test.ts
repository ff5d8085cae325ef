import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSetting, dayCover, macGroup, macTopic, macType, macVod } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { DEMO_DAY_COVER_URL, DEMO_FEED_PATH } from './demo-media.ts';
import { seedDemoTypes } from './demo-types.ts';
import { DEMO_FEED_SETTING, DEMO_SOURCE_KEY, SEED_LOCK_KEY, type SeedResult, seedDemo } from './seed.ts';

// Demo media is generated once per machine into a shared cache (valid while the feed and generator are unchanged).
const mediaDir = path.join(os.tmpdir(), 'openvod-seed-test-media');
const TZ = 'Asia/Shanghai';

describe('seedDemo (empty catalogue -> demo categories, titles, topics, day cover)', () => {
  let t: TestApp;
  let first: SeedResult;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    first = await t.db.withAdvisoryLock(SEED_LOCK_KEY, (db) =>
      seedDemo(db, { mediaDir, timeZone: TZ, log: (m) => logs.push(m) }),
    );
  }, 600_000);

  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.db.db;
  async function typeBySort(sort: number) {
    const [row] = await db()
      .select()
      .from(macType)
      .where(eq(macType.type_sort, sort))
      .then((rows) => rows.filter((r) => r.type_pid === 0));
    expect(row, `top category with type_sort ${sort}`).toBeDefined();
    return row as NonNullable<typeof row>;
  }
  async function titlesIn(typeId: number) {
    return db().select().from(macVod).where(eq(macVod.type_id, typeId));
  }

  it('seeds every demo title of the feed', () => {
    expect(first.seeded).toBe(true);
    expect(first.added).toBe(78);
  });

  it('has the wallpaper category 壁纸 (type_sort 1001) with 16 one-picture titles', async () => {
    const wall = await typeBySort(1001);
    expect(wall).toMatchObject({ type_name: '壁纸', type_en: 'wallpaper' });
    const titles = await titlesIn(wall.type_id);
    expect(titles).toHaveLength(16);
    for (const v of titles) {
      expect(v.vod_pic).toBe(`/media/demo/posters/${v.vod_en}.jpg`);
      expect(v.vod_play_url).toBe(`原图$/media/demo/wallpapers/${v.vod_en}.jpg`);
      expect(existsSync(path.join(mediaDir, 'demo', 'wallpapers', `${v.vod_en}.jpg`))).toBe(true);
    }
  });

  it('has 6 small videos (type_sort 1000), 3 playlets of 6 episodes and the live channel', async () => {
    const small = await titlesIn((await typeBySort(1000)).type_id);
    expect(small.length).toBe(6);
    const playletType = await typeBySort(1003);
    expect(playletType.type_name).toBe('短剧');
    const playlets = await titlesIn(playletType.type_id);
    expect(playlets).toHaveLength(3);
    for (const p of playlets) expect(p.vod_play_url.split('#')).toHaveLength(6);
    const liveType = await typeBySort(1002);
    expect(liveType.type_name).toBe('直播');
    const live = await titlesIn(liveType.type_id);
    expect(live.map((v) => [v.vod_sub, v.vod_play_url])).toEqual([
      ['OpenVod Live', '直播$/media/live/openvod/index.m3u8'],
    ]);
  });

  it('configures the special category ids in app_setting, and getType reports them', async () => {
    const settings = new Map((await db().select().from(appSetting)).map((r) => [r.key, Number(r.value)] as const));
    const expected = {
      app_shortvideo_typeid: (await typeBySort(999)).type_id,
      app_smallvideo_typeid: (await typeBySort(1000)).type_id,
      app_gallery_typeid: (await typeBySort(1001)).type_id,
      app_live_typeid: (await typeBySort(1002)).type_id,
      app_playlet_typeid: (await typeBySort(1003)).type_id,
    };
    for (const [key, id] of Object.entries(expected)) expect(settings.get(key), key).toBe(id);
    const res = await t.app.inject({ method: 'GET', url: '/api/types' });
    expect(res.statusCode).toBe(200);
    expect(res.json().special).toEqual(expected);
  });

  it('has slideshow (vod_level 9) and recommended (1-8) titles', async () => {
    const all = await db().select({ level: macVod.vod_level, slide: macVod.vod_pic_slide }).from(macVod);
    const slides = all.filter((v) => v.level === 9);
    expect(slides.length).toBeGreaterThanOrEqual(3);
    for (const s of slides) expect(s.slide).toMatch(/^\/media\/demo\/slides\/[a-z0-9]+\.jpg$/);
    expect(all.filter((v) => v.level >= 1 && v.level <= 8).length).toBeGreaterThanOrEqual(5);
  });

  it('creates 3 topics of 4-8 existing titles each', async () => {
    const topics = await db().select().from(macTopic);
    expect(topics.map((x) => x.topic_en).sort()).toEqual(['editors-choice', 'most-watched', 'top-rated-series']);
    const ids = new Set((await db().select({ id: macVod.vod_id }).from(macVod)).map((r) => r.id));
    // Each topic has its own banner and cover.
    expect(new Set(topics.map((x) => x.topic_pic_slide)).size).toBe(3);
    expect(new Set(topics.map((x) => x.topic_pic)).size).toBe(3);
    for (const topic of topics) {
      const rel = topic.topic_rel_vod.split(',').map(Number);
      expect(rel.length, topic.topic_en).toBeGreaterThanOrEqual(4);
      expect(rel.length, topic.topic_en).toBeLessThanOrEqual(8);
      expect(new Set(rel).size).toBe(rel.length);
      for (const id of rel) expect(ids.has(id), `${topic.topic_en}: ${id}`).toBe(true);
      expect(topic.topic_pic).toMatch(/^\/media\/demo\/posters\//);
      expect(topic.topic_pic_slide).toMatch(/^\/media\/demo\/slides\//);
      expect(topic.topic_status).toBe(1);
    }
  });

  it('opens every top category to the guest, member and VIP groups, so getType grants them', async () => {
    const tops = (await db().select().from(macType)).filter((x) => x.type_pid === 0).map((x) => x.type_id);
    const groups = await db()
      .select()
      .from(macGroup)
      .where(inArray(macGroup.group_id, [1, 2, 3]));
    expect(groups).toHaveLength(3);
    for (const g of groups)
      expect(
        g.group_type
          .split(',')
          .map(Number)
          .sort((a, b) => a - b),
      ).toEqual(tops.sort((a, b) => a - b));
    const res = await t.app.inject({ method: 'GET', url: '/api/types' });
    const list = (res.json() as { list: { type_id: number; permission: number }[] }).list;
    expect(list.map((c) => c.permission)).toEqual(list.map(() => 1));
  });

  it("sets today's day cover (operator time zone) to the generated picture", async () => {
    const today = DateTime.now().setZone(TZ).toISODate();
    const covers = await db().select().from(dayCover);
    expect(covers).toHaveLength(1);
    expect(covers[0]).toMatchObject({ cover_date: today, cover_pic: DEMO_DAY_COVER_URL });
    expect(existsSync(path.join(mediaDir, DEMO_DAY_COVER_URL.slice('/media/'.length)))).toBe(true);
  });

  it('is idempotent: a second start changes nothing', async () => {
    const before = await db().select({ n: count() }).from(macVod);
    const again = await t.db.withAdvisoryLock(SEED_LOCK_KEY, (locked) =>
      seedDemo(locked, { mediaDir, timeZone: TZ, log: () => {} }),
    );
    expect(again).toEqual({ seeded: false, added: 0 });
    expect(await db().select({ n: count() }).from(macVod)).toEqual(before);
    expect(await db().select({ n: count() }).from(macTopic)).toEqual([{ n: 3 }]);
    expect(await db().select({ n: count() }).from(dayCover)).toEqual([{ n: 1 }]);
  });
});

describe('seedDemo upgrade (a catalogue seeded from an earlier demo feed)', () => {
  let t: TestApp;
  let tmp: string;
  const LIVE_ID = '82';
  const REMOVED_ID = '999';

  beforeAll(async () => {
    t = await createTestApp();
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'openvod-seed-upgrade-'));
    // The earlier feed: without the live channel, with a title that the current feed no longer has.
    const feed = JSON.parse(readFileSync(DEMO_FEED_PATH, 'utf8')) as { list: Record<string, unknown>[]; total: number };
    const template = feed.list.find((i) => i.vod_id === 1) as Record<string, unknown>;
    feed.list = feed.list.filter((i) => String(i.vod_id) !== LIVE_ID);
    feed.list.push({ ...template, vod_id: Number(REMOVED_ID), vod_name: '旧版演示片', vod_en: 'jiubanyanshipian' });
    feed.list.at(-1)!.vod_pic = '/media/demo/posters/jiubanyanshipian.jpg';
    feed.total = feed.list.length;
    const earlier = path.join(tmp, 'earlier-feed.json');
    await fs.writeFile(earlier, JSON.stringify(feed));
    const first = await seedDemo(t.db.db, { mediaDir, timeZone: TZ, log: () => {}, feedPath: earlier });
    expect(first).toEqual({ seeded: true, added: 78 });
    // As the first demo version named it; and the operator removed the day cover and a topic.
    await t.db.db.update(macType).set({ type_name: '图库', type_en: 'gallery' }).where(eq(macType.type_sort, 1001));
    await t.db.db.delete(dayCover);
    await t.db.db.delete(macTopic).where(eq(macTopic.topic_en, 'top-rated-series'));
    // The operator made everything but category 1 VIP-only for members; the guest group is back to empty.
    await t.db.db.update(macGroup).set({ group_type: '1' }).where(eq(macGroup.group_id, 2));
    await t.db.db.update(macGroup).set({ group_type: '' }).where(eq(macGroup.group_id, 1));
  }, 600_000);

  afterAll(async () => {
    await t?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('adds new titles, removes vanished ones, renames the gallery and restores topics and the day cover', async () => {
    const result = await seedDemo(t.db.db, { mediaDir, timeZone: TZ, log: () => {} });
    expect(result).toEqual({ seeded: true, added: 1 });
    const demo = await t.db.db.select().from(macVod).where(eq(macVod.vod_source_key, DEMO_SOURCE_KEY));
    const ids = new Set(demo.map((v) => v.vod_source_id));
    expect(ids.has(LIVE_ID)).toBe(true);
    expect(ids.has(REMOVED_ID)).toBe(false);
    expect(demo).toHaveLength(78);
    const [gallery] = await t.db.db.select().from(macType).where(eq(macType.type_sort, 1001));
    expect(gallery).toMatchObject({ type_name: '壁纸', type_en: 'wallpaper' });
    expect((await t.db.db.select().from(macTopic)).map((x) => x.topic_en).sort()).toEqual([
      'editors-choice',
      'most-watched',
      'top-rated-series',
    ]);
    expect(await t.db.db.select({ n: count() }).from(dayCover)).toEqual([{ n: 1 }]);
    const groups = new Map((await t.db.db.select().from(macGroup)).map((g) => [g.group_id, g.group_type]));
    expect(groups.get(2)).toBe('1');
    expect(groups.get(1)?.split(',').length).toBeGreaterThanOrEqual(9);
    const [setting] = await t.db.db.select().from(appSetting).where(eq(appSetting.key, DEMO_FEED_SETTING));
    expect(setting?.value).toBe(createHash('sha256').update(readFileSync(DEMO_FEED_PATH, 'utf8')).digest('hex'));
    // Nothing more to do on the next start.
    expect(await seedDemo(t.db.db, { mediaDir, timeZone: TZ, log: () => {} })).toEqual({ seeded: false, added: 0 });
  }, 600_000);

  it('leaves a catalogue without demo titles alone', async () => {
    const other = await createTestApp();
    try {
      await seedDemoTypes(other.db.db);
      await other.db.db.insert(macVod).values({ vod_name: '自己的片', type_id: 1, type_id_1: 0 });
      expect(await seedDemo(other.db.db, { mediaDir, timeZone: TZ, log: () => {} })).toEqual({
        seeded: false,
        added: 0,
      });
      expect(await other.db.db.select({ n: count() }).from(macVod)).toEqual([{ n: 1 }]);
    } finally {
      await other.close();
    }
  });
});
