/**
 * Demo content for a first start on an empty database (issue 2 §5): the four top categories with
 * sub-categories and filter lists, the special categories of spec §3, real HLS media made by ffmpeg, and the demo
 * feed (apps/server/demo/demo-feed.json, MacCMS `ac=detail` JSON of invented titles: films, series, variety, anime,
 * 16 wallpapers, small videos, three playlets and the live channel of live-demo.ts) imported through the same
 * importer as any collect feed, plus three topics and today's day cover.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { getSettings, setSetting } from '../core/settings.ts';
import type { Db } from '../db/client.ts';
import { dayCover, macGroup, macTopic, macType, macVod } from '../db/schema/index.ts';
import { collectText, importCollected } from '../modules/importer/importer.service.ts';
import { demoAdsEnabled, ensureDemoAdImage, seedDemoAd } from './demo-ad.ts';
import { DEMO_DAY_COVER_URL, DEMO_FEED_PATH, ensureDemoMedia } from './demo-media.ts';
import { ensureDemoRewardedVideo, seedDemoRewardedAd } from './demo-rewarded-ad.ts';
import { ensureDemoSpecialTypes, isCatalogueEmpty, seedDemoTypes } from './demo-types.ts';

/**
 * Three topics made of demo titles (4–8 each, `topic_rel_vod` in display order): the editors' picks (titles with a
 * `vod_level`), the most watched (by total hits), and the best-rated series. Special categories (short/small
 * videos, wallpapers, live, playlets) are left out.
 */
async function seedTopics(db: Db): Promise<void> {
  const vods = await db
    .select({
      vod_id: macVod.vod_id,
      type_id: macVod.type_id,
      type_id_1: macVod.type_id_1,
      vod_pic: macVod.vod_pic,
      vod_pic_slide: macVod.vod_pic_slide,
      vod_level: macVod.vod_level,
      vod_hits: macVod.vod_hits,
      vod_score: macVod.vod_score,
      vod_total: macVod.vod_total,
    })
    .from(macVod)
    .orderBy(macVod.vod_id);
  const tops = await db.select({ type_id: macType.type_id, type_en: macType.type_en }).from(macType);
  const regular = new Set(
    tops.filter((t) => ['movie', 'tv', 'variety', 'anime'].includes(t.type_en)).map((t) => t.type_id),
  );
  const tvId = tops.find((t) => t.type_en === 'tv')?.type_id ?? -1;
  const normal = vods.filter((v) => regular.has(v.type_id_1) || regular.has(v.type_id));
  const picked = normal
    .filter((v) => v.vod_level > 0)
    .sort((a, b) => b.vod_level - a.vod_level)
    .slice(0, 8);
  const hot = [...normal].sort((a, b) => b.vod_hits - a.vod_hits).slice(0, 8);
  const series = normal
    .filter((v) => v.type_id_1 === tvId && v.vod_total > 1)
    .sort((a, b) => Number(b.vod_score) - Number(a.vod_score))
    .slice(0, 6);
  const usedSlides = new Set<string>();
  const usedPics = new Set<string>();
  const topic = (
    sort: number,
    name: string,
    en: string,
    sub: string,
    blurb: string,
    list: typeof vods,
  ): typeof macTopic.$inferInsert => {
    if (list.length < 4) throw new Error(`demo topic ${en}: only ${list.length} titles`);
    // A banner of one of its titles, another one for each topic where possible.
    const withSlide = list.filter((v) => v.vod_pic_slide !== '');
    const own = withSlide.find((v) => !usedSlides.has(v.vod_pic_slide)) ?? withSlide[0];
    const slide = own?.vod_pic_slide ?? '';
    usedSlides.add(slide);
    const pic = list.find((v) => !usedPics.has(v.vod_pic)) ?? list[0];
    usedPics.add(pic?.vod_pic ?? '');
    return {
      topic_name: name,
      topic_en: en,
      topic_sub: sub,
      topic_blurb: blurb,
      topic_content: `<p>${blurb}</p>`,
      topic_pic: pic?.vod_pic ?? '',
      topic_pic_slide: slide,
      topic_rel_vod: list.map((v) => v.vod_id).join(','),
      topic_level: 1,
      topic_sort: sort,
    };
  };
  const existing = new Set((await db.select({ en: macTopic.topic_en }).from(macTopic)).map((r) => r.en));
  const defs: Array<[number, string, string, string, string, typeof vods]> = [
    [3, '编辑精选', 'editors-choice', "Editors' choice", '编辑为你挑选的好片', picked],
    [2, '人气之选', 'most-watched', 'Most watched', '大家都在看', hot],
    [1, '高分好剧', 'top-rated-series', 'Top-rated series', '口碑最好的连续剧，一集接一集停不下来', series],
  ];
  // Topics with the fewest banner candidates choose first, so that each gets its own.
  const slides = (list: typeof vods) => list.filter((v) => v.vod_pic_slide !== '').length;
  const rows = defs
    .sort((a, b) => slides(a[5]) - slides(b[5]))
    .map((d) => topic(...d))
    .filter((r) => !existing.has(r.topic_en ?? ''));
  if (rows.length > 0) await db.insert(macTopic).values(rows);
}

