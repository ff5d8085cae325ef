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
 * An edited user's cached sessions are dropped in every process (its group or status may have changed,
 * session-cache.ts); a created or edited group is published on the `group` topic (core/invalidation.ts: its
 * category rights feed the catalogue's cached getType/getDetail answers and the play gate's rights).
 */
export function accountsAdminRoutes(app: FastifyInstance, accounts: AccountsService) {
  const onGroupsChanged = (groupId: number) => accounts.invalidation.publish('group', groupId);
  const ok = { code: 1 as const, msg: 'ok' };
  const db = accounts.db;
  const opts = () => ({ now: accounts.now(), timeZone: accounts.opts.timeZone });

  defineRoute(app, 'adminListUsers', async ({ query }) => ({ ...ok, ...(await adminListUsers(db, query, opts())) }));
  defineRoute(app, 'adminGetUser', async ({ params }) => ({ ...ok, info: await adminGetUser(db, params.id, opts()) }));
  defineRoute(app, 'adminUpdateUser', async ({ params, body }) => {
    const info = await adminUpdateUser(db, params.id, body, opts());
    accounts.forgetUser(params.id);
    return { ...ok, info };
  });
  defineRoute(app, 'adminListGroups', async () => ({ ...ok, list: await adminListGroups(db) }));
  defineRoute(app, 'adminCreateGroup', async ({ body }) => {
    const info = await adminCreateGroup(db, body);
    onGroupsChanged(info.group_id);
    return { ...ok, info };
  });
  defineRoute(app, 'adminUpdateGroup', async ({ params, body }) => {
    const info = await adminUpdateGroup(db, params.id, body);
    onGroupsChanged(params.id);
    return { ...ok, info };
  });
}
