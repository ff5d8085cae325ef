/**
 * `npm run bench` (issue 2 §11; DESIGN.md §7): side-by-side ratios measured in one run, because this machine is
 * shared and noisy.
 *
 * 1. Throughput: the real server as its own process; autocannon, 50 connections, against the home (getHome) and
 *    title (getDetail) endpoints and, interleaved, the constant route /healthz of the same server. On PGlite, and
 *    on PostgreSQL when DATABASE_URL is set (a scratch database `openvod_bench` is created and dropped).
 * 2. Time to first frame: Debian's Chromium opens the title page `detail/mov-detail` and, alternately, a bare
 *    hls.js page on the same stream; the first frame is the first requestVideoFrameCallback after `playing`.
 *
 * 3. The catalogue at scale (catalogue.ts, PostgreSQL only): p50/p95 of list, filter, deep-page, ranking, suggest
 *    and search calls on 200,000 generated titles (`list_p95_ms_200k`, `deep_page_p95_ms_200k`, `rank_p95_ms_200k`,
 *    `suggest_p95_ms_200k`, `search_p95_ms_200k`, ...), and the script time of the home and category pages rendered
 *    from cache with Chromium's CPU throttled 4x (render.ts: `home_script_ms_x4`, `category_script_ms_x4`).
 *
 * Prints progress, then one JSON object of results as its last line. Knobs: BENCH_SECONDS (load duration, default 6),
 * BENCH_TTFF_RUNS (default 5), BENCH_ONLY=ttff or BENCH_ONLY=catalogue, and for the catalogue BENCH_CATALOGUE_TITLES
 * (default 200000), BENCH_CATALOGUE_SAMPLES (default 200 per kind), BENCH_CATALOGUE_PORT (default 18097),
 * BENCH_RENDER_RUNS (default 5).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { jsGzipKb } from './bundle-size.ts';
import { catalogueBench } from './catalogue.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, log, ROOT, startServer, stopServer } from './common.ts';

const TMP = path.join(ROOT, 'bench/.tmp');
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 50;
const TTFF_RUNS = Number(process.env.BENCH_TTFF_RUNS ?? 5);
/**
 * BENCH_ONLY=ttff measures only the time to first frame (for quick iterations on the player); BENCH_ONLY=catalogue
 * only the catalogue at scale (catalogue.ts, render.ts).
 */
const ONLY = process.env.BENCH_ONLY ?? '';

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Home and detail against the constant route, interleaved const/home/const/detail/const. */
async function throughput(base: string, vodId: number, label: string) {
  // Warm caches and JIT.
  for (const p of ['/healthz', '/api/home', `/api/vod/${vodId}`])
    await autocannon({ url: base + p, connections: 10, duration: 1 });
  const c1 = await load(`${base}/healthz`);
  const home = await load(`${base}/api/home`);
  const c2 = await load(`${base}/healthz`);
  const detail = await load(`${base}/api/vod/${vodId}`);
  const c3 = await load(`${base}/healthz`);
  const constant = (c1.rps + c2.rps + c3.rps) / 3;
  log(
    `${label}: constant ${constant.toFixed(0)} req/s; home ${home.rps.toFixed(0)} req/s (p99 ${home.p99} ms); ` +
      `detail ${detail.rps.toFixed(0)} req/s (p99 ${detail.p99} ms); errors ${c1.errors + c2.errors + c3.errors + home.errors + detail.errors}`,
  );
  if (home.errors || detail.errors) throw new Error(`${label}: requests failed during the load`);
  return { home: home.rps / constant, detail: detail.rps / constant, homeP99: home.p99, detailP99: detail.p99 };
}

async function findVod(base: string, name: string): Promise<{ id: number; url: string }> {
  const list = (await (await fetch(`${base}/api/vod?wd=${encodeURIComponent(name)}`)).json()) as {
    list: { vod_id: number }[];
  };
  const id = list.list[0]?.vod_id;
  if (!id) throw new Error(`bench title ${name} not found`);
  const detail = (await (await fetch(`${base}/api/vod/${id}`)).json()) as {
    info: { sources: { episodes: { url: string }[] }[] };
  };
  return { id, url: detail.info.sources[0]?.episodes[0]?.url ?? '' };
}

