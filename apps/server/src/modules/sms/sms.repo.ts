/**
 * SQL of the SMS module: verification codes (`sms_code`; rules in sms.service.ts). Every function takes a `db` that
 * may be a transaction.
 */
import { and, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsCode } from '../../db/schema/index.ts';

export type SmsCodeRow = typeof smsCode.$inferSelect;

/**
 * Take the transaction-scoped advisory lock named `key` (`sms:phone:<phone>`, `sms:ip:<ip>`): concurrent sends to
 * one phone or from one address wait for each other until `tx` ends.
 */
export async function lockKey(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** When the latest code of (`phone`, `purpose`) was made, or undefined when there is none. */
export async function lastCreatedAt(db: Db, phone: string, purpose: string): Promise<Date | undefined> {
  const [last] = await db
    .select({ created_at: smsCode.created_at })
    .from(smsCode)
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose)))
    .orderBy(desc(smsCode.id))
    .limit(1);
  return last?.created_at;
}

/** Codes made for `phone` (any purpose) since `since`. */
export async function countForPhoneSince(db: Db, phone: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCode)
    .where(and(eq(smsCode.phone, phone), gte(smsCode.created_at, since)));
  return row?.n ?? 0;
}

/** Codes asked for from client address `ip` since `since`. */
export async function countForIpSince(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCode)
    .where(and(eq(smsCode.ip, ip), gte(smsCode.created_at, since)));
  return row?.n ?? 0;
}

/** Withdraw every open code of (`phone`, `purpose`): marked used at `now`. */
export async function withdrawOpen(db: Db, phone: string, purpose: string, now: Date): Promise<void> {
  await db
    .update(smsCode)
    .set({ used_at: now })
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose), isNull(smsCode.used_at)));
}

/** Store a new code (its HMAC in `code_hash`); returns its id. */
export async function insertCode(
  db: Db,
  values: { phone: string; purpose: string; code_hash: string; ip: string; created_at: Date; expires_at: Date },
): Promise<number> {
  const [row] = await db.insert(smsCode).values(values).returning({ id: smsCode.id });
  return row?.id as number;
}

/** Delete the code `id` (one the provider failed to deliver). */
export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.delete(smsCode).where(eq(smsCode.id, id));
}

/** The latest code of (`phone`, `purpose`), used or not. */
export async function latestCode(db: Db, phone: string, purpose: string): Promise<SmsCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.phone, phone), eq(smsCode.purpose, purpose)))
    .orderBy(desc(smsCode.id))
    .limit(1);
  return row;
}

/** Code `id` while unused and under `maxTries` wrong tries. */
const openCode = (id: number, maxTries: number) =>
  and(eq(smsCode.id, id), isNull(smsCode.used_at), lt(smsCode.tries, maxTries));

/**
 * Consume code `id` at `now` when it is open (unused, under `maxTries` wrong tries) and its hash is `codeHash`, in
 * one statement, so a right code is consumed exactly once under concurrent attempts. Returns whether it was.
 */
export async function consumeCode(db: Db, id: number, codeHash: string, maxTries: number, now: Date): Promise<boolean> {
  const consumed = await db
    .update(smsCode)
    .set({ used_at: now })
    .where(and(openCode(id, maxTries), eq(smsCode.code_hash, codeHash)))
    .returning({ id: smsCode.id });
  return consumed.length > 0;
}

/**
 * Count one wrong try on code `id` while it is open; returns its wrong tries after this one, or undefined when it
 * was no longer open (used, withdrawn or locked meanwhile).
 */
export async function countWrongTry(db: Db, id: number, maxTries: number): Promise<number | undefined> {
  const [wrong] = await db
    .update(smsCode)
    .set({ tries: sql`${smsCode.tries} + 1` })
    .where(openCode(id, maxTries))
    .returning({ tries: smsCode.tries });
  return wrong?.tries;
}
