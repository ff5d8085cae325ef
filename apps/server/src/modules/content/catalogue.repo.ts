/**
 * Queries of the issue 4 catalogue parts (drizzle; take `db` or `tx`): group rights, rankings and the reset of their
 * period counters, ratings, suggestions, searched words, topics and day covers. Title lists themselves are in
 * content.repo.ts.
 */
import type { Topic } from '@openvod/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.ts';
import type { Db } from '../../db/client.ts';
import { appSetting, dayCover, macGroup, macTopic, macVod, macVodScore, searchWord } from '../../db/schema/index.ts';
import { typeIdsOf } from '../accounts/index.ts';
import { searchVodRows } from './content.repo.ts';

type TopicRow = typeof macTopic.$inferSelect;
/** Columns of a topic as written (console). */
export type TopicInsert = typeof macTopic.$inferInsert;

/** `group_type` ids of a group, or undefined when the group does not exist or is disabled. */
export async function groupTypeIds(db: Db, groupId: number): Promise<Set<number> | undefined> {
  const [row] = await db
    .select({ group_type: macGroup.group_type, group_status: macGroup.group_status })
    .from(macGroup)
    .where(eq(macGroup.group_id, groupId));
  if (row?.group_status !== 1) return undefined;
  return new Set(typeIdsOf(row.group_type));
}

/** Published, enabled-category condition for ad-hoc queries (`disabled` = ids of disabled categories). */
export function visible(disabled: number[]): SQL {
  const conds = [eq(macVod.vod_status, 1)];
  if (disabled.length) {
    conds.push(sql`${macVod.type_id} not in ${disabled}`, sql`${macVod.type_id_1} not in ${disabled}`);
  }
  return and(...conds) as SQL;
}

/** Published titles in enabled categories counted per (type_id, type_id_1). */
export async function countByCategory(db: Db, disabled: number[]) {
  return db
    .select({ type_id: macVod.type_id, type_id_1: macVod.type_id_1, n: sql<number>`count(*)::int` })
    .from(macVod)
    .where(visible(disabled))
    .groupBy(macVod.type_id, macVod.type_id_1);
}

/**
 * Rate a title inside `tx`: insert the (user, title) row, then add the score to the sums with a single guarded
 * update (row lock serialises parallel ratings). Returns undefined when the user already rated it.
 */
export async function addScore(
  tx: Db,
  userId: number,
  vodId: number,
  score: number,
): Promise<{ vod_score: string; vod_score_num: number; vod_score_all: number } | undefined> {
  const inserted = await tx
    .insert(macVodScore)
    .values({ user_id: userId, vod_id: vodId, score })
    .onConflictDoNothing()
    .returning({ vod_id: macVodScore.vod_id });
  if (!inserted.length) return undefined;
  const [row] = await tx
    .update(macVod)
    .set({
      vod_score_all: sql`${macVod.vod_score_all} + ${score}`,
      vod_score_num: sql`${macVod.vod_score_num} + 1`,
      vod_score: sql`round((${macVod.vod_score_all} + ${score})::numeric / (${macVod.vod_score_num} + 1), 1)`,
    })
    .where(eq(macVod.vod_id, vodId))
    .returning({
      vod_score: macVod.vod_score,
      vod_score_num: macVod.vod_score_num,
      vod_score_all: macVod.vod_score_all,
    });
  return row ? { ...row, vod_score: String(row.vod_score) } : undefined;
}

/**
 * Suggestions: published titles in enabled categories matching `wd`, by relevance then hits (content.repo.ts, "Search"). The
 * candidates are the names starting with `wd` and the `limit` most viewed token matches (not the deeper pool of a
 * search page), which keeps a one-character prefix cheap.
 */
export async function suggest(db: Db, wd: string, limit: number, disabled: number[]) {
  const rows = await searchVodRows(db, { wd, disabled_types: disabled }, 1, limit, limit);
  return rows.map((r) => ({
    vod_id: r.vod_id,
    vod_name: r.vod_name,
    vod_sub: r.vod_sub,
    vod_en: r.vod_en,
    vod_actor: r.vod_actor,
    vod_pic: r.vod_pic,
    vod_year: r.vod_year,
    type_name: r.type_name,
  }));
}

/** Add counted searches (`day` YYYY-MM-DD operator day, normalised `word`, `n` searches) in one statement. */
export async function addSearches(db: Db, rows: Array<{ day: string; word: string; n: number }>): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(searchWord)
    .values(rows)
    .onConflictDoUpdate({
      target: [searchWord.day, searchWord.word],
      set: { n: sql`${searchWord.n} + excluded.n` },
    });
}

/** The `limit` most searched words from operator day `since` on, most searches first. */
export async function topSearches(db: Db, since: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ word: searchWord.word, total: sql<number>`sum(${searchWord.n})::int` })
    .from(searchWord)
    .where(gte(searchWord.day, since))
    .groupBy(searchWord.word)
    .orderBy(desc(sql`sum(${searchWord.n})`), asc(searchWord.word))
    .limit(limit);
  return rows.map((r) => r.word);
}

/** Drop searched words older than operator day `before`. */
export async function pruneSearches(db: Db, before: string): Promise<void> {
  await db.delete(searchWord).where(sql`${searchWord.day} < ${before}`);
}

/** `topic_rel_vod` as ids, in order, without duplicates or junk. */
export function relIds(rel: string): number[] {
  const ids = rel
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}

