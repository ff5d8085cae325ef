/**
 * The live channel across server processes (issue 5 item 3): two app instances on one database and one Redis, as
 * two processes behind a load balancer would be. A danmaku sent through one reaches the sockets held by the other
 * (Redis pub/sub), and the per-user send limit is shared. Runs against REDIS_URL (default redis://127.0.0.1:6379,
 * which .ci/run starts); an unreachable Redis fails the tests.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DANMAKU_USER_MAX, type DanmakuEvent } from '@openvod/contract';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { connectRedis } from '../../core/redis.ts';
import { macVod } from '../../db/schema/index.ts';
import { createTestDb, type TestApp, type TestDb } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `openvod-test-${randomBytes(6).toString('hex')}:`;

let db: TestDb;
let dataDir: string;
let redis: Redis;
let vodId: number;
const apps: App[] = [];

async function newApp(redisUrl: string | undefined): Promise<App> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_CONTENT: '0',
    TZ: 'Asia/Shanghai',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const app = await buildApp({ config, db, webDist: '/nonexistent', adminDist: '/nonexistent', redisPrefix: prefix });
  await app.ready();
  apps.push(app);
  return app;
}

/** makeUser needs only the database of a TestApp. */
const userOf = (name: string) => makeUser({ db } as unknown as TestApp, { user_name: name });

const send = (app: App, user: TestUser, nid: number, text: string) =>
  app.inject({
    method: 'POST',
    url: '/api/barrage',
    remoteAddress: nextIp(),
    headers: { ...user.headers, 'accept-language': 'en-us' },
    payload: { vodId, sid: 1, nid, time: 3, text },
  });

async function listen(app: App, nid: number) {
  const events: DanmakuEvent[] = [];
  const ws: WebSocket = await app.injectWS(`/api/danmaku/ws?vodId=${vodId}&nid=${nid}`);
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as DanmakuEvent));
  return { ws, events };
}

beforeAll(async () => {
  // Fails here (not skipped) when Redis is down: CI must run this file against a real Redis.
  redis = await connectRedis(REDIS_URL);
  db = await createTestDb();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-danmaku-redis-'));
  const [vod] = await db.db
    .insert(macVod)
    .values({ vod_name: 'cross-process', type_id: 1, type_id_1: 0 })
    .returning({ vod_id: macVod.vod_id });
  vodId = vod?.vod_id ?? 0;
});

afterAll(async () => {
  for (const app of apps) await app.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('two processes sharing one Redis', () => {
  it('a danmaku sent through one process reaches the sockets held by the other', async () => {
    const a = await newApp(REDIS_URL);
    const b = await newApp(REDIS_URL);
    const onA = await listen(a, 1);
    const onB = await listen(b, 1);
    const user = await userOf('redis_dm_1');
    const res = await send(b, user, 1, 'from B');
    expect(res.statusCode).toBe(200);
    const item = res.json().info;
    const expected: DanmakuEvent = { type: 'barrage', vod_id: vodId, nid: 1, item };
    // A never handled the request: only Redis can have brought it there.
    await expect.poll(() => onA.events).toEqual([expected]);
    await expect.poll(() => onB.events).toEqual([expected]);
    const back = await send(a, user, 1, 'from A');
    expect(back.statusCode).toBe(200);
    await expect
      .poll(() => onB.events.map((e) => (e.type === 'barrage' ? e.item.barrage_text : '')))
      .toEqual(['from B', 'from A']);
    onA.ws.terminate();
    onB.ws.terminate();
  });

  it('shares the per-user send limit', async () => {
    const [a, b] = apps as [App, App];
    const user = await userOf('redis_dm_2');
    for (let i = 0; i < DANMAKU_USER_MAX; i++) {
      expect((await send(i % 2 ? a : b, user, 2, `n${i}`)).statusCode).toBe(200);
    }
    expect((await send(a, user, 2, 'over')).statusCode).toBe(429);
    expect((await send(b, user, 2, 'over')).statusCode).toBe(429);
    expect(Number(await redis.get(`${prefix}danmaku-send:u:${user.user.user_id}`))).toBe(DANMAKU_USER_MAX + 2);
  });

  it('without REDIS_URL a process delivers only to its own sockets (the contrast Redis removes)', async () => {
    const c = await newApp(undefined);
    const d = await newApp(undefined);
    const onC = await listen(c, 3);
    const onD = await listen(d, 3);
    const user = await userOf('redis_dm_3');
    expect((await send(d, user, 3, 'only D')).statusCode).toBe(200);
    await expect.poll(() => onD.events.length).toBe(1);
    // C's socket is open and in its room, yet nothing can reach it from D.
    expect((await send(c, user, 3, 'only C')).statusCode).toBe(200);
    await expect.poll(() => onC.events.length).toBe(1);
    expect(onC.events[0]).toMatchObject({ item: { barrage_text: 'only C' } });
    expect(onD.events).toHaveLength(1);
    onC.ws.terminate();
    onD.ws.terminate();
  });
});
