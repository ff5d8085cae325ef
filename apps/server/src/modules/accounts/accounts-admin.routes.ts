/**
 * Console routes of accounts (issue 3 §10): adminListUsers, adminGetUser, adminUpdateUser, adminListGroups,
 * adminCreateGroup, adminUpdateGroup. Guarded by the console session (modules/admin), never by a viewer session.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import type { AccountsService } from './accounts.service.ts';
import {
  adminCreateGroup,
  adminGetUser,
  adminListGroups,
  adminListUsers,
  adminUpdateGroup,
  adminUpdateUser,
} from './accounts-admin.service.ts';

/**
 * Register the console account routes (`auth: 'admin'`: core/auth.ts `requireAdmin`, 401 without a console session).
 * `onGroupsChanged` runs after a group is created or edited (its category rights feed the catalogue's cached
 * getType/getDetail answers, which must be dropped).
 */
export function accountsAdminRoutes(
  app: FastifyInstance,
  accounts: AccountsService,
  onGroupsChanged: () => void = () => undefined,
) {
  const ok = { code: 1 as const, msg: 'ok' };
  const db = accounts.db;
  const opts = () => ({ now: accounts.now(), timeZone: accounts.opts.timeZone });

  defineRoute(app, 'adminListUsers', async ({ query }) => ({ ...ok, ...(await adminListUsers(db, query, opts())) }));
  defineRoute(app, 'adminGetUser', async ({ params }) => ({ ...ok, info: await adminGetUser(db, params.id, opts()) }));
  defineRoute(app, 'adminUpdateUser', async ({ params, body }) => ({
    ...ok,
    info: await adminUpdateUser(db, params.id, body, opts()),
  }));
  defineRoute(app, 'adminListGroups', async () => ({ ...ok, list: await adminListGroups(db) }));
  defineRoute(app, 'adminCreateGroup', async ({ body }) => {
    const info = await adminCreateGroup(db, body);
    onGroupsChanged();
    return { ...ok, info };
  });
  defineRoute(app, 'adminUpdateGroup', async ({ params, body }) => {
    const info = await adminUpdateGroup(db, params.id, body);
    onGroupsChanged();
    return { ...ok, info };
  });
}
