/**
 * Background jobs on pg-boss (DESIGN.md §2 "jobs"), on both databases: PostgreSQL (DATABASE_URL) and the embedded
 * PGlite. pg-boss keeps its queues, schedules and job history in the `pgboss` schema of the app's own database and
 * reaches it through the app's connection (pg-boss's custom `db` option, {@link executorOf}), so there is one pool on
 * PostgreSQL and one connection on PGlite.
 *
 * A module declares its periodic work in `<module>.jobs.ts` as `{ name, cron, handler }` and registers it with
 * {@link Jobs.schedule}. What pg-boss gives, and this file configures:
 * - one run per period across any number of processes: the cron check is taken by one process per interval, the
 *   job it sends carries a one-minute singleton slot, and every queue has the `stately` policy (at most one job
 *   waiting and one running), so runs of a job never overlap, across processes either;
 * - retries with exponential backoff ({@link DEFAULT_RETRY_LIMIT} retries, from {@link DEFAULT_RETRY_DELAY_S} s);
 * - every failure logged (job name, attempt, error) and kept in pg-boss's job table, which {@link Jobs.status}
 *   reads for the console's Jobs page (adminListJobs).
 *
 * Roles (main.ts): `start({ work: true })` (ROLE all and worker) runs handlers, the cron check and pg-boss's
 * maintenance; `start({ work: false })` (ROLE api) only makes sure the queues exist, so a request can
 * {@link Jobs.send} a job that a worker runs. {@link installJobs} (ROLE migrate) installs or upgrades the schema.
 *
 * pg-boss 10.x, not 12: every pg-boss 11 and 12 release declares `engines.node >= 22` (12: >= 22.12), and this
 * project installs on Node 20.19; 10.x declares `>= 20` (docs/operations.md "Jobs").
 *
 * PGlite has one connection: pg-boss's queries wait for a running transaction to end (PGlite serialises them), and
 * a job sent inside a transaction must go through that transaction ({@link Jobs.send} `tx`), never through `db`.
 */
import type { PGlite } from '@electric-sql/pglite';
import { type SQLChunk, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db, DbHandle } from '../db/client.ts';
import { rowsOf } from './db.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The modules' jobs: registered while the app is built, started by main.ts according to the role (tests start
     * them when they need them); stopped when the app closes (app.ts).
     */
    jobs: Jobs;
  }
}

/** Retries after a failed run (then the job is `failed` until its next period). */
export const DEFAULT_RETRY_LIMIT = 3;
/** Base retry delay in seconds: retry n waits between 2^(n-1) and 2^n times it (pg-boss `retryBackoff`, jitter). */
export const DEFAULT_RETRY_DELAY_S = 30;
/** A run still active after this many seconds is failed by pg-boss (and retried). */
export const DEFAULT_EXPIRE_S = 15 * 60;
/** Advisory lock key of queue creation ("OVJQ"). */
export const QUEUES_LOCK_KEY = 0x4f564a51;
/** pg-boss's schema in the app's database. */
export const JOBS_SCHEMA = 'pgboss';

/** A job's work: `data` is what {@link Jobs.send} gave (`{}` for a scheduled run). Throw to fail (and retry). */
export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

export interface JobOptions {
  /** Time zone of the cron expression (default: the operator's, config TZ). */
  tz?: string;
  /** Retries after a failure (default {@link DEFAULT_RETRY_LIMIT}). */
  retryLimit?: number;
  /** First retry delay in seconds, doubled at each retry (default {@link DEFAULT_RETRY_DELAY_S}). */
  retryDelaySeconds?: number;
  /** Seconds a run may take before pg-boss fails it (default {@link DEFAULT_EXPIRE_S}). */
  expireInSeconds?: number;
  /**
   * Also run once when a worker starts (a job whose period is long, e.g. hourly, and that a stopped server should
   * not wait for). Several workers starting together send it once (the queue holds one waiting job).
   */
  runAtStart?: boolean;
  /**
   * For a job that looks often (its cron) but works once a day: the local time (HH:MM in `tz`) the work is done at
   * or after, shown by the console beside the cron (the nightly ledger check, the daily view-counter reset).
   */
  dailyAt?: string;
}

/** A module's scheduled job, as `<module>.jobs.ts` declares it. */
export interface JobDefinition extends JobOptions {
  /** Queue name, `<module>.<job>` (letters, digits, `.`, `-`, `_`). */
  name: string;
  /** Five-field cron expression (minute granularity), in `tz`. */
  cron: string;
  handler: () => Promise<void>;
}

