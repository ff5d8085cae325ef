/**
 * SQL of the admin module: console accounts (`mac_admin`) and their sessions (`admin_session`, tokens stored as
 * sha256 hex hashes).
 */
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminSession, macAdmin } from '../../db/schema/index.ts';

export type AdminRow = typeof macAdmin.$inferSelect;

/** How many console accounts exist. */
export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(macAdmin);
  return Number(row?.n ?? 0);
}

/** Create console account `name` with the argon2id hash `passwordHash`; nothing when the name exists. */
export async function insertAdminIfAbsent(db: Db, name: string, passwordHash: string): Promise<void> {
  await db.insert(macAdmin).values({ admin_name: name, admin_pwd: passwordHash }).onConflictDoNothing();
}

/** The console account named `name`. */
export async function adminByName(db: Db, name: string): Promise<AdminRow | undefined> {
  const [admin] = await db.select().from(macAdmin).where(eq(macAdmin.admin_name, name));
  return admin;
}

/** Drop the sessions that expired before `now`. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(adminSession).where(lt(adminSession.expires_at, now));
}

/** Store a session of `adminId` by its token's hash, valid until `expiresAt`. */
export async function insertSession(db: Db, tokenHash: string, adminId: number, expiresAt: Date): Promise<void> {
  await db.insert(adminSession).values({ token_hash: tokenHash, admin_id: adminId, expires_at: expiresAt });
}

/** Record a sign-in of `adminId` at `at` (`admin_login_time`). */
export async function touchLoginTime(db: Db, adminId: number, at: Date): Promise<void> {
  await db.update(macAdmin).set({ admin_login_time: at }).where(eq(macAdmin.admin_id, adminId));
}

/** The enabled (`admin_status` 1) account whose unexpired session has the token hash `tokenHash`. */
export async function sessionAdmin(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ admin_id: number; admin_name: string } | undefined> {
  const [row] = await db
    .select({ admin_id: macAdmin.admin_id, admin_name: macAdmin.admin_name })
    .from(adminSession)
    .innerJoin(macAdmin, eq(macAdmin.admin_id, adminSession.admin_id))
    .where(and(eq(adminSession.token_hash, tokenHash), gt(adminSession.expires_at, now), eq(macAdmin.admin_status, 1)));
  return row;
}

/** Delete the session with the token hash `tokenHash` (none: nothing). */
export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(adminSession).where(eq(adminSession.token_hash, tokenHash));
}
