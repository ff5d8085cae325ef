/**
 * Withdrawal routes (spec/calls.md cashList, cash; plus cashCenter, cashAccount, setCashAccount, cashCancel and the
 * console's adminListCash, adminApproveCash, adminRejectCash, adminMarkCashPaid, adminRetryCash,
 * adminGetCashSettings, adminUpdateCashSettings; packages/contract/src/endpoints/cash.ts). Transport only: the rules
 * are cash.service.ts. Writes are rate-limited per IP: cash and cashCancel 10 a minute, setCashAccount 10 a minute.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { CashService } from './cash.service.ts';

const ok = { code: 1 as const, msg: 'ok' };
const WRITE_LIMIT = { max: 10, timeWindow: '1 minute' };

/** Register the withdrawal routes on `app`. */
export function cashRoutes(app: FastifyInstance, cash: CashService) {
  defineRoute(app, 'cashCenter', async ({ req }) => ({ ...ok, ...(await cash.center(currentUser(req))) }));
  defineRoute(app, 'cashList', async ({ query, req }) => ({
    ...ok,
    ...(await cash.list(currentUser(req).user_id, query.page, query.limit, req.locale)),
  }));
  defineRoute(
    app,
    'cash',
    async ({ body, req }) => {
      const header = req.headers['idempotency-key'];
      const key = body.key ?? (typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : undefined);
      return { ...ok, ...(await cash.request(currentUser(req), body, key, req.locale)) };
    },
    { rateLimit: WRITE_LIMIT },
  );
  defineRoute(
    app,
    'cashCancel',
    async ({ params, req }) => ({ ...ok, ...(await cash.cancel(currentUser(req), params.id, req.locale)) }),
    { rateLimit: WRITE_LIMIT },
  );
  defineRoute(app, 'cashAccount', async ({ req }) => ({ ...ok, info: await cash.account(currentUser(req).user_id) }));
  defineRoute(
    app,
    'setCashAccount',
    async ({ body, req }) => ({ ...ok, info: await cash.setAccount(currentUser(req), body) }),
    { rateLimit: WRITE_LIMIT },
  );

  const adminId = (req: { admin?: { admin_id: number } }) => req.admin?.admin_id ?? 0;
  defineRoute(app, 'adminListCash', async ({ query, req }) => ({
    ...ok,
    ...(await cash.adminList(query, req.locale)),
  }));
  defineRoute(app, 'adminApproveCash', async ({ params, req }) => ({
    ...ok,
    info: await cash.approve(adminId(req), params.id, req.locale),
  }));
  defineRoute(app, 'adminRejectCash', async ({ params, body, req }) => ({
    ...ok,
    info: await cash.reject(adminId(req), params.id, body.reason, req.locale),
  }));
  defineRoute(app, 'adminMarkCashPaid', async ({ params, body, req }) => ({
    ...ok,
    info: await cash.markPaid(adminId(req), params.id, body.ref, req.locale),
  }));
  defineRoute(app, 'adminRetryCash', async ({ params, req }) => ({
    ...ok,
    info: await cash.retry(adminId(req), params.id, req.locale),
  }));
  defineRoute(app, 'adminGetCashSettings', async () => ({
    ...ok,
    info: await cash.settings(),
    modes: cash.modes(),
  }));
  defineRoute(app, 'adminUpdateCashSettings', async ({ body }) => ({
    ...ok,
    info: await cash.updateSettings(body),
    modes: cash.modes(),
  }));
}
