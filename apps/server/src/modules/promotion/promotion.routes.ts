/**
 * Promotion routes (spec/calls.md "promotion" rows visit, rewardList, checkActive; the promotion centre, earnings
 * log, level rules and points → cash exchange; the console's adminGetPromotionSettings, adminUpdatePromotionSettings,
 * adminListPromoters, adminGetPromoter, adminFlagPromoter, adminSetAgent, adminReverseEarning, adminClearSignal,
 * adminPromotionReport). Transport only: rules in promotion.service.ts and promotion-admin.service.ts. `visit` is
 * open (a link visitor may have no session) and rate-limited per IP (30 a minute); the exchange 10 a minute.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { PromotionService } from './promotion.service.ts';
import type { PromotionAdminService } from './promotion-admin.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

/** Register the promotion routes on `app`. */
export function promotionRoutes(
  app: FastifyInstance,
  { promotion, admin }: { promotion: PromotionService; admin: PromotionAdminService },
) {
  defineRoute(app, 'visit', async ({ query, req }) => ({ ...ok, ...(await promotion.visit(query, req.ip)) }), {
    rateLimit: { max: 30, timeWindow: '1 minute' },
  });
  defineRoute(app, 'rewardList', async ({ query, req }) => ({
    ...ok,
    ...(await promotion.rewardList(currentUser(req).user_id, query.depth as 1 | 2 | 3, query.page, query.limit)),
  }));
  defineRoute(app, 'checkActive', async ({ req }) => ({
    ...ok,
    info: await promotion.standing(currentUser(req).user_id),
  }));
  defineRoute(app, 'promotionCenter', async ({ req }) => ({ ...ok, info: await promotion.center(currentUser(req)) }));
  defineRoute(app, 'revenueList', async ({ query, req }) => ({
    ...ok,
    ...(await promotion.revenueList(currentUser(req).user_id, query.page, query.limit, query.status)),
  }));
  defineRoute(app, 'promotionLevels', async () => ({ ...ok, ...(await promotion.levels()) }));
  defineRoute(
    app,
    'exchangePointsCash',
    async ({ body, req }) => {
      const header = req.headers['idempotency-key'];
      const key = body.key ?? (typeof header === 'string' && /^[\w-]{8,64}$/.test(header) ? header : `t${Date.now()}`);
      return { ...ok, ...(await promotion.exchangePoints(currentUser(req), body.points, key)) };
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );

  defineRoute(app, 'adminGetPromotionSettings', async () => ({ ...ok, ...(await admin.settings()) }));
  defineRoute(app, 'adminUpdatePromotionSettings', async ({ body }) => ({
    ...ok,
    ...(await admin.updateSettings(body)),
  }));
  defineRoute(app, 'adminListPromoters', async ({ query }) => ({ ...ok, ...(await admin.promoters(query)) }));
  defineRoute(app, 'adminGetPromoter', async ({ params }) => ({ ...ok, ...(await admin.promoter(params.id)) }));
  defineRoute(app, 'adminFlagPromoter', async ({ params, body }) => {
    await admin.flag(params.id, body.flag, body.reason);
    return ok;
  });
  defineRoute(app, 'adminSetAgent', async ({ params, body }) => {
    await admin.setAgent(params.id, body.is_agent);
    return ok;
  });
  defineRoute(app, 'adminReverseEarning', async ({ params, body }) => ({
    ...ok,
    info: await admin.reverse(params.id, body.reason),
  }));
  defineRoute(app, 'adminClearSignal', async ({ params, req }) => {
    await admin.clearSignal(params.id, req.admin?.admin_id ?? 0);
    return ok;
  });
  defineRoute(app, 'adminPromotionReport', async ({ query }) => ({ ...ok, ...(await admin.report(query)) }));
}
