/**
 * The catalogue's in-process cache (issue 2 "Targets": hot reads are cached), shared by the parts of ContentService
 * (content.service.ts lists and detail, rankings.ts, search.ts, topics.ts).
 *
 * Responses: an LRU of ready JSON text, entries live {@link CACHE_TTL_MS}. Every write through this server (import,
 * console edit) calls {@link CatalogueCache.invalidate}, which drops everything at once; other processes see a change
 * within the TTL. View counts (`hits`) and ratings do not invalidate lists: they show them up to the TTL late. Per-user
 * parts are never cached as a whole: getType is cached per group, getDetail keeps the full, the locked and the
 * restricted text of a title ({@link DetailEntry}) and picks one per caller.
 *
 * Rights (spec §3 Category): a group's `group_type` is the comma list of the top categories it may open. Group rows are
 * cached {@link GROUP_TTL_MS}; console group edits through this process call ContentService.invalidate (the accounts
 * module), other processes see them within that time.
 *
 * Counts: the `total` of a list is cached per filter for {@link COUNT_TTL_MS} (deep pages of the same filter reuse
 * it), so counting 200,000 rows does not dominate paging. Lists by category alone are counted exactly (one grouped
 * count of all categories, {@link CatalogueCache.categoryCounts}). Lists with filters (class, area, lang, year, letter,
 * level, ids) and searches count at most {@link countCap} matches: `total` is min(matches, cap), the cap being the
 * next multiple of {@link COUNT_STEP} beyond the requested page's end (searches: at most 1000), so `page < pagecount`
 * still tells exactly whether a next page exists (infinite lists) while a filter matching 50,000 titles is not
 * counted in full on every request.
 */
import type { Player, SpecialTypes } from '@openvod/contract';
import { LRUCache } from 'lru-cache';
import { growingLru } from '../../core/lru.ts';
import { getSettings } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';
import * as cat from './catalogue.repo.ts';
import * as repo from './content.repo.ts';
import { readPlayers } from './players.ts';

export const CACHE_TTL_MS = 30_000;
/** Group rights (group_type) are re-read after 5 s. */
export const GROUP_TTL_MS = 5_000;
/** List totals per filter live 60 s. */
export const COUNT_TTL_MS = 60_000;
/**
 * Filtered list and search totals are counted in steps of this many titles ({@link countCap}); searches never above
 * 1000 (content.repo.ts SEARCH_MAX_RESULTS). Counting stops at the cap: a filtered list walks its category's index
 * until that many matches, a search visits a table row per match (the GIN index cannot check publication).
 */
export const COUNT_STEP = 200;

/**
 * The most matches a filtered list or search counts for page `page` of `limit` titles: the next multiple of
 * {@link COUNT_STEP} strictly beyond the page's end (page 1 of 20: 200; page 10 of 20: 400).
 */
export function countCap(page: number, limit: number): number {
  return (Math.floor((page * limit) / COUNT_STEP) + 1) * COUNT_STEP;
}

/** Guests (no or invalid token) use this group (spec §3). */
export const GUEST_GROUP_ID = 1;

/** Setting keys of the special categories (spec §3) and the `type_sort` that finds them when unset. */
export const SPECIAL_KEYS: Array<[keyof SpecialTypes, number | null]> = [
  ['app_shortvideo_typeid', 999],
  ['app_smallvideo_typeid', 1000],
  ['app_gallery_typeid', 1001],
  ['app_live_typeid', null],
  ['app_playlet_typeid', null],
];

/** The filter selects by category alone (or nothing): its count comes from the grouped category counts. */
export function onlyType(filter: repo.VodFilter): boolean {
  return Object.entries(filter).every(
    ([k, v]) => v === undefined || k === 'type_id' || k === 'type_is_top' || k === 'disabled_types',
  );
}

type TypeRow = Awaited<ReturnType<typeof repo.listTypes>>[number];
type CategoryCount = { type_id: number; type_id_1: number; n: number };

