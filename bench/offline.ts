/**
 * Offline downloads bench (issue 17 "Targets (benchmarks)"; research/offline.md §4 how to measure). Needs no app
 * server: `BENCH_ONLY=offline npm run bench` runs this part alone (about a minute and a half).
 *
 * The episode: ffmpeg makes a 48 s HLS stream (960x540 H.264 at a constant 6 Mbit/s with noise so it does not
 * compress, AAC audio, 1 s segments of about 0.75 MB: 48 segments, about 36 MB), kept in bench/.tmp/offline between
 * runs. A bench-owned origin (offline-origin.ts, its own node:http process on BENCH_OFFLINE_PORT, default 18305)
 * serves it with 40 ms before the first byte of every answer and at most 20 Mbit/s per connection, and serves the
 * bench page without limits.
 *
 * The app's code: the downloader module itself (apps/web/src/features/downloads/engine/index.ts: the app's
 * `downloads` manager over IndexedDB, its fetcher, hls-parser planning, the hls.js offline loader) and the player's
 * hls.js start (features/player/hlsEngine.ts: `createHls` with the player's HLS_CONFIG, the light build), bundled
 * with esbuild into the bench page, which the origin serves so the page's IndexedDB and requests are the origin's.
 * Debian's Chromium (CHROMIUM_PATH, common.ts flags) runs it in a persistent profile (IndexedDB on disk, as on a
 * device; a fresh profile per round).
 *
 * - `download_vs_curl`: `curl -Z --parallel-max N` fetching the episode's segment URLs to files, N = the pool size
 *   of the app's downloader (requests per task, manager.ts), against the app's download of the same episode:
 *   `downloads.add()` until the task is `completed` (its playlist read, every segment fetched and stored in
 *   IndexedDB), timed in the page. Ratio = median curl time / median app time: 1 means as fast as curl, above 1
 *   faster. Each side's bytes are checked (curl's files and the task's fileSize are the segments' sizes; the origin
 *   counts one request per segment for the app). Also `download_app_mib_s`, `download_curl_mib_s`. Target >= 0.9.
 * - `offline_ttff_vs_online`: in the same profile after the download, a fresh page goes offline (Playwright's
 *   network emulation: every request fails) and plays the task's `offline://` address with the player's hls.js and
 *   the engine's offline loader (the app's offline player); a fresh page online plays the same episode from the
 *   origin. The first frame is the first requestVideoFrameCallback after `playing` (as ttff.ts), in ms from the
 *   player's start (`createHls`; hls.js and the engine's module already loaded, as in the app once its launch has
 *   settled: a page cannot be loaded offline without the service worker, so page loads are left out on both
 *   sides). Ratio = median offline / median online; also `offline_ttff_ms`, `online_ttff_ms`. Target <= 1.0.
 *
 * The log also gives, per round, the share of the time each downloader kept its N requests going as the origin saw
 * it (offline-origin.ts `/__stats`): what a downloader loses between requests (its own work before asking the next
 * one) shows there, so a low ratio on a busy machine can be told from a slow origin.
 *
 * One warm-up round, then BENCH_OFFLINE_RUNS (default 5, at least 3) rounds; each round runs curl and the app in
 * alternating order, and the offline and online first frames in alternating order.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, log, ROOT } from './common.ts';

const RUNS = Math.max(3, Number(process.env.BENCH_OFFLINE_RUNS ?? 5));
const PORT = Number(process.env.BENCH_OFFLINE_PORT ?? 18305);
/** Origin's time to first byte (ms) and per-connection rate (20 Mbit/s, in bytes per second). */
const TTFB_MS = 40;
const RATE = (20 * 1_000_000) / 8;
const SEGMENTS = 48;
const TMP = path.join(ROOT, 'bench/.tmp/offline');
const EPISODE = 'media/ep';
/** The task the bench page downloads: the engine's id `${vod_id}-${sid}-${nid}`. */
const REQUEST = { vod_id: 1, vod_name: 'bench', name: '第1集', vod_pic: '', sid: 1, nid: 1, play: 'bench' };
const TASK_ID = '1-1-1';

/** The app's code the bench page runs (see the module comment), as the page's `OfflineBench` global. */
type Bundle = {
  engine: typeof import('../apps/web/src/features/downloads/engine/index.ts');
} & typeof import('../apps/web/src/features/player/hlsEngine.ts');

