/**
 * Points routes (spec/calls.md "points" rows: plogList, setPlog, getTask, setDuration, durationList,
 * exchangeNumber; plus exchangeRates and the console's adminListPointTasks, adminUpdatePointTask,
 * adminGetPointsSettings, adminUpdatePointsSettings, adminPointsReport). Writes are rate-limited per IP
 * (setDuration: 20 a minute, the player reports every 30 s; the others 30 a minute).
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { ExchangeService } from './exchange.service.ts';
import type { PointsService } from './points.service.ts';
import type { PointsAdminService } from './points-admin.service.ts';

const ok = { code: 1 as const, msg: 'ok' };
const WRITE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** Register the points routes on `app`: the viewer's on the three services, the console's on `admin`. */
export function pointsRoutes(
  app: FastifyInstance,
  { points, exchange, admin }: { points: PointsService; exchange: ExchangeService; admin: PointsAdminService },
) {
  defineRoute(app, 'plogList', async ({ query, req }) => ({
    ...ok,
    ...(await points.plogList(currentUser(req).user_id, query.page, query.limit)),
  }));
  defineRoute(
    app,
    'setPlog',
    async ({ query, req }) => ({ ...ok, ...(await points.setPlog(currentUser(req), query.type, query.id)) }),
    { rateLimit: WRITE_LIMIT },
  );
  defineRoute(app, 'getTask', async ({ req }) => ({ ...ok, ...(await points.getTask(currentUser(req))) }));
  defineRoute(
    app,
    'setDuration',
    async ({ query, req }) => ({ ...ok, ...(await points.setDuration(currentUser(req), query.duration)) }),
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'durationList', async ({ query, req }) => ({
    ...ok,
    ...(await points.durationList(currentUser(req).user_id, query.page, query.limit)),
  }));
  defineRoute(
    app,
    'exchangeNumber',
    async ({ body, req }) => {
      const header = req.headers['idempotency-key'];
      const key = body.key ?? (typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : undefined);
      return { ...ok, ...(await exchange.exchange(currentUser(req), body, key)) };
    },
    { rateLimit: WRITE_LIMIT },
  );
  defineRoute(app, 'exchangeRates', async () => ({ ...ok, ...(await exchange.rates()) }));

  defineRoute(app, 'adminListPointTasks', async () => ({ ...ok, list: await admin.adminTasks() }));
  defineRoute(app, 'adminUpdatePointTask', async ({ params, body }) => ({
    ...ok,
    info: await admin.updateTask(params.id, body),
  }));
  defineRoute(app, 'adminGetPointsSettings', async () => ({ ...ok, ...(await admin.settings()) }));
  defineRoute(app, 'adminUpdatePointsSettings', async ({ body }) => ({
    ...ok,
    ...(await admin.updateSettings(body)),
  }));
  defineRoute(app, 'adminPointsReport', async ({ query }) => ({ ...ok, ...(await admin.report(query)) }));
}
