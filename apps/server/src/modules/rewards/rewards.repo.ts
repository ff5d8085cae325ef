/**
 * SQL of the rewards module: the single-use nonces of rewarded views (`reward_nonce`), the per-(user, operator day,
 * purpose) grant counters (`reward_user_day`) and the rewarded own video ads it reads from the ads table (`mac_ad`).
 * Times that decide a grant (expiry, the own ad's length since its start) are compared with the DATABASE clock
 * (`now()`). Every function takes `db`, which may be a transaction.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { macAd, rewardNonce, rewardUserDay } from '../../db/schema/index.ts';

export type NonceRow = typeof rewardNonce.$inferSelect;
export type AdRow = typeof macAd.$inferSelect;

/** Rewarded views granted to a user on an operator day for a purpose (`view` | `download`). */
export async function grantedOn(db: Db, userId: number, day: string, purpose: string): Promise<number> {
  const [row] = await db
    .select({ count: rewardUserDay.count })
    .from(rewardUserDay)
    .where(and(eq(rewardUserDay.user_id, userId), eq(rewardUserDay.day, day), eq(rewardUserDay.purpose, purpose)));
  return row?.count ?? 0;
}

/**
 * The rewarded own video ad to show at `now`: active, in schedule, `ad_show_type` 1, `ad_type` 2, with a video and
 * a length; the first by `ad_sort`, then id.
 */
export async function rewardedOwnAd(db: Db, now: Date): Promise<AdRow | undefined> {
  const [ad] = await db
    .select()
    .from(macAd)
    .where(
      and(
        eq(macAd.ad_status, 1),
        eq(macAd.ad_show_type, 1),
        eq(macAd.ad_type, 2),
        sql`${macAd.ad_video_url} <> ''`,
        sql`${macAd.ad_duration} > 0`,
        or(isNull(macAd.ad_start_time), lte(macAd.ad_start_time, now)),
        or(isNull(macAd.ad_end_time), gte(macAd.ad_end_time, now)),
      ),
    )
    .orderBy(asc(macAd.ad_sort), asc(macAd.ad_id))
    .limit(1);
  return ad;
}

/** Nonces of a user still payable (issued or started, not expired). */
export async function openNonceCount(db: Db, userId: number): Promise<number> {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rewardNonce)
    .where(
      and(
        eq(rewardNonce.user_id, userId),
        inArray(rewardNonce.status, ['issued', 'started']),
        sql`${rewardNonce.expires_at} > now()`,
      ),
    );
  return Number(open?.n ?? 0);
}

/** Store a new nonce (status `issued`), expiring `ttlS` seconds from the database's now; the stored row. */
export async function insertNonce(
  db: Db,
  n: {
    nonce: string;
    user_id: number;
    purpose: string;
    network: string;
    ad_id: number | null;
    vod_id: number | null;
    duration_s: number;
    day: string;
  },
  ttlS: number,
): Promise<NonceRow> {
  const [row] = await db
    .insert(rewardNonce)
    .values({ ...n, expires_at: sql`now() + ${ttlS} * interval '1 second'` })
    .returning();
  return row as NonceRow;
}

/** The nonce `nonce` when it belongs to `userId`. */
export async function userNonce(db: Db, userId: number, nonce: string): Promise<NonceRow | undefined> {
  const [row] = await db
    .select()
    .from(rewardNonce)
    .where(and(eq(rewardNonce.nonce, nonce), eq(rewardNonce.user_id, userId)));
  return row;
}

/** Record the start of an issued, unexpired own-ad nonce (database time); the row when this call started it. */
export async function startNonce(db: Db, nonce: string): Promise<NonceRow | undefined> {
  const [started] = await db
    .update(rewardNonce)
    .set({ status: 'started', started_at: sql`now()` })
    .where(and(eq(rewardNonce.nonce, nonce), eq(rewardNonce.status, 'issued'), sql`expires_at > now()`))
    .returning();
  return started;
}

/**
 * Claim nonce `nonce` for payment (a guarded update to `granted`, storing the network's transaction id): only an
 * issued or started, unexpired nonce of `network` (and of `userId` when given); with `watched`, only a started one
 * whose `duration_s` have passed since its start. Concurrent claimers wait on the row lock and then find it taken.
 * The claimed row, or undefined. A transaction id another nonce of the network holds fails with a unique violation.
 */
