/**
 * The roles of main.ts as real processes on PostgreSQL: `migrate` installs the schema and pg-boss's tables and exits;
 * a `worker` answers /readyz but no API call and runs the jobs (the accounts job runs when it starts); an `api`
 * serves the API and runs no job handler; `api` without DATABASE_URL refuses to start.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressOf, type MainProcess, startMain } from './test/spawn-main.ts';

const ADMIN_PASSWORD = 'test-password-1';
const dbName = `ov_test_roles_${randomBytes(5).toString('hex')}`;
const baseUrl = process.env.DATABASE_URL as string;
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-roles-'));
const children: ChildProcess[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = baseUrl): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await admin((c) => c.query(`create database ${dbName}`));
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : undefined)));
  await admin((c) => c.query(`drop database if exists ${dbName} with (force)`));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(role: string, env: Record<string, string> = {}): MainProcess {
  const p = startMain({
    ...process.env,
    ROLE: role,
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    ...env,
  });
  children.push(p.child);
  return p;
}

describe('main.ts roles', () => {
  it('migrate installs the tables and the job schema, then exits', async () => {
    const p = run('migrate');
    expect(await p.exited).toBe(0);
    const tables = await admin(
      (c) =>
        c.query<{ t: string | null }>(
          "select to_regclass('pgboss.job')::text as t union all select to_regclass('public.mac_vod')::text",
        ),
      dbUrl,
    );
    expect(tables.rows.map((r) => r.t)).toEqual(['pgboss.job', 'mac_vod']);
  });

  it('a worker answers /readyz, refuses the API, and runs the jobs', async () => {
    const p = run('worker');
    const base = await addressOf(p, /health on (http:\/\/127\.0\.0\.1:\d+)\/readyz/);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    expect((await fetch(`${base}/api/types`)).status).toBe(404);
    await vi.waitFor(
      async () => {
        const r = await admin(
          (c) =>
            c.query<{ n: number }>(
              `select count(*)::int as n from (select name, state from pgboss.job union all
               select name, state from pgboss.archive) j
               where name = 'accounts.deletions-and-vip-expiry' and state = 'completed'`,
            ),
          dbUrl,
        );
        expect(r.rows[0]?.n).toBeGreaterThanOrEqual(1);
      },
      { timeout: 60_000, interval: 250 },
    );
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('an api process serves the API and runs no job handler', async () => {
    const p = run('api');
    const base = await addressOf(p, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect((await fetch(`${base}/api/types`)).status).toBe(200);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ admin_name: 'admin', admin_pwd: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const jobs = (await (await fetch(`${base}/api/admin/jobs`, { headers: { authorcode: token } })).json()) as {
      runs_here: boolean;
      list: { name: string; last_state: string | null }[];
    };
    expect(jobs.runs_here).toBe(false);
    // The worker's run above is what the api process shows.
    expect(jobs.list.find((j) => j.name === 'accounts.deletions-and-vip-expiry')?.last_state).toBe('completed');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });

  it('api and worker refuse the embedded database', async () => {
    const p = run('api', { DATABASE_URL: '' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('ROLE=api needs DATABASE_URL');
  });
});
