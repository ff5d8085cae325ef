/**
 * E2E: the real server, compiled as production runs it (apps/server/dist/main.js), on a fresh data folder with demo
 * content, driven in Debian's Chromium (never a downloaded browser) with the flags of DESIGN.md §6. The web server
 * command first builds whatever changed since the last build (scripts/build.mjs --if-changed: the contract, the
 * server, the viewer app and the console), so a run never tests stale output; after `npm run build` it builds nothing.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 18080);
export const ADMIN_PASSWORD = 'e2e-admin-password';
/** DES key of encrypt_data (spec §7); encryption stays off until a spec turns it on in the app config. */
export const ENCRYPT_KEY = 'e2eKey01';
// Per port, so two runs on one machine (different E2E_PORT) never share or wipe each other's folders.
export const DATA_DIR = `.tmp/e2e-data-${PORT}`;
/**
 * The server's promotion clock offset (seconds, apps/server/src/core/clock.ts): specs move time past an earning's hold
 * by writing this file (tests/promotion.spec.ts). Absolute, as the server resolves it from its own folder.
 */
export const CLOCK_FILE = new URL(`./.tmp/e2e-clock-${PORT}`, import.meta.url).pathname;
/**
 * Answers of the request form's captchas (apps/server/src/modules/gbook/gbook.captcha.ts, TEST_CAPTCHA_FILE: one
 * JSON line per captcha drawn; refused with NODE_ENV=production): tests/requests.spec.ts types the answer from it.
 */
export const CAPTCHA_FILE = new URL(`./.tmp/e2e-captcha-${PORT}.jsonl`, import.meta.url).pathname;

/**
 * The specs whose outcome depends on the database: money (orders, points, views, rewards), accounts and their merge,
 * imports, per-user lists, rankings and the console's user queries. With `E2E_SCOPE=db` only these run: the second,
 * PostgreSQL pass of `.ci/run` sets it, since the player, danmaku, casting, ads display and PWA specs exercise the
 * browser and the media, which do not change with the database (the first pass, on PGlite, runs them all).
 */
export const DB_SPECS = [
  'accounts.spec.ts',
  'accounts-encrypted.spec.ts',
  'billing.spec.ts',
  'catalogue-browse.spec.ts',
  'catalogue-vip.spec.ts',
  'comments.spec.ts',
  'console-downloads.spec.ts',
  'console-first-hour.spec.ts',
  'console-import.spec.ts',
  'free-views.spec.ts',
  'guest-account.spec.ts',
  'points.spec.ts',
  'promotion.spec.ts',
  'requests.spec.ts',
  'social.spec.ts',
  'rewarded-ads.spec.ts',
  'user-logs.spec.ts',
];
// A renamed or removed spec must not drop out of the PostgreSQL pass unnoticed.
for (const f of DB_SPECS) {
  if (!existsSync(new URL(`./tests/${f}`, import.meta.url))) throw new Error(`DB_SPECS names a missing spec: ${f}`);
}

export default defineConfig({
  testDir: './tests',
  testMatch: process.env.E2E_SCOPE === 'db' ? DB_SPECS.map((f) => `**/${f}`) : '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: `.tmp/test-results-${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    trace: 'retain-on-failure',
    // The viewer app registers a service worker (PWA app shell): requests it makes would bypass page.route, so
    // specs run without it; tests/pwa-offline.spec.ts turns it back on.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    // The command runs in e2e/, the server resolves DATA_DIR from INIT_CWD (this run's folder): the folder removed
    // is the server's, whether the run started at the repository's root or in e2e/.
    command: `node ../scripts/build.mjs --if-changed && rm -rf ${resolve(DATA_DIR)} ${CLOCK_FILE} ${CAPTCHA_FILE} && node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    // A build of what changed (up to a few minutes on a loaded machine), then the demo media on a first run.
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      // All interfaces: a DLNA renderer in a network namespace (tests/cast.spec.ts) must reach the server's media.
      HOST: '0.0.0.0',
      // SSDP discovery only on the host side of that spec's veth (apps/server/src/modules/cast/test-renderer.ts).
      DLNA_INTERFACES: `ovhe${PORT}`,
      // The address the browser uses (payment return URLs and the fake cashier are built from it).
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR,
      ADMIN_PASSWORD,
      ENCRYPT_KEY,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      // The demo's player ad is seeded with its slot switched off: tests/player-ads.spec.ts turns it on and off.
      DEMO_ADS: '0',
      TEST_CLOCK_FILE: CLOCK_FILE,
      TEST_CAPTCHA_FILE: CAPTCHA_FILE,
      INIT_CWD: process.cwd(),
    },
  },
});
