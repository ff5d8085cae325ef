/**
 * The DLNA remux cache's cleanup (cache.ts): age limit, size cap with least-recently-used order, files in use,
 * leftover temporary files, a cast of a cached file renewing its use, the job running at start, and the limits from
 * the environment.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { Jobs, type JobsOptions } from '../../core/jobs.ts';
import { openPglite } from '../../db/client.ts';
import { createTestApp } from '../../test/harness.ts';
import type { ContentService } from '../content/content.service.ts';
import {
  CAST_CACHE_DEFAULT_MAX_AGE_MS,
  CAST_CACHE_DEFAULT_MAX_BYTES,
  type PruneResult,
  pruneCastCache,
} from './cache.ts';
import { castCacheJob } from './cast.jobs.ts';
import { CastService } from './cast.service.ts';

const DAY = 86_400_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as JobsOptions['log'];
const NOW = Date.parse('2026-03-10T12:00:00Z');
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ov-cast-cache-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A cache file of `size` bytes last used `ageMs` before NOW. */
function put(name: string, size: number, ageMs: number, base = dir) {
  const file = path.join(base, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(size));
  const t = new Date(NOW - ageMs);
  fs.utimesSync(file, t, t);
  return file;
}
const left = () => fs.readdirSync(dir).sort();

describe('pruneCastCache', () => {
  it('removes files unused for longer than the age limit', async () => {
    put('old.mp4', 10, 8 * DAY);
    put('recent.mp4', 10, 2 * DAY);
    const r = await pruneCastCache(dir, { maxBytes: 1000, maxAgeMs: 7 * DAY }, { now: NOW });
    expect(r).toEqual({ removed: ['old.mp4'], bytes: 10 });
    expect(left()).toEqual(['recent.mp4']);
  });

  it('over the size cap removes the least recently used first, until it fits', async () => {
    put('a.mp4', 400, 3 * DAY);
    put('b.mp4', 400, 1 * DAY);
    put('c.mp4', 400, 2 * DAY);
    put('d.mp4', 400, 60_000);
    const r = await pruneCastCache(dir, { maxBytes: 900, maxAgeMs: 7 * DAY }, { now: NOW });
    expect(r.removed).toEqual(['a.mp4', 'c.mp4']);
    expect(r.bytes).toBe(800);
    expect(left()).toEqual(['b.mp4', 'd.mp4']);
  });

  it('never removes a file in use, though its size counts', async () => {
    put('playing.mp4', 500, 30 * DAY);
    put('other.mp4', 500, 1 * DAY);
    const keep = new Set(['playing.mp4']);
    const r = await pruneCastCache(dir, { maxBytes: 600, maxAgeMs: 7 * DAY }, { now: NOW, keep });
    expect(r).toEqual({ removed: ['other.mp4'], bytes: 500 });
    expect(left()).toEqual(['playing.mp4']);
  });

  it('removes leftover temporary files of an unfinished remux, not a running one, and leaves other files', async () => {
    put('abc.mp4.123.tmp.mp4', 10, 2 * 3_600_000);
    put('def.mp4.123.tmp.mp4', 10, 60_000);
    put('notes.txt', 10, 30 * DAY);
    const r = await pruneCastCache(dir, { maxBytes: 1000, maxAgeMs: 7 * DAY }, { now: NOW });
    expect(r.removed).toEqual(['abc.mp4.123.tmp.mp4']);
    expect(left()).toEqual(['def.mp4.123.tmp.mp4', 'notes.txt']);
  });

  it('treats a missing cache directory as empty', async () => {
    expect(await pruneCastCache(path.join(dir, 'none'), { maxBytes: 1, maxAgeMs: 1 })).toEqual({
      removed: [],
      bytes: 0,
    });
  });
});

