/**
 * `npm run seed:large -- --titles 200000 [--database-url URL] [--reset] [--seed N] [--anchor YYYY-MM-DD]`: load a
 * large synthetic catalogue for scale tests and benchmarks (issue 4 item 7).
 *
 * What it writes, all through the normal schema (so triggers and defaults keep derived data, e.g. search tokens,
 * right):
 * - categories: when the catalogue has none, the demo categories (demo/demo-types.ts: four top categories with
 *   sub-categories and `type_extend` class/area/lang/year lists, plus the special ones), opened to the built-in
 *   groups whose `group_type` is empty (as the demo seed does); otherwise the existing ones;
 * - `--titles` titles (`mac_vod`), spread over the enabled top categories below type_sort 999 and their
 *   sub-categories, with Chinese names made from word lists (about one in ten Latin, e.g. Western titles), aliases
 *   (`vod_sub`), toneless pinyin without spaces (`vod_en`, as MacCMS keeps it; pinyin-pro), its first letter
 *   (`vod_letter`), actors and directors from recurring pools (stars appear in many titles), 1-3 classes, area,
 *   language and year from the category's `type_extend`, `vod_level` (a few 9 = slideshow, some 1-8 =
 *   recommended), skewed hits (log-normal total; month/week/day as shrinking shares, larger for recent titles),
 *   scores, `vod_time` over the eight years before the anchor day (skewed to recent), and MacCMS play data
 *   (`ovhls$$$ovhls2`, `第01集$/media/demo/pool/NAME/index.m3u8#...`, the demo's HLS pool);
 * - the setting `seed_large` = {@link SeedMarker}, so a later run (and the bench) can see what is loaded.
 *
 * Generated titles carry `vod_source_key = 'seed-large'` and `vod_source_id` = their index, so they are told apart
 * from imported ones. Deterministic: title i depends only on (seed, i, anchor day), not on batch size or on earlier
 * titles, so an interrupted run resumes where it stopped (each batch is one statement; conflicts on the source key
 * are skipped). Without `--reset` it refuses (exit code 3) when the catalogue already holds `--titles` generated
 * titles; `--reset` deletes the generated titles first. `vod_time_hits` (last view) is the one field set from the
 * clock. Bulk mode ({@link BULK_FROM} or more new titles): one transaction that drops the secondary indexes of
 * `mac_vod`, loads the rows (the search trigger still runs per row) and builds the indexes again from their saved
 * definitions; the table is locked until it commits, and an interrupted load rolls back whole.
 *
 * Databases: `--database-url` (else DATABASE_URL) selects PostgreSQL; without either, the PGlite folder of
 * DATA_DIR, which must not be held by a running server (exit code 2, as `npm run import`). Migrations are applied
 * first. Batches (`--batch`, default 2000) are `insert ... select from json_populate_recordset(...)`, one JSON
 * parameter per batch (pg-copy-streams is not a dependency); in bulk mode the next batch is generated while the
 * database inserts the previous one. On PostgreSQL the table is vacuumed and analysed at the end. Prints progress
 * and a summary line.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { loadConfig } from '../config/config.ts';
import { rowsOf } from '../core/db.ts';
import { type Db, type DbHandle, openPglite, openPostgres } from '../db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.ts';
import { appSetting, macType, macVod } from '../db/schema/index.ts';
import { acquireLock, DataDirLockedError, readLock } from '../lib/data-lock.ts';
import { isCatalogueEmpty, seedDemoTypes } from './demo-types.ts';
import { openDemoCategories } from './seed.ts';

/** `vod_source_key` of generated titles. */
export const SOURCE_KEY = 'seed-large';
/** `app_setting` key of the {@link SeedMarker}. */
export const MARKER_KEY = 'seed_large';
/** Bumped whenever the generated data changes shape, so benchmarks regenerate a database made by an older one. */
export const GENERATOR_VERSION = 2;
const MAX_TITLES = 5_000_000;
/** From this many new titles on, load with the secondary indexes dropped and built again (one transaction). */
export const BULK_FROM = 20_000;
const DAY_MS = 86_400_000;

/** What the generator last loaded (setting {@link MARKER_KEY}). */
export interface SeedMarker {
  titles: number;
  seed: number;
  /** Anchor day, YYYY-MM-DD (UTC). */
  anchor: string;
  generator: number;
  /** {@link schemaVersion} when the data was loaded. */
  migration: string;
  /** ISO time the load finished. */
  finished: string;
}

export interface SeedArgs {
  titles: number;
  databaseUrl?: string;
  reset: boolean;
  seed: number;
  /** UTC midnight of the anchor day (ms). */
  anchor: number;
  batch: number;
}

const USAGE =
  'usage: npm run seed:large -- --titles N [--database-url URL] [--reset] [--seed N] [--anchor YYYY-MM-DD] [--batch N]';

