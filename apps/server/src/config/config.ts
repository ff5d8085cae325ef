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
 * | DEMO_CONTENT | 1 | seed demo categories, titles and media into an empty database |
 * | LOG_LEVEL | info | pino level |
 * | ALLOW_PRIVATE_FEEDS | 0 | let collect-feed URLs point at private or loopback hosts |
 * | TRUST_PROXY | 0 | trust X-Forwarded-For from a reverse proxy: 0/1, a hop count, or comma-separated addresses |
 * | NODE_ENV | development | `production` refuses every development fake (console SMS, fake one-click, fake OAuth) |
 * | SMS_PROVIDER | console (none in production) | SMS codes: console, aliyun, tencent, none |
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
 * | REDIS_URL | unset | redis:// or rediss:// URL: rate limits, login-failure counters and app config edits shared by every process |
 */
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TZ: z.string().default('Asia/Shanghai'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  DEMO_CONTENT: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ALLOW_PRIVATE_FEEDS: bool.default(false),
  TRUST_PROXY: z.string().max(500).default('0'),
  NODE_ENV: z.string().max(32).default('development'),
  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent', 'none']).optional(),
  SMS_CODE_SECRET: z.string().min(16).optional(),
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
  publicUrl: string;
  timeZone: string;
  adminPassword: string | undefined;
  demoContent: boolean;
  logLevel: string;
  allowPrivateFeeds: boolean;
  /**
   * Fastify `trustProxy`: false by default, because a server facing clients directly must not take the client IP
   * (rate limits) from a header the client writes.
   */
  trustProxy: boolean | number | string;
  /** NODE_ENV; `production` makes every development fake refuse to start. */
  nodeEnv: string;
  auth: AuthProvidersConfig;
}

function parseTrustProxy(value: string): boolean | number | string {
  const v = value.trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false' || v === 'no') return false;
  if (v === '1' || v === 'true' || v === 'yes') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return value.trim();
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
  return {
    port: e.PORT,
    host: e.HOST,
    // npm workspaces run scripts in the package folder; INIT_CWD is where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl,
    timeZone: e.TZ,
    adminPassword: e.ADMIN_PASSWORD,
    demoContent: e.DEMO_CONTENT,
    logLevel: e.LOG_LEVEL,
    allowPrivateFeeds: e.ALLOW_PRIVATE_FEEDS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    nodeEnv: e.NODE_ENV,
    auth: authProviders(e, publicUrl),
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
