/**
 * Likes under concurrency, on PostgreSQL only (a `.pg.test.ts`, run by the DATABASE_URL pass of vitest.config.ts;
 * PGlite runs one transaction at a time): 100 concurrent likes of one comment by one user count once; 100 by different users count 100.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macComment, macCommentDigg, macVod } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { makeUsers } from '../billing/test-helpers.ts';

let t: TestApp;
let author: TestUser;
let commentId: number;

describe('commentDigg concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const [vod] = await t.db.db
      .insert(macVod)
      .values({ vod_name: 'Concurrency title', type_id: 1, type_id_1: 0 })
      .returning({ vod_id: macVod.vod_id });
    author = await makeUser(t, { user_name: 'author_cc' });
    const [c] = await t.db.db
      .insert(macComment)
      .values({ comment_rid: vod?.vod_id ?? 0, user_id: author.user.user_id, comment_content: 'like me' })
      .returning();
    commentId = c?.comment_id ?? 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  const like = (headers: Record<string, string>) =>
    t.app.inject({ url: `/api/comments/${commentId}/digg`, headers, remoteAddress: nextIp() });

  it('100 concurrent likes by one user count once', async () => {
    const res = await Promise.all(Array.from({ length: 100 }, () => like(author.headers)));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => r.statusCode === 400)).toHaveLength(99);
    const [row] = await t.db.db.select().from(macComment).where(eq(macComment.comment_id, commentId));
    expect(row?.comment_up).toBe(1);
  });

  it('100 concurrent likes by different users count 100', async () => {
    const users = await makeUsers(t, 100);
    const res = await Promise.all(users.map((u) => like(u.headers)));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.db.select().from(macComment).where(eq(macComment.comment_id, commentId));
    expect(row?.comment_up).toBe(101);
    const rows = await t.db.db.select().from(macCommentDigg).where(eq(macCommentDigg.comment_id, commentId));
    expect(rows).toHaveLength(101);
  });
});
