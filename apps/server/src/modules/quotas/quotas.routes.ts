/**
 * Quota routes (spec/calls.md "quotas" rows checkBuyPopedom and ajaxBuyPopedom). The free-view rule reaches
 * ajaxUlog (PlaybackDeps.quota: {@link QuotasService.hook}) and getDetail (ContentServiceOptions.playGate:
 * {@link QuotasService.playOpen}) through app.ts, which hands this module's service to theirs.
 * checkBuyPopedom reads the optional `authorcode` (no or an invalid session = group 1, never 401); ajaxBuyPopedom
 * needs a session and is limited to 30 a minute per client.
 */
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../core/routes.ts';
import type { Db } from '../../db/client.ts';
import { type AccountsService, currentUser, type UserRow } from '../accounts/accounts.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PointsService } from '../points/points.service.ts';
import { QuotasService } from './quotas.service.ts';

const ok = { code: 1 as const, msg: 'ok' };

export interface QuotasModuleDeps {
  db: Db;
  accounts: AccountsService;
  points: PointsService;
  ledger: LedgerService;
  /** The catalogue's special (feed) categories, which the free-view rule leaves open. */
  content: ContentService;
  touristState: () => Promise<string>;
}

/** Build the service and register the routes. */
export function registerQuotas(app: FastifyInstance, deps: QuotasModuleDeps): QuotasService {
  const quotas = new QuotasService(deps.db, {
    points: deps.points,
    ledger: deps.ledger,
    touristState: deps.touristState,
    feedTypes: async () => new Set(Object.values(await deps.content.specialTypes()).filter((v) => v > 0)),
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  const optionalUser = async (token: string | undefined): Promise<UserRow | undefined> => {
    if (!token) return undefined;
    try {
      return await deps.accounts.authenticate(token);
    } catch {
      return undefined;
    }
  };
  defineRoute(app, 'checkBuyPopedom', async ({ query, req }) => ({
    ...ok,
    ...(await quotas.evaluate(await optionalUser(req.client.authorcode), query)),
  }));
  defineRoute(
    app,
    'ajaxBuyPopedom',
    async ({ query, req }) => ({ ...ok, ...(await quotas.buy(currentUser(req), query)) }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  return quotas;
}