describe('the cast cache job', () => {
  it('runs at start, and runs never overlap', async () => {
    let calls = 0;
    let hold = true;
    let release: () => void = () => undefined;
    const prune = () =>
      new Promise<PruneResult>((resolve) => {
        calls++;
        release = () => resolve({ removed: [], bytes: 0 });
        if (!hold) release();
      });
    // A job runner as a worker process has it (core/jobs.ts), on a database of its own.
    const db = await openPglite(undefined);
    const jobs = new Jobs({ db, log: quiet, timeZone: 'UTC', pollingIntervalSeconds: 0.5 });
    const job = jobs.register(castCacheJob(prune, () => undefined));
    try {
      await jobs.start({ work: true });
      await vi.waitFor(() => expect(calls).toBe(1), { timeout: 30_000, interval: 50 });
      const again = job.run();
      expect(calls).toBe(1);
      release();
      await again;
      hold = false;
      await jobs.stop();
      // Finished: the next run prunes again.
      hold = true;
      const before = calls;
      const next = job.run();
      expect(calls).toBe(before + 1);
      release();
      await next;
    } finally {
      await jobs.stop();
      await db.close();
    }
  });

  it('logs a failure and goes on', async () => {
    const logs: string[] = [];
    const job = castCacheJob(
      () => Promise.reject(new Error('disk gone')),
      (msg) => logs.push(msg),
    );
    await expect(job.handler()).rejects.toThrow('disk gone');
    expect(logs).toContain('cast cache: cleanup failed');
  });
});

describe('CastService and the cache', () => {
  const service = (mediaDir: string, cache?: { maxBytes?: number; maxAgeMs?: number }) =>
    new CastService({} as ContentService, {
      enabled: true,
      mediaDir,
      host: '0.0.0.0',
      port: () => 8080,
      allowLoopback: true,
      cache,
    });

  it('a cast of an already remuxed episode renews its use, so the cleanup keeps it', async () => {
    const playlist = put('vod/1/index.m3u8', 10, 30 * DAY);
    const mtime = fs.statSync(playlist).mtimeMs;
    const key = createHash('sha256').update(`${playlist}\n${mtime}`).digest('hex').slice(0, 24);
    put(`cast/${key}.mp4`, 100, 20 * DAY);
    put('cast/stale.mp4', 100, 20 * DAY);
    const cast = service(dir, { maxAgeMs: 7 * DAY });
    const media = await cast.mediaFor('/media/vod/1/index.m3u8', {
      name: 'eth0',
      address: '192.168.1.5',
      prefix: 24,
      internal: false,
    });
    expect(media.url).toBe(`http://192.168.1.5:8080/media/cast/${key}.mp4`);
    const r = await cast.pruneCache();
    expect(r.removed).toEqual(['stale.mp4']);
    expect(fs.readdirSync(path.join(dir, 'cast'))).toEqual([`${key}.mp4`]);
  });

  it('uses the configured limits, else 4 GiB and 7 days', () => {
    expect(service(dir).cacheLimits).toEqual({
      maxBytes: CAST_CACHE_DEFAULT_MAX_BYTES,
      maxAgeMs: CAST_CACHE_DEFAULT_MAX_AGE_MS,
    });
    expect(service(dir, { maxBytes: 5 }).cacheLimits.maxBytes).toBe(5);
  });
});

describe('the server', () => {
  it('cleans the cache once it is ready, with the limits of the environment', async () => {
    // Last used 2 days and 1 hour ago (put's ages count from NOW).
    const sinceNow = Date.now() - NOW;
    put('media/cast/old.mp4', 10, 2 * DAY - sinceNow);
    put('media/cast/new.mp4', 10, 3_600_000 - sinceNow);
    const t = await createTestApp({ DATA_DIR: dir, CAST_CACHE_MAX_DAYS: '1' });
    try {
      await t.app.ready();
      // The jobs of a process that runs them (ROLE all or worker: main.ts).
      await t.app.jobs.start({ work: true });
      await expect.poll(() => fs.readdirSync(path.join(dir, 'media', 'cast'))).toEqual(['new.mp4']);
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  it('reads CAST_CACHE_MAX_MB and CAST_CACHE_MAX_DAYS, with defaults, and refuses bad values', () => {
    expect(loadConfig({}).cast).toMatchObject({ cacheMaxBytes: 4096 * 1024 * 1024, cacheMaxAgeMs: 7 * DAY });
    expect(loadConfig({ CAST_CACHE_MAX_MB: '100', CAST_CACHE_MAX_DAYS: '0.5' }).cast).toMatchObject({
      cacheMaxBytes: 100 * 1024 * 1024,
      cacheMaxAgeMs: DAY / 2,
    });
    expect(() => loadConfig({ CAST_CACHE_MAX_MB: '0' })).toThrow(/CAST_CACHE_MAX_MB/);
    expect(() => loadConfig({ CAST_CACHE_MAX_DAYS: 'soon' })).toThrow(/CAST_CACHE_MAX_DAYS/);
  });
});
