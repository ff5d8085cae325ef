/**
 * Console routes of titles and categories (spec/calls.md adminListVods ... adminSetTypeBinding), all behind the admin
 * guard (`auth: 'admin'` in the contract: the console session of `authorcode`, 401 without): titles, categories and
 * the collect feeds' category bindings. Rules and errors: titles-admin.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import type { TitlesAdminService } from './titles-admin.service.ts';

export function titlesAdminRoutes(app: FastifyInstance, titles: TitlesAdminService) {
  const ok = { code: 1 as const, msg: 'ok' };
  defineRoute(app, 'adminListVods', async ({ query }) => ({ ...ok, ...(await titles.listVods(query)) }));
  defineRoute(app, 'adminCreateVod', async ({ body }) => ({ ...ok, info: await titles.createVod(body) }));
  defineRoute(app, 'adminGetVod', async ({ params }) => ({ ...ok, info: await titles.getVod(params.id) }));
  defineRoute(app, 'adminUpdateVod', async ({ params, body }) => ({
    ...ok,
    info: await titles.updateVod(params.id, body),
  }));
  defineRoute(app, 'adminListTypes', async () => ({ ...ok, list: await titles.listTypes() }));
  defineRoute(app, 'adminCreateType', async ({ body }) => ({ ...ok, info: await titles.createType(body) }));
  defineRoute(app, 'adminUpdateType', async ({ params, body }) => ({
    ...ok,
    info: await titles.updateType(params.id, body),
  }));
  defineRoute(app, 'adminDeleteType', async ({ params }) => {
    await titles.deleteType(params.id);
    return ok;
  });
  defineRoute(app, 'adminListTypeBindings', async () => ({ ...ok, list: await titles.listBindings() }));
  defineRoute(app, 'adminSetTypeBinding', async ({ body }) => {
    await titles.setBinding(body);
    return ok;
  });
}