export async function claimNonce(
  tx: Db,
  nonce: string,
  c: { network: string; userId?: number | undefined; transactionId?: string | undefined; watched?: boolean },
): Promise<NonceRow | undefined> {
  const [row] = await tx
    .update(rewardNonce)
    .set({ status: 'granted', granted_at: sql`now()`, transaction_id: c.transactionId ?? null })
    .where(
      and(
        eq(rewardNonce.nonce, nonce),
        eq(rewardNonce.network, c.network),
        c.userId === undefined ? undefined : eq(rewardNonce.user_id, c.userId),
        inArray(rewardNonce.status, ['issued', 'started']),
        sql`${rewardNonce.expires_at} > now()`,
        c.watched
          ? sql`${rewardNonce.status} = 'started' and ${rewardNonce.started_at} + ${rewardNonce.duration_s} * interval '1 second' <= now()`
          : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * Raise the (user, day, purpose) grant counter while it is below `cap` (guarded upsert); the new count, or
 * undefined when the cap was reached.
 */
export async function countGrant(
  tx: Db,
  k: { userId: number; day: string; purpose: string },
  cap: number,
): Promise<number | undefined> {
  const [counted] = await tx
    .insert(rewardUserDay)
    .values({ user_id: k.userId, day: k.day, purpose: k.purpose, count: 1 })
    .onConflictDoUpdate({
      target: [rewardUserDay.user_id, rewardUserDay.day, rewardUserDay.purpose],
      set: { count: sql`${rewardUserDay.count} + 1` },
      setWhere: sql`${rewardUserDay.count} < ${cap}`,
    })
    .returning({ count: rewardUserDay.count });
  return counted?.count;
}

/** Mark a still unpaid nonce `capped` (the day's cap was full when it would have been paid). */
export async function markCapped(db: Db, nonce: string): Promise<void> {
  await db
    .update(rewardNonce)
    .set({ status: 'capped' })
    .where(and(eq(rewardNonce.nonce, nonce), inArray(rewardNonce.status, ['issued', 'started'])));
}

/** A nonce's status and the network transaction id it was paid by. */
export async function nonceGrant(
  db: Db,
  nonce: string,
): Promise<{ status: string; transaction_id: string | null } | undefined> {
  const [prior] = await db
    .select({ status: rewardNonce.status, transaction_id: rewardNonce.transaction_id })
    .from(rewardNonce)
    .where(eq(rewardNonce.nonce, nonce));
  return prior;
}

/** Whole seconds left until a started own ad has played its length (database time; 0 when past, 1 when unknown). */
export async function secondsLeft(db: Db, nonce: string): Promise<number> {
  const [left] = await db
    .select({
      s: sql<number>`greatest(0, ceil(extract(epoch from (${rewardNonce.started_at} + ${rewardNonce.duration_s} * interval '1 second' - now()))))::int`,
    })
    .from(rewardNonce)
    .where(eq(rewardNonce.nonce, nonce));
  return Number(left?.s ?? 1);
}

/** Nonces issued and granted per network, ad (with its name) and purpose over the operator days `from`..`to`. */
export async function issuedAndGranted(
  db: Db,
  from: string,
  to: string,
): Promise<
  { network: string; ad_id: number | null; ad_name: string; purpose: string; issued: number; granted: number }[]
> {
  return db
    .select({
      network: rewardNonce.network,
      ad_id: rewardNonce.ad_id,
      ad_name: sql<string>`coalesce(max(${macAd.ad_name}), '')`,
      purpose: rewardNonce.purpose,
      issued: sql<number>`count(*)::int`,
      granted: sql<number>`(count(*) filter (where ${rewardNonce.status} = 'granted'))::int`,
    })
    .from(rewardNonce)
    .leftJoin(macAd, eq(macAd.ad_id, rewardNonce.ad_id))
    .where(and(gte(rewardNonce.day, from), lte(rewardNonce.day, to)))
    .groupBy(rewardNonce.network, rewardNonce.ad_id, rewardNonce.purpose)
    .orderBy(rewardNonce.network, rewardNonce.ad_id, rewardNonce.purpose);
}

/** The latest `limit` nonces, newest first. */
export function recentNonces(db: Db, limit: number): Promise<NonceRow[]> {
  return db.select().from(rewardNonce).orderBy(desc(rewardNonce.created_at)).limit(limit);
}
