/**
 * Time to first frame (issue 5 target `ttff_app_vs_bare` <= 1.3; research/player.md "TTFF ... pre-roll excluded"):
 * Debian's Chromium opens the app's title page `detail/mov-detail` with no ad and, interleaved run by run, a bare
 * hls.js page on the same ffmpeg-made HLS stream from the same server (the page itself under its origin,
 * `/bench-bare/`). The first frame is the first requestVideoFrameCallback after `playing`, in ms since navigation start
 * (`performance.now()`); each side's median over `runs` fresh contexts, and the ratio app / bare.
 *
 * "No ad": the bench server runs with DEMO_ADS=0 (the demo's slot-12 ad stays switched off) and the measurement
 * refuses to start when adList still answers an ad for the title page's slot.
 *
 * The viewer: a signed-in member (its session stored in the fresh context, as on a returning device) opening the
 * title without a watch entry, so each app run goes the whole way of issue 7's free-view flow: getDetail answers
 * without addresses (`play_locked`), the boot script takes the view (ajaxUlog `ac=set` type 4) and asks getDetail
 * again. Before each app run the member's entry is removed (`cancel=1`); the view itself was paid on the first run
 * (the server's per-day claim makes the later ones replays, which take nothing).
 *
 * Also reports the gzipped script size of the home route in a fresh profile (`home_initial_js_gz_kb`).
 * `BENCH_ONLY=ttff npm run bench` runs this part alone.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { jsGzipKb } from './bundle-size.ts';
import { type BenchMember, CHROMIUM_ARGS, CHROMIUM_PATH, log, ROOT } from './common.ts';

/** BENCH_TTFF_TRACE=1: print each run's requests (start-end ms) and media events, to see where the time goes. */
const TRACE = process.env.BENCH_TTFF_TRACE === '1';

/** Environment of the bench server for this part: no player ad. */
export const TTFF_SERVER_ENV = { DEMO_ADS: '0' } as const;

/**
 * Where the bare page is asked for: under the app server's origin, so its playlist and segment requests are as
 * same-origin as the app's, but answered by the browser context from {@link writeBarePage}'s folder (the server's
 * /media/ serves media files only: apps/server/src/modules/media/signed-urls.ts `mediaKind`).
 */
const BARE_PATH = '/bench-bare/';

/** A bare hls.js page on the same stream, written into `dir` (bench/.tmp/bare) for {@link ttff} to serve. */
export function writeBarePage(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const require = createRequire(path.join(ROOT, 'apps/web/package.json'));
  fs.copyFileSync(require.resolve('hls.js/dist/hls.min.js'), path.join(dir, 'hls.min.js'));
  fs.writeFileSync(
    path.join(dir, 'bare.js'),
    `const v=document.getElementById('v');const src=new URLSearchParams(location.search).get('src');
const hls=new Hls();hls.loadSource(src);hls.attachMedia(v);v.play().catch(()=>{v.muted=true;v.play();});`,
  );
  fs.writeFileSync(
    path.join(dir, 'bare.html'),
    '<!doctype html><meta charset="utf-8"><video id="v" playsinline style="width:100%"></video><script src="hls.min.js"></script><script src="bare.js"></script>',
  );
}

const TTFF_PROBE = `window.__ttff = null;
window.__ttffEvents = [];
for (const type of ['loadedmetadata', 'loadeddata', 'canplay', 'play', 'playing']) {
  document.addEventListener(type, () => window.__ttffEvents.push(type + ' ' + Math.round(performance.now())), true);
}
document.addEventListener('playing', (e) => {
  const v = e.target;
  if (window.__ttff !== null) return;
  if (v.requestVideoFrameCallback) v.requestVideoFrameCallback(() => { if (window.__ttff === null) window.__ttff = performance.now(); });
  else window.__ttff = performance.now();
}, true);`;

