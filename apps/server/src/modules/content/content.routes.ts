/** Viewer catalogue routes: getType, data, dataWithType, getHome, getDetail, hits (spec §7 "Content"). */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/routes.ts';
import type { ContentService } from './content.service.ts';

export function contentRoutes(app: FastifyInstance, content: ContentService) {
  defineRoute(app, 'getType', async () => content.typeList());
  defineRoute(app, 'data', async ({ query }) => content.data(query));
  defineRoute(app, 'dataWithType', async ({ query }) => content.dataWithType(query));
  defineRoute(app, 'getHome', async () => content.home());
  defineRoute(app, 'getDetail', async ({ params }) => content.detail(params.id));
  // A view count is a write anyone can call: throttle per client so counts cannot be pumped.
  defineRoute(
    app,
    'hits',
    async ({ params }) => ({ code: 1, msg: 'ok', vod_hits: await content.hit(params.id) }),
    undefined,
    {
      rateLimit: { max: 60, timeWindow: '1 minute' },
    },
  );
}