/** A registered job. */
export interface RegisteredJob {
  name: string;
  /** Undefined for a queue without a schedule ({@link Jobs.queue}). */
  cron: string | undefined;
  tz: string;
  /**
   * Run the handler now in this process and wait for it (tests, a console action). Runs of one job in one process
   * never overlap: a call while a run is under way waits for that run. Failures are logged and rethrown.
   */
  run(data?: Record<string, unknown>): Promise<void>;
}

/** One job as the console shows it (adminListJobs). Times are ISO 8601; null when the job has not run yet. */
export interface JobStatus {
  name: string;
  cron: string | null;
  tz: string;
  /** {@link JobOptions.dailyAt}, or null. */
  daily_at: string | null;
  last_run_at: string | null;
  /** pg-boss state of the latest run: created, retry, active, completed, cancelled, failed. */
  last_state: string | null;
  /** Message of the latest failed attempt pg-boss keeps (failed runs, and runs waiting to retry). */
  last_error: string | null;
  last_error_at: string | null;
}

export interface JobsOptions {
  db: DbHandle;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Default time zone of cron expressions (the operator's, config TZ). */
  timeZone: string;
  /** How often a worker asks for new jobs of each queue, in seconds (default 10; tests use less). */
  pollingIntervalSeconds?: number;
  /** How often a process looks whether a schedule is due, in seconds, 1 to 45 (default 30). */
  cronMonitorIntervalSeconds?: number;
  /** How often the due schedules are turned into jobs, in seconds, 1 to 45 (default 5). */
  cronWorkerIntervalSeconds?: number;
}

/** Options of {@link Jobs.send}. */
export interface SendOptions {
  /**
   * The transaction of the write that enqueues the job: the job is inserted through it, so it exists if and only if
   * the write commits (and on PGlite the insert does not wait for the connection the transaction holds).
   */
  tx?: Db;
  /** Run no earlier than this instant, or this many seconds from now. */
  startAfter?: Date | number;
  /** With `singletonSeconds`: at most one job of this key per slot of that many seconds. */
  singletonKey?: string;
  singletonSeconds?: number;
}

interface Entry {
  def: Omit<JobDefinition, 'handler' | 'cron'> & { cron: string | undefined; tz: string };
  handler: JobHandler;
  running: Promise<void> | undefined;
}

/**
 * pg-boss's `db` option over a drizzle database or transaction: `executeSql(text, values)` with `$n` placeholders,
 * turned into a drizzle query (each placeholder a bound parameter), so it runs on exactly that handle.
 */
export function txExecutor(tx: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQLChunk[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)));
        chunks.push(sql.param(values[Number(m[1]) - 1] ?? null));
        last = (m.index ?? 0) + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return { rows: rowsOf(await tx.execute(sql.join(chunks))) };
    },
  };
}

/**
 * pg-boss's `db` option over the app's own connection: the PGlite instance or the node-postgres pool behind
 * `handle.db`. A text without parameters may hold several statements (pg-boss's schema installation wraps them in
 * BEGIN ... COMMIT): on PGlite it runs inside one PGlite transaction, so a failure rolls back before any other query
 * gets the connection; on PostgreSQL it runs on one pooled connection that is rolled back on failure.
 */
export function executorOf(handle: DbHandle): PgBoss.Db {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === 'pglite') {
    const lite = client as PGlite;
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values?.length) return lite.query(text, values as never[]);
        if (!/\bBEGIN\b/i.test(text)) {
          const results = await lite.exec(text);
          return results.at(-1) ?? { rows: [] };
        }
        // The text's own BEGIN/COMMIT only draw notices inside PGlite's transaction.
        const results = await lite.transaction((t) => t.exec(text));
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  const pool = client as pg.Pool;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return pool.query(text, values);
      const conn = await pool.connect();
      try {
        const result = (await conn.query(text)) as pg.QueryResult | pg.QueryResult[];
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        conn.release();
      }
    },
  };
}

