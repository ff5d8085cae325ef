/**
 * `npm run bench` (issue 2 §11; DESIGN.md §7): side-by-side ratios measured in one run, because this machine is
 * shared and noisy.
 *
 * 1. Throughput: the real server as its own process; autocannon, 50 connections, against the home (getHome) and
 *    title (getDetail) endpoints, anonymous and signed in (a member's session: `signed_home_vs_constant_*`,
 *    `signed_detail_vs_constant_*`, with their p99), and, interleaved, the constant route /healthz of the same
 *    server. On PGlite, and on PostgreSQL when DATABASE_URL is set (a scratch database `openvod_bench` is created and
 *    dropped). After the PGlite load, the server's resident memory: `rss_mb_after_load` (target: under 300 MB for
 *    one `ROLE=all` process with the demo content).
 * 2. Time to first frame (ttff.ts, `ttff_app_vs_bare`): Debian's Chromium opens the title page `detail/mov-detail`
 *    with no ad and, interleaved, a bare hls.js page on the same stream; the first frame is the first
 *    requestVideoFrameCallback after `playing`.
 *
 * 3. The catalogue at scale (catalogue.ts, PostgreSQL only): p50/p95 of list, filter, deep-page, ranking, suggest
 *    and search calls on 200,000 generated titles (`list_p95_ms_200k`, `deep_page_p95_ms_200k`, `rank_p95_ms_200k`,
 *    `suggest_p95_ms_200k`, `search_p95_ms_200k`, ...), and the script time of the home and category pages rendered
 *    from cache with Chromium's CPU throttled 4x (render.ts: `home_script_ms_x4`, `category_script_ms_x4`).
 * 4. Offline downloads (offline.ts, no app server): an ffmpeg-made episode on a bench origin limited to 20 Mbit/s
 *    per connection with 40 ms to first byte; the app's downloader (the engine module bundled into a page in
 *    Debian's Chromium) against `curl -Z --parallel-max N` on the same segments (`download_vs_curl`, curl time / app
 *    time, target >= 0.9), and the downloaded episode's first frame with the network off against the same episode
 *    online (`offline_ttff_vs_online`, target <= 1.0).
 *
 * Prints progress, then one JSON object of results as its last line. Knobs: BENCH_SECONDS (load duration, default 6),
 * BENCH_TTFF_RUNS (default 5), BENCH_TTFF_TRACE=1 (each TTFF run's requests and media events),
 * BENCH_ONLY=throughput (part 1 alone: PGlite, and PostgreSQL with DATABASE_URL, without seeding the 200k catalogue),
 * BENCH_ONLY=ttff, BENCH_ONLY=community (community.ts: `comment_list_p95_ms_1m`,
 * `comment_count_p95_ms_1m`), BENCH_ONLY=danmaku (danmaku.ts: `danmaku_fps_1000`,
 * `danmaku_delivery_p50_ms`), BENCH_ONLY=offline (offline.ts; BENCH_OFFLINE_RUNS, default 5, and
 * BENCH_OFFLINE_PORT, default 18305) or BENCH_ONLY=catalogue, and for the catalogue BENCH_CATALOGUE_TITLES
 * (default 200000), BENCH_CATALOGUE_SAMPLES (default 200 per kind), BENCH_CATALOGUE_PORT (default 18097),
 * BENCH_RENDER_RUNS (default 5).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { catalogueBench } from './catalogue.ts';
import { type BenchMember, benchMember, log, ROOT, startServer, stopServer } from './common.ts';
import { communityBench } from './community.ts';
import { danmakuDeliveryBench, danmakuFpsBench } from './danmaku.ts';
import { offlineBench } from './offline.ts';
import { TTFF_SERVER_ENV, ttff, writeBarePage } from './ttff.ts';

const TMP = path.join(ROOT, 'bench/.tmp');
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 50;
const TTFF_RUNS = Number(process.env.BENCH_TTFF_RUNS ?? 5);
/**
 * BENCH_ONLY=ttff measures only the time to first frame (for quick iterations on the player); BENCH_ONLY=catalogue
 * only the catalogue at scale (catalogue.ts, render.ts).
 */
const ONLY = process.env.BENCH_ONLY ?? '';
if (!['', 'throughput', 'ttff', 'danmaku', 'catalogue', 'community', 'offline'].includes(ONLY)) {
  throw new Error(
    `BENCH_ONLY must be throughput, ttff, danmaku, catalogue, community or offline, not ${JSON.stringify(ONLY)}`,
  );
}

