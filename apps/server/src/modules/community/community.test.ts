/**
 * The community's safety layer (community.service.ts): guardWrite's refusals in their order (tourist, guest, muted,
 * comments off, frequency per user and per address, repeat), the word filter, the console's settings and mutes
 * (adminGetCommunitySettings, adminUpdateCommunitySettings, adminListCommunityMutes, adminMuteUser,
 * adminUnmuteUser) and the deletion handler. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.ts';
import { t as message } from '../../core/i18n/messages.ts';
import { communityMute, macUser } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp } from '../accounts/test-helpers.ts';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
});
afterAll(async () => {
  await t?.close();
});

const settings = (patch: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/community/settings', headers: admin, payload: patch });

beforeEach(async () => {
  const res = await settings({
    review_first: false,
    user_per_minute: 5,
    ip_per_minute: 30,
    repeat_window_s: 600,
    words: [],
  });
  expect(res.statusCode, res.body).toBe(200);
});

/** The AppError guardWrite throws (status and message key), or 'passed'. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'passed';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.key}`;
    throw err;
  }
}

describe('guardWrite', () => {
  it('refuses a tourist with 401 and a device guest with 403 (a 401 would end its session)', async () => {
    const svc = t.app.services.community;
    expect(await refusal(svc.guardWrite({ user: null, ip: nextIp(), kind: 'comment', texts: ['hi'] }))).toBe(
      '401 unauthorized',
    );
    const guest = await makeUser(t, { user_name: 'ab12cd34' });
    const [row] = await t.db.db
      .update(macUser)
      .set({ imei: 'ab12cd34ef567890' })
      .where(eq(macUser.user_id, guest.user.user_id))
      .returning();
    expect(await refusal(svc.guardWrite({ user: row ?? null, ip: nextIp(), kind: 'request', texts: ['x'] }))).toBe(
      '403 unauthorized',
    );
  });

  it('filters the word list (case-insensitive, longest first) into ***', async () => {
    await settings({ words: ['spam', 'Spammer', '广告'] });
    const u = await makeUser(t);
    const [a, b] = await t.app.services.community.guardWrite({
      user: u.user,
      ip: nextIp(),
      kind: 'comment',
      texts: ['a SPAMMER sells spam', '加我看广告 (a.b)'],
    });
    expect(a).toBe('a *** sells ***');
    expect(b).toBe('加我看*** (a.b)');
    expect(await t.app.services.community.filter('regex chars .* stay')).toBe('regex chars .* stay');
  });

  it('answers 429 past the per-user limit of a kind, counting each kind apart', async () => {
    await settings({ user_per_minute: 3 });
    const u = await makeUser(t);
    const svc = t.app.services.community;
    for (let i = 0; i < 3; i++) {
      expect(await refusal(svc.guardWrite({ user: u.user, ip: nextIp(), kind: 'comment', texts: [`c${i}`] }))).toBe(
        'passed',
      );
    }
    expect(await refusal(svc.guardWrite({ user: u.user, ip: nextIp(), kind: 'comment', texts: ['c9'] }))).toBe(
      '429 rate_limited',
    );
    expect(await refusal(svc.guardWrite({ user: u.user, ip: nextIp(), kind: 'report', texts: ['r'] }))).toBe('passed');
    expect(message('en-us', 'rate_limited')).toBe('Please do not operate frequently');
  });

  it('answers 429 past the per-address limit, whoever writes', async () => {
    await settings({ ip_per_minute: 2 });
    const ip = nextIp();
    const svc = t.app.services.community;
    const results: string[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await makeUser(t);
      results.push(await refusal(svc.guardWrite({ user: u.user, ip, kind: 'feedback', texts: [`f${i}`] })));
    }
    expect(results).toEqual(['passed', 'passed', '429 rate_limited']);
  });

  it("answers 400 'Do not repeat the operation' to the same text within the window, not after", async () => {
    const u = await makeUser(t);
    const svc = t.app.services.community;
    const write = (text: string) =>
      refusal(svc.guardWrite({ user: u.user, ip: nextIp(), kind: 'comment', texts: [text] }));
    expect(await write('Great film')).toBe('passed');
    expect(await write('  great   FILM ')).toBe('400 conflict');
    expect(await write('Another one')).toBe('passed');
    expect(message('en-us', 'conflict')).toBe('Do not repeat the operation');
    await settings({ repeat_window_s: 0 });
    expect(await write('Another one')).toBe('passed');
  });

  it('refuses comments while comment_status is 0, other kinds still pass', async () => {
    const u = await makeUser(t);
    const svc = t.app.services.community;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: admin,
      payload: { comment_status: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    try {
      expect(await refusal(svc.guardWrite({ user: u.user, ip: nextIp(), kind: 'comment', texts: ['x'] }))).toBe(
        '403 comment_closed',
      );
      expect(await refusal(svc.guardWrite({ user: u.user, ip: nextIp(), kind: 'request', texts: ['x'] }))).toBe(
        'passed',
      );
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: '/api/admin/app-config',
        headers: admin,
        payload: { comment_status: 1 },
      });
    }
  });
});

describe('console: settings and mutes', () => {
  it('validates the settings and de-duplicates the word list', async () => {
    const bad = await settings({ user_per_minute: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('user_per_minute');
    const res = await settings({ words: ['Bad', 'bad', 'worse'], review_first: true });
    expect(res.json().info).toMatchObject({ words: ['Bad', 'worse'], review_first: true, user_per_minute: 5 });
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/community/settings', headers: admin });
    expect(read.json().info.words).toEqual(['Bad', 'worse']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/community/settings' })).statusCode).toBe(401);
  });

  it('mutes for some days or until unmuted; a muted user cannot write', async () => {
    const u = await makeUser(t);
    const svc = t.app.services.community;
    const mute = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/community/mutes/${u.user.user_id}`,
      headers: admin,
      payload: { reason: 'spam', days: 3 },
    });
    expect(mute.statusCode, mute.body).toBe(200);
    expect(mute.json().info).toMatchObject({ user_id: u.user.user_id, reason: 'spam' });
    const until = Date.parse(mute.json().info.until);
    expect(until - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(await refusal(svc.guardWrite({ user: u.user, ip: nextIp(), kind: 'comment', texts: ['x'] }))).toBe(
      '403 community_muted',
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/community/mutes', headers: admin });
    expect(list.json().list.map((m: { user_id: number }) => m.user_id)).toContain(u.user.user_id);
    // An expired mute no longer applies.
    await t.db.db
      .update(communityMute)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(communityMute.user_id, u.user.user_id));
    expect(await svc.isMuted(u.user.user_id)).toBe(false);
    // Until unmuted.
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/community/mutes/${u.user.user_id}`,
      headers: admin,
      payload: {},
    });
    expect(await svc.isMuted(u.user.user_id)).toBe(true);
    const un = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/community/mutes/${u.user.user_id}`,
      headers: admin,
    });
    expect(un.statusCode).toBe(200);
    expect(await refusal(svc.guardWrite({ user: u.user, ip: nextIp(), kind: 'comment', texts: ['y'] }))).toBe('passed');
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/community/mutes/999999',
      headers: { ...admin, 'accept-language': 'en-us' },
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("the deletion handler forgets the user's mute in the deletion transaction", async () => {
    const u = await makeUser(t);
    await t.app.services.community.mute(u.user.user_id, 'x');
    await t.db.db.transaction((tx) => t.app.events.emit('user.deleted', { tx, user: u.user, now: new Date() }));
    expect(await t.app.services.community.isMuted(u.user.user_id)).toBe(false);
  });
});
