/**
 * Queries of the community's safety layer (db/schema/community.ts): muted users. Functions take `db` or `tx`.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communityMute, macUser } from '../../db/schema/index.ts';

/** The mute row of `userId`, if any (expired or not). */
export async function muteOf(db: Db, userId: number) {
  const [row] = await db.select().from(communityMute).where(eq(communityMute.user_id, userId)).limit(1);
  return row;
}

/** Mute `userId` until `until` (null: until unmuted), replacing an earlier mute. */
export async function upsertMute(db: Db, userId: number, reason: string, until: Date | null) {
  await db
    .insert(communityMute)
    .values({ user_id: userId, reason, until })
    .onConflictDoUpdate({ target: communityMute.user_id, set: { reason, until, created_at: new Date() } });
}

/** Remove the mute of `userId`; true when there was one. */
export async function deleteMute(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .delete(communityMute)
    .where(eq(communityMute.user_id, userId))
    .returning({ id: communityMute.user_id });
  return rows.length > 0;
}

/** Every mute (or only `userId`'s) with its user's names, newest first. */
export async function listMutes(db: Db, userId?: number) {
  return db
    .select({
      user_id: communityMute.user_id,
      user_name: macUser.user_name,
      user_nick_name: macUser.user_nick_name,
      reason: communityMute.reason,
      until: communityMute.until,
      created_at: communityMute.created_at,
    })
    .from(communityMute)
    .innerJoin(macUser, eq(macUser.user_id, communityMute.user_id))
    .where(userId === undefined ? undefined : eq(communityMute.user_id, userId))
    .orderBy(desc(communityMute.created_at));
}

/** Whether user `userId` exists (and is not deleted). */
export async function userExists(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: macUser.user_id, deleted: macUser.user_deleted_at })
    .from(macUser)
    .where(eq(macUser.user_id, userId))
    .limit(1);
  return Boolean(row && !row.deleted);
}
