/** SQL of the ads module (`mac_ad`, `ad_impression`, `ad_stat_day`, `ad_viewer_cap`). */
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adImpression, adStatDay, adViewerCap, macAd } from '../../db/schema/index.ts';

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

export type CapRow = typeof adViewerCap.$inferSelect;

/** The cap rows of one viewer for some ads. */
export function capsOf(db: Db, subject: string, adIds: number[]): Promise<CapRow[]> {
  if (adIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(adViewerCap)
    .where(and(eq(adViewerCap.subject, subject), inArray(adViewerCap.ad_id, adIds)));
}

/**
 * Count one show: insert the impression of `nonce` (nothing when it exists: a replay), and only then raise the ad's
 * day counter and the viewer's cap row (shows of the day, reset when the day changed; last show time). Returns the
 * impression id when this call counted it.
 */
export async function countImpression(
  tx: Db,
  i: { nonce: string; adId: number; subject: string; userId: number; day: string; at: Date },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(adImpression)
    .values({ nonce: i.nonce, ad_id: i.adId, subject: i.subject, user_id: i.userId, day: i.day, shown_at: i.at })
    .onConflictDoNothing({ target: adImpression.nonce })
    .returning({ id: adImpression.id });
  if (!row) return undefined;
  await tx
    .insert(adStatDay)
    .values({ ad_id: i.adId, day: i.day, impressions: 1 })
    .onConflictDoUpdate({
      target: [adStatDay.ad_id, adStatDay.day],
      set: { impressions: sql`${adStatDay.impressions} + 1` },
    });
  await tx
    .insert(adViewerCap)
    .values({ subject: i.subject, ad_id: i.adId, day: i.day, shows: 1, last_shown_at: i.at })
    .onConflictDoUpdate({
      target: [adViewerCap.subject, adViewerCap.ad_id],
      set: {
        shows: sql`case when ${adViewerCap.day} = excluded.day then ${adViewerCap.shows} + 1 else 1 end`,
        day: sql`excluded.day`,
        last_shown_at: sql`greatest(${adViewerCap.last_shown_at}, excluded.last_shown_at)`,
      },
    });
  return row.id;
}

export async function impressionByNonce(db: Db, nonce: string) {
  const [row] = await db.select().from(adImpression).where(eq(adImpression.nonce, nonce));
  return row;
}

/** Mark the impression clicked (first click only) and count the click on its ad and day; true when counted now. */
export async function countClick(tx: Db, id: number, at: Date): Promise<boolean> {
  const [row] = await tx
    .update(adImpression)
    .set({ clicked_at: at })
    .where(and(eq(adImpression.id, id), isNull(adImpression.clicked_at)))
    .returning({ ad_id: adImpression.ad_id, day: adImpression.day });
  if (!row) return false;
  await tx
    .insert(adStatDay)
    .values({ ad_id: row.ad_id, day: row.day, clicks: 1 })
    .onConflictDoUpdate({ target: [adStatDay.ad_id, adStatDay.day], set: { clicks: sql`${adStatDay.clicks} + 1` } });
  return true;
}

/**
 * Claim the click reward of impression `id` for `userId`: a guarded update (served to that user, clicked, not
 * claimed yet, shown after `notBefore`), so of concurrent claims exactly one gets true.
 */
export async function claimClickReward(db: Db, id: number, userId: number, at: Date, notBefore: Date) {
  const rows = await db
    .update(adImpression)
    .set({ rewarded_at: at })
    .where(
      and(
        eq(adImpression.id, id),
        eq(adImpression.user_id, userId),
        isNotNull(adImpression.clicked_at),
        isNull(adImpression.rewarded_at),
        gte(adImpression.shown_at, notBefore),
      ),
    )
    .returning({ id: adImpression.id });
  return rows.length > 0;
}

/** Impressions, clicks and paid clicks per ad over operator days `from`..`to`. */
export async function statsBetween(db: Db, from: string, to: string, adIds?: number[]) {
  const idFilter = adIds ? inArray(adStatDay.ad_id, adIds.length ? adIds : [-1]) : undefined;
  const counts = await db
    .select({
      ad_id: adStatDay.ad_id,
      impressions: sql<number>`coalesce(sum(${adStatDay.impressions}), 0)::int`,
      clicks: sql<number>`coalesce(sum(${adStatDay.clicks}), 0)::int`,
    })
    .from(adStatDay)
    .where(and(gte(adStatDay.day, from), lte(adStatDay.day, to), idFilter))
    .groupBy(adStatDay.ad_id);
  const paid = await db
    .select({ ad_id: adImpression.ad_id, n: sql<number>`count(*)::int` })
    .from(adImpression)
    .where(
      and(
        gte(adImpression.day, from),
        lte(adImpression.day, to),
        isNotNull(adImpression.rewarded_at),
        adIds ? inArray(adImpression.ad_id, adIds.length ? adIds : [-1]) : undefined,
      ),
    )
    .groupBy(adImpression.ad_id);
  return { counts, paid };
}

/** Set `ad_sort` of the given ads to 10, 20, 30 ... in the order given. */
export async function setOrder(tx: Db, ids: number[]): Promise<void> {
  for (const [i, id] of ids.entries())
    await tx
      .update(macAd)
      .set({ ad_sort: (i + 1) * 10 })
      .where(eq(macAd.ad_id, id));
}
