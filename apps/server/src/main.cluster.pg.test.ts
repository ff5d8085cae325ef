/**
 * One installation as several real processes (DESIGN.md §1 roles, docs/operations.md "Roles and jobs"): two `api`
 * processes and one `worker` (src/main.ts) on one PostgreSQL database, one Redis and one S3-compatible bucket
 * (s3rver), each with its own data folder, as they would run on separate machines behind a load balancer. Shows:
 * - a session made through one api is valid on the other;
 * - a logout and a change of the user's group through one are honoured by the other's session cache within one
 *   second on an idle machine (core/invalidation.ts over Redis pub/sub; without it the cache would serve the old
 *   caller for 10 s; see HONOURED_WITHIN_MS);
 * - a danmaku sent through one reaches a viewer connected to the other (modules/danmaku, Redis pub/sub);
 * - the accounts job, which every process registers, runs once (on the worker), not three times (pg-boss);
 * - an avatar uploaded through one is served by the other (core/storage.ts, the S3 adapter).
 * Runs against DATABASE_URL and REDIS_URL (default redis://127.0.0.1:6379), as .ci/run's PostgreSQL pass does.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DanmakuEvent } from '@openvod/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { formFile, image } from './modules/accounts/test-helpers.ts';
import { type LocalS3, startLocalS3 } from './test/s3.ts';
import { addressOf, type MainProcess, startMain } from './test/spawn-main.ts';

const ADMIN_PASSWORD = 'test-password-1';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const dbName = `ov_test_cluster_${randomBytes(5).toString('hex')}`;
const baseUrl = process.env.DATABASE_URL as string;
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const ACCOUNTS_JOB = 'accounts.deletions-and-vip-expiry';
/**
 * How long the other api may take to honour a logout or a group change. The invalidation itself takes milliseconds
 * (well under a second on an idle machine); the allowance covers slow requests on a loaded CI machine and stays far
 * below the session cache's 10 s lifetime (SESSION_CACHE_TTL_MS), so only the invalidation can make the test pass.
 */
const HONOURED_WITHIN_MS = 3000;
const children: ChildProcess[] = [];
const dirs: string[] = [];
let s3: LocalS3;
let api1: string;
let api2: string;
let adminToken: string;

async function sql<T extends pg.QueryResultRow>(text: string, url = dbUrl): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

function run(role: string): MainProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `openvod-cluster-${role}-`));
  dirs.push(dataDir);
  const p = startMain({
    ...process.env,
    ROLE: role,
    DATABASE_URL: dbUrl,
    REDIS_URL,
    REDIS_PREFIX: `${dbName}:`,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    // Every process signs media addresses with the same key, as an installation's processes must.
    MEDIA_URL_SECRET: 'cluster-test-media-secret',
    ...s3.env,
  });
  children.push(p.child);
  return p;
}