function todayUtc(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** Parse the command line; throws an Error with the usage on bad input. */
export function parseArgs(argv: string[]): SeedArgs {
  const out: Partial<SeedArgs> & { reset: boolean } = { reset: false };
  const wholeNumber = (name: string, v: string | undefined, min: number, max: number) => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < min || n > max)
      throw new Error(`${name} needs a whole number from ${min} to ${max}\n${USAGE}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] as string;
    const [flag, inline] = raw.startsWith('--') && raw.includes('=') ? raw.split(/=(.*)/s, 2) : [raw, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--titles':
        out.titles = wholeNumber('--titles', value(), 1, MAX_TITLES);
        break;
      case '--database-url': {
        const v = value();
        if (!v || !/^postgres(ql)?:\/\//.test(v)) throw new Error(`--database-url needs a postgres:// URL\n${USAGE}`);
        out.databaseUrl = v;
        break;
      }
      case '--reset':
        out.reset = true;
        break;
      case '--seed':
        out.seed = wholeNumber('--seed', value(), 0, 2 ** 31 - 1);
        break;
      case '--batch':
        out.batch = wholeNumber('--batch', value(), 1, 20_000);
        break;
      case '--anchor': {
        const v = value() ?? '';
        const ms = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : Number.NaN;
        if (Number.isNaN(ms)) throw new Error(`--anchor needs a date YYYY-MM-DD\n${USAGE}`);
        out.anchor = ms;
        break;
      }
      default:
        throw new Error(`unknown argument "${raw}"\n${USAGE}`);
    }
  }
  if (out.titles === undefined) throw new Error(`--titles is required\n${USAGE}`);
  return {
    titles: out.titles,
    databaseUrl: out.databaseUrl,
    reset: out.reset,
    seed: out.seed ?? 1,
    anchor: out.anchor ?? todayUtc(),
    batch: out.batch ?? 2000,
  };
}

/**
 * The schema version data was generated at: the newest migration's tag and a short hash of every migration file,
 * e.g. `0003_catalogue:1a2b3c4d5e6f` (the hash notices a migration edited in place during development).
 */
export function schemaVersion(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const hash = createHash('sha256');
  for (const e of journal.entries) hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`)));
  return `${journal.entries.at(-1)?.tag ?? ''}:${hash.digest('hex').slice(0, 12)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A well-mixed 32-bit seed from two integers (murmur3 finaliser). */
function mix(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

class Rng {
  private next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)] as T;
  }
  /** Index with a Zipf-like skew: low indices much more often (`s` > 1 skews harder). */
  skewed(n: number, s = 2.2): number {
    return Math.min(n - 1, Math.floor(n * this.next() ** s));
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return (items.at(-1) as readonly [T, number])[0];
  }
  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  /** `k` distinct items of `xs`. */
  some<T>(xs: readonly T[], k: number): T[] {
    const pool = [...xs];
    const out: T[] = [];
    while (out.length < k && pool.length) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0] as T);
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Word lists

/** Leading words of Chinese names. */
const ZH_HEAD = (
  '午夜 长安 江湖 盛世 风起 烈火 深海 无声 云端 逆光 青春 少年 暗夜 南方 北国 星河 人间 千里 倾城 孤城 破晓 流浪 天命 龙门 ' +
  '大唐 山河 都市 迷雾 黎明 沉默 白夜 繁花 惊蛰 秋日 冬至 夏夜 春风 明月 寒山 孤星 赤焰 铁血 碧海 玉楼 紫禁 金陵 西域 东海 ' +
  '雪域 浮生 归途 追光 极速 致命 秘密 最后 隐秘 绝密 失落 遥远 燃烧 觉醒 重生 逆袭 飞驰 狂飙 仙剑 剑侠 霓虹 断刃 月光 烟火 ' +
  '万里 九州 天涯 边城 古镇 胡同 弄堂 海港 高原 草原 沙漠 雨林 冰河 火山 钢铁 琉璃 翡翠 锦绣 清平 太平 长歌 山海 风华 天下'
).split(' ');
/** Trailing words of Chinese names. */
const ZH_TAIL = (
  '传说 往事 英雄 猎人 少女 侦探 战士 时代 王朝 风云 密码 档案 追踪 行动 计划 营救 任务 人生 家族 花园 列车 旅馆 医生 律师 ' +
  '厨房 球队 剑客 刀客 诗人 公主 皇后 将军 使徒 守望 信号 边界 迷宫 岛屿 星球 恋人 情书 约定 誓言 归来 出发 奇遇 漂流 游戏 ' +
  '少年 姐妹 兄弟 父亲 母亲 老师 学院 大厦 小镇 故事 日记 笔记 旋律 舞者 歌手 画师 棋手 船长 车手 刺客 捕快 书生 掌门 城主'
).split(' ');
const ZH_SUFFIX = ['', '', '', '', '', '', '2', '3', '前传', '外传', '之谜', '之战', '新传', '·上部', '·下部'];
const SEASONS = ['第一季', '第二季', '第三季', '第四季', '第五季'];
const VARIETY_TAIL =
  '好声音 来了 研究所 大会 之夜 挑战 旅行团 食堂 训练营 合伙人 小剧场 运动会 新说唱 乐队 脱口秀 观察室 乘风破浪 大冒险'.split(
    ' ',
  );
const ZH_MIDDLE = ['的', '之', '与', '里的', ''];

