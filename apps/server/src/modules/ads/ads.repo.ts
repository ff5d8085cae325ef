/** SQL of the ads module (`mac_ad`). */
import { and, asc, eq, gt, gte, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { macAd } from '../../db/schema/index.ts';

export type AdRow = typeof macAd.$inferSelect;
export type AdInsert = typeof macAd.$inferInsert;

/** Ads a viewer may be shown in `slot` at `now`: active, h5, `ad_show_type` > 0, inside the schedule. */
export function servableAds(db: Db, slot: number, now: Date): Promise<AdRow[]> {
  return db
    .select()
    .from(macAd)
    .where(
      and(
        eq(macAd.ad_local_type, slot),
        eq(macAd.ad_status, 1),
        eq(macAd.ad_platform_type, 'h5'),
        gt(macAd.ad_show_type, 0),
        or(isNull(macAd.ad_start_time), lte(macAd.ad_start_time, now)),
        or(isNull(macAd.ad_end_time), gte(macAd.ad_end_time, now)),
      ),
    )
    .orderBy(asc(macAd.ad_sort), asc(macAd.ad_id));
}

export function listAds(db: Db, slot?: number): Promise<AdRow[]> {
  const where: SQL | undefined = slot === undefined ? undefined : eq(macAd.ad_local_type, slot);
  return db.select().from(macAd).where(where).orderBy(asc(macAd.ad_local_type), asc(macAd.ad_sort), asc(macAd.ad_id));
}

export async function adById(db: Db, id: number): Promise<AdRow | undefined> {
  const [row] = await db.select().from(macAd).where(eq(macAd.ad_id, id));
  return row;
}

export async function insertAd(db: Db, values: AdInsert): Promise<AdRow> {
  const [row] = await db.insert(macAd).values(values).returning();
  if (!row) throw new Error('insert into mac_ad returned nothing');
  return row;
}

export async function updateAd(db: Db, id: number, values: Partial<AdInsert>): Promise<AdRow | undefined> {
  const [row] = await db.update(macAd).set(values).where(eq(macAd.ad_id, id)).returning();
  return row;
}

export async function deleteAd(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(macAd).where(eq(macAd.ad_id, id)).returning({ id: macAd.ad_id });
  return rows.length > 0;
}