export function toTopic(row: TopicRow): Topic {
  return {
    topic_id: row.topic_id,
    topic_name: row.topic_name,
    topic_en: row.topic_en,
    topic_sub: row.topic_sub,
    topic_status: row.topic_status,
    topic_sort: row.topic_sort,
    topic_level: row.topic_level,
    topic_pic: row.topic_pic,
    topic_pic_slide: row.topic_pic_slide,
    topic_blurb: row.topic_blurb,
    topic_content: row.topic_content,
    vod_ids: relIds(row.topic_rel_vod),
    topic_time: new Date(row.topic_time).toISOString(),
  };
}

/** Topics by `topic_sort`, then id; only published ones unless `all`. */
export async function listTopics(db: Db, opts: { all?: boolean; page?: number; limit?: number } = {}) {
  const q = db
    .select()
    .from(macTopic)
    .where(opts.all ? undefined : eq(macTopic.topic_status, 1))
    .orderBy(asc(macTopic.topic_sort), asc(macTopic.topic_id))
    .$dynamic();
  if (opts.limit !== undefined) q.limit(opts.limit).offset(((opts.page ?? 1) - 1) * opts.limit);
  return q;
}

export async function countTopics(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(macTopic).where(eq(macTopic.topic_status, 1));
  return Number(row?.n ?? 0);
}

export async function getTopic(db: Db, topicId: number): Promise<TopicRow | undefined> {
  const [row] = await db.select().from(macTopic).where(eq(macTopic.topic_id, topicId));
  return row;
}

/** Which of `ids` are published titles in enabled categories. */
export async function visibleIds(db: Db, ids: number[], disabled: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ vod_id: macVod.vod_id })
    .from(macVod)
    .where(and(inArray(macVod.vod_id, ids), visible(disabled)));
  return new Set(rows.map((r) => r.vod_id));
}

/** Which of `ids` exist at all (any status). */
export async function existingIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ vod_id: macVod.vod_id }).from(macVod).where(inArray(macVod.vod_id, ids));
  return new Set(rows.map((r) => r.vod_id));
}

/** The cover of `day` or else the latest earlier date; undefined when none. */
export async function dayCoverFor(db: Db, day: string) {
  const [row] = await db
    .select()
    .from(dayCover)
    .where(lte(dayCover.cover_date, day))
    .orderBy(desc(dayCover.cover_date))
    .limit(1);
  return row;
}

export async function listDayCovers(db: Db) {
  return db.select().from(dayCover).orderBy(desc(dayCover.cover_date));
}

/** Add a topic; returns its row. Throws when the insert returns nothing. */
export async function insertTopic(db: Db, values: TopicInsert): Promise<TopicRow> {
  const [row] = await db.insert(macTopic).values(values).returning();
  if (!row) throw new Error('topic insert returned nothing');
  return row;
}

/** Overwrite columns `set` of topic `topicId`. */
export async function updateTopic(db: Db, topicId: number, set: Partial<TopicInsert>): Promise<void> {
  await db.update(macTopic).set(set).where(eq(macTopic.topic_id, topicId));
}

/** Delete topic `topicId`; false when there was none. */
export async function deleteTopic(db: Db, topicId: number): Promise<boolean> {
  const gone = await db.delete(macTopic).where(eq(macTopic.topic_id, topicId)).returning({ id: macTopic.topic_id });
  return gone.length > 0;
}

/** Set (insert or replace) the day cover of `date` (YYYY-MM-DD). */
export async function saveDayCover(
  db: Db,
  date: string,
  values: { cover_pic: string; cover_title: string; cover_link: string; updated_at: Date },
): Promise<void> {
  await db
    .insert(dayCover)
    .values({ cover_date: date, ...values })
    .onConflictDoUpdate({ target: dayCover.cover_date, set: values });
}

/** Delete the day cover of `date`; false when there was none. */
export async function deleteDayCover(db: Db, date: string): Promise<boolean> {
  const gone = await db.delete(dayCover).where(eq(dayCover.cover_date, date)).returning({ d: dayCover.cover_date });
  return gone.length > 0;
}

/** The period view counters' periods as stored (hits.jobs.ts): operator day, week (its Monday) and month. */
export interface StoredHitsPeriods {
  day?: string;
  week?: string;
  month?: string;
}

/** Wait for, then hold until `tx` ends, the transaction-level advisory lock `key` (one hits reset at a time). */
export async function lockHitsReset(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** The periods stored under setting `key`; undefined on a new install. */
export async function storedHitsPeriods(tx: Db, key: string): Promise<StoredHitsPeriods | undefined> {
  const [row] = rowsOf<{ value: StoredHitsPeriods }>(
    await tx.execute(sql`select value from ${appSetting} where key = ${key}`),
  );
  return row?.value;
}

/** Set to 0 the day, week and month view counters that are `due`, on the rows where they are not 0 already. */
export async function clearPeriodHits(tx: Db, due: { day: boolean; week: boolean; month: boolean }): Promise<void> {
  await tx.execute(sql`update mac_vod set
      vod_hits_day = case when ${due.day} then 0 else vod_hits_day end,
      vod_hits_week = case when ${due.week} then 0 else vod_hits_week end,
      vod_hits_month = case when ${due.month} then 0 else vod_hits_month end
    where (${due.day} and vod_hits_day <> 0) or (${due.week} and vod_hits_week <> 0)
      or (${due.month} and vod_hits_month <> 0)`);
}