/** Latin title words with their Chinese translations (for Chinese release names of Western titles). */
const EN_ADJ: ReadonlyArray<readonly [string, string]> = [
  ['Silent', '寂静'],
  ['Last', '最后'],
  ['Midnight', '午夜'],
  ['Broken', '破碎'],
  ['Golden', '金色'],
  ['Hidden', '隐秘'],
  ['Wild', '狂野'],
  ['Dark', '黑暗'],
  ['Lost', '迷失'],
  ['Crimson', '深红'],
  ['Eternal', '永恒'],
  ['Frozen', '冰封'],
  ['Savage', '野蛮'],
  ['Quiet', '安静'],
  ['Burning', '燃烧'],
  ['Distant', '遥远'],
  ['Iron', '钢铁'],
  ['Silver', '银色'],
  ['Bitter', '苦涩'],
  ['Secret', '秘密'],
  ['Northern', '北方'],
  ['Electric', '电光'],
  ['Endless', '无尽'],
  ['Sleepless', '无眠'],
  ['Hollow', '空洞'],
  ['Scarlet', '猩红'],
  ['Fading', '消逝'],
  ['Rising', '崛起'],
];
const EN_NOUN: ReadonlyArray<readonly [string, string]> = [
  ['Harbor', '港湾'],
  ['Kingdom', '王国'],
  ['River', '河流'],
  ['Empire', '帝国'],
  ['Witness', '证人'],
  ['Garden', '花园'],
  ['Signal', '信号'],
  ['Frontier', '边境'],
  ['Detective', '侦探'],
  ['Hunter', '猎人'],
  ['Station', '车站'],
  ['Horizon', '地平线'],
  ['Legacy', '遗产'],
  ['Protocol', '协议'],
  ['Mirror', '镜子'],
  ['Storm', '风暴'],
  ['Valley', '山谷'],
  ['Island', '岛屿'],
  ['Season', '季节'],
  ['Promise', '承诺'],
  ['Shadow', '阴影'],
  ['Voyage', '航程'],
  ['Orchard', '果园'],
  ['Circuit', '赛道'],
  ['Verdict', '裁决'],
  ['Heist', '劫案'],
  ['Frequency', '频率'],
  ['Lighthouse', '灯塔'],
];

const SURNAMES = (
  '王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 林 罗 高 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 肖 田 董 袁 潘 于 蒋 蔡 余 杜 ' +
  '叶 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 汪 范 金 石 廖 贾 夏 韦 方 白 邹 孟 熊 秦 邱 江 尹 薛 段 雷 侯 龙 史 陶 黎 贺 顾 毛 郝 欧阳 上官'
).split(' ');
const GIVEN = (
  '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀英 霞 平 刚 子轩 梓涵 一诺 浩然 雨桐 思远 嘉怡 俊杰 欣怡 宇航 若曦 晓东 ' +
  '文博 佳琪 天佑 紫萱 明轩 婉清 星辰 清扬 墨白 景行 建国 星澜 豆豆 志强 海峰 丹丹 凯 琳 雪 鹏 博 晨 悦 然 瑶 宁 翔'
).split(' ');
const WEST_FIRST =
  '瑞恩 克洛伊 詹姆斯 艾玛 迈克尔 索菲亚 丹尼尔 奥利维亚 托马斯 艾米丽 威廉 夏洛特 亚历山大 伊莎贝拉 本杰明 米娅 卢卡斯 艾娃 亨利 露西'.split(
    ' ',
  );
const WEST_LAST =
  '米勒 韦恩 史密斯 约翰逊 布朗 威尔逊 泰勒 安德森 怀特 哈里斯 克拉克 刘易斯 沃克 霍尔 艾伦 赖特 斯科特 格林 贝克 亚当斯 坎贝尔 帕克'.split(
    ' ',
  );
const JP_LAST = '佐藤 铃木 高桥 田中 渡边 伊藤 山本 中村 小林 加藤 吉田 山田 山口 松本 井上 木村 清水 森田'.split(' ');
const JP_FIRST = '悠真 美咲 阳翔 结衣 莲 葵 大和 凛 翔太 樱 健太 美羽 拓海 七海 隼人 千寻 和也 遥'.split(' ');
const KR_LAST = '金 李 朴 崔 郑 姜 赵 尹 张 林 韩 吴 徐 申 权'.split(' ');
const KR_FIRST = '智恩 敏镐 秀贤 惠善 在勋 允儿 俊昊 素妍 宥真 志勋 多贤 胜利 恩惠 泰民 世正 宝英'.split(' ');

const PLOTS = [
  '讲述了{who}在{where}经历的一段{what}。',
  '{who}意外卷入一场{what}，不得不在{where}寻找真相。',
  '在{where}，{who}与过去的自己重逢，开始了一段{what}。',
  '{who}为了守护家人，踏上了前往{where}的{what}。',
];
const PLOT_WHO = [
  '年轻的警探',
  '落魄的画家',
  '天才少女',
  '退役拳手',
  '一群大学生',
  '古镇的掌柜',
  '失忆的船长',
  '外卖骑手',
];
const PLOT_WHERE = ['繁华都市', '边陲小镇', '海上孤岛', '深山古寺', '未来城市', '江南水乡', '北方雪原', '沙漠绿洲'];
const PLOT_WHAT = [
  '惊心动魄的冒险',
  '啼笑皆非的误会',
  '刻骨铭心的爱情',
  '扑朔迷离的案件',
  '温暖人心的旅程',
  '热血沸腾的比赛',
];
const HLS_POOL = ['life', 'cellauto', 'testsrc', 'plasma', 'testsrc2', 'bars', 'mandelbrot'];
const VERSIONS = ['高清版', '蓝光版', 'HD', '4K', '国语版'];

/** Area → the language usually spoken, and the actor name style. */
const AREA_LANG: Record<string, string> = {
  大陆: '国语',
  香港: '粤语',
  台湾: '国语',
  美国: '英语',
  英国: '英语',
  法国: '法语',
  日本: '日语',
  韩国: '韩语',
  泰国: '泰语',
};
const AREA_WEIGHT: Record<string, number> = {
  大陆: 45,
  美国: 14,
  香港: 8,
  台湾: 6,
  日本: 9,
  韩国: 8,
  英国: 4,
  法国: 3,
  泰国: 3,
};
const WESTERN = new Set(['美国', '英国', '法国']);

