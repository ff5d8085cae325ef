/**
 * Viewer account routes (issue 3; operationIds of shared/spec/calls.md "accounts" rows): regCheck, reg, login,
 * checkLogin, userInfo, updateInfo, portrait, keepAlive, logout, deleteAccount. The phone, code, oauth and app-config
 * calls live in their own modules. `auth: 'user'` endpoints are guarded by core/auth.ts `requireUser`, which runs
 * the viewer authenticator registered below.
 *
 * Rate limits: login 30/min per IP plus 10 failures per 15 min per user name and address, then 429 for that address
 * (a name guessed at from many addresses is slowed down, never closed to its owner: limits.ts LoginGuard), reg
 * 20/min per IP plus the operator's daily cap per IP, regCheck 60/min per IP.
 */

import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { setAuthenticator } from '../../core/auth.ts';
import { badRequest } from '../../core/errors.ts';
import { t } from '../../core/i18n/messages.ts';
import { defineRoute } from '../../core/routes.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { type AccountsService, clientContext, currentUser } from './accounts.service.ts';

/** Largest avatar upload accepted (bytes). */
export const PORTRAIT_MAX_BYTES = 2 * 1024 * 1024;
/** Side of the stored square avatar (pixels). */
export const PORTRAIT_SIZE = 256;

/** The image type of an upload by its first bytes (never by its name or declared type), or null. */
export function sniffImage(buf: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/**
 * Re-encode an uploaded avatar: EXIF orientation applied, centre-cropped to 256x256, flattened on white, JPEG
 * quality 85, metadata dropped. 400 portrait_type for anything but JPEG/PNG/WebP, portrait_invalid when it does not
 * decode.
 */
export async function reencodePortrait(buf: Buffer): Promise<Buffer> {
  if (!sniffImage(buf)) throw badRequest('portrait_type', {}, 'file');
  try {
    return await (await loadSharp())(buf, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PORTRAIT_SIZE, PORTRAIT_SIZE, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest('portrait_invalid', {}, 'file');
  }
}

async function readPortrait(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('portrait_missing', {}, 'file');
  const part = await req.file({ limits: { fileSize: PORTRAIT_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== 'file') throw badRequest('portrait_missing', {}, 'file');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest('portrait_too_large', { max: PORTRAIT_MAX_BYTES / 1024 / 1024 }, 'file');
    }
    throw err;
  }
}

const ok = { code: 1 as const, msg: 'ok' };
const clientOf = clientContext;

/** Register the viewer account routes (in their own scope: the multipart parser stays local to it). */
export async function accountsRoutes(app: FastifyInstance, accounts: AccountsService) {
  // The viewer authenticator that `requireUser` (core/auth.ts) runs for every `auth: 'user'` endpoint: `req.user`
  // from the `authorcode` session; 401 without a valid one, 403 for a disabled account, expired VIPs moved back.
  setAuthenticator(app, 'user', async (req) => {
    req.user = await accounts.authenticate(req.client.authorcode);
  });
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: PORTRAIT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });

    defineRoute(
      scope,
      'regCheck',
      async ({ body, req }) => {
        const exists = await accounts.nameExists(body.str);
        return exists
          ? { code: 2 as const, msg: t(req.locale, 'user_name_taken'), exists }
          : { code: 1 as const, msg: t(req.locale, 'user_name_free'), exists };
      },
      { rateLimit: { max: 60, timeWindow: '1 minute' } },
    );
    defineRoute(scope, 'reg', async ({ body, req }) => ({ ...ok, ...(await accounts.register(body, clientOf(req))) }), {
      rateLimit: { max: 20, timeWindow: '1 minute' },
    });
    defineRoute(scope, 'login', async ({ body, req }) => ({ ...ok, ...(await accounts.login(body, clientOf(req))) }), {
      rateLimit: { max: 30, timeWindow: '1 minute' },
    });
    defineRoute(scope, 'checkLogin', async ({ req }) => ({ ...ok, info: await accounts.info(currentUser(req)) }));
    defineRoute(scope, 'userInfo', async ({ req }) => ({ ...ok, info: await accounts.info(currentUser(req)) }));
    defineRoute(scope, 'updateInfo', async ({ body, req }) => ({
      ...ok,
      info: await accounts.updateInfo(currentUser(req), body),
    }));
    defineRoute(
      scope,
      'portrait',
      async ({ req }) => {
        const user = currentUser(req);
        const jpeg = await reencodePortrait(await readPortrait(req));
        return { ...ok, info: await accounts.setPortrait(user, jpeg) };
      },
      { bodyLimit: PORTRAIT_MAX_BYTES + 64 * 1024, rateLimit: { max: 20, timeWindow: '1 minute' } },
    );
    defineRoute(scope, 'keepAlive', async ({ req }) => {
      const r = await accounts.keepAlive(currentUser(req));
      const msg = r.alreadyIssued
        ? t(req.locale, 'keepalive_done')
        : r.point > 0
          ? t(req.locale, 'keepalive_rewarded', { points: r.point })
          : 'ok';
      return { code: 1 as const, msg, point: r.point, user_points: r.user_points };
    });
    defineRoute(scope, 'logout', async ({ req }) => {
      await accounts.logout(req.client.authorcode);
      return ok;
    });
    defineRoute(scope, 'deleteAccount', async ({ body, req }) => {
      const deletion = await accounts.deleteAccount(currentUser(req), body.cancel);
      return {
        code: 1 as const,
        msg: t(req.locale, body.cancel ? 'deletion_cancelled' : 'deletion_requested'),
        deletion,
      };
    });
  });
}