/**
 * Detail of one title as cached: the full, the locked (episodes without addresses, `play_locked` 1) and the
 * restricted (no play data, `permission` 0) response text; its top category; whether it belongs to a special feed
 * category (never locked).
 */
export interface DetailEntry {
  top: number;
  /** The play price in points (MacCMS vod_points_play), for the play gate. */
  price: number;
  feed: boolean;
  full: string;
  locked: string;
  restricted: string;
}

/** A cached answer: its JSON text and the same as UTF-8 bytes, which the route sends (core/routes.ts RawAnswer). */
export interface CachedJson {
  raw: string;
  bytes: Buffer;
}

/** The JSON text (and bytes) of `build()` under `key` in `cache`, built and encoded once per entry's life. */
export async function cachedJson(
  cache: LRUCache<string, CachedJson>,
  key: string,
  build: () => Promise<unknown>,
): Promise<CachedJson> {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const raw = JSON.stringify(await build());
  const entry = { raw, bytes: Buffer.from(raw) };
  cache.set(key, entry);
  return entry;
}

export class CatalogueCache {
  /** Ready response texts (lists, home, related, topics, suggestions, hot searches, day cover) by request. */
  private responses = growingLru<string, CachedJson>(2000, { ttl: CACHE_TTL_MS });
  /** getDetail's texts per title ({@link DetailEntry}). */
  readonly details = growingLru<number, DetailEntry>(5000, { ttl: CACHE_TTL_MS });
  private groupCache = new LRUCache<number, { ids: Set<number> }>({ max: 100, ttl: GROUP_TTL_MS });
  private countCache = growingLru<string, number>(5000, { ttl: COUNT_TTL_MS });
  private typesCache = new LRUCache<'all', TypeRow[]>({ max: 1, ttl: CACHE_TTL_MS });
  /** The special category ids: asked by the quotas module on every watch-entry write, so kept like the types. */
  private specialCache = new LRUCache<'all', SpecialTypes>({ max: 1, ttl: CACHE_TTL_MS });
  /** The player table (players.ts) by code, in its order; read with the detail entries it labels and orders. */
  private playerCache = new LRUCache<'all', Map<string, Player>>({ max: 1, ttl: CACHE_TTL_MS });
  /** Grouped category counts, their time (ms) and the refresh under way (see {@link categoryCounts}). */
  private categoryCountState: { rows: CategoryCount[]; at: number } | undefined;
  private categoryCountLoad: Promise<CategoryCount[]> | undefined;
  /** Bumped by {@link invalidate}, so a count started before a write is not stored after it. */
  private generation = 0;

  constructor(private db: Db) {}

  /** Drop every cached response, row and count (after any catalogue write). */
  invalidate(): void {
    this.responses.clear();
    this.details.clear();
    this.groupCache.clear();
    this.countCache.clear();
    this.typesCache.clear();
    this.specialCache.clear();
    this.playerCache.clear();
    this.categoryCountState = undefined;
    this.categoryCountLoad = undefined;
    this.generation++;
  }

  /** The response text of `build()` under `key`, cached {@link CACHE_TTL_MS}. */
  cached(key: string, build: () => Promise<unknown>): Promise<CachedJson> {
    return cachedJson(this.responses, key, build);
  }

  /** Every category (cached), enabled or not. */
  async allTypes(): Promise<TypeRow[]> {
    const hit = this.typesCache.get('all');
    if (hit) return hit;
    const rows = await repo.listTypes(this.db, false);
    this.typesCache.set('all', rows);
    return rows;
  }

  /** Ids of disabled categories (their titles and their sub-categories' titles are hidden). */
  async disabledTypes(): Promise<number[]> {
    return (await this.allTypes()).filter((t) => t.type_status !== 1).map((t) => t.type_id);
  }