interface Load {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/**
 * Home and detail against the constant route, interleaved const/home/const/detail/const/signed detail/const/signed
 * home/const. The signed detail is a member's who has a watch entry of the title: the play gate's whole path
 * (session, group rights, the watch record) before the cached full answer; the signed home is the same member's
 * home page (session and rights, then the cached page). Every real viewer is signed in (the app signs a device guest
 * in at launch), so these are the figures that matter in production.
 */
async function throughput(base: string, vodId: number, label: string, viewer: BenchMember) {
  // Warm caches and JIT.
  for (const p of ['/healthz', '/api/home', `/api/vod/${vodId}`])
    await autocannon({ url: base + p, connections: 10, duration: 1 });
  const c1 = await load(`${base}/healthz`);
  const home = await load(`${base}/api/home`);
  const c2 = await load(`${base}/healthz`);
  const detail = await load(`${base}/api/vod/${vodId}`);
  const c3 = await load(`${base}/healthz`);
  const signed = await load(`${base}/api/vod/${vodId}`, { authorcode: viewer.token });
  const c4 = await load(`${base}/healthz`);
  const signedHome = await load(`${base}/api/home`, { authorcode: viewer.token });
  const c5 = await load(`${base}/healthz`);
  const constant = (c1.rps + c2.rps + c3.rps + c4.rps + c5.rps) / 5;
  log(
    `${label}: constant ${constant.toFixed(0)} req/s; home ${home.rps.toFixed(0)} req/s (p99 ${home.p99} ms); ` +
      `detail ${detail.rps.toFixed(0)} req/s (p99 ${detail.p99} ms); errors ${c1.errors + c2.errors + c3.errors + home.errors + detail.errors}`,
  );
  log(
    `${label}: signed-in detail ${signed.rps.toFixed(0)} req/s (p99 ${signed.p99} ms); ` +
      `signed-in home ${signedHome.rps.toFixed(0)} req/s (p99 ${signedHome.p99} ms)`,
  );
  if (home.errors || detail.errors || signed.errors || signedHome.errors) {
    throw new Error(`${label}: requests failed during the load`);
  }
  return {
    home: home.rps / constant,
    detail: detail.rps / constant,
    signedDetail: signed.rps / constant,
    signedHome: signedHome.rps / constant,
    homeP99: home.p99,
    detailP99: detail.p99,
    signedDetailP99: signed.p99,
    signedHomeP99: signedHome.p99,
  };
}

/**
 * The bench title's id and first episode URL. getDetail gives addresses only once the caller has taken a view (issue 7
 * item 2), so the bench's viewer (a member, {@link VIEWER}) writes the watch entry first, as the app does.
 */
async function findVod(base: string, name: string, viewer: BenchMember): Promise<{ id: number; url: string }> {
  const list = (await (await fetch(`${base}/api/vod?wd=${encodeURIComponent(name)}`)).json()) as {
    list: { vod_id: number }[];
  };
  const id = list.list[0]?.vod_id;
  if (!id) throw new Error(`bench title ${name} not found`);
  const headers = { authorcode: viewer.token };
  const take = await fetch(`${base}/api/user/ulog?ac=set&mid=1&type=4&id=${id}&sid=1&nid=1`, { headers });
  if (!take.ok) throw new Error(`bench viewer could not take a view: ${take.status} ${await take.text()}`);
  const detail = (await (await fetch(`${base}/api/vod/${id}`, { headers })).json()) as {
    info: { play_locked: number; sources: { episodes: { url: string }[] }[] };
  };
  if (detail.info.play_locked !== 0) throw new Error('bench title still locked after taking a view');
  return { id, url: detail.info.sources[0]?.episodes[0]?.url ?? '' };
}

/** The member the throughput and TTFF parts run as (kept across runs, common.ts benchMember). */
const VIEWER = 'benchviewer';

/** Resident memory of a process in MB (Linux /proc), or NaN when it cannot be read. */
function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return Number.NaN;
  }
}