/** Install or upgrade pg-boss's schema (ROLE migrate; `start()` does it too), under pg-boss's advisory lock. */
export async function installJobs(handle: DbHandle): Promise<void> {
  const boss = new PgBoss({ db: executorOf(handle), schema: JOBS_SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

/** The jobs of one process: registration, start/stop by role, sending (optionally in a transaction), status. */
export class Jobs {
  private readonly entries = new Map<string, Entry>();
  private boss: PgBoss | undefined;
  private working = false;
  /** pg-boss worker id of each queue this process works (to wake it when it sends a job itself). */
  private readonly workers = new Map<string, string>();

  constructor(private readonly opts: JobsOptions) {}

  /**
   * Register a periodic job: `handler` runs at every `cron` slot (five fields, minute granularity, in `opts.tz` or
   * the operator's time zone), once across all processes. Register before {@link start}. Returns the job, whose
   * `run()` runs the handler now. Throws on a name registered twice or a malformed cron expression (at start).
   */
  schedule(name: string, cron: string, handler: () => Promise<void>, opts: JobOptions = {}): RegisteredJob {
    return this.add(name, cron, async () => handler(), opts);
  }

  /** Register a {@link JobDefinition} (`<module>.jobs.ts`): {@link schedule} with its fields. */
  register(def: JobDefinition): RegisteredJob {
    const { name, cron, handler, ...opts } = def;
    return this.schedule(name, cron, handler, opts);
  }

  /** Register a queue without a schedule: `handler` runs for every job {@link send} puts in it. */
  queue(name: string, handler: JobHandler, opts: Omit<JobOptions, 'runAtStart'> = {}): RegisteredJob {
    return this.add(name, undefined, handler, opts);
  }

  private add(name: string, cron: string | undefined, handler: JobHandler, opts: JobOptions): RegisteredJob {
    if (this.entries.has(name)) throw new Error(`job "${name}" is registered twice`);
    if (this.boss) throw new Error(`job "${name}" registered after the jobs started`);
    const entry: Entry = {
      def: { ...opts, name, cron, tz: opts.tz ?? this.opts.timeZone },
      handler,
      running: undefined,
    };
    this.entries.set(name, entry);
    return { name, cron, tz: entry.def.tz, run: (data = {}) => this.execute(entry, data, 1) };
  }

  /** Registered job names, in registration order. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  /** Run one job's handler in this process, joining a run under way; failures are logged and rethrown. */
  private execute(entry: Entry, data: Record<string, unknown>, attempt: number): Promise<void> {
    entry.running ??= (async () => {
      try {
        await entry.handler(data);
      } catch (err) {
        const limit = entry.def.retryLimit ?? DEFAULT_RETRY_LIMIT;
        this.opts.log.error(
          { err, job: entry.def.name, attempt, retries: limit },
          `job ${entry.def.name} failed (attempt ${attempt} of ${limit + 1})`,
        );
        throw err;
      } finally {
        entry.running = undefined;
      }
    })();
    return entry.running;
  }

  /** Whether {@link start} has run and {@link stop} has not. */
  get started(): boolean {
    return this.boss !== undefined;
  }

  /**
   * Install pg-boss's schema if needed, create the registered queues, and with `work` (ROLE all and worker) store
   * the schedules, run the handlers, look for due schedules and run pg-boss's maintenance. Without `work` (ROLE
   * api) nothing runs here: jobs can only be sent.
   */
  async start({ work }: { work: boolean }): Promise<void> {
    if (this.boss) return;
    const boss = new PgBoss({
      db: executorOf(this.opts.db),
      schema: JOBS_SCHEMA,
      supervise: work,
      schedule: work,
      cronMonitorIntervalSeconds: this.opts.cronMonitorIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: this.opts.cronWorkerIntervalSeconds ?? 5,
    });
    boss.on('error', (err) => this.opts.log.error({ err }, 'jobs: pg-boss error'));
    this.boss = boss;
    try {
      // Schema, queues and schedules first, so the first look for due schedules (at start) already sees them.
      await installJobs(this.opts.db);
      await this.createQueues(work);
      await boss.start();
      if (!work) return;
      this.working = true;
      for (const entry of this.entries.values()) {
        const workerId = await boss.work(
          entry.def.name,
          { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 10, includeMetadata: true },
          async ([job]) => {
            if (job) await this.execute(entry, (job.data ?? {}) as Record<string, unknown>, job.retryCount + 1);
          },
        );
        this.workers.set(entry.def.name, workerId);
        if (entry.def.runAtStart && (await boss.send(entry.def.name, {}, { singletonKey: 'start' }))) {
          boss.notifyWorker(workerId);
        }
      }
      this.opts.log.info({ jobs: this.names() }, `jobs: ${this.entries.size} job(s) started`);
    } catch (err) {
      this.boss = undefined;
      this.working = false;
      this.workers.clear();
      await boss.stop({ graceful: false, close: false }).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Create the registered queues, or update their options, and with `schedules` store their schedules, in one
   * transaction under {@link QUEUES_LOCK_KEY}: processes starting together would otherwise deadlock creating the
   * same queue's table.
   */
  private async createQueues(schedules: boolean): Promise<void> {
    await this.opts.db.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUES_LOCK_KEY})`);
      const admin = new PgBoss({ db: txExecutor(tx), schema: JOBS_SCHEMA });
      for (const entry of this.entries.values()) {
        const queue = {
          name: entry.def.name,
          policy: 'stately' as const,
          retryLimit: entry.def.retryLimit ?? DEFAULT_RETRY_LIMIT,
          retryDelay: entry.def.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_S,
          retryBackoff: true,
          expireInSeconds: entry.def.expireInSeconds ?? DEFAULT_EXPIRE_S,
        };
        await admin.createQueue(entry.def.name, queue);
        await admin.updateQueue(entry.def.name, queue);
        if (schedules && entry.def.cron) {
          // The job a schedule sends holds the minute's singleton slot: one job per slot, whoever sends it.
          await admin.schedule(
            entry.def.name,
            entry.def.cron,
            {},
            {
              tz: entry.def.tz,
              singletonKey: entry.def.name,
              singletonSeconds: 60,
            },
          );
        }
      }
    });
  }

  /** Stop polling and scheduling; waits up to `timeoutMs` (default 8 s) for the runs under way in this process. */
  async stop(timeoutMs = 8000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = undefined;
    this.working = false;
    this.workers.clear();
    await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }

  /**
   * Enqueue a job of a registered queue; returns its id, or null when the queue already holds a waiting job (the
   * `stately` policy) or the singleton slot is taken. With `tx` the job joins that write's transaction: it is
   * inserted through `tx` and exists only if the transaction commits, e.g.
   * `db.transaction(async (tx) => { await repo.markPaid(tx, order); await jobs.send('billing.receipt', { order }, { tx }); })`.
   * Needs {@link start} (any role). Throws when the jobs are not started or the queue is unknown.
   */
  async send(name: string, data: Record<string, unknown> = {}, opts: SendOptions = {}): Promise<string | null> {
    const boss = this.boss;
    if (!boss) throw new Error(`jobs not started: cannot send "${name}"`);
    if (!this.entries.has(name)) throw new Error(`unknown job "${name}"`);
    const { tx, startAfter, ...rest } = opts;
    const options: PgBoss.SendOptions = { ...rest };
    if (startAfter !== undefined) options.startAfter = startAfter;
    if (tx) options.db = txExecutor(tx);
    const id = await boss.send(name, data, options);
    // Sent here and worked here: start it now rather than at the next poll (a job in a transaction waits for it).
    const workerId = this.workers.get(name);
    if (id && workerId && !tx && startAfter === undefined) boss.notifyWorker(workerId);
    return id;
  }

  /** Whether this process runs job handlers (ROLE all or worker, started). */
  get runsHandlers(): boolean {
    return this.working;
  }

  /**
   * Every registered job with its schedule, its latest run (state, time) and its latest kept failure, read from
   * pg-boss's tables (`job`, and `archive` where completed runs go after a while). Before pg-boss's schema exists
   * (a new database that no process has started jobs on) every job reads as never run.
   */
  async status(): Promise<JobStatus[]> {
    const names = this.names();
    const base = names.map((name) => {
      const e = this.entries.get(name) as Entry;
      return {
        name,
        cron: e.def.cron ?? null,
        tz: e.def.tz,
        daily_at: e.def.dailyAt ?? null,
        last_run_at: null as string | null,
        last_state: null as string | null,
        last_error: null as string | null,
        last_error_at: null as string | null,
      };
    });
    if (!names.length) return base;
    const db = this.opts.db.db;
    const installed = rowsOf<{ t: string | null }>(
      await db.execute(sql`select to_regclass(${`${JOBS_SCHEMA}.archive`}::text)::text as t`),
    );
    if (!installed[0]?.t) return base;
    const all = sql.raw(
      `(select name, state, created_on, started_on, completed_on, output from ${JOBS_SCHEMA}.job
        union all
        select name, state, created_on, started_on, completed_on, output from ${JOBS_SCHEMA}.archive)`,
    );
    const list = sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    );
    const runs = rowsOf<{ name: string; state: string; at: Date | string }>(
      await db.execute(sql`select distinct on (name) name, state, started_on as at
        from ${all} j where name in (${list}) and started_on is not null
        order by name, started_on desc`),
    );
    const errors = rowsOf<{ name: string; output: unknown; at: Date | string }>(
      await db.execute(sql`select distinct on (name) name, output,
          coalesce(completed_on, started_on, created_on) as at
        from ${all} j where name in (${list}) and state in ('retry', 'failed')
        order by name, coalesce(completed_on, started_on, created_on) desc`),
    );
    const iso = (v: Date | string) => new Date(v).toISOString();
    for (const row of base) {
      const run = runs.find((r) => r.name === row.name);
      if (run) {
        row.last_run_at = iso(run.at);
        row.last_state = run.state;
      }
      const failure = errors.find((r) => r.name === row.name);
      if (failure) {
        row.last_error = errorText(failure.output);
        row.last_error_at = iso(failure.at);
      }
    }
    return base;
  }
}

/** The message of a failed run's output (pg-boss stores the serialised error: `{ name, message, stack }`). */
function errorText(output: unknown): string {
  const value = typeof output === 'string' ? safeJson(output) : output;
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
    return value.message;
  }
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
