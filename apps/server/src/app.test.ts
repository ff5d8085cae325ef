import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { createTestDb, type TestDb } from './test/harness.ts';

let app: App;
let db: TestDb;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-app-'));
  for (const d of ['web', 'admin', 'data/media/demo']) fs.mkdirSync(path.join(root, d), { recursive: true });
  fs.writeFileSync(path.join(root, 'web/index.html'), '<!doctype html><title>viewer</title>');
  fs.writeFileSync(path.join(root, 'admin/index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(root, 'data/media/demo/a.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n');
  fs.writeFileSync(path.join(root, 'data/media/demo/seg.ts'), Buffer.alloc(1000, 0x47));
  db = await createTestDb();
  app = await buildApp({
    config: loadConfig({ DATA_DIR: path.join(root, 'data') }),
    db,
    webDist: path.join(root, 'web'),
    adminDist: path.join(root, 'admin'),
  });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('one process serves everything', () => {
  it('serves the viewer app at / and the console at /admin/', async () => {
    const web = await app.inject('/');
    expect(web.statusCode).toBe(200);
    expect(web.body).toContain('<title>viewer</title>');
    expect(web.headers['content-security-policy']).toContain("script-src 'self'");
    const redirect = await app.inject('/admin');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/admin/');
    const admin = await app.inject('/admin/');
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('<title>console</title>');
  });

  it('serves chunks of a build made after the server started', async () => {
    fs.mkdirSync(path.join(root, 'web/assets'), { recursive: true });
    fs.writeFileSync(path.join(root, 'web/assets/late-abc123.js'), 'export const late = 1;');
    const res = await app.inject('/assets/late-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('late = 1');
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
    // An unknown API route still answers the API's own JSON 404.
    const api = await app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBeGreaterThan(0);
  });

  it('serves media with HLS content types and Range requests', async () => {
    const playlist = await app.inject('/media/demo/a.m3u8');
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const part = await app.inject({ url: '/media/demo/seg.ts', headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-type']).toContain('video/mp2t');
    expect((await app.inject('/media/demo/missing.ts')).statusCode).toBe(404);
    fs.writeFileSync(path.join(root, 'data/media/demo/manifest.json'), '{"files":["a.m3u8"]}');
    expect((await app.inject('/media/demo/manifest.json')).statusCode).toBe(404);
    expect((await app.inject('/media/../../etc/passwd')).statusCode).toBe(404);
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('OpenVod API');
  });
});
