/**
 * Movie requests and feedback (issue "community" items 3, 4, 7, 8; spec §5 messages): gbookField's genres and
 * captcha (one attempt, expiry, the TEST_CAPTCHA_FILE seam), gbookSave's validation messages, genres <= 3,
 * tourists 401, the safety layer's repeat and frequency refusals and word filter, feedback screenshots re-encoded and
 * capped, gbookHit once per member (also concurrently), the console's resolve / reply / hide and the author's badge,
 * and the deletion handler's anonymisation. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { guestCredentials } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { setSetting } from '../../core/settings.ts';
import { gbookCaptcha, macGbook, macType, macUser, macVod } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { processDeletions, requestDeletion } from '../accounts/accounts.service.ts';
import { formFile, makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';

let t: TestApp;
let captchaFile: string;
let vodId: number;
let admin: Record<string, string>;

beforeAll(async () => {
  captchaFile = path.join(fs.mkdtempSync('/tmp/gbook-captcha-'), 'answers.jsonl');
  t = await createTestApp({ TEST_CAPTCHA_FILE: captchaFile });
  await t.db.db.insert(macType).values([
    { type_name: 'Movies', type_extend: { class: 'Action,Comedy,Romance,Sci-Fi' } },
    { type_name: 'Series', type_extend: { class: 'Comedy,Crime' } },
  ]);
  // A feed-only category (live TV): no genre of a requested title.
  const [live] = await t.db.db
    .insert(macType)
    .values({ type_name: 'Live TV', type_extend: { class: 'News' } })
    .returning({ type_id: macType.type_id });
  await setSetting(t.db.db, 'app_live_typeid', live?.type_id ?? 0);
  const [vod] = await t.db.db
    .insert(macVod)
    .values({ vod_name: 'The Requested One', type_id: 1, type_id_1: 0, vod_pic: '/media/covers/x.jpg' })
    .returning({ vod_id: macVod.vod_id });
  vodId = vod?.vod_id ?? 0;
  admin = await t.adminHeaders();
});

afterAll(async () => {
  await t?.close();
});

const h = (u: TestUser | undefined, lang = 'en-us') => ({ ...(u?.headers ?? {}), 'accept-language': lang });

/** A fresh captcha for `u`; its answer read from the database (the server keeps it there). */
async function captchaFor(u: TestUser) {
  const res = await t.app.inject({ method: 'POST', url: '/api/gbook/field', headers: h(u) });
  expect(res.statusCode).toBe(200);
  const info = res.json().info as { genres: string[]; captcha: { captcha_id: string; image: string } };
  const [row] = await t.db.db.select().from(gbookCaptcha).where(eq(gbookCaptcha.captcha_id, info.captcha.captcha_id));
  return { ...info, answer: row?.answer ?? '' };
}

