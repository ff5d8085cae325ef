/** Helpers of the billing tests: many users at once, buying and paying an order through the routes. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { macUser } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { createSession } from '../accounts/accounts.service.ts';
import { nextIp } from '../accounts/test-helpers.ts';

export { nextIp };

/** `n` members inserted in one statement (no password hashing) and signed in. */
export async function makeUsers(t: TestApp, n: number, set: Partial<typeof macUser.$inferInsert> = {}) {
  const rows = await t.db.db
    .insert(macUser)
    .values(
      Array.from({ length: n }, () => {
        const id = randomBytes(6).toString('hex');
        return { user_name: `b_${id}`, user_invite_code: id.slice(0, 10).toUpperCase(), ...set };
      }),
    )
    .returning();
  return Promise.all(
    rows.map(async (user) => ({ user, headers: { authorcode: await createSession(t.db.db, user.user_id, 'dev') } })),
  );
}

export async function makeMember(t: TestApp, set: Partial<typeof macUser.$inferInsert> = {}) {
  const [u] = await makeUsers(t, 1, set);
  return u as NonNullable<typeof u>;
}

/** buy a plan with the fake channel; returns the order code. */
export async function buyFake(t: TestApp, headers: Record<string, string>, long = 'month', group_id = 3) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/billing/buy',
    headers,
    payload: { group_id, long, channel: 'fake' },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info.order_code as string;
}

/** gopay at the fake channel (opens the fake trade). */
export async function openFake(t: TestApp, headers: Record<string, string>, code: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/billing/gopay',
    headers,
    payload: { order_code: code, scene: 'h5' },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
