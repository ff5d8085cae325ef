/**
 * Configuration from the environment, parsed once with zod (README "Configuration").
 *
 * | variable | default | meaning |
 * | PORT | 8080 | HTTP port |
 * | HOST | 0.0.0.0 | bind address |
 * | DATA_DIR | ./data | embedded database, media, lock file |
 * | DATABASE_URL | unset | PostgreSQL URL; unset = PGlite in DATA_DIR/pglite |
 * | PUBLIC_URL | http://localhost:PORT | the address users reach the server at |
 * | TZ | Asia/Shanghai | the operator's time zone ("today") |
 * | ADMIN_PASSWORD | generated | password of the first console account (`admin`) |
 * | DEMO_CONTENT | 1 (0 when NODE_ENV=production) | seed demo categories, titles and media into an empty database |
 * | LOG_LEVEL | info | pino level |
 * | HEAP_GROWING_PERCENT | 30 on PGlite, unset with DATABASE_URL | how far V8 lets the JavaScript heap grow past what survived its last full collection before the next one (percent; 0 = V8's own adaptive 10-300%); see docs/operations.md "Memory" |
 * | ALLOW_PRIVATE_FEEDS | 0 | let collect-feed URLs point at private or loopback hosts |
 * | TRUST_PROXY | 0 | trust X-Forwarded-For from a reverse proxy: 0/1, a hop count, or comma-separated addresses |
 * | NODE_ENV | development | `production` refuses every development fake (console SMS, fake one-click, fake OAuth) and turns DEMO_CONTENT off unless it is set |
 * | SMS_PROVIDER | console (none in production) | SMS codes: console, aliyun, tencent, none |
 * | MEDIA_URL_SECRET | generated | HMAC key of the signed, expiring /media/ addresses (modules/media/signed-urls.ts; else one is generated once and kept in app_setting) |
 * | SMS_CODE_SECRET | generated | HMAC key of stored SMS codes (else one is generated once and kept in app_setting) |
 * | ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET | unset | Aliyun RAM key (SMS and number authentication) |
 * | ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE | unset | approved SMS signature and template (variable `code`) |
 * | TENCENT_SECRET_ID, TENCENT_SECRET_KEY | unset | Tencent Cloud API key |
 * | TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID | unset | Tencent SMS app, signature, template ({1} = code) |
 * | TENCENT_SMS_REGION | ap-guangzhou | Tencent SMS region |
 * | ONE_CLICK_PROVIDER | none | one-click local-number login: none, aliyun (Dypnsapi), fake (token `test:<phone>`, not in production) |
 * | WECHAT_LOGIN_PROVIDER | wechat when WECHAT_APP_ID and WECHAT_APP_SECRET are set, else none | none, wechat, fake (not in production) |
 * | WECHAT_APP_ID, WECHAT_APP_SECRET | unset | WeChat Open Platform website app (or official account) credentials |
 * | WECHAT_OAUTH_SCOPE | snsapi_login | snsapi_login (QR sign-in on the web) or snsapi_userinfo (inside WeChat) |
 * | WECHAT_REDIRECT_URI | PUBLIC_URL/ | where WeChat sends the user back with `code` and `state` |
 * | ENCRYPT_KEY | unset | 8-byte DES key of `encrypt_data` payloads (obfuscation for old clients, not security) |
 * | REDIS_URL | unset | redis:// or rediss:// URL: rate limits, login-failure counters, danmaku and cache invalidation shared by every process |
 * | REDIS_PREFIX | openvod: | prefix of this installation's keys and channels in Redis (two installations on one Redis) |
 * | DLNA | 1 | casting to DLNA renderers on the server's local network (SSDP + AVTransport, modules/cast) |
 * | DLNA_INTERFACES | unset (all) | comma-separated interface names SSDP discovery may use, e.g. `eth0` |
 * | CAST_CACHE_MAX_MB | 4096 | size cap of the DLNA remux cache DATA_DIR/media/cast (least recently used files go first) |
 * | CAST_CACHE_MAX_DAYS | 7 | a remuxed file not cast for this many days is removed |
 * | ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY | unset | Alipay app id, app private key, Alipay public key (PEM text, bare base64 or a file path); all set = channel `alipay` offered |
 * | ALIPAY_GATEWAY | https://openapi.alipay.com/gateway.do | sandbox: https://openapi-sandbox.dl.alipaydev.com/gateway.do |
 * | ALIPAY_SELLER_ID | unset | when set, a notification whose seller_id differs is rejected |
 * | ALIPAY_APP_CERT, ALIPAY_PUBLIC_CERT, ALIPAY_ROOT_CERT | unset | withdrawal payouts (modules/cash): app public key certificate, Alipay public key certificate, Alipay root certificate (PEM text or file path); with ALIPAY_APP_ID and ALIPAY_PRIVATE_KEY = payout mode `alipay` available (ALIPAY_PUBLIC_KEY instead of the certificates: public-key mode, sandbox) |
 * | WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_SERIAL, WECHATPAY_PRIVATE_KEY, WECHATPAY_PUBLIC_KEY, WECHATPAY_PUBLIC_KEY_ID, WECHATPAY_APIV3_KEY | unset | WeChat Pay APIv3 merchant (public-key mode); all set = channel `wechat` offered |
 * | LEDGER_CHECK_AT | 03:30 | local time (HH:MM, in TZ) of the nightly ledger check (balances against their journal) |
 * | ORDER_EXPIRE_MINUTES | 15 | minutes an unpaid order stays payable, then it is closed at the provider and expired |
 * | FAKE_PAY | on outside production | 0 turns the local test payment channel off; never in production (1 there stops the start) |
 * | WECHATPAY_BASE_URL | https://api.mch.weixin.qq.com | WeChat Pay API host |
 * | ADMOB_KEYS_URL | https://www.gstatic.com/admob/reward/verifier-keys.json | AdMob SSV public keys (fetched, cached by key_id) |
 * | UNIAD_SECURITY_KEY | unset | uni-ad rewarded video appSecurityKey (callback sign); unset = uni-ad callbacks refused |
 * | S3_BUCKET | unset | uploaded files (avatars) go to this S3-compatible bucket instead of DATA_DIR/media (core/storage.ts) |
 * | S3_ENDPOINT | unset (AWS) | endpoint URL of an S3-compatible service (MinIO, R2, OSS ...) |
 * | S3_REGION | us-east-1 | the bucket's region |
 * | S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY | unset | the bucket's access key (required with S3_BUCKET) |
 * | S3_FORCE_PATH_STYLE | 1 with S3_ENDPOINT, else 0 | path-style addresses (endpoint/bucket/key) |
 * | S3_PREFIX | unset | prefix of every key in the bucket, e.g. `openvod/` |
 * | TEST_CLOCK_FILE | unset | tests only: a file holding seconds added to the promotion module's clock (core/clock.ts); refused in production |
 */