/** A bare hls.js page on the same stream, served by the same server from DATA_DIR/media/bench. */
function writeBarePage(mediaDir: string) {
  const dir = path.join(mediaDir, 'bench');
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
document.addEventListener('playing', (e) => {
  const v = e.target;
  if (window.__ttff !== null) return;
  if (v.requestVideoFrameCallback) v.requestVideoFrameCallback(() => { if (window.__ttff === null) window.__ttff = performance.now(); });
  else window.__ttff = performance.now();
}, true);`;

async function ttff(base: string, vodId: number, streamUrl: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const measure = async (url: string) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(TTFF_PROBE);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __ttff: number | null }).__ttff !== null, null, {
      timeout: 30_000,
    });
    const value = await page.evaluate(() => (window as unknown as { __ttff: number }).__ttff);
    await context.close();
    return value;
  };
  const app: number[] = [];
  const bare: number[] = [];
  const appUrl = `${base}/#/pages/detail/mov-detail?id=${vodId}`;
  const bareUrl = `${base}/media/bench/bare.html?src=${encodeURIComponent(streamUrl)}`;
  // Scripts the home route loads in a fresh profile (first visit, so the privacy sheet's code counts too).
  {
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
    homeJsKb = home.kb;
    log(`bundle: home route loads ${home.files.length} scripts, ${home.kb} KB gzipped (budget 200)`);
  }
  await measure(appUrl); // warm the server's caches
  for (let i = 0; i < TTFF_RUNS; i++) {
    app.push(await measure(appUrl));
    bare.push(await measure(bareUrl));
  }
  await browser.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  log(
    `ttff: app median ${median(app).toFixed(0)} ms ${JSON.stringify(app.map(Math.round))}; bare hls.js median ${median(bare).toFixed(0)} ms ${JSON.stringify(bare.map(Math.round))}`,
  );
  return median(app) / median(bare);
}

/** Gzipped KB of the scripts the home route loaded (set by {@link ttff}). */
let homeJsKb = Number.NaN;

async function main() {
  fs.mkdirSync(TMP, { recursive: true });
  const dataDir = path.join(TMP, 'data');
  const out: Record<string, number> = {};
  const round = (x: number) => Math.round(x * 1000) / 1000;

  const port = 18090;
  const base = `http://127.0.0.1:${port}`;
  if (ONLY !== 'catalogue') {
    log('bench: PGlite server (first run generates demo media)');
    const server = await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const { id, url } = await findVod(base, '霓虹断刃');
      if (ONLY !== 'ttff') {
        const lite = await throughput(base, id, 'pglite');
        out.home_vs_constant_pglite = round(lite.home);
        out.detail_vs_constant_pglite = round(lite.detail);
        out.home_p99_ms_pglite = lite.homeP99;
        out.detail_p99_ms_pglite = lite.detailP99;
      }
      writeBarePage(path.join(dataDir, 'media'));
      out.ttff_app_vs_bare = round(await ttff(base, id, url));
      out.home_initial_js_gz_kb = homeJsKb;
    } finally {
      await stopServer(server);
    }
  }

  const pgUrl = ONLY === 'ttff' ? undefined : process.env.DATABASE_URL;
  if (pgUrl && ONLY !== 'catalogue') {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query('drop database if exists openvod_bench with (force)');
    await admin.query('create database openvod_bench');
    const u = new URL(pgUrl);
    u.pathname = '/openvod_bench';
    log('bench: PostgreSQL server');
    const server = await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: u.toString() });
    try {
      const { id } = await findVod(base, '霓虹断刃');
      const pgr = await throughput(base, id, 'postgres');
      out.home_vs_constant_pg = round(pgr.home);
      out.detail_vs_constant_pg = round(pgr.detail);
      out.home_p99_ms_pg = pgr.homeP99;
      out.detail_p99_ms_pg = pgr.detailP99;
    } finally {
      await stopServer(server);
      await admin.query('drop database if exists openvod_bench with (force)');
      await admin.end();
    }
  }
  if (pgUrl) {
    Object.assign(out, await catalogueBench(pgUrl, TMP));
  } else if (ONLY !== 'ttff') {
    log('bench: DATABASE_URL is not set, PostgreSQL figures (throughput, catalogue at 200k titles) skipped');
  }
  log(JSON.stringify(out));
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
