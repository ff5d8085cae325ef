/**
 * Console routes of the community's safety layer (contract endpoints/community.ts: adminGetCommunitySettings,
 * adminUpdateCommunitySettings, adminListCommunityMutes, adminMuteUser, adminUnmuteUser). Transport only: rules in
 * community.service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import type { CommunityService } from './community.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

/** Register the safety layer's console routes on `app`. */
export function communityRoutes(app: FastifyInstance, community: CommunityService) {
  defineRoute(app, 'adminGetCommunitySettings', async () => ({ ...ok, info: await community.settings() }));
  defineRoute(app, 'adminUpdateCommunitySettings', async ({ body }) => ({
    ...ok,
    info: await community.updateSettings(body),
  }));
  defineRoute(app, 'adminListCommunityMutes', async () => ({ ...ok, list: await community.mutes() }));
  defineRoute(app, 'adminMuteUser', async ({ params, body }) => ({
    ...ok,
    info: await community.mute(params.id, body.reason, body.days),
  }));
  defineRoute(app, 'adminUnmuteUser', async ({ params }) => {
    await community.unmute(params.id);
    return ok;
  });
}