import path from 'node:path';
import { z } from 'zod';
import type { S3StorageOptions } from '../core/storage.ts';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Payment channel credentials (issue 6 item 4); empty = unset. Keys: PEM text, bare base64, or a PEM file path. */
const paymentEnv = {
  ALIPAY_APP_ID: z.string().max(64).optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
  ALIPAY_SELLER_ID: z.string().max(64).optional(),
  // Public-key certificate mode of the payout (modules/cash/alipay-payout.ts): PEM text or a file path each.
  ALIPAY_APP_CERT: z.string().optional(),
  ALIPAY_PUBLIC_CERT: z.string().optional(),
  ALIPAY_ROOT_CERT: z.string().optional(),
  WECHATPAY_MCHID: z.string().max(64).optional(),
  WECHATPAY_APPID: z.string().max(64).optional(),
  WECHATPAY_SERIAL: z.string().max(128).optional(),
  WECHATPAY_PRIVATE_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_PUBLIC_KEY_ID: z.string().max(128).optional(),
  WECHATPAY_APIV3_KEY: z
    .string()
    .refine((k) => Buffer.byteLength(k, 'utf8') === 32, 'must be exactly 32 bytes')
    .optional(),
  WECHATPAY_BASE_URL: z.string().url().default('https://api.mch.weixin.qq.com'),
};

