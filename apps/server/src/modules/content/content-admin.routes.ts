/**
 * Console catalogue routes (issue 4 item 6), all behind the admin guard (`authorcode` console session, 401 without):
 * topics CRUD, catalogue settings (special category ids, hot search words, rights of new categories), the player
 * table and day covers. See
 * content-admin.service.ts for the rules and errors.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import type { ContentAdminService } from './content-admin.service.ts';

export function contentAdminRoutes(app: FastifyInstance, svc: ContentAdminService) {
  const ok = { code: 1 as const, msg: 'ok' };
  defineRoute(app, 'adminListTopics', async () => ({ ...ok, list: await svc.listTopics() }));
  defineRoute(app, 'adminCreateTopic', async ({ body }) => ({ ...ok, info: await svc.createTopic(body) }));
  defineRoute(app, 'adminUpdateTopic', async ({ params, body }) => ({
    ...ok,
    info: await svc.updateTopic(params.id, body),
  }));
  defineRoute(app, 'adminDeleteTopic', async ({ params }) => {
    await svc.deleteTopic(params.id);
    return ok;
  });
  defineRoute(app, 'adminGetCatalogueSettings', async () => ({ ...ok, info: await svc.settings() }));
  defineRoute(app, 'adminUpdateCatalogueSettings', async ({ body }) => ({
    ...ok,
    info: await svc.updateSettings(body),
  }));
  defineRoute(app, 'adminListPlayers', async () => ({ ...ok, list: await svc.listPlayers() }));
  defineRoute(app, 'adminSavePlayer', async ({ params, body }) => ({
    ...ok,
    info: await svc.savePlayer(params.from, body),
  }));
  defineRoute(app, 'adminDeletePlayer', async ({ params }) => {
    await svc.deletePlayer(params.from);
    return ok;
  });
  defineRoute(app, 'adminListDayCovers', async () => ({ ...ok, list: await svc.listDayCovers(), today: svc.today() }));
  defineRoute(app, 'adminSetDayCover', async ({ params, body }) => {
    await svc.setDayCover(params.date, body);
    return ok;
  });
  defineRoute(app, 'adminDeleteDayCover', async ({ params }) => {
    await svc.deleteDayCover(params.date);
    return ok;
  });
}