const save = (u: TestUser | undefined, payload: Record<string, unknown>, lang = 'en-us', ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/gbook', remoteAddress: ip, headers: h(u, lang), payload });

/** File a valid request for `u` (a fresh captcha each time). */
async function fileRequest(u: TestUser, title: string, extra: Record<string, unknown> = {}) {
  const c = await captchaFor(u);
  const res = await save(u, {
    type: 'request',
    title,
    actor: 'Some Actor',
    genres: ['Action'],
    captcha_id: c.captcha.captcha_id,
    captcha: c.answer,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info as { gbook_id: number; gbook_title: string; gbook_state: string };
}

const view = (u: TestUser | undefined, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/gbook?${query}`, headers: h(u) });

describe('gbookField', () => {
  it('gives the catalogue genres (not the feed-only categories) and an SVG captcha whose answer stays on the server', async () => {
    const u = await makeUser(t);
    const c = await captchaFor(u);
    expect(c.genres).toEqual(['Movies', 'Action', 'Comedy', 'Romance', 'Sci-Fi', 'Series', 'Crime']);
    expect(c.captcha.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(c.captcha.image.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(c.answer).toMatch(/^[a-z0-9]{4}$/);
    expect(svg.toLowerCase()).not.toContain(`>${c.answer}<`);
    // The e2e seam wrote the same answer to TEST_CAPTCHA_FILE.
    const lines = fs
      .readFileSync(captchaFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1)).toMatchObject({ captcha_id: c.captcha.captcha_id, answer: c.answer });
  });

  it('refuses a tourist', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/gbook/field' })).statusCode).toBe(401);
  });

  it('TEST_CAPTCHA_FILE is refused in production', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: '/tmp/x',
        NODE_ENV: 'production',
        TEST_CAPTCHA_FILE: '/tmp/answers',
        ADMIN_PASSWORD: 'x'.repeat(12),
      }),
    ).toThrow(/TEST_CAPTCHA_FILE/);
  });
});

describe('gbookSave: movie requests', () => {
  it("answers the spec's messages for empty fields and more than three genres", async () => {
    const u = await makeUser(t);
    const c = await captchaFor(u);
    const base = {
      type: 'request',
      title: 'A title',
      actor: 'An actor',
      genres: ['Action'],
      captcha_id: c.captcha.captcha_id,
      captcha: c.answer,
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', 'Movie request: title, lead actor and required fields cannot be empty'],
      [{ actor: '' }, 'actor', 'Movie request: title, lead actor and required fields cannot be empty'],
      [{ genres: [] }, 'genres', 'Movie request: title, lead actor and required fields cannot be empty'],
      [{ genres: ['Action', 'Comedy', 'Romance', 'Crime'] }, 'genres', 'At most three genres'],
      [{ genres: ['Action', 'Not a genre'] }, 'genres', 'Choose the genres from the list'],
    ];
    for (const [patch, field, msg] of cases) {
      const res = await save(u, { ...base, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, msg });
    }
    const zh = await save(u, { ...base, title: '' }, 'zh-cn');
    expect(zh.json().msg).toBe('求片：片名、主演等必填项不能为空');
    // None of them spent the captcha: the valid request goes through with it.
    const ok = await save(u, { ...base, genres: ['Action', 'Comedy', 'Action', 'Crime'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().info).toMatchObject({
      gbook_title: 'A title',
      gbook_genres: ['Action', 'Comedy', 'Crime'],
      gbook_state: 'requesting',
    });
  });

  it('checks the captcha once: a wrong answer spends it, a right one works once, an expired one is refused', async () => {
    const u = await makeUser(t);
    const body = (c: { captcha: { captcha_id: string } }, answer: string, title: string) => ({
      type: 'request',
      title,
      actor: 'Actor',
      genres: ['Comedy'],
      captcha_id: c.captcha.captcha_id,
      captcha: answer,
    });
    const c1 = await captchaFor(u);
    const wrong = await save(u, body(c1, c1.answer === 'zzzz' ? 'yyyy' : 'zzzz', 'Captcha one'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'captcha', msg: 'Wrong verification code, refresh it and try again' });
    expect((await save(u, body(c1, c1.answer, 'Captcha one'))).statusCode).toBe(400);

    const c2 = await captchaFor(u);
    expect((await save(u, body(c2, c2.answer.toUpperCase(), 'Captcha two'))).statusCode).toBe(200);
    expect((await save(u, body(c2, c2.answer, 'Captcha three'))).json().field).toBe('captcha');

    // Another member cannot use it.
    const other = await makeUser(t);
    const c3 = await captchaFor(u);
    expect((await save(other, body(c3, c3.answer, 'Captcha four'))).json().field).toBe('captcha');

    const c4 = await captchaFor(u);
    await t.db.db
      .update(gbookCaptcha)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(gbookCaptcha.captcha_id, c4.captcha.captcha_id));
    const expired = await save(u, body(c4, c4.answer, 'Captcha five'));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toBe('The verification code has expired, refresh it');
  });

  it('refuses tourists (401) and the device guest (403, code 1401: a 401 would end its session)', async () => {
    expect((await save(undefined, { type: 'request', title: 'x', actor: 'y', genres: ['Action'] })).statusCode).toBe(
      401,
    );
    const guest = await makeUser(t);
    const device = 'gbook0000000000000000000000000001';
    await t.db.db
      .update(macUser)
      .set({ user_name: guestCredentials(device).user_name, user_device_id: device })
      .where(eq(macUser.user_id, guest.user.user_id));
    const res = await save(guest, { type: 'feedback', content: 'The player stops after a minute' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 1401, msg: 'Unauthorized, please log in' });
    // Its own lists too (the app does not ask them for a guest, but must not lose the session if it did); its badge
    // counts are none.
    for (const url of ['/api/gbook?type=feedback', '/api/gbook?type=request&mine=1']) {
      const r = await t.app.inject({ method: 'GET', url, headers: h(guest) });
      expect(r.statusCode, url).toBe(403);
    }
    const badges = await t.app.inject({ method: 'GET', url: '/api/gbook/unread', headers: h(guest) });
    expect(badges.json()).toMatchObject({ request: 0, feedback: 0 });
    const anyRequest = (await view(undefined, 'type=request')).json().list[0] as { gbook_id: number } | undefined;
    const hit = await t.app.inject({
      method: 'POST',
      url: `/api/gbook/${anyRequest?.gbook_id ?? 1}/hit`,
      headers: h(guest),
    });
    expect(hit.statusCode).toBe(403);
  });

  it('goes through the safety layer: repeats, frequency, the word list', async () => {
    const u = await makeUser(t);
    const fb = { type: 'feedback', content: 'Subtitles are out of sync on episode 3' };
    expect((await save(u, fb)).statusCode).toBe(200);
    const again = await save(u, fb);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('Do not repeat the operation');

    const put = (patch: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/community/settings', headers: admin, payload: patch });
    expect((await put({ user_per_minute: 2, words: ['badword'] })).statusCode).toBe(200);
    try {
      const v = await makeUser(t);
      const first = await save(v, { type: 'feedback', content: 'This BADWORD app crashes on start' });
      expect(first.json().info.gbook_content).toBe('This *** app crashes on start');
      expect((await save(v, { type: 'feedback', content: 'Second problem: no sound' })).statusCode).toBe(200);
      const third = await save(v, { type: 'feedback', content: 'Third problem: black screen' });
      expect(third.statusCode).toBe(429);
      expect(third.json().msg).toBe('Please do not operate frequently');
    } finally {
      await put({ user_per_minute: 5, words: [] });
    }
  });
});

describe('gbookSave: feedback and screenshots', () => {
  it("answers the spec's message for an unclear description", async () => {
    const u = await makeUser(t);
    for (const content of ['', '   ', 'bad', 'aaaaaaa', '!!!!!!!!']) {
      const res = await save(u, { type: 'feedback', content });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'content',
        msg: 'Feedback needs a clear description. Content cannot be empty.',
      });
    }
    expect((await save(u, { type: 'feedback', content: '播放卡顿严重' })).statusCode).toBe(200);
  });

  const upload = (u: TestUser, data: Buffer, type = 'image/jpeg') => {
    const form = formFile('file', 'shot.jpg', type, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/gbook/upload',
      remoteAddress: nextIp(),
      headers: { ...h(u), ...form.headers },
      payload: form.payload,
    });
  };

  it('re-encodes screenshots (metadata dropped, at most 1280 px), caps size and count, serves them to the author', async () => {
    const u = await makeUser(t);
    const big = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#884422' } })
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'gps-person' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const res = await upload(u, big);
    expect(res.statusCode, res.body).toBe(200);
    const { key, url } = res.json().info as { key: string; url: string };
    expect(key).toMatch(new RegExp(`^gbook/${u.user.user_id}-[0-9a-f]{16}\\.jpg$`));
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 853 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(u, gif, 'image/gif')).json().msg).toBe('Only JPEG, PNG or WebP images are accepted');
    const huge = Buffer.concat([big, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(u, huge);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().msg).toBe('The picture must not exceed 5 MB');

    const keys = [key];
    for (let i = 0; i < 4; i++) keys.push((await upload(u, big)).json().info.key);
    const five = await save(u, { type: 'feedback', content: 'Five screenshots of the crash', pics: keys });
    expect(five.json()).toMatchObject({ field: 'pics', msg: 'At most 4 screenshots' });
    const other = await makeUser(t);
    const stolen = await save(other, { type: 'feedback', content: 'Not my screenshot here', pics: [key] });
    expect(stolen.json()).toMatchObject({ field: 'pics' });
    const made = await save(u, {
      type: 'feedback',
      content: 'Two screenshots of the crash',
      pics: keys.slice(0, 2),
      app_version: '1.4.2',
      device: 'Pixel 8 / Android 15',
    });
    expect(made.statusCode, made.body).toBe(200);
    const mine = (await view(u, 'type=feedback')).json();
    expect(mine.list[0]).toMatchObject({
      gbook_content: 'Two screenshots of the crash',
      pics: [`/media/${keys[0]}`, `/media/${keys[1]}`],
      gbook_app_version: '1.4.2',
      gbook_device: 'Pixel 8 / Android 15',
    });
    // Feedback is private: no list of it without a session, and another member sees only their own.
    expect((await view(undefined, 'type=feedback')).statusCode).toBe(401);
    expect((await view(other, 'type=feedback')).json().list).toEqual([]);
  });
});

describe('gbookHit', () => {
  it('counts one upvote per member; again answers "Do not repeat the operation"', async () => {
    const author = await makeUser(t);
    const r = await fileRequest(author, 'Upvote me');
    const voter = await makeUser(t);
    const hit = () => t.app.inject({ method: 'POST', url: `/api/gbook/${r.gbook_id}/hit`, headers: h(voter) });
    const first = await hit();
    expect(first.json().info).toEqual({ gbook_id: r.gbook_id, gbook_hits: 1 });
    const second = await hit();
    expect(second.statusCode).toBe(400);
    expect(second.json().msg).toBe('Do not repeat the operation');
    const listed = (await view(voter, `type=request&id=${r.gbook_id}`)).json().list[0];
    expect(listed).toMatchObject({ gbook_hits: 1, hit: true });
    expect((await view(author, `type=request&id=${r.gbook_id}`)).json().list[0].hit).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/gbook/999999/hit', headers: h(voter) })).statusCode).toBe(
      404,
    );
  });

  it('concurrent upvotes: one member counts once, different members each once', async () => {
    const author = await makeUser(t);
    const r = await fileRequest(author, 'Concurrent upvotes');
    const voter = await makeUser(t);
    const same = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/gbook/${r.gbook_id}/hit`,
          headers: h(voter),
          remoteAddress: nextIp(),
        }),
      ),
    );
    expect(same.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(same.filter((x) => x.statusCode === 400)).toHaveLength(29);
    const voters = await Promise.all(Array.from({ length: 12 }, () => makeUser(t)));
    const many = await Promise.all(
      voters.map((v) =>
        t.app.inject({ method: 'POST', url: `/api/gbook/${r.gbook_id}/hit`, headers: h(v), remoteAddress: nextIp() }),
      ),
    );
    expect(many.every((x) => x.statusCode === 200)).toBe(true);
    const [row] = await t.db.db.select().from(macGbook).where(eq(macGbook.gbook_id, r.gbook_id));
    expect(row?.gbook_hits).toBe(13);
  });
});

