/**
 * The demo catalogue's categories (issue 2 §5): four top categories with sub-categories and `type_extend` filter
 * lists, and the special categories of spec §3 (short video 999, small video 1000, gallery 1001 named 壁纸, live 1002, playlet 1003)
 * with their `app_*_typeid` settings. The demo feed's category names match these, so the importer binds by name.
 */
import { count, eq } from 'drizzle-orm';
import { getSettings, setSetting } from '../core/settings.ts';
import type { Db } from '../db/client.ts';
import { macType, macVod } from '../db/schema/index.ts';

export interface SeedType {
  name: string;
  en: string;
  sort: number;
  extend?: Record<string, string>;
  children?: Array<[string, string]>;
  setting?: string;
}

const YEARS = '2026,2025,2024,2023,2022,2021,2020,2019,2018,2017,2016,2015';
const AREAS = '大陆,香港,台湾,美国,日本,韩国,英国,法国,泰国';
const LANGS = '国语,粤语,英语,日语,韩语,法语';

export const DEMO_TYPES: SeedType[] = [
  {
    name: '电影',
    en: 'movie',
    sort: 1,
    extend: { class: '动作,喜剧,爱情,科幻,悬疑,剧情,恐怖,战争,动画', area: AREAS, lang: LANGS, year: YEARS },
    children: [
      ['动作片', 'action'],
      ['喜剧片', 'comedy'],
      ['爱情片', 'romance'],
      ['科幻片', 'scifi'],
    ],
  },
  {
    name: '连续剧',
    en: 'tv',
    sort: 2,
    extend: { class: '古装,都市,悬疑,爱情,武侠,家庭,犯罪,科幻', area: AREAS, lang: LANGS, year: YEARS },
    children: [
      ['国产剧', 'cn-tv'],
      ['港台剧', 'hktw-tv'],
      ['欧美剧', 'west-tv'],
    ],
  },
  {
    name: '综艺',
    en: 'variety',
    sort: 3,
    extend: { class: '真人秀,选秀,访谈,音乐,美食,旅游,脱口秀', area: AREAS, lang: LANGS, year: YEARS },
    children: [
      ['大陆综艺', 'cn-variety'],
      ['日韩综艺', 'jpkr-variety'],
    ],
  },
  {
    name: '动漫',
    en: 'anime',
    sort: 4,
    extend: { class: '热血,冒险,搞笑,科幻,治愈,奇幻,校园,机战', area: AREAS, lang: LANGS, year: YEARS },
    children: [
      ['国产动漫', 'cn-anime'],
      ['日本动漫', 'jp-anime'],
    ],
  },
  { name: '短视频', en: 'shortvideo', sort: 999, setting: 'app_shortvideo_typeid' },
  { name: '小视频', en: 'smallvideo', sort: 1000, setting: 'app_smallvideo_typeid' },
  { name: '壁纸', en: 'wallpaper', sort: 1001, setting: 'app_gallery_typeid' },
  { name: '直播', en: 'live', sort: 1002, setting: 'app_live_typeid' },
  { name: '短剧', en: 'playlet', sort: 1003, setting: 'app_playlet_typeid' },
];

/** Is the catalogue empty (no categories and no titles)? */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [types] = await db.select({ n: count() }).from(macType);
  const [vods] = await db.select({ n: count() }).from(macVod);
  return Number(types?.n ?? 0) === 0 && Number(vods?.n ?? 0) === 0;
}

/** Insert the demo categories and special-category settings (in one transaction). */
export async function seedDemoTypes(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of DEMO_TYPES) {
      const [top] = await tx
        .insert(macType)
        .values({
          type_name: t.name,
          type_en: t.en,
          type_sort: t.sort,
          type_pid: 0,
          type_mid: 1,
          type_extend: t.extend ?? {},
        })
        .returning();
      if (!top) throw new Error('category insert returned nothing');
      if (t.setting) await setSetting(tx, t.setting, top.type_id);
      for (const [i, [name, en]] of (t.children ?? []).entries()) {
        await tx.insert(macType).values({
          type_name: name,
          type_en: en,
          type_sort: i + 1,
          type_pid: top.type_id,
          type_mid: 1,
          type_extend: t.extend ?? {},
        });
      }
    }
  });
}

/**
 * For a catalogue seeded by an earlier version: create the special top categories of {@link DEMO_TYPES} that are
 * missing (by `type_sort`), fill their `app_*_typeid` settings when unset, and rename the gallery category from its
 * old demo name (图库/gallery) to 壁纸/wallpaper unless the operator renamed it.
 */
export async function ensureDemoSpecialTypes(db: Db): Promise<void> {
  const tops = (await db.select().from(macType)).filter((t) => t.type_pid === 0);
  const settings = await getSettings(
    db,
    DEMO_TYPES.flatMap((t) => (t.setting ? [t.setting] : [])),
  );
  for (const t of DEMO_TYPES) {
    if (!t.setting) continue;
    let row = tops.find((x) => x.type_sort === t.sort);
    if (!row) {
      [row] = await db
        .insert(macType)
        .values({ type_name: t.name, type_en: t.en, type_sort: t.sort, type_pid: 0, type_mid: 1, type_extend: {} })
        .returning();
    } else if (t.sort === 1001 && row.type_name === '图库' && row.type_en === 'gallery') {
      await db.update(macType).set({ type_name: t.name, type_en: t.en }).where(eq(macType.type_id, row.type_id));
    }
    if (row && !(Number(settings[t.setting] ?? 0) > 0)) await setSetting(db, t.setting, row.type_id);
  }
}
