/**
 * Poster routes (spec/calls.md "promotion" rows createTempQrcode and createQrcode; the console's poster
 * background: adminGetPosterSettings, adminUploadPosterBackground, adminDeletePosterBackground). Rate limits per
 * IP: createTempQrcode 30 a minute, createQrcode 20 a minute (each may draw a picture), uploads 10 a minute.
 */
import multipart from '@fastify/multipart';
import { POSTER_BG_MAX_BYTES, TASK_POINT_HEADER } from '@openvod/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../core/errors.ts';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { PosterService } from './poster.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

/** The uploaded background (form field "file"); 400 poster_bg_missing / poster_bg_too_large. */
async function readBackground(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('poster_bg_missing', {}, 'file');
  const part = await req.file({ limits: { fileSize: POSTER_BG_MAX_BYTES, files: 1 } });
  if (part?.fieldname !== 'file') throw badRequest('poster_bg_missing', {}, 'file');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest('poster_bg_too_large', { max: POSTER_BG_MAX_BYTES / 1024 / 1024 }, 'file');
    }
    throw err;
  }
}

/** Send bytes that are not the JSON envelope (the route's schema describes them for the documentation only). */
function sendBytes(reply: FastifyReply, body: Buffer): never {
  void reply.send(body);
  return reply as never;
}

/** Register the poster routes (in their own scope: the multipart parser stays local to it). */
export async function posterRoutes(app: FastifyInstance, poster: PosterService) {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: POSTER_BG_MAX_BYTES, files: 1, fields: 2, parts: 3 } });

    defineRoute(
      scope,
      'createTempQrcode',
      async ({ query, req }) => ({ ...ok, info: await poster.picture(currentUser(req), query.type, req.locale) }),
      { rateLimit: { max: 30, timeWindow: '1 minute' } },
    );
    defineRoute(
      scope,
      'createQrcode',
      async ({ req, reply }) => {
        const { png, filename, point } = await poster.save(currentUser(req), req.locale);
        reply
          .type('image/png')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .header(TASK_POINT_HEADER, String(point));
        return sendBytes(reply, png);
      },
      { rateLimit: { max: 20, timeWindow: '1 minute' } },
    );

    defineRoute(scope, 'adminGetPosterSettings', async ({ req }) => ({
      ...ok,
      info: await poster.adminSettings(req.locale),
    }));
    defineRoute(
      scope,
      'adminUploadPosterBackground',
      async ({ req }) => {
        await poster.setBackground(await readBackground(req));
        return { ...ok, info: await poster.adminSettings(req.locale) };
      },
      { bodyLimit: POSTER_BG_MAX_BYTES + 64 * 1024, rateLimit: { max: 10, timeWindow: '1 minute' } },
    );
    defineRoute(scope, 'adminDeletePosterBackground', async ({ req }) => {
      await poster.removeBackground();
      return { ...ok, info: await poster.adminSettings(req.locale) };
    });
  });
}
