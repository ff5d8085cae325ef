/**
 * Catalogue queries (drizzle; take `db` or `tx`): titles and categories for the viewer app and the console, the
 * search conditions (below, "Search") and the collect feeds' category bindings. Only published titles
 * (`vod_status = 1`) and enabled categories (`type_status = 1`) are visible to the viewer app.
 *
 * Search (issue 4 item 2): Chinese and Latin titles, aliases (`vod_sub`), pinyin (`vod_en`) and actors, on PGlite and
 * PostgreSQL alike, through an index instead of `LIKE '%..%'` scans. Scheme (SQL functions and trigger in migration
 * 0003_catalogue.sql):
 * - `ov_search_norm(text)`: NFKC (full-width to half-width), ASCII lower case, whitespace collapsed. Only ASCII is
 *   case-folded so the result does not depend on the database locale (PGlite runs in C, PostgreSQL may not).
 * - `mac_vod.vod_search text[]`: the trigger `mac_vod_search_trg` stores `ov_search_tokens(name sub en actor)` on every
 *   insert and on updates of those columns, so every write path (importer, console, seeders, bulk SQL) is covered.
 *   Tokens: each CJK (Han, kana, Hangul) character and each pair of neighbours; each Latin/digit word and its prefixes
 *   up to 16 characters. pg_trgm is not used: it needs 3 characters and may ignore CJK in some locales.
 * - `ov_search_query(wd)`: the tokens a match must contain (`vod_search @> tokens`, GIN index `mac_vod_search_gin`):
 *   a lone CJK character, else CJK pairs; Latin words as prefixes. So "星" finds every title with that character,
 *   "守望" any title containing the pair, "star" a title with a word starting with "star" ("Stargazer").
 *
 * Relevance ({@link relevanceRank}): 0 exact name, 1 name prefix, 2 name contains, 3 alias or pinyin contains, 4 actor
 * contains, 5 other token matches (e.g. words in another order); ties by all-time hits, then newest id.
 *
 * Cost stays bounded however common a word is: {@link searchVodRows} ranks only the candidates of two index-backed
 * branches (names starting with the word through `mac_vod_name_norm_idx`, and the most viewed token matches), each at
 * most {@link SEARCH_MAX_RESULTS} (1000); results and their `total` are capped at that many. When the names starting
 * with the word already fill every page up to the requested one, the token branch is skipped (nothing it finds could
 * rank before them); suggestions take only as many token matches as they show. `vod_facets` (class/area/lang/year
 * filter values, GIN) and `vod_facet_keys` (the same scoped by category, migration 0004; counts and filtered lists of
 * a category read them through its GIN index) are kept by the same trigger.
 */
import type { CategoryBase, DataQuery, TypeBinding, VodDetail, VodItem } from '@openvod/contract';
import { and, asc, count, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, union } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { macType, macTypeBind, macVod } from '../../db/schema/index.ts';
import { parsePlay } from './play.ts';

type TypeRow = typeof macType.$inferSelect;
/** A title row as stored. */
export type VodRow = typeof macVod.$inferSelect;
/** Columns of a title as written (console edits and creations). */
export type VodInsert = typeof macVod.$inferInsert;
/** Columns of a category as written. */
export type TypeInsert = typeof macType.$inferInsert;

/**
 * A query as the SQL side normalises text (`ov_search_norm`): NFKC, ASCII lower case, whitespace collapsed, trimmed.
 */
export function normaliseQuery(wd: string): string {
  return wd
    .normalize('NFKC')
    .replace(/[A-Z]+/g, (s) => s.toLowerCase())
    .replace(/\s+/g, ' ')
    .trim();
}

