/**
 * The offline bench's origin (offline.ts; research/offline.md §4 "Gates": a latency- and bandwidth-limited origin,
 * server in its own process): a node:http static server over one directory, run as its own process:
 *
 *   node --import tsx bench/offline-origin.ts <root dir> <port> <ttfb ms> <bytes per second>
 *
 * - `/media/...` (the episode: playlist and segments): the response head waits `ttfb ms` (the time to first byte
 *   of a distant server), then the body goes out in 16 KiB chunks paced so that no response goes faster than
 *   `bytes per second`. HTTP/1.1 sends one response at a time per connection, so this is a per-connection limit
 *   (Chromium and curl both open one connection per parallel request). No `Range` support (nobody here asks one).
 * - anything else (the bench page and its script) is sent at once: page loads are not measured.
 * - every answer is `cache-control: no-store` (an online run never plays from Chromium's HTTP cache).
 * - `GET /__stats` answers (and resets) `{ requests, busyMs, spanMs }`: how many times each `/media/` path was
 *   asked (`{ [path]: count }`), the sum of the `/media/` answers' times (request in to last byte written, ms), and
 *   the span from the first such request to the last answer's end (ms). A client keeping N requests going all the
 *   time has busyMs ≈ N × spanMs; what it loses between requests (its own work before asking the next) shows as
 *   busyMs / (N × spanMs) below 1.
 *
 * Prints `listening <port>` on stdout once it accepts connections; exits on SIGTERM.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

const [rootArg, portArg, ttfbArg, rateArg] = process.argv.slice(2);
if (!rootArg || !portArg || !ttfbArg || !rateArg) {
  throw new Error('usage: offline-origin.ts <root dir> <port> <ttfb ms> <bytes per second>');
}
const ROOT_DIR = path.resolve(rootArg);
const TTFB_MS = Number(ttfbArg);
const RATE = Number(rateArg);
const CHUNK = 16 * 1024;

const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

let requests: Record<string, number> = {};
let busyMs = 0;
let first = Number.POSITIVE_INFINITY;
let last = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `body` paced at RATE bytes/s from the first chunk on, honouring back-pressure. */
async function sendPaced(res: http.ServerResponse, body: Buffer): Promise<void> {
  const start = performance.now();
  for (let at = 0; at < body.length && !res.destroyed; at += CHUNK) {
    const chunk = body.subarray(at, at + CHUNK);
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    // The next chunk may leave once the bytes sent so far have had their time at RATE.
    const due = start + ((at + chunk.length) * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
  }
  res.end();
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://origin');
  if (url.pathname === '/__stats') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ requests, busyMs, spanMs: Math.max(0, last - first) }));
    requests = {};
    busyMs = 0;
    first = Number.POSITIVE_INFINITY;
    last = 0;
    return;
  }
  const file = path.join(ROOT_DIR, decodeURIComponent(url.pathname));
  if (!file.startsWith(`${ROOT_DIR}${path.sep}`) || req.method !== 'GET') {
    res.writeHead(404).end();
    return;
  }
  const throttled = url.pathname.startsWith('/media/');
  if (throttled) {
    requests[url.pathname] = (requests[url.pathname] ?? 0) + 1;
    const arrived = performance.now();
    first = Math.min(first, arrived);
    res.once('finish', () => {
      const ended = performance.now();
      busyMs += ended - arrived;
      last = Math.max(last, ended);
    });
  }
  void (async () => {
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      res.writeHead(404, { 'cache-control': 'no-store' }).end();
      return;
    }
    if (throttled) await sleep(TTFB_MS);
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    if (throttled) await sendPaced(res, body);
    else res.end(body);
  })().catch((error: unknown) => {
    process.stderr.write(`offline origin: ${String(error)}\n`);
    res.destroy();
  });
});

server.keepAliveTimeout = 30_000;
server.listen(Number(portArg), '127.0.0.1', () => {
  process.stdout.write(`listening ${portArg}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
