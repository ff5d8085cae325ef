/**
 * PostgreSQL ending the server's connections during write traffic (a restart, a failover, pg_terminate_backend):
 * the requests in flight fail with an answer, the process lives on and answers again (db/client.ts keeps an error
 * listener on every pooled client, checked out ones included). Runs the real server process (main.ts) against a
 * fresh database on DATABASE_URL. A `.pg.test.ts` file: only the PostgreSQL pass runs it (apps/server/vitest.config.ts),
 * since PGlite has no server connections to end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession, registerUser } from '../modules/accounts/accounts.service.ts';
import { openPostgres } from './client.ts';
import { runMigrations } from './migrate.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const url = process.env.DATABASE_URL;
if (!url) throw new Error('connection-loss.pg.test.ts needs DATABASE_URL (a PostgreSQL server)');

describe('PostgreSQL connections ended under write traffic (real server process)', () => {
  const name = `ov_test_${randomBytes(6).toString('hex')}`;
  let dbUrl: string;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let out = '';
  let base = '';
  const tokens: string[] = [];

  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
    const u = new URL(url as string);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    // Migrate and make the members here, then close: only the server's connections are on the database.
    const handle = await openPostgres(dbUrl, 2);
    await runMigrations(handle);
    for (let i = 0; i < 8; i++) {
      const user = await handle.db.transaction((tx) =>
        registerUser(tx, { password: 'abc123', ip: `198.51.100.${i + 1}` }),
      );
      tokens.push(await createSession(handle.db, user.user_id, `device-${i}`));
    }
    await handle.close();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-connloss-'));
    const server = spawn(process.execPath, ['--conditions=@openvod/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        REDIS_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: 'test-password-1',
        DEMO_CONTENT: '0',
        LIVE_DEMO: '0',
        DLNA: '0',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    server.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    server.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    base = await vi.waitFor(
      () => {
        if (server.exitCode !== null) throw new Error(`server exited: ${out}`);
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (!m?.[1]) throw new Error('not ready yet');
        return m[1];
      },
      { timeout: 120_000, interval: 200 },
    );
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  /** One write of each kind the trial used: registration, keep-alive points, profile edit, redeem, tasks. */
  const writes = (round: number): Promise<number>[] => {
    const send = (p: string, init: RequestInit = {}) =>
      fetch(base + p, init).then(
        (r) => r.status,
        () => 0,
      );
    const jobs: Promise<number>[] = [];
    tokens.forEach((token, i) => {
      const headers = {
        authorcode: token,
        'content-type': 'application/json',
        'x-forwarded-for': `203.0.113.${i + 1}`,
      };
      jobs.push(send('/api/user/keep-alive', { headers }));
      jobs.push(
        send('/api/user/update-info', {
          method: 'POST',
          headers,
          body: JSON.stringify({ user_nick_name: `n${round}-${i}` }),
        }),
      );
      jobs.push(
        send('/api/billing/redeem', { method: 'POST', headers, body: JSON.stringify({ code: `NOPE${round}${i}` }) }),
      );
      jobs.push(send('/api/points/task', { headers }));
      jobs.push(
        send('/api/user/reg', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${(round * 8 + i) % 250}` },
          body: JSON.stringify({
            user_name: `u${randomBytes(4).toString('hex')}`,
            user_pwd: 'abc123',
            user_pwd2: 'abc123',
          }),
        }),
      );
    });
    return jobs;
  };

  const terminateBackends = () =>
    admin(async (c) => {
      const r = await c.query(
        'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t',
        [name],
      );
      return (r.rows[0] as { n: number }).n;
    });

  it('answers the requests in flight, stays up and answers again', async () => {
    let terminated = 0;
    for (let round = 0; round < 12; round++) {
      const burst = writes(round);
      // End every connection of the app's database while the burst is being served.
      terminated += await terminateBackends();
      const statuses = await Promise.all(burst);
      // Every request got an HTTP answer (0 = the connection broke: the process died under it).
      expect(
        statuses.filter((s) => s === 0),
        out,
      ).toEqual([]);
      expect(child?.exitCode, out).toBeNull();
    }
    expect(terminated).toBeGreaterThan(0);
    expect(out).not.toMatch(/Unhandled 'error' event/);
    // The pool replaces the dead connections: reads and writes work again.
    await vi.waitFor(
      async () => {
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
        const res = await fetch(`${base}/api/user/keep-alive`, { headers: { authorcode: tokens[0] as string } });
        expect(res.status).toBe(200);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(child?.exitCode).toBeNull();
  }, 300_000);
});
