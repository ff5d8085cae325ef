/** Console routes under /api/admin (issue 2 §7). All but adminLogin need the `authorcode` session header. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AdminGuard, defineRoute } from '../../core/routes.ts';
import type { AdminPrincipal, AdminService } from './admin.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminPrincipal;
  }
}

/** The console guard (pass it to defineRoute for `auth: 'admin'` routes): sets `req.admin`; 401 without a session. */
export function adminGuard(admin: AdminService): AdminGuard {
  return async (req: FastifyRequest) => {
    req.admin = await admin.authenticate(req.client.authorcode);
  };
}

export function adminRoutes(app: FastifyInstance, admin: AdminService) {
  const guard = adminGuard(admin);
  const ok = { code: 1 as const, msg: 'ok' };

  defineRoute(
    app,
    'adminLogin',
    async ({ body }) => ({
      ...ok,
      ...(await admin.login(body.admin_name, body.admin_pwd)),
      time_zone: admin.timeZone(),
    }),
    undefined,
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'adminLogout',
    async ({ req }) => {
      await admin.logout(req.client.authorcode);
      return ok;
    },
    guard,
  );
  defineRoute(
    app,
    'adminMe',
    async ({ req }) => ({
      ...ok,
      info: req.admin as AdminPrincipal,
      time_zone: admin.timeZone(),
      fake_pay: admin.fakePay(),
    }),
    guard,
  );
  defineRoute(app, 'adminListVods', async ({ query }) => ({ ...ok, ...(await admin.listVods(query)) }), guard);
  defineRoute(app, 'adminCreateVod', async ({ body }) => ({ ...ok, info: await admin.createVod(body) }), guard);
  defineRoute(app, 'adminGetVod', async ({ params }) => ({ ...ok, info: await admin.getVod(params.id) }), guard);
  defineRoute(
    app,
    'adminUpdateVod',
    async ({ params, body }) => ({ ...ok, info: await admin.updateVod(params.id, body) }),
    guard,
  );
  defineRoute(app, 'adminListTypes', async () => ({ ...ok, list: await admin.listTypes() }), guard);
  defineRoute(app, 'adminCreateType', async ({ body }) => ({ ...ok, info: await admin.createType(body) }), guard);
  defineRoute(
    app,
    'adminUpdateType',
    async ({ params, body }) => ({ ...ok, info: await admin.updateType(params.id, body) }),
    guard,
  );
  defineRoute(
    app,
    'adminDeleteType',
    async ({ params }) => {
      await admin.deleteType(params.id);
      return ok;
    },
    guard,
  );
  // Feed files are uploaded as text: this route alone takes bodies up to 60 MB.
  defineRoute(
    app,
    'adminImport',
    async ({ body, req }) => ({ ...ok, info: await admin.import(body, req.locale) }),
    guard,
    {
      bodyLimit: 60 * 1024 * 1024,
    },
  );
  defineRoute(app, 'adminListTypeBindings', async () => ({ ...ok, list: await admin.listBindings() }), guard);
  defineRoute(
    app,
    'adminSetTypeBinding',
    async ({ body }) => {
      await admin.setBinding(body);
      return ok;
    },
    guard,
  );
}