// ---------------------------------------------------------------------------------------------------------------
// Pinyin (pinyin-pro), memoised per word

const pinyinCache = new Map<string, string>();
/**
 * Toneless pinyin without separators, lower case (`霓虹断刃` → `nihongduanren`); Latin letters and digits kept,
 * lower-cased, everything else dropped. Names are made of a few hundred word pieces, so callers convert pieces
 * (cached) and join them.
 */
export function pinyinOf(text: string): string {
  if (!/[\u3400-\u9fff]/.test(text)) return text.toLowerCase().replace(/[^a-z0-9]/g, '');
  let v = pinyinCache.get(text);
  if (v === undefined) {
    v = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true })
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    pinyinCache.set(text, v);
  }
  return v;
}

// ---------------------------------------------------------------------------------------------------------------
// Categories and people

/** A category titles are placed in: its top category and `type_extend` lists. */
interface Slot {
  type_id: number;
  type_id_1: number;
  /** movie, tv, variety or anime: decides episodes, remarks and name style. */
  kind: 'movie' | 'tv' | 'variety' | 'anime';
  classes: string[];
  areas: string[];
  langs: string[];
  years: string[];
  /** Areas this sub-category stands for (by its name), else every area of the list. */
  areaHint: string[];
}

type TypeRow = typeof macType.$inferSelect;

function kindOf(top: TypeRow): Slot['kind'] {
  const s = `${top.type_en} ${top.type_name}`.toLowerCase();
  if (/variety|综艺/.test(s)) return 'variety';
  if (/anime|动漫|动画/.test(s)) return 'anime';
  if (/tv|剧/.test(s)) return 'tv';
  return 'movie';
}

function areaHintOf(name: string, areas: string[]): string[] {
  const hints: Array<[RegExp, string[]]> = [
    [/国产|大陆|内地/, ['大陆']],
    [/港台/, ['香港', '台湾']],
    [/欧美/, ['美国', '英国', '法国']],
    [/日韩/, ['日本', '韩国']],
    [/日本/, ['日本']],
    [/韩国/, ['韩国']],
  ];
  for (const [re, list] of hints) {
    if (re.test(name)) {
      const found = list.filter((a) => areas.includes(a));
      if (found.length) return found;
    }
  }
  return areas;
}

const split = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Weighted slots: each content top category (enabled, `type_sort` < 999) and its enabled sub-categories. */
function buildSlots(types: TypeRow[]): Array<readonly [Slot, number]> {
  const tops = types.filter((t) => t.type_pid === 0 && t.type_status === 1 && t.type_sort < 999 && t.type_mid === 1);
  const topWeight: Record<Slot['kind'], number> = { movie: 40, tv: 30, variety: 12, anime: 18 };
  const slots: Array<readonly [Slot, number]> = [];
  for (const top of tops) {
    const kind = kindOf(top);
    const children = types.filter((t) => t.type_pid === top.type_id && t.type_status === 1);
    const make = (t: TypeRow): Slot => {
      const ext = { ...top.type_extend, ...t.type_extend };
      const areas = split(ext.area);
      return {
        type_id: t.type_id,
        type_id_1: top.type_id,
        kind,
        classes: split(ext.class),
        areas: areas.length ? areas : ['大陆'],
        langs: split(ext.lang),
        years: split(ext.year),
        areaHint: areaHintOf(t.type_name, areas.length ? areas : ['大陆']),
      };
    };
    const w = topWeight[kind];
    // Most titles sit in a sub-category; some directly in the top category (as feeds often deliver them).
    slots.push([make(top), children.length ? w * 0.15 : w]);
    for (const c of children) slots.push([make(c), (w * 0.85) / children.length]);
  }
  return slots;
}

/** Recurring people: a few thousand names per style, built from the seed. Stars come first (picked most). */
interface People {
  zh: string[];
  west: string[];
  jp: string[];
  kr: string[];
}

function buildPeople(seed: number): People {
  const rng = new Rng(mix(seed, 0x7065_6f70));
  const distinct = (n: number, make: () => string) => {
    const set = new Set<string>();
    for (let tries = 0; set.size < n && tries < n * 20; tries++) set.add(make());
    return [...set];
  };
  return {
    zh: distinct(4000, () => rng.pick(SURNAMES) + rng.pick(GIVEN)),
    west: distinct(400, () => `${rng.pick(WEST_FIRST)}·${rng.pick(WEST_LAST)}`),
    jp: distinct(300, () => rng.pick(JP_LAST) + rng.pick(JP_FIRST)),
    kr: distinct(240, () => rng.pick(KR_LAST) + rng.pick(KR_FIRST)),
  };
}

function peopleFor(people: People, area: string): string[] {
  if (WESTERN.has(area)) return people.west;
  if (area === '日本') return people.jp;
  if (area === '韩国') return people.kr;
  return people.zh;
}

// ---------------------------------------------------------------------------------------------------------------
// One title

