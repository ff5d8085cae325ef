/**
 * The signed-in fast path (session-cache.ts): a session's caller is read once and then served from memory, and
 * the changes that matter drop it at once: a logout, a console edit of the user, a deletion, a VIP end passing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macUser, userSession } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { SessionCache } from './session-cache.ts';
import { makeUser, signIn, unixSeconds } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const caller = (token: string) => t.app.services.accounts.caller(token);
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (err: { status?: number }) => err.status,
  );

describe('SessionCache', () => {
  const entry = { user_id: 7, group_id: 2, user_end_time: 0, expires_at: 10_000 };

  it('serves an entry until its session ends, then forgets it', () => {
    const cache = new SessionCache();
    cache.set('h', entry);
    expect(cache.get('h', 9_999)).toEqual(entry);
    expect(cache.get('h', 10_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not serve a VIP past its end (the database expires it)', () => {
    const cache = new SessionCache();
    cache.set('h', { ...entry, group_id: 3, user_end_time: 5, expires_at: 60_000 });
    expect(cache.get('h', 4_000)?.group_id).toBe(3);
    expect(cache.get('h', 5_001)).toBeUndefined();
  });

  it('drops every session of a user and does not cache that user again for a while', () => {
    const cache = new SessionCache();
    cache.set('a', entry);
    cache.set('b', entry);
    cache.set('c', { ...entry, user_id: 8 });
    cache.forgetUser(7);
    expect([cache.get('a', 0), cache.get('b', 0)]).toEqual([undefined, undefined]);
    expect(cache.get('c', 0)?.user_id).toBe(8);
    // Published inside a transaction that has not committed yet: a read in between must not be cached.
    cache.set('a', entry);
    expect(cache.get('a', 0)).toBeUndefined();
  });
});

describe('AccountsService.caller', () => {
  it('reads a session once, then serves it without the database', async () => {
    const { user } = await makeUser(t);
    const authorcode = (await signIn(t, user.user_id)).authorcode as string;
    expect(await caller(authorcode)).toMatchObject({ user_id: user.user_id, group_id: 2 });
    // The row goes behind the cache's back: the cached caller still answers (no query was made).
    await t.db.db.update(macUser).set({ group_id: 3 }).where(eq(macUser.user_id, user.user_id));
    expect((await caller(authorcode)).group_id).toBe(2);
    // authenticate (routes that act on the account) always reads the database.
    expect((await t.app.services.accounts.authenticate(authorcode)).group_id).toBe(3);
  });

  it('honours a logout at once', async () => {
    const { user } = await makeUser(t);
    const authorcode = (await signIn(t, user.user_id)).authorcode as string;
    await caller(authorcode);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/logout', headers: { authorcode } });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(caller(authorcode))).toBe(401);
  });

  it("honours the console's edit of a user's group and status at once", async () => {
    const { user } = await makeUser(t);
    const authorcode = (await signIn(t, user.user_id)).authorcode as string;
    await caller(authorcode);
    const headers = await t.adminHeaders();
    const inFuture = unixSeconds(new Date()) + 86400;
    const edit = (payload: Record<string, number>) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/users/${user.user_id}`, headers, payload });
    expect((await edit({ group_id: 3, user_end_time: inFuture })).statusCode).toBe(200);
    expect((await caller(authorcode)).group_id).toBe(3);
    expect((await edit({ user_status: 0 })).statusCode).toBe(200);
    expect(await statusOf(caller(authorcode))).toBe(401);
  });

  it('reads a VIP again once the VIP end has passed, and finds the member group', async () => {
    const accounts = t.app.services.accounts;
    const now = new Date();
    const { user } = await makeUser(t, { group_id: 3, user_end_time: unixSeconds(now) + 60 });
    const authorcode = (await signIn(t, user.user_id)).authorcode as string;
    expect((await caller(authorcode)).group_id).toBe(3);
    accounts.now = () => new Date(now.getTime() + 120_000);
    try {
      expect((await caller(authorcode)).group_id).toBe(2);
    } finally {
      accounts.now = () => new Date();
    }
  });

  it('refuses an unknown, missing or ended session as authenticate does', async () => {
    expect(await statusOf(caller(''))).toBe(401);
    expect(await statusOf(caller('no-such-token'))).toBe(401);
    const { user } = await makeUser(t);
    const authorcode = (await signIn(t, user.user_id)).authorcode as string;
    await t.db.db.update(userSession).set({ expires_at: new Date(Date.now() - 1000) });
    expect(await statusOf(caller(authorcode))).toBe(401);
  });
});
