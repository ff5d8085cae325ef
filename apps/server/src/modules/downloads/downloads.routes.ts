/**
 * Downloads routes (issue 17 items 2 and 7; contract packages/contract/src/endpoints/downloads.ts): reportDownload
 * (a signed-in viewer, the device's guest account included; 240 a minute per client: a season of episodes each
 * reports start and end) and the console's adminDownloadsReport.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import { currentUser } from '../accounts/accounts.service.ts';
import type { DownloadsService } from './downloads.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

/** Register the downloads routes (viewer report, console report) on `app`. */
export function downloadsRoutes(app: FastifyInstance, downloads: DownloadsService): void {
  defineRoute(
    app,
    'reportDownload',
    async ({ body, req }) => ({ ...ok, ...(await downloads.report(currentUser(req).user_id, body)) }),
    { rateLimit: { max: 240, timeWindow: '1 minute' } },
  );
  defineRoute(app, 'adminDownloadsReport', async ({ query }) => ({
    ...ok,
    ...(await downloads.adminReport(query)),
  }));
}
