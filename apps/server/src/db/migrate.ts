/**
 * Apply the committed drizzle migrations (apps/server/migrations) under a PostgreSQL advisory lock, so several
 * processes starting together migrate once (drizzle's migrate() takes no lock itself: drizzle-orm#874).
 */
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
/** Advisory lock key of migrations ("OVMG"). */
export const MIGRATION_LOCK_KEY = 0x4f564d47;

/**
 * Apply the migrations of `migrationsFolder` (default {@link MIGRATIONS_DIR}; tests pass a folder that stops before a
 * migration, src/test/harness.ts `migrationsBefore`) not yet applied to `handle`'s database, under the advisory lock.
 */
export async function runMigrations(handle: DbHandle, migrationsFolder: string = MIGRATIONS_DIR): Promise<void> {
  await handle.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    if (handle.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
    } else {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    }
  });
}
