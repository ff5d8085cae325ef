/**
 * Rankings (issue 4 item 1, spec §7 `hits` and `getHitsList`): a view counts into the all-time, day, week and month
 * counters of a title; the ranking lists titles by the views of the operator's current day, week or month. The period
 * counters start again at 0 at the operator's boundaries (hits.jobs.ts); every read or write of them first makes
 * sure the current period has been reset ({@link Rankings.ensurePeriod}). Ranking pages are cached
 * {@link RANK_TTL_MS} (they follow views closely), apart from the other cached responses (catalogue-cache.ts).
 */
import { ErrorCode, type HitsListResponse, type RankPeriod } from '@openvod/contract';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { type CachedJson, type CatalogueCache, cachedJson } from './catalogue-cache.ts';
import * as repo from './content.repo.ts';
import { type HitsReset, periodsOf, resetHitsIfDue } from './hits.jobs.ts';

/** Rankings follow views closely: their pages live 5 s. */
export const RANK_TTL_MS = 5_000;
/** Rankings are at most 50 pages deep (HitsListQuery.page). */
const RANK_MAX_PAGES = 50;

type HitsListQueryOut = z.output<typeof import('@openvod/contract').HitsListQuery>;

export interface RankingsOptions {
  /** The operator's time zone (day, week and month boundaries). */
  timeZone: string;
  /** The clock (ContentService.now, which tests replace). */
  now: () => Date;
  /** Called with the new operator day (YYYY-MM-DD) after a reset that started a day (search.ts prunes old words). */
  onNewDay: (day: string) => Promise<void>;
}

export class Rankings {
  private pages = new LRUCache<string, CachedJson>({ max: 500, ttl: RANK_TTL_MS });
  /** The operator day whose counter periods were last checked (see hits.jobs.ts). */
  private checkedDay: string | undefined;
  private checking: Promise<HitsReset> | undefined;

  constructor(
    private db: Db,
    private cache: CatalogueCache,
    private opts: RankingsOptions,
  ) {}

  /** Drop the cached ranking pages. */
  clear(): void {
    this.pages.clear();
  }

  /**
   * Reset the day/week/month counters when the operator's period changed since the last check (see hits.jobs.ts).
   * Cheap between boundaries (compares the day); concurrent callers share one reset.
   */
  async ensurePeriod(): Promise<void> {
    for (;;) {
      const day = periodsOf(this.opts.now(), this.opts.timeZone).day;
      if (this.checkedDay === day) return;
      if (this.checking) {
        // Another caller's check is running (maybe for an earlier clock): wait, then look again.
        await this.checking.catch(() => undefined);
        continue;
      }
      this.checking = this.checkPeriod();
      try {
        await this.checking;
      } finally {
        this.checking = undefined;
      }
    }
  }

  private async checkPeriod(): Promise<HitsReset> {
    const result = await resetHitsIfDue(this.db, this.opts.now(), this.opts.timeZone);
    if (result.day) await this.opts.onNewDay(result.periods.day);
    this.checkedDay = result.periods.day;
    this.pages.clear();
    return result;
  }

  /** hits: count a view into total, day, week and month. Throws 404 vod_not_found. */
  async hit(vodId: number): Promise<number> {
    await this.ensurePeriod();
    const hits = await repo.addHit(this.db, vodId);
    if (hits === undefined) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
    return hits;
  }

  /**
   * getHitsList: published titles in enabled categories by the views of the operator's current day, week or month
   * (then all-time views), optionally of one category (a top category includes its sub-categories). `rank` is
   * 1-based over the whole ranking, `hits` the period's count; at most 50 pages.
   */
  async list(q: HitsListQueryOut): Promise<{ raw: string }> {
    await this.ensurePeriod();
    return cachedJson(this.pages, `rank:${JSON.stringify(q)}`, async (): Promise<HitsListResponse> => {
      const filter = await this.cache.filterFor(q);
      const order = `hits_${q.period}` as const;
      const [rows, n] = await Promise.all([
        repo.listVodRows(this.db, filter, order, q.page, q.limit),
        this.cache.count(filter, RANK_MAX_PAGES * q.limit),
      ]);
      const column = { day: 'vod_hits_day', week: 'vod_hits_week', month: 'vod_hits_month' } as const;
      const total = Math.min(n, RANK_MAX_PAGES * q.limit);
      return {
        code: 1,
        msg: 'ok',
        list: rows.map((r, i) => ({
          ...repo.toItem(r),
          hits: r[column[q.period as RankPeriod]],
          rank: (q.page - 1) * q.limit + i + 1,
        })),
        page: q.page,
        pagecount: Math.max(1, Math.ceil(total / q.limit)),
        limit: q.limit,
        total,
      };
    });
  }
}
