/**
 * Avatars through the storage port (core/storage.ts) on an S3-compatible bucket (s3rver): an avatar uploaded
 * through one server is served by another that shares only the bucket, nothing is written to the data folder, the
 * replaced avatar leaves the bucket, and an unreachable bucket costs the upload a 503 in the caller's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { folderStorage } from '../../core/storage.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3.ts';
import { formFile, image, makeUser } from './test-helpers.ts';

let s3: LocalS3;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  s3 = await startLocalS3();
  one = await createTestApp(s3.env);
  two = await createTestApp(s3.env);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await s3?.close();
});

async function upload(t: TestApp, headers: Record<string, string>) {
  const form = formFile('file', 'me.png', 'image/png', await image('png', 320, 240));
  return t.app.inject({
    method: 'POST',
    url: '/api/user/portrait',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

it('an avatar uploaded through one server is served by another sharing the bucket, and never touches the data folder', async () => {
  const u = await makeUser(one);
  const first = await upload(one, u.headers);
  expect(first.statusCode, first.body).toBe(200);
  const url = first.json().info.user_portrait as string;
  expect(url).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]{16}\.jpg$/);

  const served = await two.app.inject(url);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/jpeg');
  expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(fs.existsSync(path.join(one.dataDir, 'media', 'avatars'))).toBe(false);

  // A new avatar replaces the old one in the bucket.
  const second = await upload(one, u.headers);
  const next = second.json().info.user_portrait as string;
  expect(next).not.toBe(url);
  const bucket = s3.storage();
  await vi.waitFor(async () => expect(await bucket.get(url.slice('/media/'.length))).toBeNull());
  expect((await two.app.inject(url)).statusCode).toBe(404);
  expect((await two.app.inject(next)).statusCode).toBe(200);
});

it('an unreachable bucket: the upload answers 503 in the caller language, the stored portrait is unchanged', async () => {
  const down = await createTestApp({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' });
  try {
    const u = await makeUser(down);
    const res = await upload(down, { ...u.headers, 'accept-language': 'en-US' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 1500, msg: 'File storage is unavailable right now. Please try again later' });
    const info = await down.app.inject({ method: 'POST', url: '/api/user/info', headers: u.headers });
    expect(info.json().info.user_portrait).toBe('');
    const read = await down.app.inject({
      url: '/media/avatars/1-0000000000000000.jpg',
      headers: { 'accept-language': 'en-US' },
    });
    expect(read.statusCode).toBe(503);
    expect(read.json().code).toBe(1500);
  } finally {
    await down.close();
  }
});

it('without S3 settings avatars stay in the data folder (the folder adapter)', async () => {
  const local = await createTestApp();
  try {
    const u = await makeUser(local);
    const res = await upload(local, u.headers);
    const url = res.json().info.user_portrait as string;
    const file = path.join(local.dataDir, 'media', url.slice('/media/'.length));
    expect(fs.existsSync(file)).toBe(true);
    expect(await folderStorage(path.join(local.dataDir, 'media')).get(url.slice('/media/'.length))).not.toBeNull();
    expect((await local.app.inject(url)).statusCode).toBe(200);
  } finally {
    await local.close();
  }
});