/** In the page: each resource it fetched, `start-end path` (ms since navigation start). */
function resourceTimeline(): string[] {
  return performance
    .getEntriesByType('resource')
    .map(
      (e) =>
        `${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.replace(location.origin, '')}`,
    );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export interface TtffResult {
  /** median(app) / median(bare). */
  ratio: number;
  appMs: number;
  bareMs: number;
  /** Gzipped KB of the scripts the home route loads in a fresh profile. */
  homeJsKb: number;
}

/** Refuse to measure "no ad" while the player slot still serves one. */
async function assertNoPlayerAd(base: string) {
  const res = (await (await fetch(`${base}/api/ads?ad_local_type=12`)).json()) as { list?: unknown[] };
  if ((res.list ?? []).length > 0) {
    throw new Error('ttff: the player ad slot serves an ad; run the bench server with DEMO_ADS=0 (no pre-roll)');
  }
}

/** Remove the viewer's watch entry of the title, so the next app run opens it locked again. */
async function forgetWatch(base: string, vodId: number, viewer: BenchMember) {
  const res = await fetch(`${base}/api/user/ulog?ac=set&cancel=1&mid=1&type=4&id=${vodId}`, {
    headers: { authorcode: viewer.token },
  });
  if (!res.ok) throw new Error(`ttff: removing the watch entry failed: ${res.status} ${await res.text()}`);
}

/** Measure the app's title page against the bare page, interleaved, `runs` times each (after one warm-up). */
export async function ttff(
  base: string,
  vodId: number,
  streamUrl: string,
  runs: number,
  viewer: BenchMember,
  bareDir: string,
): Promise<TtffResult> {
  await assertNoPlayerAd(base);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  // The app's stored session (apps/web lib/session.ts, zustand persist under 'openvod-user').
  const session = JSON.stringify({ state: { token: viewer.token, user: viewer.info }, version: 1 });
  try {
    const measure = async (url: string) => {
      const isApp = !url.includes(BARE_PATH);
      if (isApp) await forgetWatch(base, vodId, viewer);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (!isApp) {
        await context.route(`${base}${BARE_PATH}**`, async (route) => {
          const name = path.basename(new URL(route.request().url()).pathname);
          const type = name.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8';
          await route.fulfill({ status: 200, contentType: type, body: fs.readFileSync(path.join(bareDir, name)) });
        });
      }
      await context.addInitScript(TTFF_PROBE);
      if (isApp) {
        await context.addInitScript((value: string) => {
          if (!localStorage.getItem('openvod-user')) localStorage.setItem('openvod-user', value);
        }, session);
      }
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
      });
      await page.goto(url);
      try {
        await page.waitForFunction(() => (window as unknown as { __ttff: number | null }).__ttff !== null, null, {
          timeout: 30_000,
        });
      } catch (err) {
        // Say why: what the page loaded and showed, and what it complained about.
        const requests = await page.evaluate(resourceTimeline).catch(() => undefined);
        const state = await page
          .evaluate(() => ({
            videos: Array.from(
              document.querySelectorAll('video'),
              (v) => `readyState ${v.readyState} paused ${v.paused} error ${v.error?.code ?? '-'} src ${v.currentSrc}`,
            ),
            text: document.body.innerText.slice(0, 500),
          }))
          .catch(() => undefined);
        log(`ttff: no first frame on ${url}: ${JSON.stringify({ problems, requests, ...state })}`);
        throw err;
      }
      const value = await page.evaluate(() => (window as unknown as { __ttff: number }).__ttff);
      if (TRACE) {
        const trace = [
          ...(await page.evaluate(resourceTimeline)),
          ...(await page.evaluate(() => (window as unknown as { __ttffEvents: string[] }).__ttffEvents)),
        ];
        log(`ttff trace ${isApp ? 'app' : 'bare'} ${Math.round(value)} ms:\n  ${trace.join('\n  ')}`);
      }
      await context.close();
      return value;
    };
    const appUrl = `${base}/#/pages/detail/mov-detail?id=${vodId}`;
    const bareUrl = `${base}${BARE_PATH}bare.html?src=${encodeURIComponent(streamUrl)}`;
    // Scripts the home route loads in a fresh profile (first visit, so the privacy sheet's code counts too).
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.locator('[data-testid^="vod-card-"]').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    await context.close();
    const home = jsGzipKb(
      path.join(ROOT, 'apps/web/dist'),
      [`${base}/`, ...urls].filter((u) => u.endsWith('.js')),
    );
    log(`bundle: home route loads ${home.files.length} scripts, ${home.kb} KB gzipped (budget 200)`);

    await measure(appUrl); // warm the server's caches
    await measure(bareUrl);
    const app: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Alternate which side goes first, so a drift of the shared machine hits both alike.
      if (i % 2 === 0) {
        app.push(await measure(appUrl));
        bare.push(await measure(bareUrl));
      } else {
        bare.push(await measure(bareUrl));
        app.push(await measure(appUrl));
      }
    }
    log(
      `ttff: app median ${median(app).toFixed(0)} ms ${JSON.stringify(app.map(Math.round))}; bare hls.js median ${median(bare).toFixed(0)} ms ${JSON.stringify(bare.map(Math.round))}`,
    );
    return { ratio: median(app) / median(bare), appMs: median(app), bareMs: median(bare), homeJsKb: home.kb };
  } finally {
    await browser.close();
  }
}
