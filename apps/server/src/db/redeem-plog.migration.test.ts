/**
 * Migration 0015 (migrations/0015_redeem_plog_type.sql): points rows a redemption code wrote as plog type 14 (the
 * daily task "watch a film") become type 25 (the contract's PLOG_TYPE.redeem); genuine watch-film rows keep 14.
 * The database is migrated up to 0014, given the rows the old code wrote, then migrated to the end. PGlite and,
 * with DATABASE_URL, PostgreSQL (src/test/harness.ts).
 */
import fs from 'node:fs';
import { PLOG_TYPE } from '@openvod/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, migrationsBefore, type TestDb } from '../test/harness.ts';
import { runMigrations } from './migrate.ts';
import { macPlog } from './schema/index.ts';

const TAG = '0015_redeem_plog_type';
let db: TestDb;
let before: string;

beforeAll(async () => {
  before = migrationsBefore(TAG);
  db = await createTestDb(2, (h) => runMigrations(h, before));
});
afterAll(async () => {
  await db?.destroy();
  fs.rmSync(before, { recursive: true, force: true });
});

const journal = async () =>
  (
    await db.db
      .select({ key: macPlog.plog_key, type: macPlog.plog_type, points: macPlog.plog_points })
      .from(macPlog)
      .orderBy(asc(macPlog.plog_id))
  ).map((r) => [r.key, r.type, r.points]);

describe('migration 0015: redemption points get their own plog type', () => {
  it('relabels the rows of code redemptions and leaves watch-film and other rows alone', async () => {
    // What the code before 0015 wrote: the watch-film task (points.service.ts award: key task:<user>:14:<day>:<ref>,
    // remarks `<task_key> <day>`) and a points code (redemption.service.ts: key code:<code>, remarks redeem batch:<id>).
    await db.db.insert(macPlog).values([
      {
        user_id: 7,
        plog_type: 14,
        plog_points: 2,
        plog_balance: 2,
        plog_key: 'task:7:14:2026-11-28:42',
        plog_remarks: 'watch_film 2026-11-28',
      },
      {
        user_id: 7,
        plog_type: 14,
        plog_points: 30,
        plog_balance: 32,
        plog_key: 'code:ABCDEFGHJKMNPQRS',
        plog_remarks: 'redeem batch:3',
      },
      {
        user_id: 8,
        plog_type: 14,
        plog_points: 50,
        plog_balance: 50,
        plog_key: 'code:0123456789ABCDEF',
        plog_remarks: 'redeem batch:4',
      },
      {
        user_id: 8,
        plog_type: 24,
        plog_points: -10,
        plog_balance: 40,
        plog_key: 'exchange:8:1',
        plog_remarks: 'exchange',
      },
    ]);
    expect(await journal()).toEqual([
      ['task:7:14:2026-11-28:42', 14, 2],
      ['code:ABCDEFGHJKMNPQRS', 14, 30],
      ['code:0123456789ABCDEF', 14, 50],
      ['exchange:8:1', 24, -10],
    ]);

    await runMigrations(db);
    const after = [
      ['task:7:14:2026-11-28:42', PLOG_TYPE.watchFilm, 2],
      ['code:ABCDEFGHJKMNPQRS', PLOG_TYPE.redeem, 30],
      ['code:0123456789ABCDEF', PLOG_TYPE.redeem, 50],
      ['exchange:8:1', PLOG_TYPE.exchange, -10],
    ];
    expect(await journal()).toEqual(after);
    expect(PLOG_TYPE.redeem).toBe(25);

    // Applied once: starting again (every process migrates at start) changes nothing.
    await runMigrations(db);
    expect(await journal()).toEqual(after);
  });
});
