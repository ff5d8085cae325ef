/**
 * Catalogue queries (drizzle; take `db` or `tx`). Only published titles (`vod_status = 1`) and enabled categories
 * (`type_status = 1`) are visible to the viewer app.
 */
import type { CategoryBase, DataQuery, VodDetail, VodItem } from '@openvod/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { appSetting, macType, macVod } from '../../db/schema/index.ts';
import { parsePlay } from './play.ts';

type TypeRow = typeof macType.$inferSelect;
type VodRow = typeof macVod.$inferSelect;

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
  vod_blurb: macVod.vod_blurb,
  vod_time: macVod.vod_time,
  vod_status: macVod.vod_status,
  vod_lock: macVod.vod_lock,
  type_name: sql<string>`coalesce(${macType.type_name}, '')`.as('type_name'),
};

type ItemRow = Pick<VodRow, Exclude<keyof typeof itemColumns, 'type_name'>> & { type_name: string };

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
    vod_pic_slide: row.vod_pic_slide,
    vod_play_from: row.vod_play_from,
    vod_play_server: row.vod_play_server,
    vod_play_note: row.vod_play_note,
    vod_play_url: row.vod_play_url,
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

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The column, a comma list (`vod_class`, `vod_area`, `vod_lang`), has `value` as one of its items. */
function commaItem(column: AnyPgColumn, value: string): SQL {
  return sql`(',' || ${column} || ',') like ${`%,${escapeLike(value)},%`}`;
}

/** Neither the title's category nor its top category is disabled (`type_status = 0`). */
const enabledCategory = sql`not exists (select 1 from ${macType} where ${macType.type_id} in (${macVod.type_id}, ${macVod.type_id_1}) and ${macType.type_status} <> 1)`;

const ORDER: Record<NonNullable<DataQuery['order']>, SQL[]> = {
  time: [desc(macVod.vod_time), desc(macVod.vod_id)],
  hits: [desc(macVod.vod_hits), desc(macVod.vod_id)],
  hits_day: [desc(macVod.vod_hits_day), desc(macVod.vod_id)],
  hits_week: [desc(macVod.vod_hits_week), desc(macVod.vod_id)],
  hits_month: [desc(macVod.vod_hits_month), desc(macVod.vod_id)],
  score: [desc(macVod.vod_score), desc(macVod.vod_id)],
};

export interface VodFilter {
  type_id?: number;
  /** The type_id is a top category: match its sub-categories through type_id_1. */
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
  wd?: string;
  ids?: number[];
  /** Console: include unpublished; filter by status. */
  include_unpublished?: boolean;
  vod_status?: number;
}

function whereOf(f: VodFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (!f.include_unpublished) {
    conds.push(eq(macVod.vod_status, 1));
    conds.push(enabledCategory);
  }
  if (f.vod_status !== undefined) conds.push(eq(macVod.vod_status, f.vod_status));
  if (f.type_id !== undefined) {
    conds.push(
      f.type_is_top
        ? or(eq(macVod.type_id_1, f.type_id), eq(macVod.type_id, f.type_id))
        : eq(macVod.type_id, f.type_id),
    );
  }
  if (f.class) conds.push(commaItem(macVod.vod_class, f.class));
  if (f.area) conds.push(commaItem(macVod.vod_area, f.area));
  if (f.lang) conds.push(commaItem(macVod.vod_lang, f.lang));
  if (f.year) conds.push(eq(macVod.vod_year, f.year));
  if (f.letter) conds.push(eq(macVod.vod_letter, f.letter.toUpperCase()));
  if (f.level !== undefined) conds.push(eq(macVod.vod_level, f.level));
  if (f.level_min !== undefined) conds.push(sql`${macVod.vod_level} >= ${f.level_min}`);
  if (f.level_max !== undefined) conds.push(sql`${macVod.vod_level} <= ${f.level_max}`);
  if (f.wd) {
    const like = `%${escapeLike(f.wd)}%`;
    conds.push(
      or(
        ilike(macVod.vod_name, like),
        ilike(macVod.vod_en, like),
        ilike(macVod.vod_sub, like),
        ilike(macVod.vod_actor, like),
      ),
    );
  }
  if (f.ids) conds.push(f.ids.length ? inArray(macVod.vod_id, f.ids) : sql`false`);
  const present = conds.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

/** A page of titles; `total` counts all matches. */
export async function listVods(
  db: Db,
  filter: VodFilter,
  order: keyof typeof ORDER,
  page: number,
  limit: number,
): Promise<{ rows: (ItemRow & { vod_status: number; vod_lock: number })[]; total: number }> {
  const where = whereOf(filter);
  const [rows, counted] = await Promise.all([
    db
      .select(itemColumns)
      .from(macVod)
      .leftJoin(macType, eq(macType.type_id, macVod.type_id))
      .where(where)
      .orderBy(...ORDER[order])
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(macVod).where(where),
  ]);
  return { rows: rows as (ItemRow & { vod_status: number; vod_lock: number })[], total: Number(counted[0]?.n ?? 0) };
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

export async function getSettings(db: Db, keys: string[]): Promise<Record<string, unknown>> {
  const rows = await db.select().from(appSetting).where(inArray(appSetting.key, keys));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(appSetting).values({ key, value }).onConflictDoUpdate({ target: appSetting.key, set: { value } });
}
