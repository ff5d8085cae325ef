/**
 * core/jobs.ts on the test database (PGlite, or PostgreSQL with DATABASE_URL): a schedule runs through pg-boss, a
 * failure is logged, retried and shown by status(), a job sent inside a transaction exists only if it commits, an
 * api-role process runs no handler while a worker runs what it sends, and one process never overlaps a job's runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDb } from '../test/harness.ts';
import { rowsOf } from './db.ts';
import { Jobs, type JobsOptions } from './jobs.ts';

let db: TestDb;
const started: Jobs[] = [];

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  for (const j of started) await j.stop();
  await db.destroy();
});

interface Logged {
  level: string;
  msg: string;
  obj: unknown;
}

function jobsOn(logs: Logged[] = [], extra: Partial<JobsOptions> = {}) {
  const entry = (level: string) => (obj: unknown, msg?: string) => logs.push({ level, msg: msg ?? String(obj), obj });
  const jobs = new Jobs({
    db,
    log: { info: entry('info'), warn: entry('warn'), error: entry('error') } as JobsOptions['log'],
    timeZone: 'Asia/Shanghai',
    pollingIntervalSeconds: 0.5,
    cronMonitorIntervalSeconds: 1,
    cronWorkerIntervalSeconds: 1,
    ...extra,
  });
  started.push(jobs);
  return jobs;
}

const waitLong = { timeout: 30_000, interval: 100 };

describe('Jobs', () => {
  it('runs a scheduled job through pg-boss and reports its last run', async () => {
    const jobs = jobsOn();
    let runs = 0;
    jobs.schedule('test.every-minute', '* * * * *', async () => {
      runs++;
    });
    const before = await jobs.status();
    expect(before).toEqual([
      {
        name: 'test.every-minute',
        cron: '* * * * *',
        tz: 'Asia/Shanghai',
        daily_at: null,
        last_run_at: null,
        last_state: null,
        last_error: null,
        last_error_at: null,
      },
    ]);
    await jobs.start({ work: true });
    expect(jobs.runsHandlers).toBe(true);
    await vi.waitFor(async () => {
      const [s] = await jobs.status();
      expect(s?.last_state).toBe('completed');
      expect(s?.last_run_at).not.toBeNull();
    }, waitLong);
    expect(runs).toBeGreaterThanOrEqual(1);
    await jobs.stop();
    expect(jobs.started).toBe(false);
  });

  it('logs a failure, retries it and shows the last error', async () => {
    const logs: Logged[] = [];
    const jobs = jobsOn(logs);
    let calls = 0;
    jobs.queue(
      'test.flaky',
      async () => {
        calls++;
        if (calls === 1) throw new Error('disk gone');
      },
      { retryDelaySeconds: 1 },
    );
    await jobs.start({ work: true });
    expect(await jobs.send('test.flaky', { n: 1 })).toEqual(expect.any(String));
    await vi.waitFor(() => expect(calls).toBe(2), waitLong);
    const failure = logs.find((l) => l.level === 'error');
    expect(failure?.msg).toBe('job test.flaky failed (attempt 1 of 4)');
    expect((failure?.obj as { err?: Error } | undefined)?.err?.message).toBe('disk gone');
    await vi.waitFor(async () => expect((await jobs.status())[0]?.last_state).toBe('completed'), waitLong);
    await jobs.stop();

    // A job that fails every attempt ends `failed`, with its error shown.
    const broken = jobsOn(logs);
    broken.queue(
      'test.broken',
      async () => {
        throw new Error('feed unreachable');
      },
      { retryLimit: 0 },
    );
    await broken.start({ work: true });
    await broken.send('test.broken');
    await vi.waitFor(async () => {
      const [s] = await broken.status();
      expect(s).toMatchObject({ last_state: 'failed', last_error: 'feed unreachable' });
      expect(s?.last_error_at).not.toBeNull();
    }, waitLong);
    await broken.stop();
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const jobs = jobsOn();
    const seen: unknown[] = [];
    jobs.queue('test.after-write', async (data) => {
      seen.push(data.order);
    });
    await jobs.start({ work: true });
    const count = async () =>
      rowsOf<{ n: number }>(
        await db.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'test.after-write'`),
      )[0]?.n;
    await expect(
      db.db.transaction(async (tx) => {
        await jobs.send('test.after-write', { order: 'rolled-back' }, { tx });
        throw new Error('the write fails');
      }),
    ).rejects.toThrow('the write fails');
    expect(await count()).toBe(0);
    await db.db.transaction(async (tx) => {
      expect(await jobs.send('test.after-write', { order: 'committed' }, { tx })).toEqual(expect.any(String));
    });
    await vi.waitFor(() => expect(seen).toEqual(['committed']), waitLong);
    await jobs.stop();
  });

  it('an api-role process runs no handler; a worker runs what it sends', async () => {
    const apiRuns: string[] = [];
    const workerRuns: string[] = [];
    const api = jobsOn();
    api.queue('test.handoff', async (data) => {
      apiRuns.push(String(data.id));
    });
    const worker = jobsOn();
    worker.queue('test.handoff', async (data) => {
      workerRuns.push(String(data.id));
    });
    await api.start({ work: false });
    expect(api.runsHandlers).toBe(false);
    await worker.start({ work: true });
    await api.send('test.handoff', { id: 'a' });
    await vi.waitFor(() => expect(workerRuns).toEqual(['a']), waitLong);
    expect(apiRuns).toEqual([]);
    await api.stop();
    await worker.stop();
  });

  it('runs of one job in one process never overlap; a name is registered once; send needs a started runner', async () => {
    const jobs = jobsOn();
    let calls = 0;
    let release: () => void = () => undefined;
    const job = jobs.schedule(
      'test.slow',
      '0 3 * * *',
      () =>
        new Promise<void>((resolve) => {
          calls++;
          release = resolve;
        }),
    );
    const first = job.run();
    const again = job.run();
    expect(calls).toBe(1);
    release();
    await Promise.all([first, again]);
    const next = job.run();
    expect(calls).toBe(2);
    release();
    await next;
    expect(() => jobs.schedule('test.slow', '* * * * *', async () => undefined)).toThrow('registered twice');
    await expect(jobs.send('test.slow')).rejects.toThrow('jobs not started');
  });
});