/** One round's times (ms), and the share of the time each downloader kept its N requests going ({@link busyShare}). */
type Round = {
  curlMs: number;
  appMs: number;
  offlineMs: number;
  onlineMs: number;
  curlBusy: number;
  appBusy: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const MIB = 1024 * 1024;
const round3 = (x: number) => Math.round(x * 1000) / 1000;
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;

/** Makes the episode once (kept between runs in TMP/media/ep); its segment names and their total bytes. */
function makeEpisode(): { segments: string[]; bytes: number } {
  const dir = path.join(TMP, EPISODE);
  if (!fs.existsSync(path.join(dir, 'index.m3u8'))) {
    log(`offline: making a ${SEGMENTS} s episode with ffmpeg`);
    const part = `${dir}.part`;
    fs.rmSync(part, { recursive: true, force: true });
    fs.mkdirSync(part, { recursive: true });
    const args = [
      ['-hide_banner', '-loglevel', 'error', '-y'],
      ['-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=25'],
      ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ['-t', String(SEGMENTS), '-vf', 'noise=alls=40:allf=t', '-pix_fmt', 'yuv420p'],
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-maxrate', '6M', '-minrate', '6M', '-bufsize', '6M'],
      ['-x264-params', 'nal-hrd=cbr', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0'],
      ['-c:a', 'aac', '-b:a', '128k'],
      ['-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', '-hls_segment_filename', 'seg-%03d.ts'],
      ['index.m3u8'],
    ].flat();
    const result = spawnSync('ffmpeg', args, { cwd: part, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`offline: ffmpeg failed (${result.status ?? result.error})`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(part, dir);
  }
  const segments = fs
    .readFileSync(path.join(dir, 'index.m3u8'), 'utf8')
    .split('\n')
    .filter((line) => line.endsWith('.ts'));
  if (segments.length !== SEGMENTS) throw new Error(`offline: ${segments.length} segments, expected ${SEGMENTS}`);
  const bytes = segments.reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
  return { segments, bytes };
}

/** The bench page (TMP/page): the engine and the player's hls.js start bundled by esbuild into one script. */
async function writePage() {
  const dir = path.join(TMP, 'page');
  fs.mkdirSync(dir, { recursive: true });
  const out = await build({
    stdin: {
      contents: [
        "export * as engine from './features/downloads/engine/index.ts';",
        "export { createHls, createPlayerVideo, loadHls } from './features/player/hlsEngine.ts';",
      ].join('\n'),
      resolveDir: path.join(ROOT, 'apps/web/src'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'OfflineBench',
    write: false,
    target: 'es2022',
    minify: true,
    logLevel: 'silent',
  });
  fs.writeFileSync(path.join(dir, 'bench.js'), out.outputFiles[0]?.text ?? '');
  // tsx compiles the evaluated functions with esbuild's keepNames, which calls a `__name` helper.
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><body style="margin:0"><script>window.__name = (f) => f;</script><script src="bench.js"></script></body>',
  );
}

/** Starts offline-origin.ts as its own process over TMP; resolves once it listens. */
async function startOrigin(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/offline-origin.ts'), TMP, String(PORT), String(TTFB_MS), String(RATE)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('offline: the origin did not listen within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`offline: the origin exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.startsWith('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}

async function stopOrigin(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await done;
}

/** What the origin saw under /media/ since the last call (offline-origin.ts `/__stats`; the call resets it). */
async function originStats(
  base: string,
): Promise<{ requests: Record<string, number>; busyMs: number; spanMs: number }> {
  return (await (await fetch(`${base}/__stats`)).json()) as {
    requests: Record<string, number>;
    busyMs: number;
    spanMs: number;
  };
}

/** Share of the time the client kept its `n` requests going, as the origin saw it (offline-origin.ts). */
const busyShare = (stats: { busyMs: number; spanMs: number }, n: number) => stats.busyMs / (n * stats.spanMs);

/** `curl -Z --parallel-max n` of the segment URLs to files; wall time in ms (the files' bytes checked). */
async function curlDownload(base: string, segments: string[], bytes: number, n: number): Promise<number> {
  const dir = path.join(TMP, 'curl-out');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const args = ['-Z', '--parallel-max', String(n), '-s', '-S', '-f'];
  for (const name of segments) args.push('-o', path.join(dir, name), `${base}/${EPISODE}/${name}`);
  const t0 = performance.now();
  // curl 7.88 draws its parallel progress meter even with -s: stderr is kept and shown only on a failure.
  let stderr = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('curl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', resolve);
  });
  const ms = performance.now() - t0;
  if (code !== 0) throw new Error(`offline: curl exited with ${code}: ${stderr}`);
  const got = segments.reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
  if (got !== bytes) throw new Error(`offline: curl stored ${got} bytes, the segments are ${bytes}`);
  return ms;
}

/** A fresh page of the bench in `context`, its script loaded. */
async function openPage(context: BrowserContext, base: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/page/index.html`);
  await page.waitForFunction(() => 'OfflineBench' in globalThis, null, { timeout: 60_000 });
  return page;
}

/** The app's downloader's requests per task (manager.ts `poolSize`), read from the app's `downloads`. */
async function enginePoolSize(page: Page): Promise<number> {
  const size = await page.evaluate(
    () =>
      (
        (globalThis as unknown as { OfflineBench: Bundle }).OfflineBench.engine.downloads as unknown as {
          poolSize?: unknown;
        }
      ).poolSize,
  );
  if (typeof size !== 'number' || size < 1) throw new Error(`offline: cannot read the engine's pool size (${size})`);
  return size;
}

/**
 * The app's download of the episode in `page`: ms from `downloads.add()` to the task `completed`. Checks the
 * stored bytes, and waits (untimed) until the completed record is written, so later pages find it completed.
 */
async function appDownload(page: Page, url: string, bytes: number, segments: number): Promise<number> {
  const result = await page.evaluate(
    async ({ url, request, taskId }) => {
      const { downloads } = (globalThis as unknown as { OfflineBench: Bundle }).OfflineBench.engine;
      await downloads.ready();
      const t0 = performance.now();
      const task = await new Promise<{ fileSize: number; tsCount: number }>((resolve, reject) => {
        const stop = downloads.subscribe(() => {
          const task = downloads.tasks().find((t) => t.id === taskId);
          if (task?.state === 'completed') {
            stop();
            resolve(task);
          } else if (task?.state === 'error') {
            stop();
            reject(new Error(`the app's download failed: ${task.error}`));
          }
        });
        downloads.add({ ...request, url }).catch(reject);
      });
      return { ms: performance.now() - t0, fileSize: task.fileSize, tsCount: task.tsCount };
    },
    { url, request: REQUEST, taskId: TASK_ID },
  );
  if (result.fileSize !== bytes || result.tsCount !== segments) {
    throw new Error(`offline: the app stored ${result.fileSize} bytes in ${result.tsCount} resources`);
  }
  await page.waitForFunction(
    async (taskId) =>
      (await (globalThis as unknown as { OfflineBench: Bundle }).OfflineBench.engine.downloadsStore.getTask(taskId))
        ?.task.state === 'completed',
    TASK_ID,
    { timeout: 60_000, polling: 50 },
  );
  return result.ms;
}

/**
 * First frame in a fresh page: `src` online, or (null) the downloaded task's offline address with the engine's
 * loader. Ms from `createHls` to the first requestVideoFrameCallback after `playing`.
 */
async function firstFrame(page: Page, src: string | null): Promise<number> {
  return page.evaluate(
    async ({ src, taskId }) => {
      const bench = (globalThis as unknown as { OfflineBench: Bundle }).OfflineBench;
      const Hls = await bench.loadHls();
      let url = src;
      let extra: ReturnType<typeof bench.engine.offlineHlsConfig> | undefined;
      if (url === null) {
        await bench.engine.downloads.ready();
        url = bench.engine.downloads.offlineUrl(taskId) ?? null;
        if (url === null) throw new Error('the downloaded task is not completed in this profile');
        extra = bench.engine.offlineHlsConfig(Hls);
      }
      const video = bench.createPlayerVideo();
      video.style.width = '100%';
      document.body.append(video);
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no first frame in 60 s (${video.readyState})`)), 60_000);
        const t0 = performance.now();
        const hls = bench.createHls(Hls, url, undefined, extra);
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          clearTimeout(timer);
          reject(new Error(`hls.js: ${data.details}`));
        });
        video.addEventListener(
          'playing',
          () =>
            video.requestVideoFrameCallback(() => {
              clearTimeout(timer);
              resolve(performance.now() - t0);
              hls.destroy();
            }),
          { once: true },
        );
        hls.attachMedia(video);
        video
          .play()
          .catch(() => {
            video.muted = true;
            return video.play();
          })
          .catch(() => undefined);
      });
    },
    { src, taskId: TASK_ID },
  );
}

/** One round in a fresh persistent profile: curl and the app's download, then both first frames. */
async function round(base: string, index: number, segments: string[], bytes: number, pool: { n: number }) {
  const profile = fs.mkdtempSync(path.join(TMP, 'profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
  });
  try {
    const url = `${base}/${EPISODE}/index.m3u8`;
    const page = await openPage(context, base);
    if (pool.n === 0) pool.n = await enginePoolSize(page);
    const curl = async () => {
      await originStats(base);
      const ms = await curlDownload(base, segments, bytes, pool.n);
      return { ms, busy: busyShare(await originStats(base), pool.n) };
    };
    const curlFirst = index % 2 === 1;
    const curlRun = curlFirst ? await curl() : undefined;
    await originStats(base);
    const appMs = await appDownload(page, url, bytes, segments.length);
    const appStats = await originStats(base);
    const { requests } = appStats;
    const twice = Object.entries(requests).filter(([, count]) => count !== 1);
    if (Object.keys(requests).length !== segments.length + 1 || twice.length > 0) {
      throw new Error(`offline: the app's requests were not one per resource: ${JSON.stringify(requests)}`);
    }
    const { ms: curlMs, busy: curlBusy } = curlRun ?? (await curl());
    await page.close();

    const offline = async () => {
      const p = await openPage(context, base);
      await originStats(base);
      await context.setOffline(true);
      let ms: number;
      try {
        ms = await firstFrame(p, null);
      } finally {
        await context.setOffline(false);
        await p.close();
      }
      const reached = (await originStats(base)).requests;
      if (Object.keys(reached).length > 0) throw new Error(`offline: the offline play reached the origin`);
      return ms;
    };
    const online = async () => {
      const p = await openPage(context, base);
      try {
        return await firstFrame(p, url);
      } finally {
        await p.close();
      }
    };
    let offlineMs: number;
    let onlineMs: number;
    if (index % 2 === 0) {
      offlineMs = await offline();
      onlineMs = await online();
    } else {
      onlineMs = await online();
      offlineMs = await offline();
    }
    return { curlMs, appMs, offlineMs, onlineMs, curlBusy, appBusy: busyShare(appStats, pool.n) };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** The offline part (see the module comment): its figures for run.ts's JSON line. */
export async function offlineBench(): Promise<Record<string, number>> {
  const started = performance.now();
  fs.mkdirSync(TMP, { recursive: true });
  const { segments, bytes } = makeEpisode();
  await writePage();
  const origin = await startOrigin();
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const pool = { n: 0 };
    const rounds: Round[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const r = await round(base, i, segments, bytes, pool);
      log(
        `offline: ${i === 0 ? 'warm-up' : `round ${i}`}: curl ${r.curlMs.toFixed(0)} ms, app ${r.appMs.toFixed(0)} ms ` +
          `(requests kept going: curl ${pct(r.curlBusy)}, app ${pct(r.appBusy)}); ` +
          `first frame offline ${r.offlineMs.toFixed(0)} ms, online ${r.onlineMs.toFixed(0)} ms`,
      );
      if (i > 0) rounds.push(r);
    }
    const curlMs = median(rounds.map((r) => r.curlMs));
    const appMs = median(rounds.map((r) => r.appMs));
    const offlineMs = median(rounds.map((r) => r.offlineMs));
    const onlineMs = median(rounds.map((r) => r.onlineMs));
    const curlMibS = bytes / MIB / (curlMs / 1000);
    const appMibS = bytes / MIB / (appMs / 1000);
    log(
      `offline: ${segments.length} segments, ${(bytes / MIB).toFixed(1)} MiB, ${pool.n} requests at once, origin ` +
        `${TTFB_MS} ms to first byte and ${(RATE * 8) / 1e6} Mbit/s per connection; median of ${RUNS}: curl ` +
        `${curlMs.toFixed(0)} ms (${curlMibS.toFixed(2)} MiB/s), app ${appMs.toFixed(0)} ms (${appMibS.toFixed(2)} ` +
        `MiB/s), requests kept going curl ${pct(median(rounds.map((r) => r.curlBusy)))}, app ` +
        `${pct(median(rounds.map((r) => r.appBusy)))}; first frame offline ${offlineMs.toFixed(0)} ms, online ${onlineMs.toFixed(0)} ms; ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    return {
      download_vs_curl: round3(curlMs / appMs),
      download_app_mib_s: round3(appMibS),
      download_curl_mib_s: round3(curlMibS),
      offline_ttff_vs_online: round3(offlineMs / onlineMs),
      offline_ttff_ms: Math.round(offlineMs),
      online_ttff_ms: Math.round(onlineMs),
    };
  } finally {
    await stopOrigin(origin);
  }
}
