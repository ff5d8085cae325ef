/**
 * buildApp(deps): the Fastify application without listening (tests drive it with `inject()`; main.ts listens).
 * Registers the request context, error envelope, zod type provider, OpenAPI, rate limits, security headers, the
 * modules (their routes, jobs and event handlers; /media/ is the media module's), /healthz and /readyz, and the
 * static viewer app (/) and console (/admin/).
 */
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from '@fastify/type-provider-zod';
import { TASK_PLOG } from '@openvod/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { Config } from './config/config.ts';
import { sessionAuth } from './core/auth.ts';
import { frameworkErrors, MAX_PARAM_LENGTH, registerErrorHandling } from './core/errors.ts';
import { EventBus } from './core/events.ts';
import { Jobs } from './core/jobs.ts';
import type { ModuleContext, Services } from './core/module.ts';
import { requestContext } from './core/request-context.ts';
import { type FileStorage, folderStorage, s3Storage } from './core/storage.ts';
import { registerTextInputGuard } from './core/text-input.ts';
import type { DbHandle } from './db/client.ts';
import { accountsJob } from './modules/accounts/accounts.jobs.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import {
  AccountsService,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_NAME,
  LOGIN_SLOWDOWN_MS,
} from './modules/accounts/accounts.service.ts';
import { accountsAdminRoutes } from './modules/accounts/accounts-admin.routes.ts';
import { connectRedis, LoginGuard, RedisFailureCounter } from './modules/accounts/limits.ts';
import { phoneRoutes } from './modules/accounts/phone.routes.ts';
import { PhoneService } from './modules/accounts/phone.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { AdminService } from './modules/admin/admin.service.ts';
import { jobsAdminRoutes } from './modules/admin/jobs.routes.ts';
import { adsRoutes } from './modules/ads/ads.routes.ts';
import { AdsService } from './modules/ads/ads.service.ts';
import { appConfigRoutes } from './modules/appconfig/appconfig.routes.ts';
import { AppConfigService, shareAppConfigInvalidation } from './modules/appconfig/appconfig.service.ts';
import { registerBilling } from './modules/billing/billing.module.ts';
import type { BillingService } from './modules/billing/billing.service.ts';
import { fakePayEnabled } from './modules/billing/channel-registry.ts';
import { castModule } from './modules/cast/index.ts';
import { contentModule } from './modules/content/index.ts';
import { registerDanmaku } from './modules/danmaku/danmaku.routes.ts';
import type { LedgerService } from './modules/ledger/ledger.service.ts';
import { MediaSigner, mediaModule } from './modules/media/index.ts';
import { createOAuthProviders } from './modules/oauth/oauth.provider.ts';
import { oauthRoutes } from './modules/oauth/oauth.routes.ts';
import { OAuthService } from './modules/oauth/oauth.service.ts';
import { playbackRoutes } from './modules/playback/playback.routes.ts';
import { PlaybackService } from './modules/playback/playback.service.ts';
import { registerPoints } from './modules/points/points.routes.ts';
import type { PointsService } from './modules/points/points.service.ts';
import { registerQuotas } from './modules/quotas/quotas.routes.ts';
import type { QuotasService } from './modules/quotas/quotas.service.ts';
import { registerRewards } from './modules/rewards/rewards.routes.ts';
import type { RewardsService } from './modules/rewards/rewards.service.ts';
import { createOneClickProvider } from './modules/sms/one-click.ts';
import { createSmsProvider } from './modules/sms/sms.provider.ts';
import { SmsCodeService } from './modules/sms/sms.service.ts';

export const APP_VERSION = '1.3.8';

export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** Pino options or false (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Built viewer app and console; not served when missing. */
  webDist?: string;
  adminDist?: string;
  /** Folder served at /media/ (default DATA_DIR/media). */
  mediaDir?: string;
  /**
   * Where uploaded files (avatars) are kept and served from at /media/avatars/: default the S3 bucket of
   * `config.s3`, else `mediaDir` (core/storage.ts).
   */
  storage?: FileStorage;
  /** Token of the local CLI (lock file). */
  localToken?: string;
  /** Reported by /readyz; false while demo media is being generated. */
  isReady?: () => boolean;
  /** Prefix of this installation's keys in Redis (REDIS_URL), default `openvod:`; tests use their own. */
  redisPrefix?: string;
}

