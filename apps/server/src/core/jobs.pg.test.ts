/**
 * One run per period across processes (core/jobs.ts), on PostgreSQL: three job runners, each with its own
 * connection pool on the same database, register the same every-minute schedule; while all three look for due
 * schedules every second, the job runs once per minute slot, not once per runner.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DbHandle, openPostgres } from '../db/client.ts';
import { createTestDb, type TestDb } from '../test/harness.ts';
import { rowsOf } from './db.ts';
import { Jobs, type JobsOptions } from './jobs.ts';

let db: TestDb;
const others: DbHandle[] = [];
const runners: Jobs[] = [];

beforeAll(async () => {
  db = await createTestDb();
  const [row] = rowsOf<{ name: string }>(await db.db.execute(sql`select current_database() as name`));
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${row?.name}`;
  others.push(await openPostgres(url.toString(), 3), await openPostgres(url.toString(), 3));
});
afterAll(async () => {
  for (const r of runners) await r.stop();
  for (const h of others) await h.close();
  await db.destroy();
});

const silent = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as unknown as JobsOptions['log'];

describe('three job runners on one database', () => {
  it('run a scheduled job once per period, not once per runner', async () => {
    const runs: number[] = [];
    for (const [i, handle] of [db, ...others].entries()) {
      const jobs = new Jobs({
        db: handle,
        log: silent,
        timeZone: 'Asia/Shanghai',
        pollingIntervalSeconds: 0.5,
        cronMonitorIntervalSeconds: 1,
        cronWorkerIntervalSeconds: 1,
      });
      jobs.schedule('test.once', '* * * * *', async () => {
        runs.push(i);
      });
      runners.push(jobs);
    }
    await Promise.all(runners.map((r) => r.start({ work: true })));
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(1), { timeout: 30_000, interval: 100 });

    // Every look for due schedules stamps pgboss.version.cron_on: wait until the runners have looked four more
    // times after the first run, each time finding the schedule due (an every-minute schedule always is).
    const looks = new Set<string>();
    await vi.waitFor(
      async () => {
        const [v] = rowsOf<{ cron_on: Date | string | null }>(
          await db.db.execute(sql`select cron_on from pgboss.version`),
        );
        if (v?.cron_on) looks.add(new Date(v.cron_on).toISOString());
        expect(looks.size).toBeGreaterThanOrEqual(5);
      },
      { timeout: 60_000, interval: 100 },
    );
    // Nothing of it waiting or running: every job the looks made has run.
    await vi.waitFor(
      async () => {
        const [p] = rowsOf<{ n: number }>(
          await db.db.execute(sql`select count(*)::int as n from pgboss.job
            where name in ('test.once', '__pgboss__send-it') and state in ('created', 'retry', 'active')`),
        );
        expect(p?.n).toBe(0);
      },
      { timeout: 30_000, interval: 100 },
    );
    const slots = rowsOf<{ slot: string; n: number }>(
      await db.db.execute(sql`select singleton_on::text as slot, count(*)::int as n from (
          select singleton_on from pgboss.job where name = 'test.once'
          union all select singleton_on from pgboss.archive where name = 'test.once') j
        group by singleton_on`),
    );
    // One job per minute slot (the test may straddle a minute: then two slots, one run each).
    expect(slots.length).toBeGreaterThanOrEqual(1);
    expect(slots.length).toBeLessThanOrEqual(2);
    for (const s of slots) expect(s.n, s.slot).toBe(1);
    expect(runs).toHaveLength(slots.length);
  });
});
