/**
 * Queries of the places module (table `user_region`, db/schema/places.ts). Each takes `db` or, inside a
 * transaction, its `tx`.
 */
import type { PlaceRegion } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRegion } from '../../db/schema/index.ts';

/** The member's region, or null. */
export async function findRegion(db: Db, userId: number): Promise<PlaceRegion | null> {
  const [row] = await db
    .select({
      name: userRegion.name,
      address: userRegion.address,
      latitude: userRegion.latitude,
      longitude: userRegion.longitude,
    })
    .from(userRegion)
    .where(eq(userRegion.user_id, userId));
  return row ?? null;
}

/** Insert or replace the member's region. */
export async function upsertRegion(db: Db, userId: number, region: PlaceRegion, now: Date): Promise<void> {
  const values = { ...region, updated: now };
  await db
    .insert(userRegion)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: userRegion.user_id, set: values });
}

/** Remove the member's region (none is fine). */
export async function deleteRegion(db: Db, userId: number): Promise<void> {
  await db.delete(userRegion).where(eq(userRegion.user_id, userId));
}
