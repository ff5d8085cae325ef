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
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path. */
  dataDir: string;
  databaseUrl: string | undefined;
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
  const parsed = Env.safeParse({ ...env, DATABASE_URL: env.DATABASE_URL || undefined, TZ: env.TZ || undefined });
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
  return {
    port: e.PORT,
    host: e.HOST,
    // npm workspaces run scripts in the package folder; INIT_CWD is where the user typed the command.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    timeZone: e.TZ,
    adminPassword: e.ADMIN_PASSWORD,
    demoContent: e.DEMO_CONTENT,
    logLevel: e.LOG_LEVEL,
    allowPrivateFeeds: e.ALLOW_PRIVATE_FEEDS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}
