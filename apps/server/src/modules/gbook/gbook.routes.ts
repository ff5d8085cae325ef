/**
 * Routes of movie requests and feedback (spec/calls.md "community" rows gbookView, gbookSave, gbookField, gbookHit;
 * the screenshot upload gbookUpload and the badge counts gbookUnread) and the console's requests and feedback
 * (adminGbookList, adminGbookResolve, adminGbookReply, adminGbookStatus). Rate limits per IP: gbookSave 20 a minute
 * (the safety layer adds its own per user and per IP), gbookField 30, gbookHit 60, gbookUpload 20.
 */
import multipart from '@fastify/multipart';
import { GBOOK_MAX_PICS, GBOOK_PIC_MAX_BYTES } from '@openvod/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/errors.ts';
import { defineRoute } from '../../core/routes.ts';
import { currentUser, type UserRow } from '../accounts/accounts.service.ts';
import type { GbookService } from './gbook.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

/** The uploaded screenshot (form field "file"); 400 gbook_pic_missing / gbook_pic_too_large. */
async function readScreenshot(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('gbook_pic_missing', {}, 'file');
  const part = await req.file({ limits: { fileSize: GBOOK_PIC_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== 'file') throw badRequest('gbook_pic_missing', {}, 'file');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest('gbook_pic_too_large', { max: GBOOK_PIC_MAX_BYTES / 1024 / 1024 }, 'file');
    }
    throw err;
  }
}

/** Register the gbook routes (in their own scope: the multipart parser stays local to it). */
export async function gbookRoutes(
  app: FastifyInstance,
  gbook: GbookService,
  authenticate: (token: string) => Promise<UserRow>,
) {
  /** The session's user when there is a valid one (gbookView is public), else undefined. */
  const optionalUser = async (token: string | undefined): Promise<UserRow | undefined> => {
    if (!token) return undefined;
    try {
      return await authenticate(token);
    } catch {
      return undefined;
    }
  };
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: GBOOK_PIC_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

    defineRoute(scope, 'gbookView', async ({ query, req }) =>
      gbook.view(await optionalUser(req.client.authorcode), query),
    );
    defineRoute(scope, 'gbookUnread', async ({ req }) => ({ ...ok, ...(await gbook.unread(currentUser(req))) }));
    defineRoute(
      scope,
      'gbookSave',
      async ({ body, req }) => ({ ...ok, info: await gbook.save(currentUser(req), req.ip, body) }),
      { rateLimit: { max: 20, timeWindow: '1 minute' } },
    );
    defineRoute(scope, 'gbookField', async ({ req }) => ({ ...ok, info: await gbook.field(currentUser(req)) }), {
      rateLimit: { max: 30, timeWindow: '1 minute' },
    });
    defineRoute(
      scope,
      'gbookHit',
      async ({ params, req }) => ({ ...ok, info: await gbook.hit(currentUser(req), params.id) }),
      { rateLimit: { max: 60, timeWindow: '1 minute' } },
    );
    defineRoute(
      scope,
      'gbookUpload',
      async ({ req }) => {
        const user = currentUser(req);
        return { ...ok, info: await gbook.upload(user, await readScreenshot(req)) };
      },
      {
        bodyLimit: GBOOK_PIC_MAX_BYTES + 64 * 1024,
        // A feedback carries GBOOK_MAX_PICS screenshots: room for a few feedbacks a minute.
        rateLimit: { max: GBOOK_MAX_PICS * 5, timeWindow: '1 minute' },
      },
    );

    defineRoute(scope, 'adminGbookList', async ({ query }) => ({ ...ok, ...(await gbook.adminList(query)) }));
    defineRoute(scope, 'adminGbookResolve', async ({ params, body }) => ({
      ...ok,
      info: await gbook.resolve(params.id, body.vod_id),
    }));
    defineRoute(scope, 'adminGbookReply', async ({ params, body }) => ({
      ...ok,
      info: await gbook.reply(params.id, body.reply),
    }));
    defineRoute(scope, 'adminGbookStatus', async ({ params, body }) => ({
      ...ok,
      info: await gbook.setStatus(params.id, body.status),
    }));
  });
}
