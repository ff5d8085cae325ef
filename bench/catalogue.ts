/**
 * Catalogue bench at scale (issue 4 item 7 and "Targets"): latency of list, filter, deep-page, ranking, suggest and
 * search calls over HTTP against the real server on a PostgreSQL database holding a large generated catalogue, and
 * the script time of the home and category pages rendered from cache in Chromium with CPU throttling x4.
 *
 * Database: `openvod_bench_200k` (for another BENCH_CATALOGUE_TITLES, `openvod_bench_<N>`) on the server of
 * DATABASE_URL, filled once by `npm run seed:large` and reused while its `seed_large` marker matches (same title
 * count, generator version and schema version: migrations' tag and content hash); otherwise dropped and generated
 * again.
 *
 * `BENCH_CATALOGUE_DB=<name>`: use that database (on the server of DATABASE_URL) as it is, without the marker check
 * and never generating it: for working on the catalogue's SQL while the migrations change under you (other work in
 * progress). Make it once (`npm run seed:large -- --titles 200000 --database-url .../<name>`, or `createdb -T` of a
 * bench database) and apply your own schema changes to it by hand. The newest migration is then recorded as applied
 * in it (without running it), so the server started on it does not migrate it; anything else that migration does
 * is not in that database.
 *
 * Latency: one request at a time (keep-alive), client-side time from sending to the last body byte, p50 and p95
 * over BENCH_CATALOGUE_SAMPLES (default 200) distinct requests per kind, kinds interleaved round-robin (with the
 * constant route /healthz as a floor) so the machine's noise hits all alike. Every request differs from every
 * other one (category/filter/order/page combinations; words sampled from the catalogue), so none is answered by the
 * server's 30 s response cache: each measures the database path. A warm-up of other distinct requests comes
 * first. Search words are Chinese words and names, English words, pinyin and actor names taken from the catalogue;
 * suggest prefixes are 1-3 Chinese characters and 2-5 Latin letters of names, pinyin and English words. The three
 * slowest requests of each kind are logged with their URLs (for EXPLAIN).
 *
 * `BENCH_CATALOGUE_EXPLAIN=1`: instead of timing HTTP requests (and the render bench), answer the list, filter,
 * deep-page and search requests in process (ContentService.data, a fresh response cache) and run every SQL statement
 * each one issues again under `EXPLAIN (ANALYZE, BUFFERS)`: per kind, p50/p95/max of the shared buffers a request
 * touches (hit + read; stable however busy the machine is) and of its statements' execution time (best of 3), and
 * the 3 requests touching the most buffers. Keys `<kind>_sql_buffers_p95<suffix>` and `<kind>_sql_ms_p95<suffix>`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {} from '@fastify/rate-limit';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
// The server's type augmentations, which ContentService's imports rely on: the request and route config, and the
// modules' services on `app.services` (those still declared by app.ts, read by the module plugins it imports).
import type {} from '../apps/server/src/app.ts';
import type {} from '../apps/server/src/core/request-context.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { GENERATOR_VERSION, MARKER_KEY, type SeedMarker, schemaVersion } from '../apps/server/src/demo/seed-large.ts';
import { ContentService } from '../apps/server/src/modules/content/content.service.ts';
import { DataQuery } from '../packages/contract/src/content.ts';
import { log, percentile, ROOT, round1, startServer, stopServer } from './common.ts';
import { renderBench } from './render.ts';

const TITLES = Number(process.env.BENCH_CATALOGUE_TITLES ?? 200_000);
const SAMPLES = Number(process.env.BENCH_CATALOGUE_SAMPLES ?? 200);
const WARMUP = 30;
const PORT = Number(process.env.BENCH_CATALOGUE_PORT ?? 18097);
/** Key suffix: `_200k` for 200,000 titles. */
const SUFFIX = TITLES % 1000 === 0 ? `_${TITLES / 1000}k` : `_${TITLES}`;