  /** Top category ids a group may open; a missing or disabled group has the guest's rights. */
  async rightsOf(groupId: number): Promise<Set<number>> {
    const hit = this.groupCache.get(groupId);
    if (hit) return hit.ids;
    let ids = await cat.groupTypeIds(this.db, groupId);
    if (ids === undefined) {
      ids = groupId === GUEST_GROUP_ID ? new Set() : await this.rightsOf(GUEST_GROUP_ID);
    }
    this.groupCache.set(groupId, { ids });
    return ids;
  }

  /** The player table by code, in its order (`sort`, then code; players.ts). */
  async playerTable(): Promise<Map<string, Player>> {
    const hit = this.playerCache.get('all');
    if (hit) return hit;
    const table = new Map((await readPlayers(this.db)).map((p) => [p.from, p]));
    this.playerCache.set('all', table);
    return table;
  }

  /** Special category ids: configured setting, else the category with the conventional `type_sort`, else 0. */
  async specialTypes(): Promise<SpecialTypes> {
    const hit = this.specialCache.get('all');
    if (hit) return hit;
    const types = await this.allTypes();
    const settings = await getSettings(
      this.db,
      SPECIAL_KEYS.map(([k]) => k),
    );
    const out = {} as SpecialTypes;
    for (const [key, sort] of SPECIAL_KEYS) {
      const configured = Number(settings[key] ?? 0);
      const bySort = sort === null ? undefined : types.find((t) => t.type_sort === sort && t.type_pid === 0);
      out[key] = configured > 0 ? configured : (bySort?.type_id ?? 0);
    }
    this.specialCache.set('all', out);
    return out;
  }

  /** The published filter of a category (a top category includes its sub-categories), or of all titles. */
  async filterFor(q: { type_id?: number }): Promise<repo.VodFilter> {
    const disabled_types = await this.disabledTypes();
    if (q.type_id === undefined) return { disabled_types };
    const type = (await this.allTypes()).find((t) => t.type_id === q.type_id);
    return { type_id: q.type_id, type_is_top: type ? type.type_pid === 0 : false, disabled_types };
  }

  /**
   * Matches of a filter, cached {@link COUNT_TTL_MS} per filter and cap. Filters by category alone (or none) are
   * answered exactly from one grouped count of all published titles per category (also cached), so paging any
   * category costs no count of its own; other filters count at most `cap` matches (see the module comment).
   */
  async count(filter: repo.VodFilter, cap: number): Promise<number> {
    if (onlyType(filter)) {
      const counts = await this.categoryCounts();
      if (filter.type_id === undefined) return counts.reduce((n, c) => n + c.n, 0);
      return counts
        .filter((c) => (filter.type_is_top ? c.type_id_1 : c.type_id) === filter.type_id)
        .reduce((n, c) => n + c.n, 0);
    }
    const key = `${cap}:${JSON.stringify(filter)}`;
    const hit = this.countCache.get(key);
    if (hit !== undefined) return hit;
    const n = await repo.countVods(this.db, filter, cap);
    this.countCache.set(key, n);
    return n;
  }

  /**
   * Published titles in enabled categories per (type_id, type_id_1), fresh for {@link COUNT_TTL_MS}. The grouped
   * count reads every published row (about 0.1 s at 200,000 titles), so once it is older it is still answered at
   * once while one refresh runs in the background (stale while revalidate); only the first call after start or
   * {@link invalidate} waits for it.
   */
  private async categoryCounts(): Promise<CategoryCount[]> {
    const state = this.categoryCountState;
    if (state && Date.now() - state.at < COUNT_TTL_MS) return state.rows;
    if (!this.categoryCountLoad) {
      const generation = this.generation;
      const load = (async () => {
        const rows = await cat.countByCategory(this.db, await this.disabledTypes());
        if (generation === this.generation) this.categoryCountState = { rows, at: Date.now() };
        return rows;
      })();
      this.categoryCountLoad = load;
      void load
        .finally(() => {
          if (this.categoryCountLoad === load) this.categoryCountLoad = undefined;
        })
        .catch(() => undefined);
    }
    return state ? state.rows : this.categoryCountLoad;
  }
}
