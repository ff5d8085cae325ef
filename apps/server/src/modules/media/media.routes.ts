/**
 * The media folder at /media/ (DATA_DIR/media by default): media files only (no pid files, manifests or temporary
 * files: 404); video files need a signed, unexpired address (403 otherwise), pictures and ads are public
 * (signed-urls.ts). Uploaded files (avatars) come from the storage port (core/storage.ts: the media folder, or an
 * S3 bucket every process shares); a storage that cannot be read answers 503 storage_unavailable.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@openvod/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, forbidden, notFound } from '../../core/errors.ts';
import type { FileStorage } from '../../core/storage.ts';
import { mediaKind } from './signed-urls.ts';

export async function mediaRoutes(app: FastifyInstance, opts: { mediaDir: string; storage: FileStorage }) {
  const { mediaDir, storage } = opts;
  await app.register(async (media) => {
    media.addHook('onRequest', async (req) => {
      let rel: string;
      try {
        rel = decodeURIComponent((req.url.split('?')[0] ?? '').slice('/media/'.length));
      } catch {
        throw notFound();
      }
      const kind = mediaKind(rel);
      if (kind === 'none') throw notFound();
      if (kind === 'signed' && !(await app.mediaSigner.verify(req.raw as never))) throw forbidden();
    });
    // Uploaded and drawn files come from the storage port (the media folder, or an S3 bucket every process
    // shares): avatars (modules/accounts), posters, identity QRs and poster backgrounds (modules/poster), feedback
    // screenshots (modules/gbook).
    media.get('/media/:folder(^avatars$|^posters$|^gbook$)/:file', { schema: { hide: true } }, async (req, reply) => {
      const { folder, file } = req.params as { folder: string; file: string };
      let obj: Awaited<ReturnType<FileStorage['get']>>;
      try {
        obj = await storage.get(`${folder}/${file}`);
      } catch (err) {
        req.log.warn({ err }, 'storage read failed');
        throw new AppError(503, ErrorCode.internal, 'storage_unavailable');
      }
      if (!obj) throw notFound();
      reply
        .type(obj.contentType)
        .header('cache-control', 'public, max-age=3600')
        .header('access-control-allow-origin', '*');
      if (obj.length !== undefined) reply.header('content-length', obj.length);
      return reply.send(obj.body);
    });
    await media.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      acceptRanges: true,
      // The demo's file list (demo/demo-media.ts) is the server's own bookkeeping: it would list every media file.
      allowedPath: (pathName) => path.basename(pathName) !== 'manifest.json',
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.endsWith('.m3u8')) res.header('content-type', 'application/vnd.apple.mpegurl');
        else if (file.endsWith('.ts')) res.header('content-type', 'video/mp2t');
        // Live playlists (demo/live-demo.ts) change every segment: never serve them from a cache.
        if (file.endsWith('.m3u8') && path.relative(mediaDir, file).startsWith(`live${path.sep}`)) {
          res.header('cache-control', 'no-cache');
        }
        res.header('access-control-allow-origin', '*');
      },
    });
  });
}