const Env = z.object({
  ORDER_EXPIRE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LEDGER_CHECK_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24 h), e.g. 03:30')
    .default('03:30'),
  FAKE_PAY: z.enum(['0', '1']).optional(),
  TEST_CLOCK_FILE: z.string().max(500).optional(),
  TEST_CAPTCHA_FILE: z.string().max(500).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TZ: z.string().default('Asia/Shanghai'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  // Unset: on, except in production (demoContentOf).
  DEMO_CONTENT: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).optional(),
  ALLOW_PRIVATE_FEEDS: bool.default(false),
  DLNA: bool.default(true),
  DLNA_INTERFACES: z.string().max(500).optional(),
  CAST_CACHE_MAX_MB: z.coerce.number().int().min(1).max(10_000_000).default(4096),
  CAST_CACHE_MAX_DAYS: z.coerce.number().min(0.01).max(3650).default(7),
  TRUST_PROXY: z.string().max(500).default('0'),
  NODE_ENV: z.string().max(32).default('development'),
  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent', 'none']).optional(),
  SMS_CODE_SECRET: z.string().min(16).optional(),
  MEDIA_URL_SECRET: z.string().min(16).optional(),
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  TENCENT_SECRET_ID: z.string().optional(),
  TENCENT_SECRET_KEY: z.string().optional(),
  TENCENT_SMS_SDK_APP_ID: z.string().optional(),
  TENCENT_SMS_SIGN_NAME: z.string().optional(),
  TENCENT_SMS_TEMPLATE_ID: z.string().optional(),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  ONE_CLICK_PROVIDER: z.enum(['none', 'aliyun', 'fake']).default('none'),
  WECHAT_LOGIN_PROVIDER: z.enum(['none', 'wechat', 'fake']).optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_OAUTH_SCOPE: z.enum(['snsapi_login', 'snsapi_userinfo', 'snsapi_base']).default('snsapi_login'),
  WECHAT_REDIRECT_URI: z.string().url().optional(),
  REDIS_URL: z
    .string()
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only (at most 64)')
    .default('openvod:'),
  ...paymentEnv,
  S3_BUCKET: z.string().max(255).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().max(256).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^([A-Za-z0-9_.-]+\/)*$/, 'must be empty or end with / (e.g. openvod/)')
    .default(''),
  ENCRYPT_KEY: z
    .string()
    .refine((k) => Buffer.byteLength(k, 'utf8') === 8, 'must be exactly 8 bytes')
    .optional(),
});

const OPTIONAL_AUTH_KEYS = [
  'NODE_ENV',
  'SMS_PROVIDER',
  'SMS_CODE_SECRET',
  'ALIYUN_ACCESS_KEY_ID',
  'ALIYUN_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
  'TENCENT_SECRET_ID',
  'TENCENT_SECRET_KEY',
  'TENCENT_SMS_SDK_APP_ID',
  'TENCENT_SMS_SIGN_NAME',
  'TENCENT_SMS_TEMPLATE_ID',
  'TENCENT_SMS_REGION',
  'ONE_CLICK_PROVIDER',
  'WECHAT_LOGIN_PROVIDER',
  'WECHAT_APP_ID',
  'WECHAT_APP_SECRET',
  'WECHAT_OAUTH_SCOPE',
  'WECHAT_REDIRECT_URI',
  'ENCRYPT_KEY',
  'MEDIA_URL_SECRET',
] as const;

/** SMS, one-click, third-party sign-in and payload encryption settings (modules sms, oauth, appconfig). */
export interface AuthProvidersConfig {
  sms: {
    provider: 'console' | 'aliyun' | 'tencent' | 'none';
    codeSecret: string | undefined;
    aliyun: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string };
    tencent: {
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      templateId: string;
      region: string;
    };
  };
  oneClick: { provider: 'none' | 'aliyun' | 'fake' };
  wechat: {
    provider: 'none' | 'wechat' | 'fake';
    appId: string;
    appSecret: string;
    scope: 'snsapi_login' | 'snsapi_userinfo' | 'snsapi_base';
    redirectUri: string;
  };
  /** DES key of encrypt_data (8 bytes) or undefined: encryption cannot be turned on. */
  encryptKey: string | undefined;
}

