/**
 * Database client: PGlite in `DATA_DIR/pglite` when no DATABASE_URL is set, else node-postgres (DESIGN.md §2).
 * The only place the driver is chosen; everything else types against {@link Db}.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** A drizzle database or transaction handle on either driver. Inside a transaction always pass `tx`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run `fn` while holding a session-level advisory lock on one connection (migrations, seeding). */
  withAdvisoryLock<T>(key: number, fn: (db: Db) => Promise<T>): Promise<T>;
  /** Cheap liveness query for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's shared buffers inside PGlite. Its default, 128 MB, is touched at start and stays resident (about
 * 300 MB for the bare database); the embedded database serves one process whose hot answers are cached in memory and
 * whose files sit in the operating system's page cache, so 16 MB costs no measurable speed and keeps one `ROLE=all`
 * process with the demo content far below the 300 MB target of `npm run bench` (`rss_mb_after_load`).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Open PGlite at `dir` (created if missing), or in memory when `dir` is undefined. */
export async function openPglite(dir: string | undefined): Promise<DbHandle> {
  if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const options = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
  const client = new PGlite({ dataDir: dir, ...options });
  await client.waitReady;
  return pgliteHandle(client);
}

/** Wrap an existing PGlite instance (tests clone a migrated template). */
export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One connection, one process: the lock is still taken so the code path is the same as on PostgreSQL.
    async withAdvisoryLock(key, fn) {
      await db.execute(sql`select pg_advisory_lock(${key})`);
      try {
        return await fn(db);
      } finally {
        await db.execute(sql`select pg_advisory_unlock(${key})`);
      }
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** Connect to PostgreSQL with a pool of `max` connections. */
export async function openPostgres(url: string, max = 10): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's connection can drop (PostgreSQL restart, network): without a listener Node would crash.
  pool.on('error', (err) => process.stderr.write(`postgres pool: idle connection error: ${err.message}\n`));
  // pg-pool takes its listener off a client while it is checked out (a transaction between two queries, an
  // advisory-lock holder): a connection ended then (pg_terminate_backend, a restart or failover) emits 'error' on
  // the client with nobody listening, which would end the process. This listener stays for the client's life; the
  // request in flight still fails with the query's own error and pg-pool drops the dead client on release.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      process.stderr.write(`postgres pool: connection lost while in use: ${err.message}\n`);
    });
  });
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async withAdvisoryLock(key, fn) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzlePg(conn, { schema }) as unknown as Db);
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        conn.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}
