/**
 * Catalogue search (issue 4 item 2) as the viewer app uses it besides the title lists: suggestions while typing
 * (`suggest`), the searched words each process counts and writes in batches, and the hot searches they make
 * (`hotSearch`: the operator's words, else the most searched words of the last days). How titles match and are
 * ranked (tokens, the GIN index, relevance classes) is in content.repo.ts, module comment "Search"; a search page
 * itself is ContentService.data with `wd`.
 */
import type { HotSearchResponse, SuggestResponse } from '@openvod/contract';
import { DateTime } from 'luxon';
import { getSettings } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';
import * as cat from './catalogue.repo.ts';
import type { CatalogueCache } from './catalogue-cache.ts';
import { normaliseQuery } from './content.repo.ts';

/** Longest word recorded for hot searches (characters). */
export const SEARCH_WORD_MAX = 32;
/** Hot searches: the most searched words of this many operator days, at most {@link HOT_SEARCH_MAX}. */
export const HOT_SEARCH_DAYS = 7;
export const HOT_SEARCH_MAX = 10;
/** Searched words are kept this many days. */
export const SEARCH_WORD_KEEP_DAYS = 30;
/** Setting key of the operator's hot search words (a JSON array of strings). */
export const HOT_SEARCH_KEY = 'hot_search';
/** Searched words are written at most this long (ms) after the first one of a batch ({@link Searches.flush}). */
export const SEARCH_FLUSH_MS = 60_000;

/** A searched word as recorded for hot searches: {@link normaliseQuery}, at most {@link SEARCH_WORD_MAX} characters. */
export function normaliseSearchWord(wd: string): string {
  return [...normaliseQuery(wd)].slice(0, SEARCH_WORD_MAX).join('').trim();
}

export interface SearchesOptions {
  /** The operator's calendar day (YYYY-MM-DD) of the service clock (ContentService.today). */
  today: () => string;
  /** How long (ms) searched words may wait in memory before they are written (default {@link SEARCH_FLUSH_MS}). */
  flushMs?: number;
  /** Where a failed write of searched words is reported. */
  onError?: (msg: string, err: unknown) => void;
}

export class Searches {
  /** Searched words not yet written: `day\nword` -> count. */
  private pending = new Map<string, number>();
  /** The write of the pending searched words due within {@link SEARCH_FLUSH_MS} (this process's own buffer). */
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private db: Db,
    private cache: CatalogueCache,
    private opts: SearchesOptions,
  ) {}

  /** suggest: up to `limit` published titles matching `wd` (name, alias, pinyin, actor), best first. */
  async suggest(q: { wd: string; limit: number }): Promise<{ raw: string }> {
    const wd = normaliseSearchWord(q.wd);
    return this.cache.cached(`suggest:${q.limit}:${wd}`, async (): Promise<SuggestResponse> => {
      const list = wd ? await cat.suggest(this.db, wd, q.limit, await this.cache.disabledTypes()) : [];
      return { code: 1, msg: 'ok', list };
    });
  }

  /** Count a searched word (kept in memory, written by {@link flush}; a search is not a write). */
  record(word: string): void {
    const key = `${this.opts.today()}\n${word}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    if (this.pending.size >= 200) void this.flush().catch((err) => this.reportFlush(err));
    else if (!this.flushTimer) {
      this.flushTimer = setTimeout(
        () => void this.flush().catch((err) => this.reportFlush(err)),
        this.opts.flushMs ?? SEARCH_FLUSH_MS,
      );
      this.flushTimer.unref();
    }
  }

  private reportFlush(err: unknown): void {
    this.opts.onError?.('writing searched words failed', err);
  }

  /**
   * Write the searched words counted since the last flush. Every process buffers its own: the write comes at most
   * {@link SEARCH_FLUSH_MS} after the first word of a batch, at 200 words, before hotSearch reads, and at shutdown
   * (the content module's onClose hook, index.ts). Not a job (core/jobs.ts): a job runs in one process, and each
   * process must write its own buffer.
   */
  async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.pending.size) return;
    const batch = [...this.pending].map(([key, n]) => {
      const [day, word] = key.split('\n') as [string, string];
      return { day, word, n };
    });
    this.pending = new Map();
    await cat.addSearches(this.db, batch);
  }

  /** hotSearch: the operator's hot words, else the most searched words of the last 7 operator days (at most 10). */
  async hot(): Promise<{ raw: string }> {
    const today = this.opts.today();
    return this.cache.cached(`hot:${today}`, async (): Promise<HotSearchResponse> => {
      await this.flush();
      const configured = (await getSettings(this.db, [HOT_SEARCH_KEY]))[HOT_SEARCH_KEY];
      if (Array.isArray(configured) && configured.length) {
        return { code: 1, msg: 'ok', list: configured.map(String) };
      }
      const since = DateTime.fromISO(today)
        .minus({ days: HOT_SEARCH_DAYS - 1 })
        .toISODate() as string;
      return { code: 1, msg: 'ok', list: await cat.topSearches(this.db, since, HOT_SEARCH_MAX) };
    });
  }

  /** Drop the searched words older than {@link SEARCH_WORD_KEEP_DAYS} before operator day `day` (YYYY-MM-DD). */
  async prune(day: string): Promise<void> {
    const keepFrom = DateTime.fromISO(day).minus({ days: SEARCH_WORD_KEEP_DAYS }).toISODate();
    if (keepFrom) await cat.pruneSearches(this.db, keepFrom);
  }
}
