/**
 * The DLNA remux cache (`<mediaDir>/cast/`, issue 5 item 5): progressive MP4s made by ffmpeg from local HLS for
 * renderers that cannot play `.m3u8` (see CastService.remux). Without cleanup it grows by one copy of every episode
 * ever cast, so {@link pruneCastCache} removes, in this order:
 *
 * 1. leftover temporary files of a remux that never finished (`*.tmp.mp4` older than {@link STALE_TMP_MS});
 * 2. MP4s not used for longer than `maxAgeMs` (last use = the file's mtime, which a cast of a cached file renews);
 * 3. the least recently used MP4s while the cache is larger than `maxBytes`.
 *
 * Files in `keep` (being cast right now) are never removed. Configuration: CAST_CACHE_MAX_MB, CAST_CACHE_MAX_DAYS
 * (README "Casting to a TV"); the job (cast.jobs.ts) runs hourly and when a worker starts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Defaults: 4 GiB and 7 days. */
export const CAST_CACHE_DEFAULT_MAX_BYTES = 4 * 1024 ** 3;
export const CAST_CACHE_DEFAULT_MAX_AGE_MS = 7 * 86_400_000;
/** A temporary remux file older than this (ms) is a leftover: the remux timeout is 10 minutes. */
export const STALE_TMP_MS = 3_600_000;

export interface CastCacheLimits {
  /** Largest total size of the cached MP4s, bytes. */
  maxBytes: number;
  /** Longest time since a cached MP4 was last used, ms. */
  maxAgeMs: number;
}

export interface PruneResult {
  /** Names of the files removed. */
  removed: string[];
  /** Total size of the cached MP4s left, bytes. */
  bytes: number;
}

interface Entry {
  name: string;
  file: string;
  size: number;
  usedAt: number;
}

/**
 * Prune the remux cache in `dir` (a missing directory is an empty cache) to `limits` at `now` (ms since the epoch);
 * `keep` holds file names (e.g. `ab12….mp4`) in use, never removed. A file that vanished or cannot be removed
 * meanwhile is skipped. Returns what was removed and the size left.
 */
export async function pruneCastCache(
  dir: string,
  limits: CastCacheLimits,
  opts: { now?: number; keep?: ReadonlySet<string> } = {},
): Promise<PruneResult> {
  const now = opts.now ?? Date.now();
  const keep = opts.keep ?? new Set<string>();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { removed: [], bytes: 0 };
    throw err;
  }
  const removed: string[] = [];
  const remove = async (e: Entry) => {
    try {
      await fs.rm(e.file);
      removed.push(e.name);
      return true;
    } catch {
      return false;
    }
  };
  const entries: Entry[] = [];
  for (const name of names) {
    if (!name.endsWith('.mp4') || keep.has(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile()) continue;
    const entry = { name, file, size: stat.size, usedAt: stat.mtimeMs };
    if (name.endsWith('.tmp.mp4')) {
      if (now - entry.usedAt > STALE_TMP_MS) await remove(entry);
      continue;
    }
    entries.push(entry);
  }
  // Oldest use first.
  entries.sort((a, b) => a.usedAt - b.usedAt || a.name.localeCompare(b.name));
  const left: Entry[] = [];
  for (const e of entries) {
    if (now - e.usedAt > limits.maxAgeMs && (await remove(e))) continue;
    left.push(e);
  }
  let bytes = left.reduce((sum, e) => sum + e.size, 0);
  // Sizes of the files kept (in use) count towards the cap but are not removed.
  for (const name of keep) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat?.isFile()) bytes += stat.size;
  }
  for (const e of left) {
    if (bytes <= limits.maxBytes) break;
    if (await remove(e)) bytes -= e.size;
  }
  return { removed, bytes };
}
