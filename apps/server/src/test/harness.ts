/**
 * Test harness for integration tests (DESIGN.md §6): a fresh database per test file — in-memory PGlite, or, when
 * DATABASE_URL is set, a new PostgreSQL database created on that server and dropped afterwards — migrated, and
 * an app from buildApp() to drive with inject().
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config/config.ts';
import { type DbHandle, openPglite, openPostgres } from '../db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.ts';

export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface TestDb extends DbHandle {
  /** Close and (PostgreSQL) drop the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh database, migrated by `migrate` (default: every migration; a data migration's test passes
 * `(h) => runMigrations(h, migrationsBefore(tag))`, writes the rows it relabels, then runs the rest).
 */
export async function createTestDb(
  poolSize = 10,
  migrate: (handle: DbHandle) => Promise<void> = runMigrations,
): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openPglite(undefined);
    await migrate(handle);
    return { ...handle, destroy: () => handle.close() };
  }
  const name = `ov_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openPostgres(dbUrl.toString(), poolSize);
  await migrate(handle);
  return {
    ...handle,
    async destroy() {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A temporary migrations folder holding the committed migrations (apps/server/migrations) that come before the one
 * tagged `tag` (e.g. `0015_redeem_plog_type`): its journal stops there. Throws when no migration has that tag.
 * The folder is the caller's to remove (`fs.rmSync(dir, { recursive: true })`).
 */
export function migrationsBefore(tag: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration tagged ${tag}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, at);
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

export interface TestApp {
  app: App;
  db: TestDb;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
  /** Sign in as the console admin (password "test-password-1"); returns the authorcode header. */
  adminHeaders(): Promise<Record<string, string>>;
}

export const TEST_ADMIN_PASSWORD = 'test-password-1';

export async function createTestApp(
  env: Record<string, string> = {},
  extra: { localToken?: string } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_CONTENT: '0',
    ALLOW_PRIVATE_FEEDS: '1',
    TZ: 'Asia/Shanghai',
    ...env,
  });
  const db = await createTestDb();
  const app = await buildApp({
    config,
    db,
    localToken: extra.localToken,
    webDist: '/nonexistent',
    adminDist: '/nonexistent',
  });
  await app.services.admin.ensureAdmin(TEST_ADMIN_PASSWORD);
  let headers: Record<string, string> | undefined;
  return {
    app,
    db,
    config,
    dataDir,
    async adminHeaders() {
      if (headers) return headers;
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { admin_name: 'admin', admin_pwd: TEST_ADMIN_PASSWORD },
      });
      const token = (res.json() as { token: string }).token;
      headers = { authorcode: token };
      return headers;
    },
    async close() {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
