/**
 * Points routes (spec/calls.md "points" rows: plogList, setPlog, getTask, setDuration, durationList,
 * exchangeNumber; plus exchangeRates and the console's adminListPointTasks, adminUpdatePointTask,
 * adminGetPointsSettings, adminUpdatePointsSettings, adminPointsReport). Writes are rate-limited per IP
 * (setDuration: 20 a minute, the player reports every 30 s; the others 30 a minute).
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { subscribePoints } from './points.events.ts';
import { type GrantVip, type PointsOptions, PointsService } from './points.service.ts';

const ok = { code: 1 as const, msg: 'ok' };
const WRITE_LIMIT = { max: 30, timeWindow: '1 minute' };

export function pointsRoutes(app: FastifyInstance, points: PointsService) {
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
      return { ...ok, ...(await points.exchange(currentUser(req), body, key)) };
    },
    { rateLimit: WRITE_LIMIT },
  );
  defineRoute(app, 'exchangeRates', async () => ({ ...ok, ...(await points.rates()) }));

  defineRoute(app, 'adminListPointTasks', async () => ({ ...ok, list: await points.adminTasks() }));
  defineRoute(app, 'adminUpdatePointTask', async ({ params, body }) => ({
    ...ok,
    info: await points.updateTask(params.id, body),
  }));
  defineRoute(app, 'adminGetPointsSettings', async () => ({ ...ok, ...(await points.settings()) }));
  defineRoute(app, 'adminUpdatePointsSettings', async ({ body }) => ({
    ...ok,
    ...(await points.updateSettings(body)),
  }));
  defineRoute(app, 'adminPointsReport', async ({ query }) => ({ ...ok, ...(await points.report(query)) }));
}

/** Wire the points module into the app (app.ts, after billing: VIP exchange uses billing's grantVip). */
export function registerPoints(
  app: FastifyInstance,
  deps: {
    db: Db;
    ledger: LedgerService;
    timeZone: string;
    bindPhonePoint: () => Promise<number>;
    grantVip?: GrantVip;
    /** The ads module's click check (PointsOptions.verifyAdClick). */
    verifyAdClick?: (userId: number, impressionId: number, tx: Db) => Promise<boolean>;
    /** Whether a task's feature is on for a user (PointsOptions.taskAvailable). */
    taskAvailable?: PointsOptions['taskAvailable'];
  },
): PointsService {
  const points = new PointsService(deps.db, deps.ledger, {
    timeZone: deps.timeZone,
    bindPhonePoint: deps.bindPhonePoint,
    grantVip: deps.grantVip,
    verifyAdClick: deps.verifyAdClick,
    taskAvailable: deps.taskAvailable,
  });
  pointsRoutes(app, points);
  subscribePoints(app.events, points);
  return points;
}
