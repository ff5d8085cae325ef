/**
 * SQL of the appconfig module: the installation's settings in `app_setting` (one JSON value per key: the operator's
 * app config overrides, the published app version, generated server secrets).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSetting } from '../../db/schema/index.ts';

/** The stored value of setting `key`, or undefined when it was never written. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, key));
  return row?.value;
}

/** Write setting `key` (insert, or replace the stored value). */
export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(appSetting).values({ key, value }).onConflictDoUpdate({ target: appSetting.key, set: { value } });
}

/** Write setting `key` only when it does not exist yet (concurrent processes keep the first value). */
export async function insertSettingIfAbsent(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(appSetting).values({ key, value }).onConflictDoNothing({ target: appSetting.key });
}
