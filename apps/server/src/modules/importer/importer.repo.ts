/**
 * Queries of the catalogue import (importer.service.ts): categories (`mac_type`), the collect feeds' category bindings
 * (`mac_type_bind`) and titles (`mac_vod`) as an import reads and writes them. Every function takes `db` or, as the
 * import calls them, its transaction `tx`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { macType, macTypeBind, macVod } from '../../db/schema/index.ts';

type VodInsert = typeof macVod.$inferInsert;
type TypeRow = typeof macType.$inferSelect;

/** What an import needs of a title it may update: its id, its lock (`vod_lock` 1 = skipped) and its content hash. */
export interface ImportedTitle {
  vod_id: number;
  vod_lock: number;
  vod_import_hash: string;
}

/** Wait for, then hold until `tx` ends, the transaction-level advisory lock `key` (imports run one at a time). */
export async function lockImports(tx: Db, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

/** Every category, in the table's own order (the import's name matching takes the first of equal names). */
export async function allTypes(tx: Db): Promise<TypeRow[]> {
  return tx.select().from(macType);
}

/** The bindings of feed `bindKey`: remote category id → local `type_id`. */
export async function bindingsOf(tx: Db, bindKey: string): Promise<Map<number, number>> {
  const rows = await tx.select().from(macTypeBind).where(eq(macTypeBind.bind_key, bindKey));
  return new Map(rows.map((b) => [b.remote_type_id, b.local_type_id]));
}

/** Create a category (`type_mid` 1, video); returns the row. Throws when the insert returns nothing. */
export async function insertType(
  tx: Db,
  values: { type_name: string; type_pid: number; type_sort: number },
): Promise<TypeRow> {
  const [row] = await tx
    .insert(macType)
    .values({ ...values, type_mid: 1 })
    .returning();
  if (!row) throw new Error('category insert returned nothing');
  return row;
}

/** Bind remote category `remote_type_id` of feed `bind_key` to local category `local_type_id` (insert or replace). */
export async function saveBinding(
  tx: Db,
  b: { bind_key: string; remote_type_id: number; remote_type_name: string; local_type_id: number },
): Promise<void> {
  await tx
    .insert(macTypeBind)
    .values(b)
    .onConflictDoUpdate({
      target: [macTypeBind.bind_key, macTypeBind.remote_type_id],
      set: { local_type_id: b.local_type_id, remote_type_name: b.remote_type_name },
    });
}

/**
 * Up to 5 titles with this name, year and top category (`type_id_1`), with the feed each came from
 * (`vod_source_key` as `key`): candidates for "the same work" of another feed.
 */
export async function titlesByNameYearTop(
  tx: Db,
  name: string,
  year: string,
  top: number,
): Promise<Array<ImportedTitle & { key: string }>> {
  return tx
    .select({
      vod_id: macVod.vod_id,
      vod_lock: macVod.vod_lock,
      vod_import_hash: macVod.vod_import_hash,
      key: macVod.vod_source_key,
    })
    .from(macVod)
    .where(and(eq(macVod.vod_name, name), eq(macVod.vod_year, year), eq(macVod.type_id_1, top)))
    .limit(5);
}

/** The titles feed `bindKey` imported before, by their remote id (`vod_source_id`), read 500 ids per query. */
export async function titlesBySource(
  tx: Db,
  bindKey: string,
  remoteIds: string[],
): Promise<Map<string, ImportedTitle>> {
  const out = new Map<string, ImportedTitle>();
  for (let i = 0; i < remoteIds.length; i += 500) {
    const chunk = remoteIds.slice(i, i + 500);
    const rows = await tx
      .select({
        vod_id: macVod.vod_id,
        vod_source_id: macVod.vod_source_id,
        vod_lock: macVod.vod_lock,
        vod_import_hash: macVod.vod_import_hash,
      })
      .from(macVod)
      .where(and(eq(macVod.vod_source_key, bindKey), inArray(macVod.vod_source_id, chunk)));
    for (const r of rows) out.set(r.vod_source_id, r);
  }
  return out;
}

/** Overwrite the imported columns `set` of title `vodId`. */
export async function updateTitle(tx: Db, vodId: number, set: Partial<VodInsert>): Promise<void> {
  await tx.update(macVod).set(set).where(eq(macVod.vod_id, vodId));
}

/** Add a title. */
export async function insertTitle(tx: Db, values: VodInsert): Promise<void> {
  await tx.insert(macVod).values(values);
}