describe('console and badges', () => {
  it('resolving with a title and replying badge the author until they list their own', async () => {
    const u = await makeUser(t);
    const r = await fileRequest(u, 'Please add The Requested One');
    const fb = (await save(u, { type: 'feedback', content: 'Where is the download button?' })).json().info;
    const unread = async () => (await t.app.inject({ method: 'GET', url: '/api/gbook/unread', headers: h(u) })).json();
    expect(await unread()).toMatchObject({ request: 0, feedback: 0 });

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/gbook?type=request&state=requesting&wd=Requested',
      headers: admin,
    });
    expect(listed.json().list.map((i: { gbook_id: number }) => i.gbook_id)).toContain(r.gbook_id);
    expect(listed.json().list[0]).toMatchObject({ user_name: u.user.user_name });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/gbook' })).statusCode).toBe(401);

    const badVod = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gbook/${r.gbook_id}/resolve`,
      headers: admin,
      payload: { vod_id: 999999 },
    });
    expect(badVod.statusCode).toBe(404);
    const notRequest = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gbook/${fb.gbook_id}/resolve`,
      headers: admin,
      payload: { vod_id: vodId },
    });
    expect(notRequest.statusCode).toBe(400);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gbook/${r.gbook_id}/resolve`,
      headers: admin,
      payload: { vod_id: vodId },
    });
    expect(resolved.json().info).toMatchObject({
      gbook_state: 'resolved',
      vod_id: vodId,
      vod_name: 'The Requested One',
    });
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gbook/${fb.gbook_id}/reply`,
      headers: admin,
      payload: { reply: 'Top right of the title page' },
    });
    expect(replied.json().info).toMatchObject({ gbook_reply: 'Top right of the title page' });
    expect(await unread()).toMatchObject({ request: 1, feedback: 1 });
    // The community list and the request's page leave the mark to "My requests".
    const everyone = (await view(u, 'type=request')).json();
    expect(everyone.list.find((i: { gbook_id: number }) => i.gbook_id === r.gbook_id)).toMatchObject({ unread: false });
    expect((await view(u, `type=request&id=${r.gbook_id}`)).json().list[0]).toMatchObject({ unread: false });
    expect((await unread()).request).toBe(1);

    const mine = (await view(u, 'type=request&mine=1')).json();
    expect(mine.list[0]).toMatchObject({
      gbook_id: r.gbook_id,
      unread: true,
      gbook_state: 'resolved',
      vod_name: 'The Requested One',
    });
    expect((await unread()).request).toBe(0);
    expect((await view(u, 'type=request&mine=1')).json().list[0].unread).toBe(false);
    const fbs = (await view(u, 'type=feedback')).json();
    expect(fbs.list[0]).toMatchObject({ gbook_reply: 'Top right of the title page', unread: true });
    expect((await unread()).feedback).toBe(0);

    // Resolved ones filter as such; a hidden request leaves the public list, not its author's.
    expect(
      (await view(undefined, 'type=request&state=resolved')).json().list.map((i: { gbook_id: number }) => i.gbook_id),
    ).toContain(r.gbook_id);
    expect(
      (await view(undefined, 'type=request&state=requesting')).json().list.map((i: { gbook_id: number }) => i.gbook_id),
    ).not.toContain(r.gbook_id);
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/admin/gbook/${r.gbook_id}/status`,
      headers: admin,
      payload: { status: 0 },
    });
    expect(hidden.json().info.gbook_status).toBe(0);
    expect((await view(undefined, `type=request&id=${r.gbook_id}`)).statusCode).toBe(404);
    expect((await view(u, 'type=request&mine=1')).json().list[0].gbook_id).toBe(r.gbook_id);
  });

  it('keeps script payloads as plain text (escaped where shown)', async () => {
    const u = await makeUser(t);
    const payload = '<img src=x onerror="window.__xss=1">';
    const r = await fileRequest(u, payload, { actor: payload });
    const got = (await view(undefined, `type=request&id=${r.gbook_id}`)).json().list[0];
    expect(got.gbook_title).toBe(payload);
    expect(got.gbook_actor).toBe(payload);
  });
});

describe('account deletion', () => {
  it("anonymises the member's requests and feedback in the deletion transaction", async () => {
    const u = await makeUser(t);
    const r = await fileRequest(u, 'Anonymise this request');
    const form = formFile(
      'file',
      'a.png',
      'image/png',
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/gbook/upload',
      headers: { ...h(u), ...form.headers },
      payload: form.payload,
    });
    const key = up.json().info.key as string;
    expect(
      (await save(u, { type: 'feedback', content: 'Feedback of a leaving member', pics: [key], device: 'Phone X' }))
        .statusCode,
    ).toBe(200);
    await requestDeletion(t.db.db, u.user.user_id, { now: new Date(Date.now() - 10 * 86_400_000) });
    expect(await processDeletions(t.db.db, new Date(), { handlers: t.app.services.accounts.deletionHandlers })).toBe(1);

    const rows = await t.db.db.select().from(macGbook).where(eq(macGbook.gbook_name, u.user.user_name));
    expect(rows).toHaveLength(0);
    const [req] = await t.db.db.select().from(macGbook).where(eq(macGbook.gbook_id, r.gbook_id));
    expect(req).toMatchObject({ user_id: 0, gbook_name: '', gbook_ip: '', gbook_title: 'Anonymise this request' });
    const [fbRow] = await t.db.db
      .select()
      .from(macGbook)
      .where(eq(macGbook.gbook_content, 'Feedback of a leaving member'));
    expect(fbRow).toMatchObject({ user_id: 0, gbook_pics: [], gbook_device: '' });
    expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
  });
});
