/**
 * Viewer catalogue routes (spec §7 "Content"): getType, data, dataWithType, getHome, getDetail, hits, getHitsList,
 * score, suggest, hotSearch, topicView, topicViewWithVodDetail, getDayCover; getRelated (the title page's related
 * titles, an OpenVod addition).
 *
 * getType and getDetail read the optional `authorcode` for the caller's group rights (guests otherwise, never 401);
 * getDetail withholds play addresses until the caller has taken a view (`play_locked`, the quotas module's gate);
 * score needs a signed-in user (401 without).
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { ContentService } from './content.service.ts';

export function contentRoutes(
  app: FastifyInstance,
  content: ContentService,
  /**
   * Signs the server's own media addresses in a response text and answers its UTF-8 bytes (media/signed-urls.ts
   * `signTextBytes`); the bytes of the text as it is without.
   */
  signMedia: (text: string) => Promise<Buffer | string> = async (text) => text,
) {
  defineRoute(app, 'getType', async ({ req }) => content.typeList(await content.groupOf(req.client.authorcode)));
  defineRoute(app, 'data', async ({ query }) => content.data(query));
  defineRoute(app, 'dataWithType', async ({ query }) => content.dataWithType(query));
  defineRoute(app, 'getHome', async () => content.home());
  // The play addresses of the server's own media are signed and expire (media/signed-urls.ts).
  defineRoute(app, 'getDetail', async ({ params, req }) => {
    const { raw } = await content.detail(params.id, await content.callerOf(req.client.authorcode));
    return { raw: await signMedia(raw) };
  });
  // A view count is a write anyone can call: throttle per client so counts cannot be pumped.
  defineRoute(app, 'hits', async ({ params }) => ({ code: 1, msg: 'ok', vod_hits: await content.hit(params.id) }), {
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });
  defineRoute(app, 'getRelated', async ({ params, query }) => content.related(params.id, query.limit));
  defineRoute(app, 'getHitsList', async ({ query }) => content.hitsList(query));
  defineRoute(
    app,
    'score',
    async ({ params, query, req }) => content.score(params.id, currentUser(req).user_id, query.score),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'suggest', async ({ query }) => content.suggest(query));
  defineRoute(app, 'hotSearch', async () => content.hotSearch());
  defineRoute(app, 'topicView', async ({ query }) => content.topics(query));
  defineRoute(app, 'topicViewWithVodDetail', async ({ params }) => content.topic(params.id));
  defineRoute(app, 'getDayCover', async () => content.dayCover());
}
