/**
 * The operator settings store (table `app_setting`, db/schema): one JSON value per key, shared by every module
 * (each module owns its keys: the app config, catalogue settings, the player table, reward settings ...).
 * Pass `tx` inside a transaction.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSetting } from '../db/schema/index.ts';

/** The stored values of `keys` (a key without a row is absent from the result). */
export async function getSettings(db: Db, keys: string[]): Promise<Record<string, unknown>> {
  const rows = await db.select().from(appSetting).where(inArray(appSetting.key, keys));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Store `value` under `key` (insert or replace). */
export async function setSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(appSetting).values({ key, value }).onConflictDoUpdate({ target: appSetting.key, set: { value } });
}