async function call<T = Record<string, unknown>>(
  base: string,
  pathname: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (init.token) headers.authorcode = init.token;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + pathname, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

async function register(base: string): Promise<{ token: string; userId: number }> {
  const name = `c${randomBytes(5).toString('hex')}`;
  const res = await call<{ token: string; info: { user_id: number } }>(base, '/api/user/reg', {
    body: { user_name: name, user_pwd: 'cluster123', user_pwd2: 'cluster123' },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { token: res.json.token, userId: res.json.info.user_id };
}

/** `play_locked` of a title's getDetail for `token` on `base` (1: no addresses for this caller). */
async function playLocked(base: string, vodId: number, token: string): Promise<number> {
  const res = await call<{ info: { play_locked: number } }>(base, `/api/vod/${vodId}`, { token });
  expect(res.status).toBe(200);
  return res.json.info.play_locked;
}

beforeAll(async () => {
  s3 = await startLocalS3();
  await sql(`create database ${dbName}`, baseUrl);
  const migrate = run('migrate');
  expect(await migrate.exited, migrate.output()).toBe(0);
  const [a, b, w] = [run('api'), run('api'), run('worker')];
  [api1, api2] = await Promise.all([
    addressOf(a, /listening on (http:\/\/127\.0\.0\.1:\d+)/),
    addressOf(b, /listening on (http:\/\/127\.0\.0\.1:\d+)/),
    addressOf(w, /health on (http:\/\/127\.0\.0\.1:\d+)\/readyz/),
  ]);
  const login = await call<{ token: string }>(api1, '/api/admin/login', {
    body: { admin_name: 'admin', admin_pwd: ADMIN_PASSWORD },
  });
  adminToken = login.json.token;
}, 300_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : undefined)));
  await sql(`drop database if exists ${dbName} with (force)`, baseUrl);
  await s3?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('two api processes and a worker', () => {
  /** A priced title (members must buy it, VIPs play it): its play_locked shows which group a session has. */
  async function pricedTitle(): Promise<number> {
    const type = await call<{ info: { type_id: number } }>(api1, '/api/admin/types', {
      token: adminToken,
      body: { type_name: `Cluster ${randomBytes(3).toString('hex')}` },
    });
    expect(type.status, JSON.stringify(type.json)).toBe(200);
    const vod = await call<{ info: { vod_id: number } }>(api1, '/api/admin/vods', {
      token: adminToken,
      body: {
        type_id: type.json.info.type_id,
        vod_name: 'Cluster title',
        vod_status: 1,
        vod_points_play: 5,
        vod_play_from: 'm3u8',
        vod_play_url: 'EP1$https://media.example.com/ep1/index.m3u8',
      },
    });
    expect(vod.status, JSON.stringify(vod.json)).toBe(200);
    return vod.json.info.vod_id;
  }

  it('a session made through one api is valid on the other', async () => {
    const viewer = await register(api1);
    const info = await call<{ info: { user_id: number } }>(api2, '/api/user/info', {
      method: 'POST',
      token: viewer.token,
    });
    expect(info.status).toBe(200);
    expect(info.json.info.user_id).toBe(viewer.userId);
  });

  it("a change of the user's group and a logout through one api are honoured by the other at once", async () => {
    const vodId = await pricedTitle();
    const viewer = await register(api1);
    // api2 reads the member's session once and keeps it (session-cache.ts): the priced title is locked to a member.
    expect(await playLocked(api2, vodId, viewer.token)).toBe(1);
    expect(await playLocked(api2, vodId, viewer.token)).toBe(1);

    const inAMonth = Math.floor(Date.now() / 1000) + 30 * 86400;
    const edit = await call(api1, `/api/admin/users/${viewer.userId}`, {
      method: 'PATCH',
      token: adminToken,
      body: { group_id: 3, user_end_time: inAMonth },
    });
    expect(edit.status, JSON.stringify(edit.json)).toBe(200);
    await vi.waitFor(async () => expect(await playLocked(api2, vodId, viewer.token)).toBe(0), {
      timeout: HONOURED_WITHIN_MS,
      interval: 25,
    });

    const logout = await call(api1, '/api/user/logout', { token: viewer.token });
    expect(logout.status).toBe(200);
    // The ended session is a guest's on api2: locked again (a VIP caller kept in cache would still play).
    await vi.waitFor(async () => expect(await playLocked(api2, vodId, viewer.token)).toBe(1), {
      timeout: HONOURED_WITHIN_MS,
      interval: 25,
    });
  });

  it('a danmaku sent through one api reaches a viewer connected to the other', async () => {
    const vodId = await pricedTitle();
    const sender = await register(api2);
    const ws = new WebSocket(`${api1.replace('http', 'ws')}/api/danmaku/ws?vodId=${vodId}&nid=1`);
    const received: DanmakuEvent[] = [];
    ws.on('message', (data) => received.push(JSON.parse(String(data)) as DanmakuEvent));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    try {
      const text = `hello ${randomBytes(3).toString('hex')}`;
      const sent = await call(api2, '/api/barrage', {
        token: sender.token,
        body: { vodId, sid: 1, nid: 1, time: 3, text },
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(200);
      const texts = () => received.map((e) => (e.type === 'barrage' ? e.item.barrage_text : ''));
      await vi.waitFor(() => expect(texts()).toContain(text), { timeout: 5000, interval: 25 });
    } finally {
      ws.close();
    }
  });

  it('the accounts job, registered by all three processes, ran once: on the worker', async () => {
    const runs = () =>
      sql<{ n: number }>(
        `select count(*)::int as n from (select name, state from pgboss.job union all
         select name, state from pgboss.archive) j where name = '${ACCOUNTS_JOB}' and state = 'completed'`,
      );
    await vi.waitFor(async () => expect((await runs())[0]?.n).toBeGreaterThanOrEqual(1), {
      timeout: 60_000,
      interval: 250,
    });
    const all = await sql<{ n: number }>(
      `select count(*)::int as n from (select name from pgboss.job union all select name from pgboss.archive) j
       where name = '${ACCOUNTS_JOB}'`,
    );
    expect((await runs())[0]?.n).toBe(1);
    expect(all[0]?.n).toBe(1);
  });

  it('an avatar uploaded through one api is served by the other', async () => {
    const viewer = await register(api1);
    const form = formFile('file', 'me.png', 'image/png', await image('png', 64, 64));
    const res = await fetch(`${api1}/api/user/portrait`, {
      method: 'POST',
      headers: { authorcode: viewer.token, ...form.headers },
      body: form.payload,
    });
    expect(res.status).toBe(200);
    const url = ((await res.json()) as { info: { user_portrait: string } }).info.user_portrait;
    const served = await fetch(api2 + url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