async function main() {
  fs.mkdirSync(TMP, { recursive: true });
  const dataDir = path.join(TMP, 'data');
  const out: Record<string, number> = {};
  const round = (x: number) => Math.round(x * 1000) / 1000;

  const port = 18090;
  const base = `http://127.0.0.1:${port}`;
  // Danmaku renderer (danmaku.ts): fps with 1000 comments on screen, before any server competes for the CPU.
  if (ONLY === '' || ONLY === 'danmaku') Object.assign(out, await danmakuFpsBench());
  // Offline downloads (offline.ts): its own throttled origin, no app server.
  if (ONLY === '' || ONLY === 'offline') Object.assign(out, await offlineBench());
  if (ONLY !== 'catalogue' && ONLY !== 'community' && ONLY !== 'offline') {
    log('bench: PGlite server (first run generates demo media)');
    const server = await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: '', ...TTFF_SERVER_ENV });
    try {
      const viewer = await benchMember(base, VIEWER);
      const { id, url } = await findVod(base, '霓虹断刃', viewer);
      if (ONLY !== 'ttff' && ONLY !== 'danmaku') {
        const lite = await throughput(base, id, 'pglite', viewer);
        out.home_vs_constant_pglite = round(lite.home);
        out.detail_vs_constant_pglite = round(lite.detail);
        out.signed_detail_vs_constant_pglite = round(lite.signedDetail);
        out.signed_home_vs_constant_pglite = round(lite.signedHome);
        out.home_p99_ms_pglite = lite.homeP99;
        out.detail_p99_ms_pglite = lite.detailP99;
        out.signed_detail_p99_ms_pglite = lite.signedDetailP99;
        out.signed_home_p99_ms_pglite = lite.signedHomeP99;
        out.rss_mb_after_load = rssMb(server.pid);
        log(`pglite: server resident memory after the load ${out.rss_mb_after_load} MB`);
      }
      // Danmaku (danmaku.ts): delivery between two browser contexts.
      if (ONLY === '' || ONLY === 'danmaku') Object.assign(out, await danmakuDeliveryBench(base));
      if (ONLY !== 'danmaku' && ONLY !== 'throughput') {
        const bareDir = path.join(TMP, 'bare');
        writeBarePage(bareDir);
        const t = await ttff(base, id, url, TTFF_RUNS, viewer, bareDir);
        out.ttff_app_vs_bare = round(t.ratio);
        out.home_initial_js_gz_kb = t.homeJsKb;
      }
    } finally {
      await stopServer(server);
    }
  }

  const pgUrl = ONLY === 'ttff' || ONLY === 'danmaku' || ONLY === 'offline' ? undefined : process.env.DATABASE_URL;
  if (pgUrl && ONLY !== 'catalogue' && ONLY !== 'community') {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query('drop database if exists openvod_bench with (force)');
    await admin.query('create database openvod_bench');
    const u = new URL(pgUrl);
    u.pathname = '/openvod_bench';
    log('bench: PostgreSQL server');
    const server = await startServer(port, { DATA_DIR: dataDir, DATABASE_URL: u.toString() });
    try {
      const viewer = await benchMember(base, VIEWER);
      const { id } = await findVod(base, '霓虹断刃', viewer);
      const pgr = await throughput(base, id, 'postgres', viewer);
      out.home_vs_constant_pg = round(pgr.home);
      out.detail_vs_constant_pg = round(pgr.detail);
      out.signed_detail_vs_constant_pg = round(pgr.signedDetail);
      out.signed_home_vs_constant_pg = round(pgr.signedHome);
      out.home_p99_ms_pg = pgr.homeP99;
      out.detail_p99_ms_pg = pgr.detailP99;
      out.signed_detail_p99_ms_pg = pgr.signedDetailP99;
      out.signed_home_p99_ms_pg = pgr.signedHomeP99;
    } finally {
      await stopServer(server);
      await admin.query('drop database if exists openvod_bench with (force)');
      await admin.end();
    }
  }
  // Comments (community.ts): 1,000,000 comments over 200,000 titles.
  if (pgUrl && (ONLY === '' || ONLY === 'community')) Object.assign(out, await communityBench(pgUrl, TMP));
  if (pgUrl && ONLY !== 'throughput' && ONLY !== 'community') {
    Object.assign(out, await catalogueBench(pgUrl, TMP));
  } else if (!pgUrl && ONLY !== 'ttff' && ONLY !== 'danmaku' && ONLY !== 'offline') {
    log('bench: DATABASE_URL is not set, PostgreSQL figures (throughput, catalogue at 200k titles) skipped');
  }
  log(JSON.stringify(out));
}

main().catch((err) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
