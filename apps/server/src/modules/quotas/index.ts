/**
 * The quotas module (issue 7 item 2; spec §4 "Free-view flow", §5, §7 checkBuyPopedom / ajaxBuyPopedom): the
 * free-view rule, per-title rights and prices (quotas.service.ts on quotas.repo.ts) and its routes
 * (quotas.routes.ts). Other modules use its service through `app.services.quotas`: the play gate of getDetail and
 * casting (`playOpen`) and the ajaxUlog hook (`hook`). Shape of a module: core/module.ts.
 *
 * Built after the points module, whose service (free-use counters, the watch-film task) it reads while built; the
 * ledger, the accounts' session check, the content's feed categories and the app config's `tourist_state` are
 * reached lazily through `app.services`, at request time.
 */
import { defineModule } from '../../core/module.ts';
import './quotas.events.ts';
import { quotasRoutes } from './quotas.routes.ts';
import { type QuotasLedger, QuotasService } from './quotas.service.ts';

declare module '../../core/module.ts' {
  interface Services {
    /** Free views/downloads, per-title rights and prices (modules/quotas). */
    quotas: QuotasService;
  }
}

export const quotasModule = defineModule('quotas', ['points'], (app, ctx) => {
  const ledger: QuotasLedger = {
    post: (tx, input) => app.services.ledger.post(tx, input),
    balance: (db, userId, asset) => app.services.ledger.balance(db, userId, asset),
  };
  const quotas = new QuotasService(ctx.db.db, {
    points: app.services.points,
    ledger,
    touristState: async () => (await app.services.appConfig.accountSettings()).tourist_state,
    // The catalogue's special (feed) categories, which the free-view rule leaves open.
    feedTypes: async () => new Set(Object.values(await app.services.content.specialTypes()).filter((v) => v > 0)),
    log: (msg, err) => app.log.warn({ err }, msg),
    // After the view's commit (quotas.events.ts): the promotion module counts the viewer active today.
    viewClaimed: (user, vodId, day) => app.events.announce('view.claimed', { user, vodId, day }),
  });
  app.services.quotas = quotas;
  // A group's rights edited (accounts' console routes), or extended with new categories (the importer, a category
  // made in the console: the catalogue's invalidation), in any process (core/invalidation.ts).
  app.invalidation.on('group', () => quotas.forgetGroupRights());
  app.invalidation.on('catalogue', () => quotas.forgetGroupRights());
  // The watch records the play gate found: a viewer removed records (playback), an account deleted or merged.
  app.invalidation.on('ulog', () => quotas.forgetWatchRecords());
  app.invalidation.on('user', () => quotas.forgetWatchRecords());
  quotasRoutes(app, quotas, (token) => app.services.accounts.authenticate(token));
});
