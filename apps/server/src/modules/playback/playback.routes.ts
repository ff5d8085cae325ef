/**
 * Playback routes: getJsonRealPath (GET, and POST with an encrypted body when the operator turned encryption on;
 * 60 a minute per client, it makes an outgoing request), ajaxUlog (signed-in; 240 a minute: the player syncs its
 * watch record), plays, favs and downs (signed-in; issue 7 item 1).
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { PlaybackService } from './playback.service.ts';

export function playbackRoutes(app: FastifyInstance, playback: PlaybackService) {
  const realPathLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  defineRoute(app, 'getJsonRealPath', async ({ query }) => playback.realPath(query), realPathLimit);
  defineRoute(app, 'getJsonRealPathPost', async ({ body }) => playback.realPath(body), realPathLimit);
  defineRoute(app, 'ajaxUlog', async ({ query, req }) => playback.ulog(currentUser(req), query), {
    rateLimit: { max: 240, timeWindow: '1 minute' },
  });
  defineRoute(app, 'plays', async ({ query, req }) => playback.plays(currentUser(req), query.page, query.limit));
  defineRoute(app, 'favs', async ({ query, req }) =>
    playback.favs(currentUser(req), query.mid, query.page, query.limit),
  );
  defineRoute(app, 'downs', async ({ query, req }) =>
    playback.downs(currentUser(req), query.mid, query.page, query.limit),
  );
}
