/**
 * Rate limits shared through Redis (issue 3 item 8): two app instances on one database and one Redis, as two
 * server processes of one installation would be, share the per-route limits and the failed-login counter. Runs
 * against REDIS_URL (default redis://127.0.0.1:6379, which .ci/run starts); an unreachable Redis fails the tests.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { connectRedis } from '../../core/redis.ts';
import { createTestDb, type TestDb } from '../../test/harness.ts';
import { LOGIN_FAILURES_PER_NAME, LOGIN_SLOWDOWN_MS } from './accounts.service.ts';
import { MemoryFailureCounter, RedisFailureCounter } from './limits.ts';
import { nextIp } from './test-helpers.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `openvod-test-${randomBytes(6).toString('hex')}:`;

let db: TestDb;
let dataDir: string;
let redis: Redis;
const apps: App[] = [];

async function newApp(redisUrl: string | undefined, redisPrefix = prefix): Promise<App> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_CONTENT: '0',
    TZ: 'Asia/Shanghai',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const app = await buildApp({ config, db, webDist: '/nonexistent', adminDist: '/nonexistent', redisPrefix });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  // Fails here (not skipped) when Redis is down: CI must run this file against a real Redis.
  redis = await connectRedis(REDIS_URL);
  db = await createTestDb();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-redis-'));
});

afterAll(async () => {
  for (const app of apps) await app.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const login = (app: App, name: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: ip,
    headers: { 'accept-language': 'en-US' },
    payload: { user_name: name, user_pwd: 'wrong123' },
  });

describe('two processes sharing one Redis', () => {
  it('share the failed-login counters: per name and address (then 429 there), per name (then slowed down)', async () => {
    const a = await newApp(REDIS_URL);
    const b = await newApp(REDIS_URL);
    const waits: string[] = [];
    a.services.accounts.delay = async (ms) => void waits.push(`a:${ms}`);
    b.services.accounts.delay = async (ms) => void waits.push(`b:${ms}`);
    const name = `victim${randomBytes(3).toString('hex')}`;
    const ip = nextIp();
    // Half the allowed failures on each instance, from one address.
    for (let i = 0; i < LOGIN_FAILURES_PER_NAME; i++) {
      const res = await login(i % 2 === 0 ? a : b, name, ip);
      expect(res.statusCode).toBe(400);
    }
    expect(await redis.get(`${prefix}login-fail-addr:${name}\n${ip}`)).toBe(String(LOGIN_FAILURES_PER_NAME));
    expect(await redis.get(`${prefix}login-fail:${name}`)).toBe(String(LOGIN_FAILURES_PER_NAME));
    expect(waits).toEqual([]);
    // That address is refused on both instances.
    const blockedA = await login(a, name, ip);
    const blockedB = await login(b, name, ip);
    expect(blockedA.statusCode).toBe(429);
    expect(blockedB.statusCode).toBe(429);
    expect(blockedB.json()).toEqual({ code: 1429, msg: 'Please do not operate frequently' });
    // Another address is not refused: its check is slowed down on either instance (the name's count is shared).
    expect((await login(b, name, nextIp())).statusCode).toBe(400);
    expect((await login(a, name, nextIp())).statusCode).toBe(400);
    expect(waits).toEqual([`b:${LOGIN_SLOWDOWN_MS}`, `a:${LOGIN_SLOWDOWN_MS}`]);
    // The window started at the first failure and is not extended by later ones.
    const ttl = await redis.pttl(`${prefix}login-fail-addr:${name}\n${ip}`);
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000);
  });

  it('share the failed console sign-ins (adminLogin) the same way, under their own keys', async () => {
    const a = await newApp(REDIS_URL);
    const b = await newApp(REDIS_URL);
    const waits: string[] = [];
    a.services.admin.delay = async (ms) => void waits.push(`a:${ms}`);
    b.services.admin.delay = async (ms) => void waits.push(`b:${ms}`);
    const name = `op${randomBytes(3).toString('hex')}`;
    // A group without leading zeros, so the key's normalised /64 (limits.ts addressKey) spells it the same.
    const net = `2001:db8:${(0x1000 + (randomBytes(2).readUInt16BE() % 0xf000)).toString(16)}:1`;
    // Addresses of one IPv6 /64: the per-IP route limit (10 a minute) sees ten addresses, the counter one.
    const adminLogin = (app: App, host: number) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: `${net}::${host}`,
        headers: { 'accept-language': 'en-US' },
        payload: { admin_name: name, admin_pwd: 'wrong' },
      });
    for (let i = 1; i <= LOGIN_FAILURES_PER_NAME; i++)
      expect((await adminLogin(i % 2 ? a : b, i)).statusCode).toBe(400);
    expect(await redis.get(`${prefix}admin-login-fail-addr:${name}\n${net}::/64`)).toBe(
      String(LOGIN_FAILURES_PER_NAME),
    );
    expect(await redis.get(`${prefix}admin-login-fail:${name}`)).toBe(String(LOGIN_FAILURES_PER_NAME));
    // The viewers' counters are not touched.
    expect(await redis.get(`${prefix}login-fail:${name}`)).toBeNull();
    const refused = await adminLogin(b, 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 1429, msg: 'Please do not operate frequently' });
    expect(waits).toEqual([]);
  });

  it('share the per-IP route limits (regCheck: 60 per minute)', async () => {
    const [a, b] = apps as [App, App];
    const ip = nextIp();
    const check = (app: App) =>
      app.inject({ method: 'POST', url: '/api/user/reg-check', remoteAddress: ip, payload: { str: 'somebody1' } });
    for (let i = 0; i < 60; i++) expect((await check(i < 30 ? a : b)).statusCode).toBe(200);
    const over = await check(b);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe(1429);
    // Another address is not affected.
    const other = await b.inject({
      method: 'POST',
      url: '/api/user/reg-check',
      remoteAddress: nextIp(),
      payload: { str: 'somebody1' },
    });
    expect(other.statusCode).toBe(200);
    expect((await redis.keys(`${prefix}rl:*`)).length).toBeGreaterThan(0);
  });

  it('an app config edit in one process shows in the other at once (pub/sub), accounts settings included', async () => {
    const [a, b] = apps as [App, App];
    await a.services.admin.ensureAdmin('test-password-1');
    const login = await a.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { admin_name: 'admin', admin_pwd: 'test-password-1' },
    });
    const headers = { authorcode: login.json().token as string };
    // B caches the config (30 s TTL) before the edit.
    expect((await b.inject('/api/app/config')).json().info.notice_title).toBe('');
    expect((await b.services.appConfig.accountSettings()).reg_ip_daily_limit).toBe(10);
    const edit = await a.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers,
      payload: { notice_title: 'from A', reg_ip_daily_limit: 3 },
    });
    expect(edit.statusCode).toBe(200);
    await expect.poll(async () => (await b.inject('/api/app/config')).json().info.notice_title).toBe('from A');
    expect((await b.services.appConfig.accountSettings()).reg_ip_daily_limit).toBe(3);
  });

  it('without REDIS_URL each process counts on its own (the contrast the shared store removes)', async () => {
    const a = await newApp(undefined);
    const b = await newApp(undefined);
    const name = `alone${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < LOGIN_FAILURES_PER_NAME - 1; i++) expect((await login(a, name, nextIp())).statusCode).toBe(400);
    for (let i = 0; i < LOGIN_FAILURES_PER_NAME - 1; i++) expect((await login(b, name, nextIp())).statusCode).toBe(400);
    expect(await redis.get(`${prefix}login-fail:${name}`)).toBeNull();
  });
});

describe('failure counters', () => {
  it('RedisFailureCounter and MemoryFailureCounter block at max within the window and reset', async () => {
    for (const counter of [
      new RedisFailureCounter(redis, `${prefix}unit:`, 3, 60_000),
      new MemoryFailureCounter(3, 60_000),
    ]) {
      expect(await counter.blocked('k')).toBe(false);
      await counter.fail('k');
      await counter.fail('k');
      expect(await counter.blocked('k')).toBe(false);
      await counter.fail('k');
      expect(await counter.blocked('k')).toBe(true);
      expect(await counter.blocked('other')).toBe(false);
      await counter.reset('k');
      expect(await counter.blocked('k')).toBe(false);
    }
  });

  it('a Redis key expires with its window', async () => {
    const counter = new RedisFailureCounter(redis, `${prefix}short:`, 1, 150);
    await counter.fail('k');
    expect(await counter.blocked('k')).toBe(true);
    // Wait for the condition (the key's expiry), asking Redis itself.
    await vi.waitFor(async () => expect(await redis.exists(`${prefix}short:k`)).toBe(0), {
      timeout: 5000,
      interval: 25,
    });
    expect(await counter.blocked('k')).toBe(false);
  });
});

describe('REDIS_URL pointing nowhere', () => {
  it('refuses to start instead of falling back to per-process limits', async () => {
    await expect(connectRedis('redis://127.0.0.1:1', 1000)).rejects.toThrow(/cannot reach Redis/);
    await expect(newApp('redis://127.0.0.1:1')).rejects.toThrow(/REDIS_URL: cannot reach Redis/);
  });

  it('rejects a URL that is not redis:// or rediss://', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
  });
});