export interface Config {
  /** MEDIA_URL_SECRET: key of the signed /media/ addresses; undefined = generated and kept in app_setting. */
  mediaUrlSecret: string | undefined;
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Redis URL (REDIS_URL) or undefined. Set: the per-route rate limits and the login-failure counters live in
   * Redis, so several server processes share them; unset: in this process's memory.
   */
  redisUrl: string | undefined;
  /** Prefix of this installation's keys and channels in Redis (REDIS_PREFIX, default `openvod:`). */
  redisPrefix: string;
  publicUrl: string;
  timeZone: string;
  adminPassword: string | undefined;
  /** Seed the demo content into an empty database: DEMO_CONTENT, else on outside production ({@link demoContentOf}). */
  demoContent: boolean;
  logLevel: string;
  /**
   * V8's heap growing factor in percent (`--heap-growing-percent`), applied by main.ts at start; undefined: V8's
   * own. {@link heapGrowingPercentOf}.
   */
  heapGrowingPercent: number | undefined;
  allowPrivateFeeds: boolean;
  /** DLNA casting (modules/cast): on/off and the interfaces SSDP may use (undefined: every non-internal IPv4 one). */
  cast: {
    dlna: boolean;
    interfaces: string[] | undefined;
    /** Limits of the remux cache DATA_DIR/media/cast (CAST_CACHE_MAX_MB, CAST_CACHE_MAX_DAYS): bytes and ms. */
    cacheMaxBytes: number;
    cacheMaxAgeMs: number;
  };
  /**
   * Fastify `trustProxy`: false by default, because a server facing clients directly must not take the client IP
   * (rate limits) from a header the client writes.
   */
  trustProxy: boolean | number | string;
  /** NODE_ENV; `production` makes every development fake refuse to start. */
  nodeEnv: string;
  auth: AuthProvidersConfig;
  /** Billing (modules/billing): unpaid-order lifetime, the fake gateway switch, the payment variables as given. */
  billing: {
    orderExpireMinutes: number;
    fakePay: '0' | '1' | undefined;
    vars: Record<string, string | undefined>;
    /** LEDGER_CHECK_AT: "HH:MM" in `timeZone`, when the nightly ledger check runs (modules/ledger/ledger.jobs.ts). */
    ledgerCheckAt: string;
  };
  /** Rewarded-ad callbacks (modules/rewards): ADMOB_KEYS_URL, UNIAD_SECURITY_KEY as given (empty = unset). */
  rewards: { admobKeysUrl?: string; uniadSecret?: string };
  /** Uploaded files in an S3-compatible bucket (S3_*), or undefined: in DATA_DIR/media (core/storage.ts). */
  s3: S3StorageOptions | undefined;
  /** TEST_CLOCK_FILE: the moved clock of the tests (core/clock.ts); never set in production. */
  testClockFile: string | undefined;
  /**
   * TEST_CAPTCHA_FILE: the e2e's seam on the request form's captcha (modules/gbook/gbook.captcha.ts): each captcha
   * drawn appends `{captcha_id, answer}` to this file so a browser test can type it; never set in production.
   */
  testCaptchaFile: string | undefined;
}

/**
 * Whether to seed the demo content: DEMO_CONTENT when set (1/0, true/false, yes/no); unset, on everywhere but in
 * production (NODE_ENV=production), where an operator's first start must not fill the catalogue with invented titles
 * and start the demo live channel's ffmpeg.
 */
export function demoContentOf(demoContent: boolean | undefined, nodeEnv: string): boolean {
  return demoContent ?? nodeEnv !== 'production';
}

function parseTrustProxy(value: string): boolean | number | string {
  const v = value.trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false' || v === 'no') return false;
  if (v === '1' || v === 'true' || v === 'yes') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value.trim();
}

