/**
 * The ledger (DESIGN.md §4): posting is idempotent by key and returns the first result on replay; debits never
 * overdraw (guard + CHECK); the journal is append-only; concurrent debits spend exactly the balance (real parallelism
 * on PostgreSQL when DATABASE_URL is set); the check finds a balance changed without a journal row.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Jobs, type JobsOptions } from '../../core/jobs.ts';
import { ledgerAccount, ledgerCheckRun, ledgerEntry } from '../../db/schema/index.ts';
import { createTestDb, onPostgres, type TestDb } from '../../test/harness.ts';
import { ledgerCheckJob } from './ledger.jobs.ts';
import { InsufficientBalance, LedgerService, ledgerCheckSlot } from './ledger.service.ts';

let db: TestDb;
let ledger: LedgerService;
beforeAll(async () => {
  db = await createTestDb(20);
  ledger = new LedgerService(db.db);
});
afterAll(() => db.destroy());

let nextUser = 1000;
const post = (userId: number, amount: number, key: string, asset: 'views' | 'downloads' = 'views') =>
  db.db.transaction((tx) => ledger.post(tx, { userId, asset, amount, kind: 'test', key }));

describe(`ledger (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('posts credits and debits, replays return the first result without a change', async () => {
    const u = nextUser++;
    expect(await post(u, 10, `k:${u}:1`)).toEqual({ applied: true, balance: 10 });
    expect(await post(u, -3, `k:${u}:2`)).toEqual({ applied: true, balance: 7 });
    expect(await post(u, 10, `k:${u}:1`)).toEqual({ applied: false, balance: 7 });
    expect(await ledger.balances(db.db, u)).toEqual({
      views: 7,
      downloads: 0,
      cash_fen: 0,
      earn_pending: 0,
      cash_frozen: 0,
    });
  });

  it('refuses an overdraft and rolls the journal row back', async () => {
    const u = nextUser++;
    await post(u, 2, `o:${u}:1`);
    await expect(post(u, -3, `o:${u}:2`)).rejects.toBeInstanceOf(InsufficientBalance);
    await expect(post(u, -1, `o:${u}:none`, 'downloads')).rejects.toBeInstanceOf(InsufficientBalance);
    const rows = await db.db.select().from(ledgerEntry).where(eq(ledgerEntry.user_id, u));
    expect(rows.map((r) => r.amount)).toEqual([2]);
    await expect(
      db.db.execute(sql`update ledger_account set balance = -1 where user_id = ${u} and asset = 'views'`),
    ).rejects.toThrow();
  });

  it('the journal is append-only', async () => {
    const u = nextUser++;
    await post(u, 1, `a:${u}`);
    await expect(db.db.execute(sql`update ledger_entry set amount = 5 where user_id = ${u}`)).rejects.toThrow();
    await expect(db.db.execute(sql`delete from ledger_entry where user_id = ${u}`)).rejects.toThrow();
  });

  it('50 concurrent debits of 10 on a balance of 100 spend exactly 100', async () => {
    const u = nextUser++;
    await post(u, 100, `c:${u}:fund`);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => post(u, -10, `c:${u}:${i}`)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const [acct] = await db.db.select().from(ledgerAccount).where(eq(ledgerAccount.user_id, u));
    expect(acct?.balance).toBe(0);
  });

  it('the check reports a balance changed without a journal row', async () => {
    const u = nextUser++;
    await post(u, 4, `d:${u}`, 'downloads');
    expect((await ledger.check()).list.filter((d) => d.user_id === u)).toEqual([]);
    await db.db.execute(sql`update ledger_account set balance = 9 where user_id = ${u} and asset = 'downloads'`);
    expect((await ledger.check()).list.filter((d) => d.user_id === u)).toEqual([
      { user_id: u, asset: 'downloads', balance: 9, journal_sum: 4 },
    ]);
  });

  it('the nightly slot is the latest 03:30 of the operator time zone, whatever the machine clock', () => {
    // 03:30 in Asia/Shanghai is 19:30 UTC of the day before.
    expect(ledgerCheckSlot(new Date('2026-11-22T19:29:59Z'), '03:30', 'Asia/Shanghai')).toEqual(
      new Date('2026-11-21T19:30:00Z'),
    );
    expect(ledgerCheckSlot(new Date('2026-11-22T19:30:00Z'), '03:30', 'Asia/Shanghai')).toEqual(
      new Date('2026-11-22T19:30:00Z'),
    );
    expect(ledgerCheckSlot(new Date('2026-11-22T16:00:00Z'), '03:30', 'UTC')).toEqual(new Date('2026-11-22T03:30:00Z'));
    // New Year's Eve rolls over month and year.
    expect(ledgerCheckSlot(new Date('2026-12-31T20:00:00Z'), '00:05', 'Asia/Shanghai')).toEqual(
      new Date('2026-12-31T16:05:00Z'),
    );
    // A skipped local time (Europe/Paris, 2026-03-29 02:30 does not exist) moves forward an hour.
    expect(ledgerCheckSlot(new Date('2026-03-29T12:00:00Z'), '02:30', 'Europe/Paris')).toEqual(
      new Date('2026-03-29T01:30:00Z'),
    );
    expect(() => ledgerCheckSlot(new Date(), '3:30', 'UTC')).toThrow('HH:MM');
    expect(() => ledgerCheckJob(ledger, () => {}, { at: '25:00' })).toThrow('HH:MM');
  });

  it('the nightly job checks at start when no run is recorded since the last slot', async () => {
    const before = await ledger.lastCheck();
    // The last run, if any, is from this file's tests above: date it before the slot, so the start-up look runs.
    if (before) await setCheckedAt(before.check_id, new Date(Date.now() - 25 * 3600_000));
    const logs: string[] = [];
    // The job runner of a process that runs jobs (core/jobs.ts), on this database.
    const jobs = new Jobs({
      db,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as JobsOptions['log'],
      timeZone: 'Asia/Shanghai',
      pollingIntervalSeconds: 0.5,
      cronWorkerIntervalSeconds: 1,
    });
    jobs.register(ledgerCheckJob(ledger, (m) => logs.push(m), { timeZone: 'Asia/Shanghai' }));
    await jobs.start({ work: true });
    try {
      await vi.waitFor(
        async () => {
          const last = await ledger.lastCheck();
          expect(last).not.toBeNull();
          expect(last?.check_id).not.toBe(before?.check_id);
        },
        { timeout: 30_000, interval: 100 },
      );
      expect(logs.filter((l) => l.startsWith('ledger check '))).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  });

  it('the nightly job runs once a night at 03:30 operator time, not 24 h after the last run', async () => {
    let clock = new Date('2026-11-22T19:29:00Z'); // 03:29 on 23 Nov in Asia/Shanghai
    const logs: string[] = [];
    const job = ledgerCheckJob(ledger, (m) => logs.push(m), { timeZone: 'Asia/Shanghai', now: () => clock });
    const lastId = async () => (await ledger.lastCheck())?.check_id;
    // A run late in the evening before (22:00 Shanghai, 14:00 UTC): fewer than 24 h before the next slot.
    await ledger.check();
    await setCheckedAt((await lastId()) as number, new Date('2026-11-22T14:00:00Z'));
    const evening = await lastId();
    await job.handler();
    expect(await lastId()).toBe(evening); // 03:29: not yet
    clock = new Date('2026-11-22T19:30:00Z'); // 03:30
    await job.handler();
    const night = await lastId();
    expect(night).toBeGreaterThan(evening as number);
    await setCheckedAt(night as number, new Date('2026-11-22T19:30:01Z'));
    clock = new Date('2026-11-23T16:00:00Z'); // midnight in Shanghai: still the same slot
    await job.handler();
    expect(await lastId()).toBe(night);
    clock = new Date('2026-11-23T19:29:59Z');
    await job.handler();
    expect(await lastId()).toBe(night);
    clock = new Date('2026-11-23T19:31:00Z'); // the next night
    await job.handler();
    expect(await lastId()).toBeGreaterThan(night as number);
    expect(logs.filter((l) => l.startsWith('ledger check '))).toHaveLength(2);
  });
});

async function setCheckedAt(checkId: number, at: Date): Promise<void> {
  await db.db.update(ledgerCheckRun).set({ checked_at: at }).where(eq(ledgerCheckRun.check_id, checkId));
}