/**
 * The demo day cover (spec §7 getDayCover) dated today in the operator's time zone; getDayCover falls back to the
 * latest earlier cover, so it keeps showing on later days until the operator sets another.
 */
async function seedDayCover(db: Db, timeZone: string): Promise<void> {
  const [any] = await db.select({ n: count() }).from(dayCover);
  if (Number(any?.n ?? 0) > 0) return; // the operator's covers are left alone
  const today = DateTime.now().setZone(timeZone).toISODate();
  if (!today) throw new Error(`bad time zone ${timeZone}`);
  await db
    .insert(dayCover)
    .values({ cover_date: today, cover_pic: DEMO_DAY_COVER_URL, cover_title: '每日一图 · OpenVod', cover_link: '' })
    .onConflictDoNothing();
}

/**
 * Open every top category to the built-in groups (guest 1, member 2, VIP 3) whose `group_type` is still empty (as
 * the migration creates them), so that a new user sees and plays the demo catalogue. Groups the operator has set are
 * left alone; VIP-only sections are made by taking a category out of a group's list in the console. Also used by
 * `npm run seed:large` (demo/seed-large.ts) for its generated categories. Pass `tx` inside a transaction.
 */
export async function openDemoCategories(db: Db): Promise<void> {
  const tops = await db
    .select({ type_id: macType.type_id })
    .from(macType)
    .where(eq(macType.type_pid, 0))
    .orderBy(macType.type_id);
  if (tops.length === 0) return;
  await db
    .update(macGroup)
    .set({ group_type: tops.map((t) => t.type_id).join(',') })
    .where(and(inArray(macGroup.group_id, [1, 2, 3]), eq(macGroup.group_type, '')));
}

/** `vod_source_key` of the demo titles (the importer's feed key). */
export const DEMO_SOURCE_KEY = 'demo';

/** `app_setting` key holding the SHA-256 of the demo feed the catalogue was seeded or upgraded from. */
export const DEMO_FEED_SETTING = 'demo_feed_sha256';

/** Advisory lock key of demo seeding ("OVSD"): several processes starting together seed once. */
export const SEED_LOCK_KEY = 0x4f565344;

export interface SeedResult {
  seeded: boolean;
  added: number;
}

/**
 * Seed demo content when the catalogue is empty: categories, media (cached in `mediaDir`), the demo feed, topics and
 * the day cover. Media is made before titles are written, so no title ever points at missing media. A catalogue
 * seeded from an earlier demo feed (hash in `app_setting` {@link DEMO_FEED_SETTING}) is upgraded in place
 * ({@link upgradeDemo}); one without demo titles is left alone. Callers hold {@link SEED_LOCK_KEY} (main.ts) so
 * concurrent starts do not seed twice. Idempotent: a second call with the same feed changes nothing.
 */