/** The generated columns of one title (a subset of `mac_vod`; the rest take their defaults). */
export type GeneratedVod = Pick<
  typeof macVod.$inferInsert,
  | 'type_id'
  | 'type_id_1'
  | 'vod_name'
  | 'vod_sub'
  | 'vod_en'
  | 'vod_letter'
  | 'vod_tag'
  | 'vod_class'
  | 'vod_actor'
  | 'vod_director'
  | 'vod_writer'
  | 'vod_blurb'
  | 'vod_remarks'
  | 'vod_pubdate'
  | 'vod_total'
  | 'vod_serial'
  | 'vod_area'
  | 'vod_lang'
  | 'vod_year'
  | 'vod_version'
  | 'vod_state'
  | 'vod_duration'
  | 'vod_isend'
  | 'vod_level'
  | 'vod_status'
  | 'vod_hits'
  | 'vod_hits_day'
  | 'vod_hits_week'
  | 'vod_hits_month'
  | 'vod_up'
  | 'vod_down'
  | 'vod_score'
  | 'vod_score_all'
  | 'vod_score_num'
  | 'vod_douban_id'
  | 'vod_content'
  | 'vod_play_from'
  | 'vod_play_server'
  | 'vod_play_note'
  | 'vod_play_url'
  | 'vod_source_key'
  | 'vod_source_id'
> & { vod_time: string; vod_time_add: string; vod_time_hits: string | null };

/** Everything title generation needs besides the index. */
export interface GenContext {
  seed: number;
  anchor: number;
  /** The clock at the start of the run (only for `vod_time_hits`). */
  now: number;
  slots: Array<readonly [Slot, number]>;
  people: People;
}

/** A Chinese name as its word pieces (joined for the name; their pinyin joined for `vod_en`). */
/** The generation context for categories `types`; throws {@link SeedRefusedError} when none can hold titles. */
export function makeContext(types: TypeRow[], seed: number, anchor: number, now = Date.now()): GenContext {
  const slots = buildSlots(types);
  if (slots.length === 0) throw new SeedRefusedError('no enabled content category (type_sort below 999) to fill');
  return { seed, anchor, now, slots, people: buildPeople(seed) };
}

function chineseName(rng: Rng, kind: Slot['kind']): string[] {
  if (kind === 'variety') {
    const base = [rng.chance(0.5) ? rng.pick(ZH_HEAD) : rng.pick(ZH_TAIL), rng.pick(VARIETY_TAIL)];
    return rng.chance(0.6) ? [...base, rng.pick(SEASONS)] : base;
  }
  const head = rng.pick(ZH_HEAD);
  let tail = rng.pick(ZH_TAIL);
  if (tail === head) tail = rng.pick(ZH_TAIL);
  const middle = rng.chance(0.3) ? rng.pick(ZH_MIDDLE) : '';
  const name = rng.chance(0.08) ? ['我的', tail, rng.pick(['', '时代', '日记'])] : [head, middle, tail];
  if ((kind === 'tv' || kind === 'anime') && rng.chance(0.2)) name.push(rng.pick(SEASONS));
  else name.push(rng.pick(ZH_SUFFIX));
  return name.filter(Boolean);
}

