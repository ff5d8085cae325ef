/**
 * App config and app version routes: getAppConfig, checkUpdate (viewer app) and the console's
 * adminGetAppConfig / adminUpdateAppConfig / adminGetAppVersion / adminPublishAppVersion (console session).
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import type { AppConfigService } from './appconfig.service.ts';

export function appConfigRoutes(app: FastifyInstance, appConfig: AppConfigService) {
  const ok = { code: 1 as const, msg: 'ok' };

  defineRoute(app, 'getAppConfig', async () => ({ ...ok, info: await appConfig.get() }));
  defineRoute(app, 'checkUpdate', async ({ body, req }) => ({
    ...ok,
    ...(await appConfig.checkUpdate({
      versionCode: body?.versionCode ?? (req.client.versionCode || undefined),
      version: body?.version || req.client.version || undefined,
    })),
  }));

  defineRoute(app, 'adminGetAppConfig', async () => ({ ...ok, info: await appConfig.getAdmin() }));
  defineRoute(app, 'adminUpdateAppConfig', async ({ body }) => ({ ...ok, info: await appConfig.update(body) }));
  defineRoute(app, 'adminGetAppVersion', async () => ({ ...ok, info: await appConfig.version() }));
  defineRoute(app, 'adminPublishAppVersion', async ({ body }) => ({
    ...ok,
    info: await appConfig.publishVersion(body),
  }));
}