export async function seedDemo(
  db: Db,
  opts: {
    mediaDir: string;
    timeZone: string;
    log: (msg: string) => void;
    /** Demo feed file; default {@link DEMO_FEED_PATH} (tests use older feeds to exercise the upgrade). */
    feedPath?: string;
  },
): Promise<SeedResult> {
  const feedPath = opts.feedPath ?? DEMO_FEED_PATH;
  const feedText = fs.readFileSync(feedPath, 'utf8');
  const feedSha256 = createHash('sha256').update(feedText).digest('hex');
  if (!(await isCatalogueEmpty(db))) {
    if (!(await hasDemoTitles(db))) return { seeded: false, added: 0 };
    // Media may have been removed by hand: regenerate what the demo titles point at (cached when present).
    await ensureDemoMedia({ mediaDir: opts.mediaDir, log: opts.log, feedPath });
    const seededFrom = (await getSettings(db, [DEMO_FEED_SETTING]))[DEMO_FEED_SETTING];
    if (seededFrom === feedSha256) return { seeded: false, added: 0 };
    return upgradeDemo(db, feedText, feedSha256, opts);
  }
  opts.log('empty catalogue: seeding demo categories, media and titles');
  await ensureDemoMedia({ mediaDir: opts.mediaDir, log: opts.log, feedPath });
  await ensureDemoAdImage(opts.mediaDir);
  if (demoAdsEnabled()) await ensureDemoRewardedVideo(opts.mediaDir);
  const feed = collectText(feedText, 'demo-feed.json');
  feed.bindKey = DEMO_SOURCE_KEY;
  // One transaction: a crash mid-way leaves an empty catalogue (seeded again next start), never half a demo.
  const result = await db.transaction(async (tx) => {
    await seedDemoTypes(tx);
    // Before the import: categories the import creates get the default rights, and would make group_type non-empty.
    await openDemoCategories(tx);
    const imported = await importCollected(tx, feed, { timeZone: opts.timeZone });
    await seedTopics(tx);
    await seedDayCover(tx, opts.timeZone);
    await seedDemoAd(tx, { switchOn: demoAdsEnabled() });
    if (demoAdsEnabled()) await seedDemoRewardedAd(tx);
    await setSetting(tx, DEMO_FEED_SETTING, feedSha256);
    return imported;
  });
  opts.log(`demo content ready: ${result.added} titles, ${result.types_created} extra categories`);
  return { seeded: true, added: result.added };
}

/**
 * Bring the demo titles of an earlier version up to the current feed (one transaction): add missing special
 * categories, import the feed (new titles added, changed ones updated, `vod_lock` ones kept), delete unlocked demo
 * titles the feed no longer has (their media is gone), add missing topics and a day cover if there is none, and
 * record the feed hash. Titles from other sources are not touched.
 */
async function upgradeDemo(
  db: Db,
  feedText: string,
  feedSha256: string,
  opts: { timeZone: string; log: (msg: string) => void },
): Promise<SeedResult> {
  const feed = collectText(feedText, 'demo-feed.json');
  feed.bindKey = DEMO_SOURCE_KEY;
  const ids = feed.pages.flatMap((p) => p.list.map((i) => String(i.vod_id)));
  const result = await db.transaction(async (tx) => {
    await ensureDemoSpecialTypes(tx);
    const imported = await importCollected(tx, feed, { timeZone: opts.timeZone });
    const gone = await tx
      .delete(macVod)
      .where(
        and(eq(macVod.vod_source_key, DEMO_SOURCE_KEY), eq(macVod.vod_lock, 0), notInArray(macVod.vod_source_id, ids)),
      )
      .returning({ vod_id: macVod.vod_id });
    await seedTopics(tx);
    await seedDayCover(tx, opts.timeZone);
    await openDemoCategories(tx);
    await setSetting(tx, DEMO_FEED_SETTING, feedSha256);
    return { ...imported, removed: gone.length };
  });
  opts.log(`demo content upgraded: ${result.added} titles added, ${result.updated} updated, ${result.removed} removed`);
  return { seeded: true, added: result.added };
}

async function hasDemoTitles(db: Db): Promise<boolean> {
  const rows = await db.select({ n: count() }).from(macVod).where(eq(macVod.vod_source_key, DEMO_SOURCE_KEY));
  return Number(rows[0]?.n ?? 0) > 0;
}