/**
 * The heap growing factor of this process: HEAP_GROWING_PERCENT when set (0: V8's own), else 30 on the embedded
 * database and V8's own with PostgreSQL. An embedded install is the small one-process server (a home box, a small
 * VPS) where resident memory is the scarce thing: V8 otherwise lets the old generation grow to up to four times what
 * survived its last full collection while requests keep coming, about 200 MB more after a burst, for some 10% less
 * CPU per request (measured with `npm run bench`, `rss_mb_after_load`). A PostgreSQL install scales out and keeps
 * V8's faster default.
 */
export function heapGrowingPercentOf(value: number | undefined, databaseUrl: string | undefined): number | undefined {
  if (value !== undefined) return value === 0 ? undefined : value;
  return databaseUrl ? undefined : 30;
}

/** Parse the environment; throws an Error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string | undefined> = {
    ...env,
    DATABASE_URL: env.DATABASE_URL || undefined,
    REDIS_URL: env.REDIS_URL || undefined,
  };
  input.TZ = env.TZ || undefined;
  // An empty provider/secret variable means "unset" (as in a .env file with `ENCRYPT_KEY=`).
  for (const key of OPTIONAL_AUTH_KEYS) input[key] = env[key] || undefined;
  for (const key of Object.keys(paymentEnv)) input[key] = env[key] || undefined;
  for (const key of S3_KEYS) input[key] = env[key] || undefined;
  const parsed = Env.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  try {
    new Intl.DateTimeFormat('en', { timeZone: e.TZ });
  } catch {
    throw new Error(`Invalid configuration:\n  TZ: unknown time zone "${e.TZ}"`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const s3 = s3Options(e);
  return {
    mediaUrlSecret: e.MEDIA_URL_SECRET,
    port: e.PORT,
    host: e.HOST,
    // npm workspaces run scripts in the package folder; INIT_CWD is where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl,
    timeZone: e.TZ,
    adminPassword: e.ADMIN_PASSWORD,
    demoContent: demoContentOf(e.DEMO_CONTENT, e.NODE_ENV),
    logLevel: e.LOG_LEVEL,
    heapGrowingPercent: heapGrowingPercentOf(e.HEAP_GROWING_PERCENT, e.DATABASE_URL),
    allowPrivateFeeds: e.ALLOW_PRIVATE_FEEDS,
    cast: {
      dlna: e.DLNA,
      interfaces:
        e.DLNA_INTERFACES?.split(',')
          .map((n) => n.trim())
          .filter(Boolean) || undefined,
      cacheMaxBytes: e.CAST_CACHE_MAX_MB * 1024 * 1024,
      cacheMaxAgeMs: Math.round(e.CAST_CACHE_MAX_DAYS * 86_400_000),
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    nodeEnv: e.NODE_ENV,
    auth: authProviders(e, publicUrl),
    billing: {
      orderExpireMinutes: e.ORDER_EXPIRE_MINUTES,
      fakePay: e.FAKE_PAY,
      vars: Object.fromEntries(Object.keys(paymentEnv).map((k) => [k, env[k] || undefined])),
      ledgerCheckAt: e.LEDGER_CHECK_AT,
    },
    rewards: { admobKeysUrl: env.ADMOB_KEYS_URL || undefined, uniadSecret: env.UNIAD_SECURITY_KEY || undefined },
    s3,
    testClockFile: testClockFileOf(e),
    testCaptchaFile: testCaptchaFileOf(e),
  };
}

/** TEST_CLOCK_FILE as an absolute path; throws in production (a moved clock would release earnings early). */
function testClockFileOf(e: z.output<typeof Env>): string | undefined {
  if (!e.TEST_CLOCK_FILE) return undefined;
  if (e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  TEST_CLOCK_FILE: not allowed with NODE_ENV=production');
  }
  return path.resolve(e.TEST_CLOCK_FILE);
}

/** TEST_CAPTCHA_FILE as an absolute path; throws in production (it writes every captcha's answer down). */
function testCaptchaFileOf(e: z.output<typeof Env>): string | undefined {
  if (!e.TEST_CAPTCHA_FILE) return undefined;
  if (e.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  TEST_CAPTCHA_FILE: not allowed with NODE_ENV=production');
  }
  return path.resolve(e.TEST_CAPTCHA_FILE);
}

