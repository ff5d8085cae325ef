/**
 * Console routes under /api/admin (issue 2 §7): sign-in, the session and the catalogue import. All but adminLogin need
 * the `authorcode` session header. The console's routes of other domains are registered by their modules (titles and
 * categories: content/titles-admin.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { setAuthenticator } from '../../core/auth.ts';
import { defineRoute } from '../../core/routes.ts';
import type { AdminPrincipal, AdminService } from './admin.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminPrincipal;
  }
}

/**
 * Register the console routes and the console's authenticator (core/auth.ts `requireAdmin`, which every
 * `auth: 'admin'` endpoint runs): sets `req.admin` from the `authorcode` session; 401 without a valid one.
 */
export function adminRoutes(app: FastifyInstance, admin: AdminService) {
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
  // Feed files are uploaded as text: this route alone takes bodies up to 60 MB.
  defineRoute(app, 'adminImport', async ({ body, req }) => ({ ...ok, info: await admin.import(body, req.locale) }), {
    bodyLimit: 60 * 1024 * 1024,
  });
}
