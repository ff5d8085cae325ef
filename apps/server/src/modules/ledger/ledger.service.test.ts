/**
 * The ledger (DESIGN.md §4): posting is idempotent by key and returns the first result on replay; debits never
 * overdraw (guard + CHECK); the journal is append-only; concurrent debits spend exactly the balance (real parallelism
 * on PostgreSQL when DATABASE_URL is set); the check finds a balance changed without a journal row.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerAccount, ledgerCheckRun, ledgerEntry } from '../../db/schema/index.ts';
import { createTestDb, onPostgres, type TestDb } from '../../test/harness.ts';
import { InsufficientBalance, LedgerService, startLedgerJobs } from './ledger.service.ts';

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
    expect(await ledger.balances(db.db, u)).toEqual({ views: 7, downloads: 0, cash_fen: 0 });
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

  it('the daily job checks soon after start, skips while the last run is fresh, and runs again after 24 h', async () => {
    const before = await ledger.lastCheck();
    // The last run, if any, is from this file's test above: make it stale, so the start-up look runs the check.
    if (before) {
      await db.db
        .update(ledgerCheckRun)
        .set({ checked_at: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(ledgerCheckRun.check_id, before.check_id));
    }
    const logs: string[] = [];
    const jobs = startLedgerJobs(ledger, (m) => logs.push(m), { startDelayMs: 0 });
    try {
      await vi.waitFor(async () => {
        const last = await ledger.lastCheck();
        expect(last?.check_id).not.toBe(before?.check_id);
        expect(last).not.toBeNull();
      });
      await jobs.run();
      const fresh = await ledger.lastCheck();
      await jobs.run();
      expect((await ledger.lastCheck())?.check_id).toBe(fresh?.check_id);
      await db.db
        .update(ledgerCheckRun)
        .set({ checked_at: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(ledgerCheckRun.check_id, fresh?.check_id as number));
      await jobs.run();
      expect((await ledger.lastCheck())?.check_id).toBeGreaterThan(fresh?.check_id as number);
      expect(logs.filter((l) => l.startsWith('ledger check '))).toHaveLength(2);
    } finally {
      jobs.stop();
    }
  });
});