/** `like` pattern of text starting with the normalised query `q`. */
export function prefixPattern(q: string): string {
  return `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The title matches every token of `wd` (uses the GIN index); false when `wd` has no searchable token. */
export function searchMatch(wd: string): SQL {
  return sql`(cardinality(ov_search_query(${wd})) > 0 and ${macVod.vod_search} @> ov_search_query(${wd}))`;
}

/** ASCII lower case of a column (cheap; full normalisation is stored only for the name). */
const fold = (col: AnyPgColumn) => sql`translate(${col}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;

/**
 * 0..5 relevance class of a matching title (lower is better) for the normalised query `q` ({@link normaliseQuery}),
 * see the module comment. Evaluated on the few candidate rows only.
 */
export function relevanceRank(q: string): SQL<number> {
  return sql<number>`(case
    when ${macVod.vod_name_norm} = ${q} then 0
    when ${macVod.vod_name_norm} like ${prefixPattern(q)} then 1
    when strpos(${macVod.vod_name_norm}, ${q}) > 0 then 2
    when strpos(${fold(macVod.vod_sub)}, ${q}) > 0 or strpos(${fold(macVod.vod_en)}, ${q}) > 0
      or strpos(replace(${fold(macVod.vod_en)}, ' ', ''), ${q.replace(/ /g, '')}) > 0 then 3
    when strpos(${fold(macVod.vod_actor)}, ${q}) > 0 then 4
    else 5 end)`;
}

const EXTEND_KEYS = ['class', 'area', 'lang', 'year', 'star', 'director', 'state', 'version'] as const;

export function toCategory(row: TypeRow): CategoryBase {
  const ext = row.type_extend ?? {};
  return {
    type_id: row.type_id,
    type_pid: row.type_pid,
    type_mid: row.type_mid,
    type_name: row.type_name,
    type_en: row.type_en,
    type_sort: row.type_sort,
    type_status: row.type_status,
    type_pic: row.type_pic,
    type_logo: row.type_logo,
    type_extend: Object.fromEntries(EXTEND_KEYS.map((k) => [k, ext[k] ?? ''])) as CategoryBase['type_extend'],
  };
}

/** Columns lists need (no content, no play data). */
const itemColumns = {
  vod_id: macVod.vod_id,
  type_id: macVod.type_id,
  type_id_1: macVod.type_id_1,
  vod_name: macVod.vod_name,
  vod_sub: macVod.vod_sub,
  vod_en: macVod.vod_en,
  vod_letter: macVod.vod_letter,
  vod_pic: macVod.vod_pic,
  vod_pic_slide: macVod.vod_pic_slide,
  vod_remarks: macVod.vod_remarks,
  vod_serial: macVod.vod_serial,
  vod_total: macVod.vod_total,
  vod_isend: macVod.vod_isend,
  vod_class: macVod.vod_class,
  vod_actor: macVod.vod_actor,
  vod_director: macVod.vod_director,
  vod_area: macVod.vod_area,
  vod_lang: macVod.vod_lang,
  vod_year: macVod.vod_year,
  vod_level: macVod.vod_level,
  vod_score: macVod.vod_score,
  vod_hits: macVod.vod_hits,
  vod_hits_day: macVod.vod_hits_day,
  vod_hits_week: macVod.vod_hits_week,
  vod_hits_month: macVod.vod_hits_month,
  vod_blurb: macVod.vod_blurb,
  vod_time: macVod.vod_time,
  vod_status: macVod.vod_status,
  vod_lock: macVod.vod_lock,
  type_name: sql<string>`coalesce(${macType.type_name}, '')`.as('type_name'),
};

export type ItemRow = Pick<VodRow, Exclude<keyof typeof itemColumns, 'type_name'>> & { type_name: string };

export function toItem(row: ItemRow): VodItem {
  return {
    vod_id: row.vod_id,
    type_id: row.type_id,
    type_id_1: row.type_id_1,
    type_name: row.type_name,
    vod_name: row.vod_name,
    vod_sub: row.vod_sub,
    vod_en: row.vod_en,
    vod_letter: row.vod_letter,
    vod_pic: row.vod_pic,
    vod_pic_slide: row.vod_pic_slide,
    vod_remarks: row.vod_remarks,
    vod_serial: row.vod_serial,
    vod_total: row.vod_total,
    vod_isend: row.vod_isend,
    vod_class: row.vod_class,
    vod_actor: row.vod_actor,
    vod_director: row.vod_director,
    vod_area: row.vod_area,
    vod_lang: row.vod_lang,
    vod_year: row.vod_year,
    vod_level: row.vod_level,
    vod_score: String(row.vod_score),
    vod_hits: row.vod_hits,
    vod_blurb: row.vod_blurb,
    vod_time: new Date(row.vod_time).toISOString(),
  };
}

export function toDetail(row: VodRow & { type_name: string }): VodDetail {
  return {
    ...toItem(row),
    vod_content: row.vod_content,
    vod_status: row.vod_status,
    vod_lock: row.vod_lock,
    vod_hits_day: row.vod_hits_day,
    vod_hits_week: row.vod_hits_week,
    vod_hits_month: row.vod_hits_month,
    vod_play_from: row.vod_play_from,
    vod_play_server: row.vod_play_server,
    vod_play_note: row.vod_play_note,
    vod_play_url: row.vod_play_url,
    vod_points_play: row.vod_points_play,
    vod_points_down: row.vod_points_down,
    sources: parsePlay(row),
  };
}

export async function listTypes(db: Db, onlyEnabled = true): Promise<TypeRow[]> {
  return db
    .select()
    .from(macType)
    .where(onlyEnabled ? eq(macType.type_status, 1) : undefined)
    .orderBy(asc(macType.type_sort), asc(macType.type_id));
}

export async function getType(db: Db, typeId: number): Promise<TypeRow | undefined> {
  const [row] = await db.select().from(macType).where(eq(macType.type_id, typeId));
  return row;
}

/** Filter facets a title must have (`vod_facets`, written by the trigger of migration 0003). */
function facetsOf(f: VodFilter): string[] {
  const out: string[] = [];
  if (f.class?.trim()) out.push(`c:${f.class.trim()}`);
  if (f.area?.trim()) out.push(`a:${f.area.trim()}`);
  if (f.lang?.trim()) out.push(`l:${f.lang.trim()}`);
  if (f.year?.trim()) out.push(`y:${f.year.trim()}`);
  return out;
}

/** Neither the title's category nor its top category is disabled (`type_status = 0`). */
const enabledCategory = sql`not exists (select 1 from ${macType} where ${macType.type_id} in (${macVod.type_id}, ${macVod.type_id_1}) and ${macType.type_status} <> 1)`;

/** List orders of `data` and the console; `relevance` needs `wd` (else it is `time`). */
export type ListOrder = NonNullable<DataQuery['order']>;

const ORDER: Record<Exclude<ListOrder, 'relevance'>, SQL[]> = {
  time: [desc(macVod.vod_time), desc(macVod.vod_id)],
  hits: [desc(macVod.vod_hits), desc(macVod.vod_id)],
  hits_day: [desc(macVod.vod_hits_day), desc(macVod.vod_hits), desc(macVod.vod_id)],
  hits_week: [desc(macVod.vod_hits_week), desc(macVod.vod_hits), desc(macVod.vod_id)],
  hits_month: [desc(macVod.vod_hits_month), desc(macVod.vod_hits), desc(macVod.vod_id)],
  score: [desc(macVod.vod_score), desc(macVod.vod_id)],
};

function orderOf(order: ListOrder, wd: string | undefined): SQL[] {
  if (order === 'relevance') {
    return wd ? [asc(relevanceRank(normaliseQuery(wd))), desc(macVod.vod_hits), desc(macVod.vod_id)] : ORDER.time;
  }
  return ORDER[order];
}

export interface VodFilter {
  type_id?: number;
  /** The type_id is a top category: match it and its sub-categories through `type_id_1` (always the top category). */
  type_is_top?: boolean;
  class?: string;
  area?: string;
  lang?: string;
  year?: string;
  letter?: string;
  level?: number;
  /** Level range for "recommended": 1..8. */
  level_min?: number;
  level_max?: number;
  /** Search words (name, alias, pinyin, actors through `vod_search`, see the module comment, "Search"). */
  wd?: string;
  ids?: number[];
  /** Console: include unpublished; filter by status. */
  include_unpublished?: boolean;
  vod_status?: number;
  /**
   * Ids of the disabled categories when the caller knows them (the service caches them): published lists then
   * exclude them with a plain `not in` instead of a per-row sub-query.
   */
  disabled_types?: number[];
}

/** A text[] literal item: double-quoted, with quotes and backslashes escaped. */
function arrayItem(v: string): string {
  return `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * The category + facet part of a published filter as scoped keys (`vod_facet_keys`, migration 0004: `t<type_id>:`
 * or `T<type_id_1>:` before each facet), or undefined when the filter has no category, no facet, or includes
 * unpublished titles (the GIN index `mac_vod_pub_facet_keys_gin` is partial on `vod_status = 1`).
 */
function facetKeysOf(f: VodFilter): string[] | undefined {
  const facets = facetsOf(f);
  if (f.type_id === undefined || !facets.length || f.include_unpublished || f.vod_status !== undefined)
    return undefined;
  const scope = f.type_is_top ? `T${f.type_id}:` : `t${f.type_id}:`;
  return facets.map((x) => scope + x);
}

/**
 * Conditions of a filter. `viaKeys`: express "category + facets" as one scoped-key containment
 * ({@link facetKeysOf}), which only the GIN index `mac_vod_pub_facet_keys_gin` answers, so the planner reads the
 * matches through it (a lookup of short posting lists) instead of walking the category's ordered index; the same rows.
 */
function whereOf(f: VodFilter, viaKeys = false): SQL | undefined {
  const keys = viaKeys ? facetKeysOf(f) : undefined;
  const conds: (SQL | undefined)[] = [];
  if (!f.include_unpublished) {
    conds.push(eq(macVod.vod_status, 1));
    if (f.disabled_types === undefined) conds.push(enabledCategory);
    else if (f.disabled_types.length) {
      conds.push(notInArray(macVod.type_id, f.disabled_types));
      conds.push(notInArray(macVod.type_id_1, f.disabled_types));
    }
  }
  if (f.vod_status !== undefined) conds.push(eq(macVod.vod_status, f.vod_status));
  if (keys) {
    conds.push(sql`${macVod.vod_facet_keys} @> ${`{${keys.map(arrayItem).join(',')}}`}::text[]`);
  } else {
    if (f.type_id !== undefined) {
      conds.push(f.type_is_top ? eq(macVod.type_id_1, f.type_id) : eq(macVod.type_id, f.type_id));
    }
    // class, area, lang: one item of the comma list; year: the value (GIN index on vod_facets; in the per-category
    // `..._f_idx` indexes, checked while walking them).
    const facets = facetsOf(f);
    if (facets.length) conds.push(sql`${macVod.vod_facets} @> ${`{${facets.map(arrayItem).join(',')}}`}::text[]`);
  }
  if (f.letter) conds.push(eq(macVod.vod_letter, f.letter.toUpperCase()));
  if (f.level !== undefined) conds.push(eq(macVod.vod_level, f.level));
  if (f.level_min !== undefined) conds.push(sql`${macVod.vod_level} >= ${f.level_min}`);
  if (f.level_max !== undefined) conds.push(sql`${macVod.vod_level} <= ${f.level_max}`);
  if (f.wd) conds.push(searchMatch(f.wd));
  if (f.ids) conds.push(f.ids.length ? inArray(macVod.vod_id, f.ids) : sql`false`);
  const present = conds.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

export type ListRow = ItemRow & { vod_status: number; vod_lock: number };

/** Search results are ranked and paged within the best {@link SEARCH_MAX_RESULTS} matches (50 pages of 20). */
export const SEARCH_MAX_RESULTS = 1000;

/** Sort columns of the non-relevance orders, as selected by the matches sub-query of {@link listVodRows}. */
const MATCH_ORDER: Record<Exclude<ListOrder, 'relevance'>, string> = {
  time: 'm.vod_time desc, m.vod_id desc',
  hits: 'm.vod_hits desc, m.vod_id desc',
  hits_day: 'm.vod_hits_day desc, m.vod_hits desc, m.vod_id desc',
  hits_week: 'm.vod_hits_week desc, m.vod_hits desc, m.vod_id desc',
  hits_month: 'm.vod_hits_month desc, m.vod_hits desc, m.vod_id desc',
  score: 'm.vod_score desc, m.vod_id desc',
};

/**
 * A page of titles (no count). The page's ids are found first in a sub-query that can be answered from one of the
 * partial indexes alone (index-only scan, also for deep offsets), then only those rows are read.
 * With `order: 'relevance'` and `wd` see {@link searchVodRows}.
 *
 * `viaMatches`: the caller knows the filter matches few titles of a large scope (see ContentService.data). Walking
 * the ordered index would then read most of the scope to find them (a combination matching nothing reads all of it),
 * so all matches are fetched first (`offset 0` keeps the planner from pushing the order into that sub-query; with a
 * category they are found through the scoped keys of `mac_vod_pub_facet_keys_gin`, see {@link facetKeysOf}) and
 * sorted; same rows, same order.
 */
export async function listVodRows(
  db: Db,
  filter: VodFilter,
  order: ListOrder,
  page: number,
  limit: number,
  viaMatches = false,
): Promise<ListRow[]> {
  if (order === 'relevance' && filter.wd) return searchVodRows(db, filter, page, limit);
  const sortBy = orderOf(order, undefined);
  const offset = (page - 1) * limit;
  if (viaMatches && order !== 'relevance') {
    const ids = sql`(select m.vod_id from (select ${macVod.vod_id} as vod_id, ${macVod.vod_time} as vod_time,
      ${macVod.vod_hits} as vod_hits, ${macVod.vod_hits_day} as vod_hits_day, ${macVod.vod_hits_week} as vod_hits_week,
      ${macVod.vod_hits_month} as vod_hits_month, ${macVod.vod_score} as vod_score
      from ${macVod} where ${whereOf(filter, true)} offset 0) as m
      order by ${sql.raw(MATCH_ORDER[order])} limit ${limit} offset ${offset})`;
    const rows = await db
      .select(itemColumns)
      .from(macVod)
      .leftJoin(macType, eq(macType.type_id, macVod.type_id))
      .where(inArray(macVod.vod_id, ids))
      .orderBy(...sortBy);
    return rows as ListRow[];
  }
  const pageIds = db
    .select({ vod_id: macVod.vod_id })
    .from(macVod)
    .where(whereOf(filter))
    .orderBy(...sortBy)
    .limit(limit)
    .offset(offset)
    .as('page_ids');
  const rows = await db
    .select(itemColumns)
    .from(macVod)
    .innerJoin(pageIds, eq(pageIds.vod_id, macVod.vod_id))
    .leftJoin(macType, eq(macType.type_id, macVod.type_id))
    .orderBy(...sortBy);
  return rows as ListRow[];
}

/**
 * Candidates of the token branch of a search: at least this many (the most viewed token matches), so the classes
 * below the prefix (name contains, alias/pinyin, actor) are ranked among a useful set. Each candidate costs a heap
 * visit (checking `vod_search` while walking the hits index, or a GIN bitmap heap scan), so the number bounds the
 * cost of a search: 50 keeps a common word under a few milliseconds at 200,000 titles (bench/catalogue.ts).
 */
export const TOKEN_CANDIDATES_MIN = 50;

/**
 * Search results by relevance (module comment, "Search"): the candidates are the titles whose normalised name starts with `wd`
 * (index `mac_vod_name_norm_idx`, exact names first) and, unless those already fill every page up to this one, the
 * most viewed titles matching every token (GIN `mac_vod_search_gin` or the hits index), each branch bounded by the
 * page end (the token branch by at least
 * `tokenCandidatesMin`, default {@link TOKEN_CANDIDATES_MIN}) and by {@link SEARCH_MAX_RESULTS}; only those are
 * ranked. So the cost is bounded however common the word is: exact and prefix name matches always come first, then
 * the most viewed of the other matches by class (name contains, alias/pinyin, actor). Suggestions pass their own
 * limit as `tokenCandidatesMin` (a short list needs no deeper pool).
 */
export async function searchVodRows(
  db: Db,
  filter: VodFilter,
  page: number,
  limit: number,
  tokenCandidatesMin = TOKEN_CANDIDATES_MIN,
): Promise<ListRow[]> {
  const wd = filter.wd as string;
  const q = normaliseQuery(wd);
  const offset = (page - 1) * limit;
  if (offset >= SEARCH_MAX_RESULTS || q === '') return [];
  const take = Math.min(SEARCH_MAX_RESULTS, offset + limit);
  const base = whereOf({ ...filter, wd: undefined });
  // Names starting with the word: classes 0 and 1, in the final order (exact first, then hits, then newest id).
  const prefix = db
    .select({ vod_id: macVod.vod_id })
    .from(macVod)
    .where(and(base, sql`${macVod.vod_name_norm} like ${prefixPattern(q)}`))
    .orderBy(sql`${macVod.vod_name_norm} = ${q} desc`, desc(macVod.vod_hits), desc(macVod.vod_id))
    .limit(take);
  const prefixIds = (await prefix).map((r) => r.vod_id);
  const pageOf = (candidates: SQL) =>
    db
      .select(itemColumns)
      .from(macVod)
      .leftJoin(macType, eq(macType.type_id, macVod.type_id))
      .where(candidates)
      .orderBy(asc(relevanceRank(q)), desc(macVod.vod_hits), desc(macVod.vod_id))
      .limit(limit)
      .offset(offset);
  // When they fill the pages up to this one, no token match can rank before them: skip the token branch (the costly
  // one for a common word: a walk down the hits index checking `vod_search` per row).
  if (prefixIds.length >= take) return (await pageOf(inArray(macVod.vod_id, prefixIds))) as ListRow[];
  const tokens = db
    .select({ vod_id: macVod.vod_id })
    .from(macVod)
    .where(and(base, searchMatch(wd)))
    .orderBy(desc(macVod.vod_hits), desc(macVod.vod_id))
    .limit(Math.min(SEARCH_MAX_RESULTS, Math.max(take, tokenCandidatesMin)));
  // One candidate set (a union), so the planner joins it by id instead of scanning for either of two id lists.
  const cand = db.$with('cand').as(union(prefix, tokens));
  const rows = await db
    .with(cand)
    .select(itemColumns)
    .from(macVod)
    .innerJoin(cand, eq(cand.vod_id, macVod.vod_id))
    .leftJoin(macType, eq(macType.type_id, macVod.type_id))
    .orderBy(asc(relevanceRank(q)), desc(macVod.vod_hits), desc(macVod.vod_id))
    .limit(limit)
    .offset(offset);
  return rows as ListRow[];
}

/**
 * How many titles match `filter`, counting at most `cap` (so the answer is min(matches, cap) and the count stops
 * after `cap` matches). With `wd` the cap is at most {@link SEARCH_MAX_RESULTS} (search results are capped). Without
 * `cap` (and without `wd`) every match is counted. A published filter by category and facets (class, area, lang,
 * year) counts through the scoped keys ({@link facetKeysOf}): one GIN lookup plus a table row per match up to the
 * cap, however rare the combination (walking the category's index would read all of it when few titles match).
 */
export async function countVods(db: Db, filter: VodFilter, cap?: number): Promise<number> {
  const limit = filter.wd ? Math.min(cap ?? SEARCH_MAX_RESULTS, SEARCH_MAX_RESULTS) : cap;
  if (limit !== undefined) {
    const capped = db.select({ one: sql`1` }).from(macVod).where(whereOf(filter, true)).limit(limit).as('capped');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(macVod).where(whereOf(filter, true));
  return Number(row?.n ?? 0);
}

/** A page of titles; `total` counts all matches (the service caches counts, see ContentService.data). */
export async function listVods(
  db: Db,
  filter: VodFilter,
  order: ListOrder,
  page: number,
  limit: number,
): Promise<{ rows: ListRow[]; total: number }> {
  const [rows, total] = await Promise.all([listVodRows(db, filter, order, page, limit), countVods(db, filter)]);
  return { rows, total };
}

export async function getVod(
  db: Db,
  vodId: number,
): Promise<(VodRow & { type_name: string; category_enabled: boolean }) | undefined> {
  const [row] = await db
    .select({
      vod: macVod,
      type_name: sql<string>`coalesce(${macType.type_name}, '')`,
      category_enabled: sql<boolean>`${enabledCategory}`,
    })
    .from(macVod)
    .leftJoin(macType, eq(macType.type_id, macVod.type_id))
    .where(eq(macVod.vod_id, vodId));
  return row ? { ...row.vod, type_name: row.type_name, category_enabled: Boolean(row.category_enabled) } : undefined;
}

/** Add one view to total/day/week/month hits of a published title; returns the new total or undefined. */
export async function addHit(db: Db, vodId: number): Promise<number | undefined> {
  const [row] = await db
    .update(macVod)
    .set({
      vod_hits: sql`${macVod.vod_hits} + 1`,
      vod_hits_day: sql`${macVod.vod_hits_day} + 1`,
      vod_hits_week: sql`${macVod.vod_hits_week} + 1`,
      vod_hits_month: sql`${macVod.vod_hits_month} + 1`,
      vod_time_hits: new Date(),
    })
    .where(and(eq(macVod.vod_id, vodId), eq(macVod.vod_status, 1)))
    .returning({ vod_hits: macVod.vod_hits });
  return row?.vod_hits;
}

/** Actor names of a `vod_actor` text (comma, 、, / or | separated), at most `max`, each at least 2 characters. */
export function actorsOf(vodActor: string, max = 5): string[] {
  const names = vodActor
    .split(/[,，、/|]+/)
    .map((s) => s.trim())
    .filter((s) => [...s].length >= 2);
  return [...new Set(names)].slice(0, max);
}

/** A related title candidate: a list row and how many of the title's actors it shares. */
export type RelatedRow = ListRow & { shared: number };

/**
 * Candidates of related titles of `vod` (ContentService.related ranks them), three index-backed reads of at most
 * `limit` rows each, all published and outside `excluded` categories (disabled and special feed categories), never
 * `vod` itself:
 * - `sameType`: its category (`type_id`) by all-time hits (partial index `mac_vod_pub_t_hits_idx`);
 * - `byActor`: titles sharing one of its first five actors, most shared first, then hits: the actor's search tokens
 *   through the GIN index `mac_vod_search_gin` (module comment, "Search"), confirmed by `strpos` on `vod_actor`;
 * - `popular`: the most viewed titles (`mac_vod_pub_hits_idx`).
 */
export async function relatedCandidates(
  db: Db,
  vod: { vod_id: number; type_id: number; vod_actor: string },
  excluded: number[],
  limit: number,
): Promise<{ sameType: RelatedRow[]; byActor: RelatedRow[]; popular: RelatedRow[] }> {
  const actors = actorsOf(vod.vod_actor);
  const shared = actors.length
    ? sql<number>`(${sql.join(
        actors.map((a) => sql`(case when strpos(${macVod.vod_actor}, ${a}) > 0 then 1 else 0 end)`),
        sql` + `,
      )})`
    : sql<number>`0`;
  const base = (extra: SQL | undefined) =>
    and(
      eq(macVod.vod_status, 1),
      sql`${macVod.vod_id} <> ${vod.vod_id}`,
      excluded.length ? notInArray(macVod.type_id, excluded) : undefined,
      excluded.length ? notInArray(macVod.type_id_1, excluded) : undefined,
      extra,
    );
  const select = () =>
    db
      .select({ ...itemColumns, shared: shared.as('shared') })
      .from(macVod)
      .leftJoin(macType, eq(macType.type_id, macVod.type_id));
  const byHits = [desc(macVod.vod_hits), desc(macVod.vod_id)];
  const actorMatch = actors.length
    ? sql`(${sql.join(
        actors.map(
          (a) =>
            sql`(cardinality(ov_search_query(${a})) > 0 and ${macVod.vod_search} @> ov_search_query(${a}) and strpos(${macVod.vod_actor}, ${a}) > 0)`,
        ),
        sql` or `,
      )})`
    : undefined;
  const [sameType, byActor, popular] = await Promise.all([
    select()
      .where(base(eq(macVod.type_id, vod.type_id)))
      .orderBy(...byHits)
      .limit(limit),
    actorMatch
      ? select()
          .where(base(actorMatch))
          .orderBy(desc(sql`shared`), ...byHits)
          .limit(limit)
      : Promise.resolve([]),
    select()
      .where(base(undefined))
      .orderBy(...byHits)
      .limit(limit),
  ]);
  const num = (rows: unknown[]) => (rows as RelatedRow[]).map((r) => ({ ...r, shared: Number(r.shared) }));
  return { sameType: num(sameType), byActor: num(byActor), popular: num(popular) };
}

/** Overwrite columns `set` of title `vodId` (console edit). */
export async function updateVod(db: Db, vodId: number, set: Partial<VodInsert>): Promise<void> {
  await db.update(macVod).set(set).where(eq(macVod.vod_id, vodId));
}

/** Add a title; returns its `vod_id`. Throws when the insert returns nothing. */
export async function insertVod(db: Db, values: VodInsert): Promise<number> {
  const [row] = await db.insert(macVod).values(values).returning({ vod_id: macVod.vod_id });
  if (!row) throw new Error('title insert returned nothing');
  return row.vod_id;
}

/** Add a category; returns its row, or undefined when the insert returned nothing. */
export async function insertType(tx: Db, values: TypeInsert): Promise<TypeRow | undefined> {
  const [row] = await tx.insert(macType).values(values).returning();
  return row;
}

/** Overwrite columns `set` of category `typeId`. */
export async function updateType(tx: Db, typeId: number, set: Partial<TypeInsert>): Promise<void> {
  await tx.update(macType).set(set).where(eq(macType.type_id, typeId));
}

/** Set the denormalised top category (`type_id_1`) of every title of category `typeId` to `top`. */
export async function setTitlesTop(tx: Db, typeId: number, top: number): Promise<void> {
  await tx.update(macVod).set({ type_id_1: top }).where(eq(macVod.type_id, typeId));
}

/** How many sub-categories category `typeId` has. */
export async function countSubTypes(db: Db, typeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(macType).where(eq(macType.type_pid, typeId));
  return Number(row?.n ?? 0);
}

/** How many titles (any status) are in category `typeId` itself. */
export async function countTypeVods(db: Db, typeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(macVod).where(eq(macVod.type_id, typeId));
  return Number(row?.n ?? 0);
}

/** Delete category `typeId` and the collect feeds' bindings to it. */
export async function deleteType(tx: Db, typeId: number): Promise<void> {
  await tx.delete(macTypeBind).where(eq(macTypeBind.local_type_id, typeId));
  await tx.delete(macType).where(eq(macType.type_id, typeId));
}

/** The collect feeds' category bindings (`mac_type_bind`), by feed key then remote category id. */
export async function listBindings(db: Db): Promise<TypeBinding[]> {
  return db.select().from(macTypeBind).orderBy(macTypeBind.bind_key, macTypeBind.remote_type_id);
}

/** Bind remote category `remote_type_id` of feed `bind_key` to `local_type_id` (insert or replace the local id). */
export async function saveBinding(
  db: Db,
  b: { bind_key: string; remote_type_id: number; local_type_id: number },
): Promise<void> {
  await db
    .insert(macTypeBind)
    .values(b)
    .onConflictDoUpdate({
      target: [macTypeBind.bind_key, macTypeBind.remote_type_id],
      set: { local_type_id: b.local_type_id },
    });
}
