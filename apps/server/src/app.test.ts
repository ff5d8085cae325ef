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
    const playlist = await app.inject(await app.mediaSigner.sign('/media/demo/a.m3u8'));
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const part = await app.inject({
      url: await app.mediaSigner.sign('/media/demo/seg.ts'),
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-type']).toContain('video/mp2t');
    expect((await app.inject(await app.mediaSigner.sign('/media/demo/missing.ts'))).statusCode).toBe(404);
    fs.writeFileSync(path.join(root, 'data/media/demo/manifest.json'), '{"files":["a.m3u8"]}');
    expect((await app.inject('/media/demo/manifest.json')).statusCode).toBe(404);
    expect((await app.inject('/media/../../etc/passwd')).statusCode).toBe(404);
  });

  it('serves playable media only at a signed, unexpired address covering its folder', async () => {
    const media = path.join(root, 'data/media');
    fs.mkdirSync(path.join(media, 'demo/show/720'), { recursive: true });
    fs.writeFileSync(path.join(media, 'demo/show/index.m3u8'), '#EXTM3U\n720/index.m3u8\n');
    fs.writeFileSync(path.join(media, 'demo/show/seg0.ts'), Buffer.alloc(100, 0x47));
    fs.writeFileSync(path.join(media, 'demo/show/720/index.m3u8'), '#EXTM3U\nseg0.ts\n');
    fs.writeFileSync(path.join(media, 'demo/show/720/seg0.ts'), Buffer.alloc(100, 0x47));
    const en = { 'accept-language': 'en' };
    // Without a signature: 403 in the envelope, for playlists and segments alike.
    for (const url of ['/media/demo/show/index.m3u8', '/media/demo/show/seg0.ts', '/media/demo/show/720/seg0.ts']) {
      const res = await app.inject({ url, headers: en });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ code: 1403, msg: 'Access denied' });
    }
    const signed = await app.mediaSigner.sign('/media/demo/show/index.m3u8');
    expect(signed).toMatch(/^\/media\/t\/\d+-2-[\w-]{22}\/demo\/show\/index\.m3u8$/);
    expect((await app.inject(signed)).statusCode).toBe(200);
    // What the playlist names relatively (segments, variant playlists below it) resolves under the same token.
    const base = signed.slice(0, signed.lastIndexOf('/') + 1);
    for (const rel of ['seg0.ts', '720/index.m3u8', '720/seg0.ts']) {
      expect((await app.inject(`${base}${rel}`)).statusCode, rel).toBe(200);
    }
    // The token does not cover another folder, a changed signature or a changed expiry.
    const token = signed.split('/')[3] as string;
    expect((await app.inject(`/media/t/${token}/demo/a.m3u8`)).statusCode).toBe(403);
    const [exp, depth, sig] = token.split('-') as [string, string, string];
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect((await app.inject(`/media/t/${exp}-${depth}-${flipped}/demo/show/index.m3u8`)).statusCode).toBe(403);
    expect((await app.inject(`/media/t/${Number(exp) + 3600}-${depth}-${sig}/demo/show/index.m3u8`)).statusCode).toBe(
      403,
    );
    expect((await app.inject(`/media/t/${exp}-1-${sig}/demo/show/index.m3u8`)).statusCode).toBe(403);
    // An expired address: the same token, a clock past its expiry.
    const realNow = app.mediaSigner.now;
    try {
      Object.assign(app.mediaSigner, { now: () => Number(exp) * 1000 + 1 });
      expect((await app.inject(signed)).statusCode).toBe(403);
    } finally {
      Object.assign(app.mediaSigner, { now: realNow });
    }
  });

  it('serves nothing but media from the media folder; pictures and ads without a signature', async () => {
    const media = path.join(root, 'data/media');
    fs.mkdirSync(path.join(media, 'live/openvod'), { recursive: true });
    fs.mkdirSync(path.join(media, 'posters'), { recursive: true });
    fs.mkdirSync(path.join(media, 'ads'), { recursive: true });
    fs.writeFileSync(path.join(media, 'live/openvod/ffmpeg.pid'), '12345');
    fs.writeFileSync(path.join(media, 'live/openvod/notes.txt'), 'x');
    fs.writeFileSync(path.join(media, 'posters/a.jpg'), Buffer.alloc(10));
    fs.writeFileSync(path.join(media, 'ads/spot.mp4'), Buffer.alloc(10));
    for (const url of ['/media/live/openvod/ffmpeg.pid', '/media/live/openvod/notes.txt']) {
      expect((await app.inject(url)).statusCode, url).toBe(404);
      expect((await app.inject(await app.mediaSigner.sign(url))).statusCode, url).toBe(404);
      // Signed as if it were media: still not served.
      const token = (await app.mediaSigner.sign('/media/live/openvod/index.m3u8')).split('/')[3];
      expect((await app.inject(`/media/t/${token}/${url.slice('/media/'.length)}`)).statusCode, url).toBe(404);
    }
    expect((await app.inject('/media/posters/a.jpg')).statusCode).toBe(200);
    expect(await app.mediaSigner.sign('/media/posters/a.jpg')).toBe('/media/posters/a.jpg');
    expect((await app.inject('/media/ads/spot.mp4')).statusCode).toBe(200);
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('OpenVod API');
  });
});