/** Ensure the bench database holds a current generated catalogue of {@link TITLES}; returns its URL. */
async function ensureDatabase(pgUrl: string): Promise<string> {
  const given = process.env.BENCH_CATALOGUE_DB;
  const name = given || `openvod_bench${SUFFIX}`;
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  if (given) {
    await markMigrated(url.toString());
    log(
      `catalogue: using ${name} as it is (BENCH_CATALOGUE_DB; no marker check, newest migration recorded as applied)`,
    );
    return url.toString();
  }
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    let current = false;
    if (exists) {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        const marker = (await c.query('select value from app_setting where key = $1', [MARKER_KEY])).rows[0]?.value as
          | SeedMarker
          | undefined;
        const n = Number(
          (await c.query(`select count(*)::int as n from mac_vod where vod_source_key = 'seed-large'`)).rows[0]?.n,
        );
        current =
          marker?.titles === TITLES &&
          marker.generator === GENERATOR_VERSION &&
          marker.migration === schemaVersion() &&
          n === TITLES &&
          (await migrationsCurrent(c));
        if (!current)
          log(
            `catalogue: ${name} is outdated (marker ${JSON.stringify(marker ?? null)}, ${n} titles; want ${TITLES} ` +
              `titles, generator ${GENERATOR_VERSION}, schema ${schemaVersion()}): generating it again`,
          );
      } catch (err) {
        log(`catalogue: ${name} is not usable (${(err as Error).message}): generating it again`);
      } finally {
        await c.end();
      }
    }
    if (current) {
      log(`catalogue: reusing ${name} (${TITLES} generated titles at schema ${schemaVersion()})`);
      return url.toString();
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  log(`catalogue: generating ${TITLES} titles into ${name} (npm run seed:large)`);
  const started = Date.now();
  execFileSync(
    process.execPath,
    [
      '--conditions=@openvod/source',
      '--import',
      'tsx',
      path.join(ROOT, 'apps/server/src/demo/seed-large.ts'),
      '--titles',
      String(TITLES),
      '--database-url',
      url.toString(),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  log(`catalogue: generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  const marker = (await c.query('select value from app_setting where key = $1', [MARKER_KEY])).rows[0]?.value as
    | SeedMarker
    | undefined;
  await c.end();
  if (marker?.migration !== schemaVersion())
    throw new Error(
      `the migrations changed while ${name} was being generated (${marker?.migration} → ${schemaVersion()}): run the bench again`,
    );
  return url.toString();
}

/**
 * Does the database hold exactly the committed migrations? drizzle applies a migration whose journal time is newer
 * than the last applied one, and records each file's sha256: both must match the newest file, or a server would try
 * to migrate again (a migration edited in place during development).
 */
async function migrationsCurrent(c: pg.Client): Promise<boolean> {
  const dir = path.join(ROOT, 'apps/server/migrations');
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  if (!last) return false;
  const hash = createHash('sha256')
    .update(fs.readFileSync(path.join(dir, `${last.tag}.sql`), 'utf8'))
    .digest('hex');
  const applied = (
    await c.query<{ hash: string; created_at: string }>(
      'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    )
  ).rows[0];
  return applied?.hash === hash && Number(applied.created_at) === last.when;
}

/**
 * Record the newest migration (journal time and sha256, as drizzle does) as applied in the database at `url`, so a
 * server started on it does not run it (BENCH_CATALOGUE_DB).
 */
async function markMigrated(url: string): Promise<void> {
  const dir = path.join(ROOT, 'apps/server/migrations');
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  if (!last) return;
  const hash = createHash('sha256')
    .update(fs.readFileSync(path.join(dir, `${last.tag}.sql`), 'utf8'))
    .digest('hex');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if (!(await migrationsCurrent(c)))
      await c.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [hash, last.when]);
  } finally {
    await c.end();
  }
}

/** A deterministic shuffle (mulberry32), so every run asks the same requests in the same order. */
function shuffle<T>(xs: T[], seed: number): T[] {
  let a = seed >>> 0;
  const rnd = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** `n` distinct values of `xs` after a seeded shuffle. */
function distinct<T>(xs: T[], n: number, seed: number): T[] {
  return [...new Set(shuffle(xs, seed))].slice(0, n);
}

interface Words {
  zh: string[];
  en: string[];
  pinyin: string[];
  actor: string[];
  zhPrefix: string[];
  latinPrefix: string[];
}

const isHan = (s: string) => /^[\u4e00-\u9fff]+$/.test(s);

/** Search words and suggest prefixes sampled from the catalogue itself. */
async function sampleWords(url: string): Promise<Words> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ vod_name: string; vod_sub: string; vod_en: string; vod_actor: string }>(
    `select vod_name, vod_sub, vod_en, vod_actor from mac_vod where vod_status = 1 order by md5(vod_id::text) limit 4000`,
  );
  await c.end();
  const zh: string[] = [];
  const en: string[] = [];
  const py: string[] = [];
  const actor: string[] = [];
  const zhPrefix: string[] = [];
  const latinPrefix: string[] = [];
  for (const r of rows) {
    for (const name of [r.vod_name, r.vod_sub]) {
      if (!name) continue;
      const han = name.replace(/[^\u4e00-\u9fff]/g, '');
      if (isHan(name.slice(0, 2)) && han.length >= 4) {
        // A word of the name (2 characters), or the whole name.
        zh.push(han.slice(0, 2), han.slice(2, 4), han.length <= 6 ? han : han.slice(0, 4));
        zhPrefix.push(han.slice(0, 1), han.slice(0, 2), han.slice(0, 3));
      }
      const latinWords = name.match(/[A-Za-z]{4,}/g) ?? [];
      for (const w of latinWords) {
        en.push(w.toLowerCase());
        for (let k = 3; k <= Math.min(5, w.length); k++) latinPrefix.push(w.slice(0, k).toLowerCase());
      }
      if (latinWords.length >= 2) en.push(`${latinWords[0]} ${latinWords[1]}`.toLowerCase());
    }
    if (r.vod_en && isHan(r.vod_name.slice(0, 1))) {
      py.push(r.vod_en, r.vod_en.slice(0, Math.min(r.vod_en.length, 6 + (r.vod_en.length % 4))));
      for (let k = 2; k <= 5; k++) latinPrefix.push(r.vod_en.slice(0, k));
    }
    for (const a of r.vod_actor.split(',')) if (a) actor.push(a);
  }
  return { zh, en, pinyin: py, actor, zhPrefix, latinPrefix };
}

interface Category {
  type_id: number;
  type_pid: number;
  type_sort: number;
  type_extend: Record<string, string>;
  child?: Category[];
}

function listQueries(types: Category[], n: number, seed: number): string[] {
  const tops = types.filter((t) => t.type_sort < 999);
  const all = tops.flatMap((t) => [t, ...(t.child ?? [])]);
  const out = new Set<string>();
  let s = seed;
  const rnd = () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  for (let tries = 0; out.size < n && tries < n * 50; tries++) {
    const t = pick(all);
    const ext = t.type_extend;
    const q = new URLSearchParams({ type_id: String(t.type_id) });
    for (const key of ['class', 'area', 'year', 'lang'] as const) {
      const values = (ext[key] ?? '').split(',').filter(Boolean);
      if (values.length && rnd() < (key === 'lang' ? 0.2 : 0.45)) q.set(key, pick(values));
    }
    q.set('order', pick(['time', 'time', 'hits', 'score']));
    q.set('page', String(1 + Math.floor(rnd() * 3)));
    q.set('limit', '20');
    out.add(`/api/vod?${q}`);
  }
  return shuffle([...out], seed);
}

function deepQueries(types: Category[], n: number, seed: number): string[] {
  const tops = types.filter((t) => t.type_sort < 999);
  const scopes: Array<number | undefined> = [undefined, ...tops.map((t) => t.type_id)];
  const out: string[] = [];
  for (const scope of scopes)
    for (const order of ['time', 'hits', 'score'])
      for (let page = 480; page <= 520; page++) {
        const q = new URLSearchParams();
        if (scope) q.set('type_id', String(scope));
        q.set('order', order);
        q.set('page', String(page));
        q.set('limit', '20');
        out.push(`/api/vod?${q}`);
      }
  return distinct(out, n, seed);
}

function rankQueries(types: Category[], n: number, seed: number): string[] {
  const tops = types.filter((t) => t.type_sort < 999);
  const out: string[] = [];
  for (const period of ['day', 'week', 'month'])
    for (const scope of [undefined, ...tops.map((t) => t.type_id)])
      for (let page = 1; page <= 20; page++) {
        const q = new URLSearchParams({ period });
        if (scope) q.set('type_id', String(scope));
        q.set('page', String(page));
        q.set('limit', '20');
        out.push(`/api/vod/rank?${q}`);
      }
  return distinct(out, n, seed);
}

function suggestQueries(w: Words, n: number, seed: number): string[] {
  const zh = distinct(w.zhPrefix, Math.ceil(n / 2), seed);
  const latin = distinct(w.latinPrefix, n - zh.length, seed + 1);
  return shuffle(
    [...zh, ...latin].map((p) => `/api/search/suggest?${new URLSearchParams({ wd: p, limit: '10' })}`),
    seed,
  );
}

/** Search URLs by kind of word (a quarter each). */
function searchQueries(w: Words, n: number, seed: number): Array<{ url: string; kind: string }> {
  const each = Math.ceil(n / 4);
  const kinds: Array<[string, string[]]> = [
    ['zh', w.zh],
    ['en', w.en],
    ['pinyin', w.pinyin],
    ['actor', w.actor],
  ];
  const out = kinds.flatMap(([kind, words], i) =>
    distinct(words, each, seed + i).map((wd) => ({
      kind,
      url: `/api/vod?${new URLSearchParams({ wd, limit: '20' })}`,
    })),
  );
  return shuffle(out, seed).slice(0, n);
}

interface Sample {
  ms: number;
  found: boolean;
  url: string;
}

async function timed(base: string, url: string): Promise<Sample> {
  const t0 = performance.now();
  const res = await fetch(base + url);
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as { code?: number; list?: unknown[] };
  if (!url.startsWith('/healthz') && body.code !== 1)
    throw new Error(`${url}: code ${body.code} ${text.slice(0, 200)}`);
  return { ms, found: (body.list?.length ?? 0) > 0, url };
}

interface Kind {
  key: string;
  urls: string[];
  tags?: string[];
}

/** Measure every kind round-robin; returns the samples per kind (kinds whose endpoint is missing are dropped). */
async function measure(base: string, kinds: Kind[]): Promise<Map<string, Sample[]>> {
  const live: Kind[] = [];
  for (const k of kinds) {
    const probe = await fetch(base + (k.urls[0] ?? '/'));
    await probe.arrayBuffer();
    if (probe.status === 404) log(`catalogue: ${k.key}: ${k.urls[0]} answers 404 (not built yet?), skipped`);
    else live.push(k);
  }
  const results = new Map<string, Sample[]>(live.map((k) => [k.key, []]));
  // Warm-up: the first WARMUP (distinct) requests of each kind are not counted.
  const rounds = Math.max(...live.map((k) => k.urls.length));
  const started = Date.now();
  for (let i = 1; i < rounds; i++) {
    if (i % 50 === 0) log(`catalogue: round ${i}/${rounds - 1} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    for (const k of live) {
      const url = k.urls[i];
      if (!url) continue;
      const s = await timed(base, url);
      if (i > WARMUP) results.get(k.key)?.push(s);
    }
  }
  return results;
}

/** The request kinds, each with {@link SAMPLES} + {@link WARMUP} + 1 distinct URLs. */
function kindsOf(types: Category[], words: Words): Kind[] {
  const total = SAMPLES + WARMUP + 1;
  const search = searchQueries(words, total, 5);
  return [
    { key: 'list', urls: listQueries(types, total, 1) },
    { key: 'deep_page', urls: deepQueries(types, total, 2) },
    { key: 'rank', urls: rankQueries(types, total, 3) },
    { key: 'suggest', urls: suggestQueries(words, total, 4) },
    { key: 'search', urls: search.map((s) => s.url), tags: search.map((s) => s.kind) },
    { key: 'floor', urls: Array.from({ length: total }, (_, i) => `/healthz?i=${i}`) },
  ];
}

interface Explained {
  url: string;
  buffers: number;
  ms: number;
}

/**
 * BENCH_CATALOGUE_EXPLAIN: each `/api/vod` request of `kinds` answered in process by a ContentService on `url`; every
 * statement it issued (drizzle's logger) run again under EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON), three times (the
 * execution time is the best one; buffers do not change).
 */
async function explainKinds(url: string, kinds: Kind[]): Promise<Record<string, number>> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const issued: Array<{ sql: string; params: unknown[] }> = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (q, params) => issued.push({ sql: q, params }) } });
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  const out: Record<string, number> = {};
  try {
    for (const k of kinds) {
      const urls = k.urls.filter((u) => u.startsWith('/api/vod?')).slice(WARMUP + 1);
      if (!urls.length) continue;
      const svc = new ContentService(db as unknown as Db);
      // As in the HTTP bench, the warm-up loads what the service keeps (categories, per-category counts).
      for (const u of k.urls.slice(0, WARMUP + 1))
        await svc.data(DataQuery.parse(Object.fromEntries(new URL(u, 'http://bench').searchParams)));
      const results: Explained[] = [];
      for (const u of urls) {
        issued.length = 0;
        await svc.data(DataQuery.parse(Object.fromEntries(new URL(u, 'http://bench').searchParams)));
        let buffers = 0;
        let ms = 0;
        for (const q of [...issued]) {
          // The same parameters, serialised by node-postgres as for the statement itself.
          let best = Number.POSITIVE_INFINITY;
          for (let i = 0; i < 3; i++) {
            const r = await explainer.query(`explain (analyze, buffers, format json) ${q.sql}`, q.params);
            type Explain = { Plan: Record<string, number>; 'Execution Time': number };
            const plan = (r.rows[0] as { 'QUERY PLAN': Explain[] })['QUERY PLAN'][0] as Explain;
            best = Math.min(best, plan['Execution Time']);
            if (i === 0) buffers += (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
          }
          ms += best;
        }
        results.push({ url: u, buffers, ms });
      }
      const bufs = results.map((r) => r.buffers);
      const ms = results.map((r) => r.ms);
      log(
        `catalogue: ${k.key.padEnd(9)} SQL buffers p50 ${percentile(bufs, 50)}, p95 ${percentile(bufs, 95)}, ` +
          `max ${Math.max(...bufs)}; SQL ms p50 ${round1(percentile(ms, 50))}, p95 ${round1(percentile(ms, 95))}, ` +
          `max ${round1(Math.max(...ms))} (${results.length} requests)`,
      );
      const most = [...results].sort((a, b) => b.buffers - a.buffers).slice(0, 3);
      log(
        `catalogue:   most buffers: ${most.map((r) => `${r.buffers} (${round1(r.ms)} ms) ${decodeURIComponent(r.url)}`).join('; ')}`,
      );
      out[`${k.key}_sql_buffers_p95${SUFFIX}`] = percentile(bufs, 95);
      out[`${k.key}_sql_ms_p95${SUFFIX}`] = round1(percentile(ms, 95));
    }
  } finally {
    await explainer.end();
    await pool.end();
  }
  return out;
}

