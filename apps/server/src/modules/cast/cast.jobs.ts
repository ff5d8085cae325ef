/**
 * The cast module's scheduled job (core/jobs.ts): the DLNA remux cache's cleanup (cache.ts pruneCastCache through
 * CastService.pruneCache) hourly and when a worker starts. The cache lives in the media folder, which processes on
 * several hosts share (docs/operations.md), so one run across all processes is enough. A failure is logged and
 * retried by pg-boss; the next hour's run tries again anyway.
 */
import type { JobDefinition } from '../../core/jobs.ts';
import type { PruneResult } from './cache.ts';

/** Queue name of the cleanup. */
export const CAST_CACHE_JOB = 'cast.cache-cleanup';

/** The cleanup's definition; `handler()` runs it once. Logs what it removed and its failures. */
export function castCacheJob(
  prune: () => Promise<PruneResult>,
  log: (msg: string, err?: unknown) => void,
): JobDefinition {
  return {
    name: CAST_CACHE_JOB,
    cron: '0 * * * *',
    runAtStart: true,
    handler: async () => {
      try {
        const r = await prune();
        if (r.removed.length) log(`cast cache: removed ${r.removed.length} file(s), ${r.bytes} bytes left`);
      } catch (err) {
        log('cast cache: cleanup failed', err);
        throw err;
      }
    },
  };
}
