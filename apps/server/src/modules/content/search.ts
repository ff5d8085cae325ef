/**
 * Catalogue search (issue 4 item 2): Chinese and Latin titles, aliases (`vod_sub`), pinyin (`vod_en`) and actors,
 * on PGlite and PostgreSQL alike, through an index instead of `LIKE '%..%'` scans.
 *
 * Scheme (SQL functions and trigger in migration 0003_catalogue.sql):
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
 * Cost stays bounded however common a word is: content.repo.ts `searchVodRows` ranks only the candidates of two
 * index-backed branches (names starting with the word through `mac_vod_name_norm_idx`, and the most viewed token
 * matches), each at most `SEARCH_MAX_RESULTS` (1000); results and their `total` are capped at that many. When the
 * names starting with the word already fill every page up to the requested one, the token branch is skipped (nothing
 * it finds could rank before them); suggestions take only as many token matches as they show.
 * `vod_facets` (class/area/lang/year filter values, GIN) and `vod_facet_keys` (the same scoped by category, migration
 * 0004; content.repo.ts counts and reads filtered lists of a category through its GIN index) are kept by the same
 * trigger.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { macVod } from '../../db/schema/index.ts';

/** Longest word recorded for hot searches (characters). */
export const SEARCH_WORD_MAX = 32;

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

/** A searched word as recorded for hot searches: {@link normaliseQuery}, at most {@link SEARCH_WORD_MAX} characters. */
export function normaliseSearchWord(wd: string): string {
  return [...normaliseQuery(wd)].slice(0, SEARCH_WORD_MAX).join('').trim();
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
