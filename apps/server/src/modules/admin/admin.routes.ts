/** Console routes under /api/admin (issue 2 §7). All but adminLogin need the `authorcode` session header. */
import type { FastifyInstance } from 'fastify';
import { setAuthenticator } from '../../core/auth.ts';
import { defineRoute } from '../../core/routes.ts';
import type { TitlesAdminService } from '../content/titles-admin.service.ts';
import type { AdminPrincipal, AdminService } from './admin.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminPrincipal;
  }
}

/**
 * Register the console routes (titles and categories: the content module's {@link TitlesAdminService}, got from
 * `titles` at each call) and the console's authenticator (core/auth.ts `requireAdmin`, which every
 * `auth: 'admin'` endpoint runs): sets `req.admin` from the `authorcode` session; 401 without a valid one.
 */
export function adminRoutes(app: FastifyInstance, admin: AdminService, titles: () => TitlesAdminService) {
  setAuthenticator(app, 'admin', async (req) => {
    req.admin = await admin.authenticate(req.client.authorcode);
  });
  const ok = { code: 1 as const, msg: 'ok' };

  defineRoute(
    app,
    'adminLogin',
    async ({ body, req }) => ({
      ...ok,
      ...(await admin.login(body.admin_name, body.admin_pwd, req.ip)),
      time_zone: admin.timeZone(),
    }),
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'adminLogout', async ({ req }) => {
    await admin.logout(req.client.authorcode);
    return ok;
  });
  defineRoute(app, 'adminMe', async ({ req }) => ({
    ...ok,
    info: req.admin as AdminPrincipal,
    time_zone: admin.timeZone(),
    fake_pay: admin.fakePay(),
  }));
  defineRoute(app, 'adminListVods', async ({ query }) => ({ ...ok, ...(await titles().listVods(query)) }));
  defineRoute(app, 'adminCreateVod', async ({ body }) => ({ ...ok, info: await titles().createVod(body) }));
  defineRoute(app, 'adminGetVod', async ({ params }) => ({ ...ok, info: await titles().getVod(params.id) }));
  defineRoute(app, 'adminUpdateVod', async ({ params, body }) => ({
    ...ok,
    info: await titles().updateVod(params.id, body),
  }));
  defineRoute(app, 'adminListTypes', async () => ({ ...ok, list: await titles().listTypes() }));
  defineRoute(app, 'adminCreateType', async ({ body }) => ({ ...ok, info: await titles().createType(body) }));
  defineRoute(app, 'adminUpdateType', async ({ params, body }) => ({
    ...ok,
    info: await titles().updateType(params.id, body),
  }));
  defineRoute(app, 'adminDeleteType', async ({ params }) => {
    await titles().deleteType(params.id);
    return ok;
  });
  // Feed files are uploaded as text: this route alone takes bodies up to 60 MB.
  defineRoute(app, 'adminImport', async ({ body, req }) => ({ ...ok, info: await admin.import(body, req.locale) }), {
    bodyLimit: 60 * 1024 * 1024,
  });
  defineRoute(app, 'adminListTypeBindings', async () => ({ ...ok, list: await titles().listBindings() }));
  defineRoute(app, 'adminSetTypeBinding', async ({ body }) => {
    await titles().setBinding(body);
    return ok;
  });
}