/**
 * Services of the modules still wired here rather than by their own plugin (core/module.ts); a module's plugin
 * declares its own in its index.ts.
 */
declare module './core/module.ts' {
  interface Services {
    admin: AdminService;
    accounts: AccountsService;
    appConfig: AppConfigService;
    sms: SmsCodeService;
    phone: PhoneService;
    oauth: OAuthService;
    ads: AdsService;
    playback: PlaybackService;
    /** Set by registerBilling (modules/billing/billing.module.ts). */
    billing: BillingService;
    ledger: LedgerService;
    /** Points, tasks and exchange (issue 7 item 5, modules/points). */
    points: PointsService;
    /** Free views/downloads, per-title rights and prices (issue 7 item 2, modules/quotas). */
    quotas: QuotasService;
    /** Rewarded-ad nonces and verified grants (issue 7 item 3, modules/rewards). */
    rewards: RewardsService;
  }
}

/** The built application: a Fastify instance with the modules' `services`, `ctx`, `jobs` and `events`. */
export type App = FastifyInstance;

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
export const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');
export const DEFAULT_ADMIN_DIST = path.join(REPO_ROOT, 'apps/admin/dist');

export async function buildApp(deps: AppDeps): Promise<App> {
  // Its key is read on first use: MEDIA_URL_SECRET, else generated once and kept by the app config (app_setting).
  const mediaSigner: MediaSigner = new MediaSigner(() =>
    app.services.appConfig.secret('media_url', deps.config.mediaUrlSecret),
  );
  const app = Fastify({
    logger: deps.logger ?? false,
    // Fastify accepts a hop count too; its typings only list boolean, string and functions.
    trustProxy: deps.config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // `/media/t/<token>/<path>`: the signed media address, checked and taken off before routing (signed-urls.ts).
    rewriteUrl: (req) => mediaSigner.rewrite(req as never),
    // Router errors (a path parameter over MAX_PARAM_LENGTH, a path that does not decode) in the envelope too.
    frameworkErrors,
  }) as unknown as App;
  // Jobs: the modules register theirs below; main.ts starts them by role; stopped before the database closes.
  const jobs = new Jobs({ db: deps.db, log: app.log, timeZone: deps.config.timeZone });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  // Modules announce what happened here and react to each other's announcements (core/events.ts).
  app.decorate('events', new EventBus((event, err) => app.log.error({ err, event }, 'event handler failed')));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(requestContext);
  // Route guards come from the contract's `auth`; accounts and admin register who a session belongs to.
  await app.register(sessionAuth);
  // No NUL in any text input of any operation (400 before validation; PostgreSQL cannot store U+0000).
  registerTextInputGuard(app);
  // REDIS_URL: rate limits and login-failure counters shared by every process (modules/accounts/limits.ts).
  const redisPrefix = deps.redisPrefix ?? 'openvod:';
  const redis = deps.config.redisUrl
    ? await connectRedis(deps.config.redisUrl, 5000, (err) => app.log.warn({ err }, 'redis connection error'))
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const mediaDir = deps.mediaDir ?? path.join(deps.config.dataDir, 'media');
  const storage = deps.storage ?? (deps.config.s3 ? s3Storage(deps.config.s3) : folderStorage(mediaDir));
  // What every module is built from (core/module.ts); app.services is filled by the modules as they register.
  const ctx: ModuleContext = {
    config: deps.config,
    db: deps.db,
    redis,
    redisPrefix,
    mediaDir,
    storage,
    localToken: deps.localToken,
    log: (msg, err) => (err === undefined ? app.log.info(msg) : app.log.error({ err }, msg)),
  };
  app.decorate('ctx', ctx);
  app.decorate('services', {} as Services);
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${redisPrefix}rl:` } : {}) });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ['*', 'data:', 'blob:'],
        mediaSrc: ['*', 'data:', 'blob:'],
        connectSrc: ['*'],
        workerSrc: ["'self'", 'blob:'],
        // The viewer app's web app manifest (PWA, apps/web/vite.config.ts).
        manifestSrc: ["'self'"],
        // 'self': the sandboxed ad frames (modules/ads/ad-frame.ts); http(s): the in-app web page (web/index).
        frameSrc: ["'self'", 'https:', 'http:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'OpenVod API',
        version: APP_VERSION,
        description:
          'OpenVod server API. Success: {code: 1, msg, ...payload}; failure: {code, msg} in the caller language. ' +
          'operationIds follow shared/spec/calls.md.',
      },
      components: { securitySchemes: { authorcode: { type: 'apiKey', in: 'header', name: 'authorcode' } } },
    },
    transform: jsonSchemaTransform,
  });

  // The catalogue (modules/content): first, as the modules below read its service while they are built.
  await app.register(contentModule);
  const content = app.services.content;
  const admin = new AdminService(deps.db.db, content, {
    timeZone: deps.config.timeZone,
    allowPrivateFeeds: deps.config.allowPrivateFeeds,
    localToken: deps.localToken,
    // Throws (the server does not start) when production asks for the test payment channel.
    fakePay: fakePayEnabled(deps.config.billing.fakePay, deps.config.nodeEnv),
    // Failed console sign-ins, counted as the viewer's are (below), in Redis with REDIS_URL.
    loginGuard: redis
      ? new LoginGuard(
          new RedisFailureCounter(
            redis,
            `${redisPrefix}admin-login-fail-addr:`,
            LOGIN_FAILURES_PER_NAME,
            LOGIN_FAILURE_WINDOW_MS,
          ),
          new RedisFailureCounter(
            redis,
            `${redisPrefix}admin-login-fail:`,
            LOGIN_FAILURES_PER_NAME,
            LOGIN_FAILURE_WINDOW_MS,
          ),
          LOGIN_SLOWDOWN_MS,
        )
      : undefined,
  });
  const accounts: AccountsService = new AccountsService(deps.db.db, {
    timeZone: deps.config.timeZone,
    mediaDir,
    storage,
    events: app.events,
    // keepalive_points, reg_ip_daily_limit and tourist_state come from the operator's app config, read live.
    settings: () => appConfig.accountSettings(),
    // Failed logins per name and address (then 429 there) and per name (then slowed down), shared through Redis.
    loginGuard: redis
      ? new LoginGuard(
          new RedisFailureCounter(
            redis,
            `${redisPrefix}login-fail-addr:`,
            LOGIN_FAILURES_PER_NAME,
            LOGIN_FAILURE_WINDOW_MS,
          ),
          new RedisFailureCounter(redis, `${redisPrefix}login-fail:`, LOGIN_FAILURES_PER_NAME, LOGIN_FAILURE_WINDOW_MS),
          LOGIN_SLOWDOWN_MS,
        )
      : undefined,
  });
  // SMS, one-click and third-party providers from the environment; development fakes refuse NODE_ENV=production.
  const auth = deps.config.auth;
  const env = { nodeEnv: deps.config.nodeEnv, dataDir: deps.config.dataDir, log: (m: string) => app.log.info(m) };
  const smsProvider = createSmsProvider(auth.sms, env);
  const oneClick = createOneClickProvider(auth, env);
  const oauthProviders = createOAuthProviders(auth.wechat, env);
  const appConfig: AppConfigService = new AppConfigService(deps.db.db, content, {
    smsEnabled: smsProvider !== undefined,
    oneClickEnabled: oneClick !== undefined,
    oauthProviders: [...oauthProviders.keys()],
    encryptKey: auth.encryptKey,
  });
  app.decorate('payloadCipher', appConfig.payloadCipher());
  const signer = mediaSigner;
  app.decorate('mediaSigner', signer);
  if (redis) {
    const closeSub = await shareAppConfigInvalidation(appConfig, redis, `${redisPrefix}appconfig`);
    app.addHook('onClose', closeSub);
  }
  const sms = new SmsCodeService(
    deps.db.db,
    smsProvider,
    () => appConfig.secret('sms_code', auth.sms.codeSecret),
    deps.config.timeZone,
    (msg, err) => app.log.warn({ err }, msg),
  );
  const phone = new PhoneService(accounts, sms, appConfig, oneClick);
  const oauth = new OAuthService(
    accounts,
    oauthProviders,
    () => appConfig.secret('oauth_state'),
    auth.wechat.redirectUri,
  );
  // Issue 5: player ads (switch in the app config's `ads.list`) and playback (parse APIs in its `player` map).
  const ads = new AdsService(deps.db.db, {
    adsConfig: async () => (await appConfig.get()).ads,
    tokenSecret: () => appConfig.secret('ad_token'),
    timeZone: deps.config.timeZone,
    // Issue 7 item 4: a click pays setPlog type 13 (the points module checks the claim, verifyAdClick below).
    rewardClick: (user, impressionId) => app.services.points.setPlog(user, TASK_PLOG.adClick, impressionId),
    // The console's ads page: completed (granted) rewarded views per ad, from the rewards report (issue 7 item 6).
    rewardCounts: async (adIds, from, to) => {
      const counts = new Map<number, number>();
      for (const row of (await app.services.rewards.report({ from, to })).list) {
        if (row.ad_id === null || !adIds.includes(row.ad_id)) continue;
        counts.set(row.ad_id, (counts.get(row.ad_id) ?? 0) + row.granted);
      }
      return counts;
    },
  });
  const playback = new PlaybackService(deps.db.db, {
    players: async () => (await appConfig.get()).player,
    allowPrivate: deps.config.allowPrivateFeeds,
    galleryTypeId: async () => (await content.specialTypes()).app_gallery_typeid,
    // The free-view rule of spec §4 inside ajaxUlog (the quotas module, registered below).
    quota: () => app.services.quotas.hook(),
    events: app.events,
  });
  app.events.on('user.deleted', ({ tx, user }) => playback.forgetUser(tx, user.user_id));
  app.events.on('user.merged', async ({ tx, merge: m }) => {
    m.moved.ulogs = await playback.moveUser(tx, m.guest.user_id, m.target.user_id);
  });
  Object.assign(app.services, { admin, accounts, appConfig, sms, phone, oauth, ads, playback });

  adminRoutes(app, admin);
  // The console's Jobs page: schedules, last runs and failures of the jobs registered here.
  jobsAdminRoutes(app, jobs);
  await accountsRoutes(app, accounts);
  // Hourly and at a worker's start: deletions past their 3 working days, VIPs past their end (accounts.jobs.ts).
  jobs.register(
    accountsJob(deps.db.db, (m) => app.log.info(m), {
      timeZone: deps.config.timeZone,
      mediaDir,
      storage,
      handlers: accounts.deletionHandlers,
    }),
  );
  accountsAdminRoutes(app, accounts, () => content.invalidate());
  phoneRoutes(app, phone);
  oauthRoutes(app, oauth);
  appConfigRoutes(app, appConfig);
  // VIP plans, orders, payment channels, redemption codes and the ledger (issue 6).
  Object.assign(
    app.services,
    await registerBilling(app, {
      config: deps.config,
      db: deps.db.db,
      accounts,
      redis,
      redisPrefix,
    }),
  );
  // DLNA casting: renderers on the server's own LAN (modules/cast).
  await app.register(castModule);
  adsRoutes(app, ads, accounts);
  playbackRoutes(app, playback);
  // Points, daily tasks, duration rewards and exchange (issue 7 item 5); VIP exchange through billing's grantVip.
  app.services.points = registerPoints(app, {
    db: deps.db.db,
    ledger: app.services.ledger,
    timeZone: deps.config.timeZone,
    bindPhonePoint: () => appConfig.bindPhonePoint(),
    grantVip: (tx, g) => app.services.billing.grantVip(tx, g),
    // Issue 7 item 4: setPlog type 13 pays only for a click on an ad this server served to the user, once.
    verifyAdClick: (userId, impressionId, tx) => ads.claimClickReward(userId, impressionId, tx),
    // The ad-click task is offered only while this viewer can be shown an ad (a slot on, an ad in it, not VIP).
    taskAvailable: async (plogType, user) => plogType !== TASK_PLOG.adClick || (await ads.clickableFor(user)),
  });
  // The free-view rule of spec §4 (checkBuyPopedom, ajaxBuyPopedom; ajaxUlog and getDetail through the closures above).
  app.services.quotas = registerQuotas(app, {
    db: deps.db.db,
    accounts,
    points: app.services.points,
    ledger: app.services.ledger,
    content,
    touristState: async () => (await appConfig.accountSettings()).tourist_state,
  });
  // Rewarded ads (issue 7 item 3): nonces, own-ad timing, AdMob SSV and uni-ad callbacks; grants on the ledger.
  app.services.rewards = registerRewards(app, {
    db: deps.db.db,
    ledger: app.services.ledger,
    timeZone: deps.config.timeZone,
    admobKeysUrl: deps.config.rewards.admobKeysUrl,
    uniadSecret: deps.config.rewards.uniadSecret,
  });
  // Danmaku (issue 5): live channel through Redis pub/sub with REDIS_URL, in this process otherwise.
  await registerDanmaku(app, {
    db: deps.db.db,
    redis,
    redisPrefix,
    barrageState: async () => (await appConfig.get()).app_barrage_state,
  });

  const Health = z.object({ status: z.string(), db: z.string().optional() });
  app.get(
    '/healthz',
    { schema: { operationId: 'healthz', tags: ['system'], response: { 200: Health } } },
    async () => ({
      status: 'ok',
    }),
  );
  app.get(
    '/readyz',
    { schema: { operationId: 'readyz', tags: ['system'], response: { 200: Health, 503: Health } } },
    async (_req, reply) => {
      try {
        await deps.db.ping();
      } catch {
        return reply.code(503).send({ status: 'unavailable', db: 'down' });
      }
      if (deps.isReady && !deps.isReady()) return reply.code(503).send({ status: 'starting', db: deps.db.kind });
      return { status: 'ready', db: deps.db.kind };
    },
  );
  app.get('/api/openapi.json', { schema: { operationId: 'getOpenApi', tags: ['system'], hide: true } }, async () =>
    app.swagger(),
  );

  // The media folder at /media/: signed addresses for video, uploaded files through the storage port (modules/media).
  await app.register(mediaModule);
  const adminDist = deps.adminDist ?? DEFAULT_ADMIN_DIST;
  if (fs.existsSync(path.join(adminDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      decorateReply: false,
      index: 'index.html',
    });
    // With ignoreTrailingSlash this route also receives "/admin/": redirect only the bare path, serve the index otherwise.
    const adminIndex = path.join(adminDist, 'index.html');
    app.get('/admin', { schema: { hide: true } }, async (req, reply) => {
      if (!req.url.split('?')[0]?.endsWith('/')) return reply.redirect('/admin/', 301);
      return reply.type('text/html; charset=utf-8').send(fs.createReadStream(adminIndex));
    });
  }
  const webDist = deps.webDist ?? DEFAULT_WEB_DIST;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    // The build's hashed chunks: looked up per request, so chunks of a build made while the server runs are found
    // (the `/` registration below lists the files present at start only, which keeps /api's own 404s).
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    await app.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
    });
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      decorateReply: false,
      index: 'index.html',
      wildcard: false,
      // The PWA service worker (sw.js) and the page that registers it must be checked on every visit, so a new
      // build replaces the cached app shell at once (issue 4); the manifest gets its registered media type.
      setHeaders: (res, file) => {
        const name = path.basename(file);
        if (name === 'sw.js' || name === 'index.html' || name === 'manifest.webmanifest') {
          res.header('cache-control', 'no-cache');
        }
        if (name === 'manifest.webmanifest') res.header('content-type', 'application/manifest+json');
      },
    });
  }
  return app;
}
