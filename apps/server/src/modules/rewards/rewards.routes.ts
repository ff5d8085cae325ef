/**
 * Rewarded-ad routes (issue 7 item 3; contract packages/contract/src/endpoints/rewards.ts): rewardNonce,
 * rewardProgress, rewardStatus (signed-in viewer), rewardAdmobSsv and rewardUniadCallback (the networks' servers;
 * answered in their own form: AdMob text with 200/400, uni-ad `{"isValid": bool}`), and the console's
 * adminGetRewardSettings, adminUpdateRewardSettings, adminRewardsReport.
 * Rate limits per IP: nonce 30/min, progress 60/min, callbacks 600/min.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { RewardsService } from './rewards.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

function sendRaw(reply: FastifyReply, status: number, type: string, body: string): never {
  void reply.code(status).type(type).send(body);
  return reply as never;
}

/** Register the rewarded-ad routes (viewer, networks' callbacks, console) on `app`. */
export function rewardsRoutes(app: FastifyInstance, rewards: RewardsService) {
  defineRoute(
    app,
    'rewardNonce',
    async ({ body, req }) => ({ ...ok, info: await rewards.issue(currentUser(req), body) }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'rewardProgress',
    async ({ body, req }) => ({ ...ok, info: await rewards.progress(currentUser(req), body.nonce, body.event) }),
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'rewardStatus', async ({ params, req }) => ({
    ...ok,
    info: await rewards.status(currentUser(req), params.nonce),
  }));
  defineRoute(
    app,
    'rewardAdmobSsv',
    async ({ req, reply }) => {
      const url = req.raw.url ?? '';
      const at = url.indexOf('?');
      const answer = await rewards.admobCallback(at < 0 ? '' : url.slice(at + 1));
      if (answer.result === 'forged') req.log.warn({ reason: answer.body }, 'AdMob SSV callback refused');
      return sendRaw(reply, answer.status, 'text/plain; charset=utf-8', answer.body);
    },
    { rateLimit: { max: 600, timeWindow: '1 minute' } },
  );
  defineRoute(
    app,
    'rewardUniadCallback',
    async ({ query, req, reply }) => {
      const answer = await rewards.uniadCallback(query as Record<string, unknown>);
      if (answer.result === 'forged') req.log.warn('uni-ad reward callback refused (signature)');
      return sendRaw(reply, answer.status, 'application/json; charset=utf-8', answer.body);
    },
    { rateLimit: { max: 600, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'adminGetRewardSettings', async () => ({ ...ok, info: await rewards.settings() }));
  defineRoute(app, 'adminUpdateRewardSettings', async ({ body }) => ({
    ...ok,
    info: await rewards.updateSettings(body),
  }));
  defineRoute(app, 'adminRewardsReport', async ({ query }) => ({ ...ok, ...(await rewards.report(query)) }));
}