/**
 * Generate or reuse the catalogue database, start a server on it, measure, and render in Chromium. Returns the keys
 * for the bench's JSON line (milliseconds).
 */
export async function catalogueBench(pgUrl: string, tmpDir: string): Promise<Record<string, number>> {
  const url = await ensureDatabase(pgUrl);
  const words = await sampleWords(url);
  if (process.env.BENCH_CATALOGUE_EXPLAIN === '1') {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const svc = new ContentService(drizzle(pool, { schema }) as unknown as Db);
    const types = (JSON.parse((await svc.typeList()).raw) as { list: Category[] }).list;
    await pool.end();
    return explainKinds(url, kindsOf(types, words));
  }
  const dataDir = path.join(tmpDir, 'data-catalogue');
  fs.mkdirSync(dataDir, { recursive: true });
  log(`catalogue: server on ${TITLES} titles (PostgreSQL)`);
  const server = await startServer(PORT, { DATABASE_URL: url, DATA_DIR: dataDir, DEMO_CONTENT: '0' });
  const base = `http://127.0.0.1:${PORT}`;
  const out: Record<string, number> = {};
  try {
    const types = ((await (await fetch(`${base}/api/types`)).json()) as { list: Category[] }).list;
    const kinds = kindsOf(types, words);
    const started = Date.now();
    const results = await measure(base, kinds);
    log(
      `catalogue: ${[...results.values()].reduce((s, r) => s + r.length, 0)} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const k of kinds) {
      const samples = results.get(k.key);
      if (!samples) continue;
      const ms = samples.map((s) => s.ms);
      const p50 = round1(percentile(ms, 50));
      const p95 = round1(percentile(ms, 95));
      const found = samples.filter((s) => s.found).length;
      log(
        `catalogue: ${k.key.padEnd(9)} p50 ${p50} ms, p95 ${p95} ms, max ${round1(Math.max(...ms))} ms ` +
          `(${samples.length} requests, ${found} with results)`,
      );
      const slowest = [...samples].sort((a, b) => b.ms - a.ms).slice(0, 3);
      log(`catalogue:   slowest: ${slowest.map((s) => `${round1(s.ms)} ms ${decodeURIComponent(s.url)}`).join('; ')}`);
      if (k.key === 'floor') {
        out[`http_floor_p95_ms${SUFFIX}`] = p95;
        continue;
      }
      out[`${k.key}_p95_ms${SUFFIX}`] = p95;
      out[`${k.key}_p50_ms${SUFFIX}`] = p50;
      if (k.tags) {
        const byTag = new Map<string, number[]>();
        samples.forEach((s, i) => {
          const tag = k.tags?.[i + WARMUP + 1] ?? '';
          byTag.set(tag, [...(byTag.get(tag) ?? []), s.ms]);
        });
        log(
          `catalogue:   by word: ${[...byTag].map(([tag, xs]) => `${tag} p95 ${round1(percentile(xs, 95))} ms`).join(', ')}`,
        );
      }
    }
    Object.assign(out, await renderBench(base, types));
  } finally {
    await stopServer(server);
  }
  return out;
}