/** A Latin title and its Chinese release name (as word pieces). */
function latinName(rng: Rng): { en: string; zh: string[] } {
  const [a, az] = rng.pick(EN_ADJ);
  const [n, nz] = rng.pick(EN_NOUN);
  const [n2, n2z] = rng.pick(EN_NOUN);
  return rng.weighted<{ en: string; zh: string[] }>([
    [{ en: `The ${a} ${n}`, zh: [az, nz] }, 4],
    [{ en: `${a} ${n}`, zh: [az, nz] }, 3],
    [{ en: `${n} of the ${a} ${n2}`, zh: [az, n2z, '之', nz] }, 2],
    [{ en: `${n}: ${a} ${n2}`, zh: [nz, '：', az, n2z] }, 1],
  ]);
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function playData(rng: Rng, kind: Slot['kind'], vodTime: number, episodes: number) {
  const sources = rng.chance(0.3) ? 2 : 1;
  const from = ['ovhls', 'ovhls2'].slice(0, sources);
  const urls: string[] = [];
  for (let s = 0; s < sources; s++) {
    const offset = rng.int(0, HLS_POOL.length - 1);
    const eps: string[] = [];
    for (let e = 1; e <= episodes; e++) {
      const name =
        kind === 'movie' || episodes === 1
          ? rng.pick(['正片', 'HD', '高清'])
          : kind === 'variety'
            ? `${isoDay(vodTime - (episodes - e) * 7 * DAY_MS).replace(/-/g, '')}期`
            : `第${pad2(e)}集`;
      eps.push(`${name}$/media/demo/pool/${HLS_POOL[(offset + e) % HLS_POOL.length]}/index.m3u8`);
    }
    urls.push(eps.join('#'));
  }
  return {
    vod_play_from: from.join('$$$'),
    vod_play_server: from.map(() => 'no').join('$$$'),
    vod_play_note: from.map(() => '').join('$$$'),
    vod_play_url: urls.join('$$$'),
  };
}

/** Title number `index` (0-based) of the catalogue for `ctx.seed`. Pure: same inputs, same row. */
export function generateVod(index: number, ctx: GenContext): GeneratedVod {
  const rng = new Rng(mix(ctx.seed, index));
  const slot = rng.weighted(ctx.slots);
  const kind = slot.kind;
  const area = rng.weighted(slot.areaHint.map((a) => [a, AREA_WEIGHT[a] ?? 3] as const));
  const spoken = AREA_LANG[area] ?? '';
  const lang = slot.langs.includes(spoken) ? spoken : slot.langs.length ? rng.pick(slot.langs) : spoken;

  // Names: Western titles are often listed under their Latin name, otherwise a Chinese release name and the Latin
  // original as alias; other titles sometimes have a Latin or Chinese alias.
  let vod_name: string;
  let vod_sub = '';
  let vod_en: string;
  if (WESTERN.has(area) && kind !== 'variety') {
    const latin = latinName(rng);
    if (rng.chance(0.5)) {
      vod_name = latin.en;
      vod_sub = latin.zh.join('');
      vod_en = pinyinOf(latin.en);
    } else {
      vod_name = latin.zh.join('');
      vod_sub = latin.en;
      vod_en = latin.zh.map(pinyinOf).join('');
    }
  } else {
    const pieces = chineseName(rng, kind);
    vod_name = pieces.join('');
    vod_en = pieces.map(pinyinOf).join('');
    if (rng.chance(0.12)) vod_sub = latinName(rng).en;
    else if (rng.chance(0.2)) vod_sub = chineseName(rng, kind).join('');
    else if (rng.chance(0.05)) vod_sub = `${vod_name}(${area === '香港' ? '港' : area === '台湾' ? '台' : '原'}版)`;
  }
  const letterChar = vod_en.charAt(0).toUpperCase();
  const vod_letter = /^[A-Z0-9]$/.test(letterChar) ? letterChar : '';

  const classes = slot.classes.length
    ? rng.some(
        slot.classes,
        rng.weighted([
          [1, 4],
          [2, 4],
          [3, 2],
        ]),
      )
    : [];
  const years = slot.years.length ? slot.years : ['2024'];
  const vod_year = years[rng.skewed(years.length, 1.6)] as string;
  const yearStart = Date.UTC(Number(vod_year), 0, 1);

  // vod_time: the last update, over the eight years before the anchor, skewed to recent, never before the year.
  let vodTime = ctx.anchor - Math.floor(8 * 365 * DAY_MS * rng.float() ** 2.2) - rng.int(0, DAY_MS - 1);
  if (vodTime < yearStart) vodTime = yearStart + Math.floor(rng.float() * Math.max(DAY_MS, ctx.anchor - yearStart));
  const vodTimeAdd = vodTime - Math.floor(rng.float() * 60 * DAY_MS);
  const ageDays = (ctx.anchor - vodTime) / DAY_MS;

  const pool = peopleFor(ctx.people, area);
  const actors = Array.from({ length: rng.int(2, 5) }, () => pool[rng.skewed(pool.length)] as string);
  const director = pool[rng.skewed(pool.length, 1.5)] as string;

  // Episodes and remarks.
  let episodes = 1;
  let vod_total = 0;
  let vod_serial = '0';
  let vod_isend = 1;
  let vod_remarks: string;
  let vod_duration = '';
  let vod_state = '';
  if (kind === 'movie' || (kind === 'anime' && rng.chance(0.2))) {
    vod_remarks = rng.pick(['HD', 'HD中字', '蓝光', '正片', 'TC', '高清']);
    vod_duration = `${rng.int(80, 160)}分钟`;
    vod_state = '正片';
  } else {
    vod_total = kind === 'variety' ? rng.int(8, 16) : rng.int(8, 60);
    vod_isend = ageDays > 90 || rng.chance(0.6) ? 1 : 0;
    episodes = vod_isend ? vod_total : rng.int(1, vod_total);
    vod_serial = String(episodes);
    vod_remarks = vod_isend ? `全${vod_total}集` : `更新至${episodes}集`;
    if (kind === 'variety') vod_remarks = `${isoDay(vodTime).replace(/-/g, '')}期`;
  }

  // Popularity: log-normal total; month/week/day as shrinking shares, larger for recent titles.
  const vod_hits = Math.floor(Math.exp(6 + 1.7 * rng.normal()));
  const recency = ageDays < 30 ? 1 : ageDays < 365 ? 0.4 : 0.1;
  const vod_hits_month = Math.floor(vod_hits * recency * (0.05 + 0.3 * rng.float()));
  const vod_hits_week = Math.floor(vod_hits_month * (0.15 + 0.25 * rng.float()));
  const vod_hits_day = Math.floor(vod_hits_week * (0.1 + 0.2 * rng.float()));
  const vod_time_hits =
    vod_hits_day > 0
      ? new Date(ctx.now - rng.int(0, 2 * 3600_000)).toISOString()
      : vod_hits_month > 0
        ? new Date(ctx.now - rng.int(1, 20) * DAY_MS).toISOString()
        : null;

  const score = Math.min(9.8, Math.max(2, 6.6 + 1.2 * rng.normal()));
  const vod_score_num = Math.floor(vod_hits / rng.int(40, 400));
  const vod_score = vod_score_num > 0 ? score.toFixed(1) : '0.0';
  const levelRoll = rng.float();
  const vod_level = levelRoll < 0.0004 ? 9 : levelRoll < 0.01 ? rng.int(1, 8) : 0;

  const plot = rng
    .pick(PLOTS)
    .replace('{who}', rng.pick(PLOT_WHO))
    .replace('{where}', rng.pick(PLOT_WHERE))
    .replace('{what}', rng.pick(PLOT_WHAT));
  const vod_content = `<p>《${vod_name}》${plot}本片由${director}执导，${actors.slice(0, 2).join('、')}主演。</p>`;
  const pubdate = Math.max(yearStart, vodTimeAdd - rng.int(0, 300) * DAY_MS);

  return {
    type_id: slot.type_id,
    type_id_1: slot.type_id_1,
    vod_name,
    vod_sub,
    vod_en,
    vod_letter,
    vod_tag: classes.slice(0, 2).join(','),
    vod_class: classes.join(','),
    vod_actor: [...new Set(actors)].join(','),
    vod_director: director,
    vod_writer: rng.chance(0.5) ? (pool[rng.int(0, pool.length - 1)] as string) : '',
    vod_blurb: plot.slice(0, 100),
    vod_remarks,
    vod_pubdate: isoDay(pubdate),
    vod_total,
    vod_serial,
    vod_area: area,
    vod_lang: lang,
    vod_year,
    vod_version: rng.pick(VERSIONS),
    vod_state,
    vod_duration,
    vod_isend,
    vod_level,
    vod_status: rng.chance(0.01) ? 0 : 1,
    vod_hits,
    vod_hits_day,
    vod_hits_week,
    vod_hits_month,
    vod_up: Math.floor(vod_hits / rng.int(20, 200)),
    vod_down: Math.floor(vod_hits / rng.int(200, 2000)),
    vod_score,
    vod_score_all: Math.round(Number(vod_score) * vod_score_num),
    vod_score_num,
    vod_douban_id: rng.chance(0.3) ? rng.int(1_000_000, 36_000_000) : 0,
    vod_content,
    ...playData(rng, kind, vodTime, episodes),
    vod_time: new Date(vodTime).toISOString(),
    vod_time_add: new Date(vodTimeAdd).toISOString(),
    vod_time_hits,
    vod_source_key: SOURCE_KEY,
    vod_source_id: String(index),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Loading

const COLUMNS: ReadonlyArray<keyof GeneratedVod> = [
  'type_id',
  'type_id_1',
  'vod_name',
  'vod_sub',
  'vod_en',
  'vod_letter',
  'vod_tag',
  'vod_class',
  'vod_actor',
  'vod_director',
  'vod_writer',
  'vod_blurb',
  'vod_remarks',
  'vod_pubdate',
  'vod_total',
  'vod_serial',
  'vod_area',
  'vod_lang',
  'vod_year',
  'vod_version',
  'vod_state',
  'vod_duration',
  'vod_isend',
  'vod_level',
  'vod_status',
  'vod_hits',
  'vod_hits_day',
  'vod_hits_week',
  'vod_hits_month',
  'vod_up',
  'vod_down',
  'vod_score',
  'vod_score_all',
  'vod_score_num',
  'vod_douban_id',
  'vod_content',
  'vod_play_from',
  'vod_play_server',
  'vod_play_note',
  'vod_play_url',
  'vod_time',
  'vod_time_add',
  'vod_time_hits',
  'vod_source_key',
  'vod_source_id',
];

export class SeedRefusedError extends Error {
  override name = 'SeedRefusedError';
}

/** Number of generated titles in the catalogue. */
export async function countGenerated(handle: DbHandle): Promise<number> {
  const [row] = await handle.db.select({ n: count() }).from(macVod).where(eq(macVod.vod_source_key, SOURCE_KEY));
  return Number(row?.n ?? 0);
}

/** The stored {@link SeedMarker}, if any. */
export async function readMarker(handle: DbHandle): Promise<SeedMarker | undefined> {
  const [row] = await handle.db.select().from(appSetting).where(eq(appSetting.key, MARKER_KEY));
  return row?.value as SeedMarker | undefined;
}

export interface SeedResult {
  inserted: number;
  /** Generated titles found before loading (resumed from there). */
  existing: number;
  deleted: number;
  ms: number;
}

/**
 * Load `args.titles` generated titles into a migrated database. Throws {@link SeedRefusedError} when that many are
 * already there and `args.reset` is not set.
 */
export async function seedLarge(
  handle: DbHandle,
  args: Pick<SeedArgs, 'titles' | 'reset' | 'seed' | 'anchor' | 'batch'> & {
    /** Load in bulk mode (see below) from this many new titles on; default {@link BULK_FROM}. */
    bulkFrom?: number;
  },
  log: (line: string) => void = () => {},
): Promise<SeedResult> {
  const started = Date.now();
  // Taken now, next to the migrations the caller applied (files may change while a long load runs).
  const migration = schemaVersion();
  const db = handle.db;
  let deleted = 0;
  if (args.reset) {
    const res = await db.execute(sql`delete from ${macVod} where ${macVod.vod_source_key} = ${SOURCE_KEY}`);
    deleted = Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? 0) || 0;
    await db.delete(appSetting).where(eq(appSetting.key, MARKER_KEY));
    if (deleted) log(`deleted ${deleted} generated titles`);
  }
  const existing = await countGenerated(handle);
  if (existing >= args.titles) {
    throw new SeedRefusedError(
      `the catalogue already has ${existing} generated titles (asked for ${args.titles}); use --reset to regenerate`,
    );
  }
  if (existing > 0) log(`resuming: ${existing} generated titles already loaded`);
  if (await isCatalogueEmpty(handle.db)) {
    log('empty catalogue: creating the demo categories, open to the built-in groups');
    await seedDemoTypes(handle.db);
    await openDemoCategories(handle.db);
  }
  const ctx = makeContext(await db.select().from(macType), args.seed, args.anchor);

  const toInsert = args.titles - existing;
  const bulk = toInsert >= (args.bulkFrom ?? BULK_FROM);
  let inserted = 0;
  let genMs = 0;
  let lastLog = Date.now();
  const load = async (tx: Db, overlap: boolean) => {
    const cols = sql.raw(COLUMNS.join(', '));
    // In one transaction, generating the next batch overlaps the database's work on the previous one.
    let pending: Promise<unknown> | undefined;
    const settle = async () => {
      if (!pending) return;
      const res = (await pending) as { rowCount?: number | null; affectedRows?: number };
      inserted += Number(res.rowCount ?? res.affectedRows ?? 0);
      pending = undefined;
    };
    // Resume from the count: batches are single statements in index order, so what is loaded is a prefix;
    // conflicts on the (source key, source id) unique index skip anything already there regardless.
    for (let from = existing; from < args.titles; from += args.batch) {
      const to = Math.min(args.titles, from + args.batch);
      const t0 = performance.now();
      const rows: GeneratedVod[] = [];
      for (let i = from; i < to; i++) rows.push(generateVod(i, ctx));
      const json = JSON.stringify(rows);
      genMs += performance.now() - t0;
      await settle();
      pending = tx.execute(
        sql`insert into mac_vod (${cols}) select ${cols} from json_populate_recordset(null::mac_vod, ${json}::json)
            on conflict (vod_source_key, vod_source_id) where vod_source_key <> '' do nothing`,
      );
      // Outside one transaction a batch must be in before the next starts (what is loaded stays a prefix).
      if (!overlap) await settle();
      if (Date.now() - lastLog > 5000) {
        lastLog = Date.now();
        log(`  ${to}/${args.titles} titles (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
    }
    await settle();
  };
  if (bulk) {
    // One transaction: the secondary indexes are dropped, the rows loaded (the search trigger still fills
    // vod_search row by row), and the indexes built again from their saved definitions, which is several times
    // faster than updating ~20 indexes (one GIN) per row. The table is locked for writes and reads until the
    // commit; an interrupted load rolls back whole.
    await db.transaction(async (tx) => {
      if (handle.kind === 'postgres') {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql`set local synchronous_commit = off`);
      }
      const indexes = rowsOf<{ name: string; def: string }>(
        await tx.execute(sql`select i.relname as name, pg_get_indexdef(i.oid) as def
          from pg_index x join pg_class i on i.oid = x.indexrelid
          where x.indrelid = 'mac_vod'::regclass and i.relname <> 'mac_vod_source_uq'
            and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`),
      );
      for (const ix of indexes) await tx.execute(sql`drop index ${sql.identifier(ix.name)}`);
      log(`bulk load: ${indexes.length} secondary indexes dropped until the rows are in`);
      await load(tx, true);
      const t0 = Date.now();
      for (const ix of indexes) await tx.execute(sql.raw(ix.def));
      log(`  ${indexes.length} indexes built again in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    });
  } else {
    await load(db, false);
  }
  log(
    `  ${args.titles}/${args.titles} titles (${((Date.now() - started) / 1000).toFixed(1)} s, of which generating ` +
      `${(genMs / 1000).toFixed(1)} s)`,
  );
  if (handle.kind === 'postgres') {
    log('vacuum analyze mac_vod');
    await db.execute(sql`vacuum analyze mac_vod`);
  } else {
    await db.execute(sql`analyze mac_vod`);
  }
  const marker: SeedMarker = {
    titles: args.titles,
    seed: args.seed,
    anchor: isoDay(args.anchor),
    generator: GENERATOR_VERSION,
    migration,
    finished: new Date().toISOString(),
  };
  await db
    .insert(appSetting)
    .values({ key: MARKER_KEY, value: marker })
    .onConflictDoUpdate({ target: appSetting.key, set: { value: marker } });
  return { inserted, existing, deleted, ms: Date.now() - started };
}

/** The CLI: open the database (refusing a PGlite folder a server holds), migrate, load, report. Returns the exit code. */
export async function runSeedLarge(
  argv: string[],
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
): Promise<number> {
  const args = parseArgs(argv);
  const config = loadConfig();
  const url = args.databaseUrl ?? config.databaseUrl;
  let handle: DbHandle;
  let release = () => {};
  if (url) {
    handle = await openPostgres(url, 2);
    out(`seed:large: PostgreSQL ${new URL(url).pathname.slice(1) || '(default database)'}`);
  } else {
    const holder = readLock(config.dataDir);
    if (holder) throw new DataDirLockedError(config.dataDir, holder);
    const lock = acquireLock(config.dataDir, randomBytes(16).toString('hex'));
    release = () => lock.release();
    try {
      handle = await openPglite(path.join(config.dataDir, 'pglite'));
    } catch (err) {
      release();
      throw err;
    }
    out(`seed:large: PGlite in ${config.dataDir}`);
  }
  try {
    await runMigrations(handle);
    const r = await seedLarge(handle, args, out);
    const total = r.existing + r.inserted;
    out(
      `seed:large: ${r.inserted} titles inserted (${total} generated in total, seed ${args.seed}, anchor ` +
        `${isoDay(args.anchor)}) in ${(r.ms / 1000).toFixed(1)} s`,
    );
    return 0;
  } catch (err) {
    if (err instanceof SeedRefusedError) {
      out(`seed:large: ${err.message}`);
      return 3;
    }
    throw err;
  } finally {
    await handle.close();
    release();
  }
}

/** Rows of the catalogue per category (for logs and tests). */
export async function countsByType(handle: DbHandle): Promise<Array<{ type_id: number; n: number }>> {
  return rowsOf<{ type_id: number; n: number }>(
    await handle.db.execute(
      sql`select type_id, count(*)::int as n from mac_vod where vod_source_key = ${SOURCE_KEY} group by type_id order by type_id`,
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runSeedLarge(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(err instanceof DataDirLockedError ? 2 : 1);
    },
  );
}
