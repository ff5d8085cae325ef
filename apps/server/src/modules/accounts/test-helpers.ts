/** Helpers of the accounts tests: users made straight through the service, multipart bodies, test images. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { macUser } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { createSession, registerUser, type UserRow } from './accounts.service.ts';

let ipCounter = 0;
/** A fresh client address per call, so per-IP limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter++;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export interface TestUser {
  user: UserRow;
  token: string;
  headers: Record<string, string>;
}

/** Register a member through the service (password "abc123" unless given) and sign it in. */
export async function makeUser(
  t: TestApp,
  opts: {
    user_name?: string;
    password?: string;
    phone?: string;
    group_id?: number;
    user_end_time?: number;
    user_status?: number;
    invitation_code?: string;
  } = {},
): Promise<TestUser> {
  const db = t.db.db;
  let user = await db.transaction((tx) =>
    registerUser(tx, {
      user_name: opts.user_name,
      password: opts.password ?? 'abc123',
      phone: opts.phone,
      invitation_code: opts.invitation_code,
      ip: nextIp(),
    }),
  );
  const set: Partial<typeof macUser.$inferInsert> = {};
  if (opts.group_id !== undefined) set.group_id = opts.group_id;
  if (opts.user_end_time !== undefined) set.user_end_time = opts.user_end_time;
  if (opts.user_status !== undefined) set.user_status = opts.user_status;
  if (Object.keys(set).length) {
    [user] = (await db.update(macUser).set(set).where(eq(macUser.user_id, user.user_id)).returning()) as [UserRow];
  }
  const token = await createSession(db, user.user_id, 'test-device');
  return { user, token, headers: { authorcode: token } };
}

/** A new session for an existing user. */
export async function signIn(t: TestApp, userId: number): Promise<Record<string, string>> {
  return { authorcode: await createSession(t.db.db, userId, 'test-device') };
}

/** A multipart/form-data body with one file part. */
export function formFile(
  field: string,
  filename: string,
  contentType: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----openvod${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A solid-colour test image. */
export function image(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();
}

export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);
