/**
 * The media module: the server's own media folder served at /media/ (media.routes.ts) behind signed, expiring
 * addresses for video (signed-urls.ts; the signer itself is made by app.ts before Fastify, whose rewriteUrl takes the
 * tokens off, and decorated as `app.mediaSigner`), and ffmpeg discovery (ffmpeg.ts). Its plugin creates the media
 * folder and registers the /media/ routes; it has no service. Shape of a module: core/module.ts.
 *
 * Its public surface for other modules (DESIGN.md §1; enforced by .dependency-cruiser.cjs): besides its *.service.ts
 * files, only what is exported here may be imported from outside the module.
 */
import fs from 'node:fs';
import { defineModule } from '../../core/module.ts';
import { mediaRoutes } from './media.routes.ts';

export { findFfmpeg, listFfmpegFilters, runFfmpeg } from './ffmpeg.ts';
export { MediaSigner } from './signed-urls.ts';

export const mediaModule = defineModule('media', [], async (app, ctx) => {
  fs.mkdirSync(ctx.mediaDir, { recursive: true });
  await mediaRoutes(app, { mediaDir: ctx.mediaDir, storage: ctx.storage });
});
