/**
 * Comments bench (issue 16 "Targets"): a PostgreSQL database with 1,000,000 comments over 200,000 titles
 * (generate_series INSERT ... SELECT: title 1 is the popular one with 50,000 top comments and 50,000 replies, the
 * other 900,000 comments spread over titles 2..200,000, about a tenth of them replies), analysed, then the real server
 * (apps/server/dist) on it answers, one request at a time after a warm-up:
 *
 * - `comment_list_p95_ms_1m`: the first page (20 threads with their first replies) of the popular title, hottest and
 *   newest alternately (commentList). Target < 20 ms.
 * - `comment_count_p95_ms_1m`: the popular title's count (commentCount). Target < 10 ms.
 *
 * BENCH_COMMENT_REQUESTS (default 300 per kind) sets the sample size.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { log, percentile, round1, startServer, stopServer } from './common.ts';

const PORT = 18093;
const REQUESTS = Number(process.env.BENCH_COMMENT_REQUESTS ?? 300);
const WARMUP = 30;
const DB = 'openvod_bench_comments';

async function seed(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const started = Date.now();
    await c.query('truncate mac_comment, mac_comment_count restart identity cascade');
    // Title 1: 50,000 top comments with likes 0..999.
    await c.query(`insert into mac_comment (comment_mid, comment_rid, comment_pid, comment_status, comment_name,
        comment_content, comment_up, comment_time)
      select 1, 1, 0, case when i % 50 = 0 then 2 else 1 end, 'user' || i, 'popular comment ' || i,
        (i * 7919) % 1000, now() - (i || ' seconds')::interval
      from generate_series(1, 50000) i`);
    // 50,000 replies to title 1's first 5,000 top comments.
    await c.query(`insert into mac_comment (comment_mid, comment_rid, comment_pid, comment_status, comment_name,
        comment_content, comment_time)
      select 1, 1, 1 + (i % 5000), 1, 'user' || i, 'reply ' || i, now() - (i || ' seconds')::interval
      from generate_series(1, 50000) i`);
    await c.query(`update mac_comment p set comment_reply = r.n from
      (select comment_pid, count(*) n from mac_comment where comment_pid > 0 and comment_status = 1 group by 1) r
      where p.comment_id = r.comment_pid`);
    // 900,000 over titles 2..200,000.
    await c.query(`insert into mac_comment (comment_mid, comment_rid, comment_pid, comment_status, comment_name,
        comment_content, comment_up, comment_time)
      select 1, 2 + (i % 199999), 0, 1, 'user' || i, 'comment ' || i, i % 50, now() - (i || ' seconds')::interval
      from generate_series(1, 900000) i`);
    // The per-title counts the server keeps with each write (mac_comment_count, comments.repo.ts).
    await c.query(`insert into mac_comment_count (comment_mid, comment_rid, comment_num, comment_top)
      select comment_mid, comment_rid, count(*), count(*) filter (where comment_pid = 0)
      from mac_comment where comment_status = 1 group by 1, 2`);
    // Vacuumed as a live table would be (autovacuum): the visibility map lets counts scan the index alone.
    await c.query('vacuum analyze mac_comment');
    const { rows } = await c.query('select count(*)::int n, count(distinct comment_rid)::int t from mac_comment');
    log(
      `comments: seeded ${rows[0].n} comments over ${rows[0].t} titles in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await c.end();
  }
}

async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as { code: number };
  if (!res.ok || body.code !== 1) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t0;
}

/** Seed, serve and measure; returns the keys of the bench's JSON line. */
export async function communityBench(pgUrl: string, tmpDir: string): Promise<Record<string, number>> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  const u = new URL(pgUrl);
  u.pathname = `/${DB}`;
  const dataDir = path.join(tmpDir, 'data-comments');
  fs.mkdirSync(dataDir, { recursive: true });
  const base = `http://127.0.0.1:${PORT}`;
  const out: Record<string, number> = {};
  // The server migrates the empty database first; the seed goes in after.
  const server = await startServer(PORT, { DATABASE_URL: u.toString(), DATA_DIR: dataDir, DEMO_CONTENT: '0' });
  try {
    await seed(u.toString());
    const list: number[] = [];
    const count: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const order = i % 2 ? 'hot' : 'new';
      const a = await timed(`${base}/api/comments?rid=1&order=${order}&page=1&limit=20`);
      const b = await timed(`${base}/api/comments/count?rid=1`);
      if (i >= WARMUP) {
        list.push(a);
        count.push(b);
      }
    }
    out.comment_list_p95_ms_1m = round1(percentile(list, 95));
    out.comment_count_p95_ms_1m = round1(percentile(count, 95));
    log(
      `comments: list p50 ${round1(percentile(list, 50))} ms, p95 ${out.comment_list_p95_ms_1m} ms; ` +
        `count p50 ${round1(percentile(count, 50))} ms, p95 ${out.comment_count_p95_ms_1m} ms (${REQUESTS} each)`,
    );
  } finally {
    await stopServer(server);
    await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.end();
  }
  return out;
}
