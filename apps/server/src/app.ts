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
import { APP_RELEASE } from '@openvod/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import type { Config } from './config/config.ts';
import { sessionAuth } from './core/auth.ts';
import { frameworkErrors, MAX_PARAM_LENGTH, registerErrorHandling } from './core/errors.ts';
import { EventBus } from './core/events.ts';
import { Invalidation } from './core/invalidation.ts';
import { Jobs } from './core/jobs.ts';
import type { ModuleContext, Services } from './core/module.ts';
import { connectRedis } from './core/redis.ts';
import { requestContext } from './core/request-context.ts';
import { type FileStorage, folderStorage, s3Storage } from './core/storage.ts';
import { registerTextInputGuard } from './core/text-input.ts';
import type { DbHandle } from './db/client.ts';
import { accountsModule } from './modules/accounts/index.ts';
import { adminModule } from './modules/admin/index.ts';
import { adsModule } from './modules/ads/index.ts';
import { appconfigModule } from './modules/appconfig/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { cashModule } from './modules/cash/index.ts';
import { castModule } from './modules/cast/index.ts';
import { communityModule } from './modules/community/index.ts';
import { contentModule } from './modules/content/index.ts';
import { danmakuModule } from './modules/danmaku/index.ts';
import { downloadsModule } from './modules/downloads/index.ts';
import { gbookModule } from './modules/gbook/index.ts';
import { ledgerModule } from './modules/ledger/index.ts';
import { MediaSigner, mediaModule } from './modules/media/index.ts';
import { oauthModule } from './modules/oauth/index.ts';
import { placesModule } from './modules/places/index.ts';
import { playbackModule } from './modules/playback/index.ts';
import { pointsModule } from './modules/points/index.ts';
import { posterModule } from './modules/poster/index.ts';
import { promotionModule } from './modules/promotion/index.ts';
import { quotasModule } from './modules/quotas/index.ts';
import { rewardsModule } from './modules/rewards/index.ts';
import { smsModule } from './modules/sms/index.ts';
import { socialModule } from './modules/social/index.ts';

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
  /** Prefix of this installation's keys in Redis (REDIS_URL), default REDIS_PREFIX; tests use their own. */
  redisPrefix?: string;
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
  // Caches that every process must drop together (sessions, rights, the catalogue): core/invalidation.ts.
  const invalidation = new Invalidation((msg, err) => app.log.warn({ err }, msg));
  app.decorate('invalidation', invalidation);
  app.addHook('onClose', async () => invalidation.close());
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
  const redisPrefix = deps.redisPrefix ?? deps.config.redisPrefix;
  const redis = deps.config.redisUrl
    ? await connectRedis(deps.config.redisUrl, 5000, (err) => app.log.warn({ err }, 'redis connection error'))
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  if (redis) await invalidation.connect(redis, `${redisPrefix}invalidate`);
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
        // '*' already allows any http(s) image (posters of collected feeds); the map tiles' host of the operator's
        // setting (modules/places) is named too, so the tiles keep loading if '*' is ever narrowed. Computed per
        // response from the places module's cached settings: a changed setting is in the next page's header at
        // once in this process, within seconds in the others (`settings` invalidation); an open page keeps the
        // header it was served with until it is reloaded (index.html is served with no-cache).
        imgSrc: ['*', 'data:', 'blob:', () => app.services.places?.tileSource() ?? "'self'"],
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
        version: APP_RELEASE.version,
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
  app.decorate('mediaSigner', mediaSigner);
  // SMS codes and the one-click provider (modules/sms); development fakes refuse NODE_ENV=production.
  await app.register(smsModule);
  // The operator console: its sign-in, import and the Jobs page (modules/admin).
  await app.register(adminModule);
  // Users, sessions, sign-in, deletion and VIP expiry, the console's users and groups (modules/accounts).
  await app.register(accountsModule);
  // Third-party sign-in (modules/oauth), then the app config, which lists the sign-in methods offered.
  await app.register(oauthModule);
  await app.register(appconfigModule);
  // The ledger and its nightly check; VIP plans, orders, payment channels and redemption codes.
  await app.register(ledgerModule);
  await app.register(billingModule);
  // DLNA casting: renderers on the server's own LAN (modules/cast).
  await app.register(castModule);
  // Player ads (switch in the app config's `ads.list`), counted impressions and clicks, the click reward (modules/ads).
  await app.register(adsModule);
  // getJsonRealPath and the user logs (modules/playback).
  await app.register(playbackModule);
  // Points, daily tasks, duration rewards and exchange (modules/points); VIP exchange through billing's grantVip.
  await app.register(pointsModule);
  // The free-view rule of spec §4 (checkBuyPopedom, ajaxBuyPopedom; ajaxUlog and getDetail through the closures
  // above); built after points, whose service it reads while built (modules/quotas).
  await app.register(quotasModule);
  // Rewarded ads: nonces, own-ad timing, AdMob SSV and uni-ad callbacks; grants on the ledger (modules/rewards).
  await app.register(rewardsModule);
  // Download reports of the viewer app's downloader and the console's downloads report (modules/downloads).
  await app.register(downloadsModule);
  // The promotion poster and identity QR; saving the poster pays the points task 23 (modules/poster).
  await app.register(posterModule);
  // Withdrawals and their payout (Alipay uni.transfer, the fake gateway, manual); money on the ledger (modules/cash).
  await app.register(cashModule);
  // Promotion earnings: invitations, held earnings released to cash, levels, fraud signals (modules/promotion).
  await app.register(promotionModule);
  // Danmaku: live channel through Redis pub/sub with REDIS_URL, in this process otherwise (modules/danmaku).
  await app.register(danmakuModule);
  // The community's safety layer: tourist, mute, comments off, frequency, repeat, word filter (modules/community).
  await app.register(communityModule);
  // The location pages: map settings, geocoder proxy, the member's region (modules/places); read by accounts' user
  // info and the CSP at request time.
  await app.register(placesModule);
  // Movie requests and feedback, written through the community safety layer (modules/gbook).
  await app.register(gbookModule);
  // Follows, homepages, likes of titles and short links; a member's short link pays the share task (modules/social).
  await app.register(socialModule);

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
