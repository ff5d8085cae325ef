/**
 * The promotion poster and identity QR (createTempQrcode, createQrcode) and the console's poster background: the
 * pictures are real PNGs of the contract's sizes whose QR reads back as the member's link, saving pays the "save
 * promotion QR" task (plog type 23) once per operator day (also under concurrent saves: a real race on PostgreSQL
 * when DATABASE_URL is set), setPlog no longer takes type 23, and the background upload replaces, previews and
 * removes. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { CARD_SIZE, POSTER_HEIGHT, POSTER_WIDTH, TASK_PLOG } from '@openvod/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macPlog, macUser } from '../../db/schema/index.ts';
import { createTestApp, onPostgres, type TestApp } from '../../test/harness.ts';
import { formFile, image, makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { POSTER_QR, POSTER_QR_LEFT, POSTER_QR_TOP } from './poster.draw.ts';
import { PNG_SIGNATURE, qrMismatches } from './test-helpers.ts';

const PUBLIC_URL = 'https://tv.example.com';
let t: TestApp;
let clock = new Date('2026-11-22T02:00:00Z'); // 10:00 in Asia/Shanghai

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  t.app.services.points.now = () => clock;
});
afterAll(async () => {
  await t?.close();
});

const get = (u: TestUser, url: string, lang = 'en-us') =>
  t.app.inject({ method: 'GET', url, headers: { ...u.headers, 'accept-language': lang }, remoteAddress: nextIp() });
const save = (u: TestUser) =>
  t.app.inject({ method: 'POST', url: '/api/poster/save', headers: u.headers, remoteAddress: nextIp() });
const posterOf = async (u: TestUser, lang = 'en-us') => {
  const res = await get(u, '/api/poster/qrcode?type=poster', lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info as { url: string; link: string; width: number; height: number; type: string };
};
const fetchPicture = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res;
};
const qrArea = { left: POSTER_QR_LEFT, top: POSTER_QR_TOP, side: POSTER_QR };
const plogs23 = (userId: number) =>
  t.db.db
    .select()
    .from(macPlog)
    .where(and(eq(macPlog.user_id, userId), eq(macPlog.plog_type, TASK_PLOG.saveQr)));
const pointsOf = async (userId: number) =>
  (await t.db.db.select().from(macUser).where(eq(macUser.user_id, userId)))[0]?.user_points;

describe('createTempQrcode', () => {
  it('needs a session and a known type', async () => {
    expect((await t.app.inject('/api/poster/qrcode?type=poster')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/poster/save' })).statusCode).toBe(401);
    const u = await makeUser(t);
    const bad = await get(u, '/api/poster/qrcode?type=badge');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('type');
  });

  it('draws the poster: a PNG of the contract size whose QR reads as the invitation link', async () => {
    const u = await makeUser(t);
    const info = await posterOf(u);
    const code = u.user.user_invite_code;
    expect(info).toMatchObject({ type: 'poster', width: POSTER_WIDTH, height: POSTER_HEIGHT });
    expect(info.link).toBe(`${PUBLIC_URL}/?code=${code}`);
    expect(info.url).toMatch(new RegExp(`^/media/posters/p-${u.user.user_id}-[0-9a-f]{20}\\.png$`));
    const res = await fetchPicture(info.url);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', POSTER_WIDTH, POSTER_HEIGHT]);
    const qr = await qrMismatches(png, qrArea, info.link);
    expect(qr.wrong).toBe(0);
    // A QR of another link does not read back from it (the check can fail).
    expect((await qrMismatches(png, qrArea, `${PUBLIC_URL}/?code=ZZZZ9999`)).wrong).toBeGreaterThan(20);
    // Drawn once: asked again, the same picture.
    expect((await posterOf(u)).url).toBe(info.url);
  });

  it('draws one poster per language and name, escaping what the member wrote', async () => {
    const u = await makeUser(t);
    const en = await posterOf(u, 'en-us');
    const zh = await posterOf(u, 'zh-cn');
    expect(zh.url).not.toBe(en.url);
    await t.db.db
      .update(macUser)
      .set({ user_nick_name: `<svg onload="x">&'A` })
      .where(eq(macUser.user_id, u.user.user_id));
    const named = await posterOf(u, 'zh-cn');
    expect(named.url).not.toBe(zh.url);
    const png = (await fetchPicture(named.url)).rawPayload;
    expect((await sharp(png).metadata()).width).toBe(POSTER_WIDTH);
    expect((await qrMismatches(png, qrArea, named.link)).wrong).toBe(0);
  });

  it('draws the identity card: a square PNG whose QR reads as the member link with the user id', async () => {
    const u = await makeUser(t);
    const res = await get(u, '/api/poster/qrcode?type=card');
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().info;
    expect(info).toMatchObject({ type: 'card', width: CARD_SIZE, height: CARD_SIZE });
    expect(info.link).toBe(`${PUBLIC_URL}/?code=${u.user.user_invite_code}&uid=${u.user.user_id}`);
    const png = (await fetchPicture(info.url)).rawPayload;
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', CARD_SIZE, CARD_SIZE]);
    expect((await qrMismatches(png, { left: 0, top: 0, side: CARD_SIZE }, info.link)).wrong).toBe(0);
  });
});

describe('createQrcode (save the poster)', () => {
  it('downloads the poster and pays the "save promotion QR" task once per operator day', async () => {
    const u = await makeUser(t);
    const before = (await get(u, '/api/points/task')).json();
    const task = before.tasks.find((x: { plog_type: number }) => x.plog_type === TASK_PLOG.saveQr);
    expect(task).toMatchObject({ points: 2, count: 0 });

    const first = await save(u);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="poster-${u.user.user_invite_code}.png"`);
    expect(first.headers['x-task-point']).toBe('2');
    const png = first.rawPayload;
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect((await qrMismatches(png, qrArea, `${PUBLIC_URL}/?code=${u.user.user_invite_code}`)).wrong).toBe(0);
    // The same picture as the one shown.
    expect(png.equals((await fetchPicture((await posterOf(u, 'zh-cn')).url)).rawPayload)).toBe(true);

    const again = await save(u);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-task-point']).toBe('0');
    expect(await pointsOf(u.user.user_id)).toBe(2);
    expect(await plogs23(u.user.user_id)).toHaveLength(1);
    const after = (await get(u, '/api/points/task')).json();
    expect(after.tasks.find((x: { plog_type: number }) => x.plog_type === 23).count).toBe(1);

    // The next operator day pays again.
    const saved = clock;
    clock = new Date(clock.getTime() + 24 * 3600_000);
    try {
      expect((await save(u)).headers['x-task-point']).toBe('2');
    } finally {
      clock = saved;
    }
    expect(await pointsOf(u.user.user_id)).toBe(4);
  });

  it('is never paid by setPlog', async () => {
    const u = await makeUser(t);
    const res = await get(u, '/api/points/plog?type=23&id=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This reward is given automatically');
    expect(await plogs23(u.user.user_id)).toHaveLength(0);
  });

  it(`pays once under 40 concurrent saves (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    const u = await makeUser(t);
    const results = await Promise.all(Array.from({ length: 40 }, () => save(u)));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const paid = results.map((r) => Number(r.headers['x-task-point']));
    expect(paid.filter((p) => p === 2)).toHaveLength(1);
    expect(paid.filter((p) => p === 0)).toHaveLength(39);
    expect(await plogs23(u.user.user_id)).toHaveLength(1);
    expect(await pointsOf(u.user.user_id)).toBe(2);
  });

  it('saves without paying when the operator switched the task off', async () => {
    const admin = await t.adminHeaders();
    const tasks = (await t.app.inject({ url: '/api/admin/points/tasks', headers: admin })).json().list;
    const id = tasks.find((x: { plog_type: number }) => x.plog_type === 23).task_id;
    const patch = (enabled: boolean) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/points/tasks/${id}`, headers: admin, payload: { enabled } });
    expect((await patch(false)).statusCode).toBe(200);
    try {
      const u = await makeUser(t);
      const res = await save(u);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-task-point']).toBe('0');
      expect(await plogs23(u.user.user_id)).toHaveLength(0);
    } finally {
      expect((await patch(true)).statusCode).toBe(200);
    }
  });
});

describe('the console poster background', () => {
  const upload = async (data: Buffer, type = 'image/png', name = 'bg.png') => {
    const form = formFile('file', name, type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/poster/background',
      headers: { ...(await t.adminHeaders()), ...form.headers, 'accept-language': 'en-us' },
      payload: form.payload,
    });
  };

  it('is for operators only', async () => {
    expect((await t.app.inject('/api/admin/poster')).statusCode).toBe(401);
    const u = await makeUser(t);
    const form = formFile('file', 'bg.png', 'image/png', await image('png'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/poster/background',
      headers: { ...u.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(401);
  });

  it('uploads, replaces and removes the background; posters follow it', async () => {
    const admin = await t.adminHeaders();
    const start = (await t.app.inject({ url: '/api/admin/poster', headers: admin })).json().info;
    expect(start).toMatchObject({ background: null, version: 'default', width: POSTER_WIDTH });
    const preview = (await fetchPicture(start.preview_url)).rawPayload;
    expect((await sharp(preview).metadata()).height).toBe(POSTER_HEIGHT);

    const u = await makeUser(t);
    const plain = await posterOf(u);

    const red = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const up = await upload(red);
    expect(up.statusCode, up.body).toBe(200);
    const withBg = up.json().info;
    expect(withBg.background).toMatch(/^\/media\/posters\/bg-[0-9a-f]{16}\.jpg$/);
    expect(withBg.version).not.toBe('default');
    expect(withBg.preview_url).not.toBe(start.preview_url);
    const bgFile = await fetchPicture(withBg.background);
    const bgMeta = await sharp(bgFile.rawPayload).metadata();
    expect([bgMeta.format, bgMeta.width, bgMeta.height]).toEqual(['jpeg', POSTER_WIDTH, POSTER_HEIGHT]);

    const drawn = await posterOf(u);
    expect(drawn.url).not.toBe(plain.url);
    const png = (await fetchPicture(drawn.url)).rawPayload;
    const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // Top-left corner: the operator's red, not the default gradient.
    expect(data[0]).toBeGreaterThan(230);
    expect(data[1]).toBeLessThan(30);
    expect((await qrMismatches(png, qrArea, drawn.link)).wrong).toBe(0);

    // Replacing removes the previous file.
    const blue = await image('webp', 800, 1400);
    const replaced = (await upload(blue, 'image/webp', 'bg.webp')).json().info;
    expect(replaced.version).not.toBe(withBg.version);
    expect((await t.app.inject(withBg.background)).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/admin/poster/background', headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().info).toMatchObject({ background: null, version: 'default' });
    expect((await t.app.inject(replaced.background)).statusCode).toBe(404);
    expect((await posterOf(u)).url).toBe(plain.url);
  });

  it('refuses what is not a JPEG, PNG or WebP picture, in the caller language', async () => {
    const gif = await upload(await image('gif'), 'image/gif', 'bg.gif');
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toMatchObject({ field: 'file', msg: 'Only JPEG, PNG or WebP images are accepted' });
    const junk = await upload(Buffer.from('not a picture at all'), 'image/png');
    expect(junk.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/poster/background',
      headers: { ...(await t.adminHeaders()), 'accept-language': 'en-us' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('Choose a background picture');
    const admin = await t.adminHeaders();
    expect((await t.app.inject({ url: '/api/admin/poster', headers: admin })).json().info.background).toBeNull();
  });
});