const S3_KEYS = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** The S3 settings when S3_BUCKET is set; throws when its keys are missing (a half-configured bucket never starts). */
function s3Options(e: z.output<typeof Env>): S3StorageOptions | undefined {
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT) throw new Error('Invalid configuration:\n  S3_BUCKET: required with S3_ENDPOINT');
    return undefined;
  }
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    prefix: e.S3_PREFIX,
  };
}

function authProviders(e: z.output<typeof Env>, publicUrl: string): AuthProvidersConfig {
  const production = e.NODE_ENV === 'production';
  const hasWechat = Boolean(e.WECHAT_APP_ID && e.WECHAT_APP_SECRET);
  return {
    sms: {
      provider: e.SMS_PROVIDER ?? (production ? 'none' : 'console'),
      codeSecret: e.SMS_CODE_SECRET,
      aliyun: {
        accessKeyId: e.ALIYUN_ACCESS_KEY_ID ?? '',
        accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET ?? '',
        signName: e.ALIYUN_SMS_SIGN_NAME ?? '',
        templateCode: e.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      },
      tencent: {
        secretId: e.TENCENT_SECRET_ID ?? '',
        secretKey: e.TENCENT_SECRET_KEY ?? '',
        sdkAppId: e.TENCENT_SMS_SDK_APP_ID ?? '',
        signName: e.TENCENT_SMS_SIGN_NAME ?? '',
        templateId: e.TENCENT_SMS_TEMPLATE_ID ?? '',
        region: e.TENCENT_SMS_REGION,
      },
    },
    oneClick: { provider: e.ONE_CLICK_PROVIDER },
    wechat: {
      provider: e.WECHAT_LOGIN_PROVIDER ?? (hasWechat ? 'wechat' : 'none'),
      appId: e.WECHAT_APP_ID ?? '',
      appSecret: e.WECHAT_APP_SECRET ?? '',
      scope: e.WECHAT_OAUTH_SCOPE,
      redirectUri: e.WECHAT_REDIRECT_URI ?? `${publicUrl}/`,
    },
    encryptKey: e.ENCRYPT_KEY,
  };
}

/** Alipay and WeChat Pay settings as given (modules/billing/alipay.channel.ts, wechat.channel.ts). */
export interface PaymentChannelsConfig {
  alipay: { appId?: string; privateKey?: string; publicKey?: string; gateway: string; sellerId?: string };
  wechat: {
    mchid?: string;
    appid?: string;
    serial?: string;
    privateKey?: string;
    publicKey?: string;
    publicKeyId?: string;
    apiV3Key?: string;
    baseUrl: string;
  };
}

/**
 * Read the payment variables from an environment (the channel factories' `ChannelEnv.vars`). Empty = unset.
 * Throws on an invalid value (loadConfig reports the same errors at startup, since Env includes them).
 */
export function paymentChannelsFromEnv(vars: Record<string, string | undefined>): PaymentChannelsConfig {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(paymentEnv)) input[key] = vars[key] || undefined;
  const e = z.object(paymentEnv).parse(input);
  return {
    alipay: {
      appId: e.ALIPAY_APP_ID,
      privateKey: e.ALIPAY_PRIVATE_KEY,
      publicKey: e.ALIPAY_PUBLIC_KEY,
      gateway: e.ALIPAY_GATEWAY,
      sellerId: e.ALIPAY_SELLER_ID,
    },
    wechat: {
      mchid: e.WECHATPAY_MCHID,
      appid: e.WECHATPAY_APPID,
      serial: e.WECHATPAY_SERIAL,
      privateKey: e.WECHATPAY_PRIVATE_KEY,
      publicKey: e.WECHATPAY_PUBLIC_KEY,
      publicKeyId: e.WECHATPAY_PUBLIC_KEY_ID,
      apiV3Key: e.WECHATPAY_APIV3_KEY,
      baseUrl: e.WECHATPAY_BASE_URL,
    },
  };
}
