/**
 * Demo content for a first start on an empty database (issue 2 §5): the four top categories with
 * sub-categories and filter lists, the special categories of spec §3, real HLS media made by ffmpeg, and the demo
 * feed (apps/server/demo/demo-feed.json, MacCMS `ac=detail` JSON of invented titles) imported through the same
 * importer as any collect feed, plus two topics.
 */
import fs from 'node:fs';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { macTopic, macVod } from '../db/schema/index.ts';
import { collectText, importCollected } from '../modules/importer/importer.service.ts';
import { DEMO_FEED_PATH, ensureDemoMedia } from '../modules/media/demo-media.ts';
import { isCatalogueEmpty, seedDemoTypes } from './demo-types.ts';

/** Two topics made of demo titles (by level and by hits). */
async function seedTopics(db: Db): Promise<void> {
  const vods = await db
    .select({ vod_id: macVod.vod_id, vod_pic: macVod.vod_pic, vod_level: macVod.vod_level, vod_hits: macVod.vod_hits })
    .from(macVod);
  const picked = vods.filter((v) => v.vod_level > 0).slice(0, 8);
  const hot = [...vods].sort((a, b) => b.vod_hits - a.vod_hits).slice(0, 8);
  await db.insert(macTopic).values([
    {
      topic_name: '编辑精选',
      topic_en: 'editors-choice',
      topic_blurb: '编辑为你挑选的好片',
      topic_pic: picked[0]?.vod_pic ?? '',
      topic_rel_vod: picked.map((v) => v.vod_id).join(','),
      topic_level: 1,
    },
    {
      topic_name: '人气之选',
      topic_en: 'most-watched',
      topic_blurb: '大家都在看',
      topic_pic: hot[0]?.vod_pic ?? '',
      topic_rel_vod: hot.map((v) => v.vod_id).join(','),
      topic_level: 1,
    },
  ]);
}

/** Advisory lock key of demo seeding ("OVSD"): several processes starting together seed once. */
export const SEED_LOCK_KEY = 0x4f565344;

export interface SeedResult {
  seeded: boolean;
  added: number;
}

/**
 * Seed demo content when the catalogue is empty: categories, media (cached in `mediaDir`), the demo feed and
 * topics. Media is made before titles are written, so no title ever points at missing media. Callers hold
 * {@link SEED_LOCK_KEY} (main.ts) so concurrent starts do not seed twice.
 */
export async function seedDemo(
  db: Db,
  opts: { mediaDir: string; timeZone: string; log: (msg: string) => void },
): Promise<SeedResult> {
  if (!(await isCatalogueEmpty(db))) {
    // Media may have been removed by hand: regenerate what the demo titles point at (cached when present).
    if (await hasDemoTitles(db)) await ensureDemoMedia({ mediaDir: opts.mediaDir, log: opts.log });
    return { seeded: false, added: 0 };
  }
  opts.log('empty catalogue: seeding demo categories, media and titles');
  await ensureDemoMedia({ mediaDir: opts.mediaDir, log: opts.log });
  const feed = collectText(fs.readFileSync(DEMO_FEED_PATH, 'utf8'), 'demo-feed.json');
  feed.bindKey = 'demo';
  // One transaction: a crash mid-way leaves an empty catalogue (seeded again next start), never half a demo.
  const result = await db.transaction(async (tx) => {
    await seedDemoTypes(tx);
    const imported = await importCollected(tx, feed, { timeZone: opts.timeZone });
    await seedTopics(tx);
    return imported;
  });
  opts.log(`demo content ready: ${result.added} titles, ${result.types_created} extra categories`);
  return { seeded: true, added: result.added };
}

async function hasDemoTitles(db: Db): Promise<boolean> {
  const rows = await db.select({ n: count() }).from(macVod).where(eq(macVod.vod_source_key, 'demo'));
  return Number(rows[0]?.n ?? 0) > 0;
}
