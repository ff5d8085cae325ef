/**
 * Catalogue service: categories, title lists, the home page, title detail, rankings, ratings, search, topics and the
 * day cover for the viewer app (spec §7 "Content", issue 2 and issue 4), with an in-process cache of serialised
 * responses (issue 2 "Targets": hot reads are cached).
 *
 * Cache: an LRU of ready JSON text, entries live {@link CACHE_TTL_MS}. Every write through this server (import,
 * console edit) calls {@link ContentService.invalidate}, which drops everything at once; other processes see a change
 * within the TTL. View counts (`hits`) and ratings do not invalidate lists: they show them up to the TTL late
 * (rankings {@link RANK_TTL_MS}). Per-user parts are never cached as a whole: getType is cached per group, getDetail
 * keeps the full, the locked and the restricted text of a title and picks one per caller (rights, then the play
 * gate of the quotas module, which is asked on every call).
 *
 * Rights (spec §3 Category, §2 "Kind reminder"): the caller's group comes from the optional `authorcode`; no, an
 * invalid or an expired token means the guest group 1 (never 401 here). A group's `group_type` is the comma list of
 * the top categories it may open. Group rows are cached {@link GROUP_TTL_MS}; console group edits through this process
 * call {@link ContentService.invalidate} (app.ts), other processes see them within that time.
 *
 * Counts: the `total` of a list is cached per filter for {@link COUNT_TTL_MS} (deep pages of the same filter reuse
 * it), so counting 200,000 rows does not dominate paging. Lists by category alone are counted exactly (one grouped
 * count of all categories). Lists with filters (class, area, lang, year, letter, level, ids) and searches count at
 * most {@link countCap} matches: `total` is min(matches, cap), the cap being the next multiple of {@link COUNT_STEP}
 * beyond the requested page's end (searches: at most 1000), so `page < pagecount` still tells exactly whether a next
 * page exists (infinite lists) while a filter matching 50,000 titles is not counted in full on every request.
 */
import {
  type CategoryWithPermission,
  type DataWithTypeResponse,
  type DayCoverResponse,
  DetailForUserResponse,
  ErrorCode,
  type HitsListResponse,
  type HomeResponse,
  type HotSearchResponse,
  type Player,
  type RankPeriod,
  type RelatedResponse,
  type ScoreResponse,
  type SpecialTypes,
  type SuggestResponse,
  type TopicDetailResponse,
  type TopicListResponse,
  type TypeBlock,
  type TypeListWithPermissionResponse,
  type VodOrder,
} from '@openvod/contract';
import { LRUCache } from 'lru-cache';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { getSettings } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';
import * as cat from './catalogue.repo.ts';
import * as repo from './content.repo.ts';
import { type HitsReset, periodsOf, resetHitsIfDue } from './hits.jobs.ts';
import { readPlayers } from './players.ts';
import { normaliseSearchWord } from './search.ts';

export const CACHE_TTL_MS = 30_000;
/** Rankings follow views closely: their pages live 5 s. */
export const RANK_TTL_MS = 5_000;
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

/**
 * A filtered list whose matches (counted exactly, below the cap) are fewer than 1 in this many of the index entries
 * an ordered walk would read for the page is read through its matches instead (content.repo.ts listVodRows
 * `viaMatches`): a table row found through the GIN index costs about as much as this many index-only entries.
 */
export const MATCH_ROW_COST = 10;

/** The filter selects by category alone (or nothing): its count comes from the grouped category counts. */
function onlyType(filter: repo.VodFilter): boolean {
  return Object.entries(filter).every(
    ([k, v]) => v === undefined || k === 'type_id' || k === 'type_is_top' || k === 'disabled_types',
  );
}

/** Guests (no or invalid token) use this group (spec §3). */
export const GUEST_GROUP_ID = 1;
/** Hot searches: the most searched words of this many operator days, at most {@link HOT_SEARCH_MAX}. */
export const HOT_SEARCH_DAYS = 7;
export const HOT_SEARCH_MAX = 10;
/** Searched words are kept this many days. */
export const SEARCH_WORD_KEEP_DAYS = 30;
/** Rankings are at most 50 pages deep (HitsListQuery.page). */
const RANK_MAX_PAGES = 50;
/** Setting key of the operator's hot search words (a JSON array of strings). */
export const HOT_SEARCH_KEY = 'hot_search';

/** Setting keys of the special categories (spec §3) and the `type_sort` that finds them when unset. */
export const SPECIAL_KEYS: Array<[keyof SpecialTypes, number | null]> = [
  ['app_shortvideo_typeid', 999],
  ['app_smallvideo_typeid', 1000],
  ['app_gallery_typeid', 1001],
  ['app_live_typeid', null],
  ['app_playlet_typeid', null],
];

type DataQueryOut = z.output<typeof import('@openvod/contract').DataQuery>;
type HitsListQueryOut = z.output<typeof import('@openvod/contract').HitsListQuery>;
type TopicListQueryOut = z.output<typeof import('@openvod/contract').TopicListQuery>;
type TypeRow = Awaited<ReturnType<typeof repo.listTypes>>[number];
type CategoryCount = { type_id: number; type_id_1: number; n: number };

export interface ContentServiceOptions {
  /** The operator's time zone (day, week, month boundaries; default Asia/Shanghai). */
  timeZone?: string;
  /**
   * The signed-in user of an `authorcode` (throws when it is not valid); app.ts passes the accounts service. Without
   * it every caller is a guest.
   */
  authenticate?: (token: string) => Promise<Caller>;
  /** Where a failed write of searched words is reported (app.ts: the app's log). */
  onError?: (msg: string, err: unknown) => void;
  /** How long (ms) searched words may wait in memory before they are written (default {@link SEARCH_FLUSH_MS}). */
  searchFlushMs?: number;
  /**
   * The play gate of getDetail (spec §4 free views and paid titles; app.ts: the quotas module's
   * QuotasService.playOpen). Without one every caller with category rights gets the addresses.
   */
  playGate?: PlayGate;
}

/** Searched words are written at most this long (ms) after the first one of a batch ({@link flushSearches}). */
export const SEARCH_FLUSH_MS = 60_000;

/** A signed-in caller as {@link ContentServiceOptions.authenticate} returns it. */
export interface Caller {
  user_id: number;
  group_id: number;
}

/**
 * The play gate (issue 7 item 2; set by the quotas module, see QuotasService.playOpen): whether `caller` (undefined =
 * no session) may receive the play addresses of title `vodId` now, given that its group may open the category.
 * False withholds them (getDetail's `play_locked` 1) until a view is taken.
 */
export type PlayGate = (caller: Caller | undefined, vodId: number, title: GatedTitle) => Promise<boolean>;

/** What the gate needs of a title, from the cached detail (no second read): its top category and play price. */
export interface GatedTitle {
  top: number;
  vod_points_play: number;
}

/**
 * Detail of one title as cached: the full, the locked (episodes without addresses, `play_locked` 1) and the
 * restricted (no play data, `permission` 0) response text; its top category; whether it belongs to a special feed
 * category (never locked).
 */
interface DetailEntry {
  top: number;
  /** The play price in points (MacCMS vod_points_play), for the play gate. */
  price: number;
  feed: boolean;
  full: string;
  locked: string;
  restricted: string;
}

export class ContentService {
  private cache = new LRUCache<string, string>({ max: 2000, ttl: CACHE_TTL_MS });
  private detailCache = new LRUCache<number, DetailEntry>({ max: 5000, ttl: CACHE_TTL_MS });
  private rankCache = new LRUCache<string, string>({ max: 500, ttl: RANK_TTL_MS });
  private groupCache = new LRUCache<number, { ids: Set<number> }>({ max: 100, ttl: GROUP_TTL_MS });
  private countCache = new LRUCache<string, number>({ max: 5000, ttl: COUNT_TTL_MS });
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
  private readonly timeZone: string;
  /** The operator day whose counter periods were last checked (see hits.jobs.ts). */
  private checkedDay: string | undefined;
  private checking: Promise<HitsReset> | undefined;
  /** Searched words not yet written: `day\nword` -> count. */
  private pendingSearches = new Map<string, number>();
  /** The write of the pending searched words due within {@link SEARCH_FLUSH_MS} (this process's own buffer). */
  private searchFlush: NodeJS.Timeout | undefined;
  /** The clock; tests replace it. */
  now: () => Date = () => new Date();

  constructor(
    private db: Db,
    private opts: ContentServiceOptions = {},
  ) {
    this.timeZone = opts.timeZone ?? 'Asia/Shanghai';
  }

  /** Drop every cached response (after any catalogue write). */
  invalidate(): void {
    this.cache.clear();
    this.detailCache.clear();
    this.rankCache.clear();
    this.groupCache.clear();
    this.countCache.clear();
    this.typesCache.clear();
    this.specialCache.clear();
    this.playerCache.clear();
    this.categoryCountState = undefined;
    this.categoryCountLoad = undefined;
    this.generation++;
  }

  private async cached(key: string, build: () => Promise<unknown>, cache = this.cache): Promise<{ raw: string }> {
    const hit = cache.get(key);
    if (hit !== undefined) return { raw: hit };
    const raw = JSON.stringify(await build());
    cache.set(key, raw);
    return { raw };
  }

  /** The operator's calendar day (YYYY-MM-DD) of the service clock. */
  today(): string {
    return DateTime.fromJSDate(this.now(), { zone: this.timeZone }).toISODate() as string;
  }

  /** Every category (cached), enabled or not. */
  private async allTypes(): Promise<TypeRow[]> {
    const hit = this.typesCache.get('all');
    if (hit) return hit;
    const rows = await repo.listTypes(this.db, false);
    this.typesCache.set('all', rows);
    return rows;
  }

  /** Ids of disabled categories (their titles and their sub-categories' titles are hidden). */
  private async disabledTypes(): Promise<number[]> {
    return (await this.allTypes()).filter((t) => t.type_status !== 1).map((t) => t.type_id);
  }

  /** The group of a caller: the user's group for a valid `authorcode`, else the guest group. */
  async groupOf(token: string | undefined): Promise<number> {
    return (await this.callerOf(token))?.group_id ?? GUEST_GROUP_ID;
  }

  /** The signed-in caller of an `authorcode`; undefined without one, or when it is invalid or expired. */
  async callerOf(token: string | undefined): Promise<Caller | undefined> {
    if (!token || !this.opts.authenticate) return undefined;
    try {
      return await this.opts.authenticate(token);
    } catch {
      return undefined;
    }
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

  /** The player table by code, in its order (`sort`, then code; cached; players.ts). */
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

  /**
   * getType: enabled top categories with their enabled sub-categories, by type_sort, each with the `permission`
   * flag of group `groupId` (sub-categories carry their parent's). Cached per group.
   */
  async typeList(groupId: number = GUEST_GROUP_ID): Promise<{ raw: string }> {
    return this.cached(`types:${groupId}`, async (): Promise<TypeListWithPermissionResponse> => {
      const rights = await this.rightsOf(groupId);
      const rows = (await this.allTypes()).filter((t) => t.type_status === 1);
      const list: CategoryWithPermission[] = rows
        .filter((t) => t.type_pid === 0)
        .map((top) => {
          const permission = rights.has(top.type_id) ? 1 : 0;
          return {
            ...repo.toCategory(top),
            permission,
            child: rows.filter((c) => c.type_pid === top.type_id).map((c) => ({ ...repo.toCategory(c), permission })),
          };
        });
      return { code: 1, msg: 'ok', list, special: await this.specialTypes() };
    });
  }

  private async filterFor(q: { type_id?: number }): Promise<repo.VodFilter> {
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
  private async count(filter: repo.VodFilter, cap: number): Promise<number> {
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

  /**
   * data: a filtered, ordered page of titles. `order` defaults to `relevance` with `wd`, else `time`. A search (`wd`)
   * on page 1 that finds something is counted for the hot searches. `total` is exact for a category (or no filter);
   * with other filters or `wd` it is min(matches, {@link countCap}), with `wd` at most 1000 (module comment).
   */
  async data(q: DataQueryOut): Promise<{ raw: string }> {
    const wd = q.wd?.trim() || undefined;
    const order = q.order ?? (wd ? 'relevance' : 'time');
    const key = `data:${JSON.stringify({ ...q, order })}`;
    let total = 0;
    const out = await this.cached(key, async () => {
      const filter: repo.VodFilter = {
        ...(await this.filterFor(q)),
        class: q.class,
        area: q.area,
        lang: q.lang,
        year: q.year,
        letter: q.letter,
        level: q.level,
        wd,
        ids: q.ids ? q.ids.split(',').map(Number).slice(0, 100) : undefined,
      };
      if (order.startsWith('hits_')) await this.ensureHitsPeriod();
      const cap = countCap(q.page, q.limit);
      let rows: repo.ListRow[];
      let n: number;
      if (wd || onlyType(filter) || filter.ids) {
        [rows, n] = await Promise.all([
          repo.listVodRows(this.db, filter, order, q.page, q.limit),
          this.count(filter, cap),
        ]);
      } else {
        // Filters (class, area, lang, year, letter, level): count first (cheap, cached), then read few matches
        // through themselves rather than walking the ordered index across the whole category.
        n = await this.count(filter, cap);
        const scope = await this.count(
          { type_id: filter.type_id, type_is_top: filter.type_is_top, disabled_types: filter.disabled_types },
          cap,
        );
        const walk = n === 0 ? scope : Math.min(scope, (q.page * q.limit * scope) / n);
        const viaMatches = n < cap && n * MATCH_ROW_COST < walk;
        rows = await repo.listVodRows(this.db, filter, order, q.page, q.limit, viaMatches);
      }
      total = n;
      return {
        code: 1,
        msg: 'ok',
        list: rows.map(repo.toItem),
        page: q.page,
        pagecount: Math.max(1, Math.ceil(n / q.limit)),
        limit: q.limit,
        total: n,
      };
    });
    if (wd && q.page === 1) {
      // A cached answer: read the total back from its text (the object above ends with it).
      if (!total) total = Number(/"total":(\d+)}$/.exec(out.raw)?.[1] ?? 0);
      const word = normaliseSearchWord(wd);
      if (total > 0 && word) this.recordSearch(word);
    }
    return out;
  }

  private async blocks(typeIds: number[] | undefined, limit: number, order: VodOrder): Promise<TypeBlock[]> {
    const types = (await this.allTypes()).filter((t) => t.type_status === 1);
    const disabled_types = await this.disabledTypes();
    const special = new Set(Object.values(await this.specialTypes()).filter((v) => v > 0));
    const tops = typeIds
      ? typeIds
          .map((id) => types.find((t) => t.type_id === id))
          .filter((t): t is NonNullable<typeof t> => t !== undefined)
      : types.filter((t) => t.type_pid === 0 && t.type_mid === 1 && !special.has(t.type_id) && t.type_sort < 999);
    if (order.startsWith('hits_')) await this.ensureHitsPeriod();
    return Promise.all(
      tops.map(async (t) => {
        const rows = await repo.listVodRows(
          this.db,
          { type_id: t.type_id, type_is_top: t.type_pid === 0, disabled_types },
          order,
          1,
          limit,
        );
        return { type_id: t.type_id, type_name: t.type_name, list: rows.map(repo.toItem) };
      }),
    );
  }

  /** dataWithType: title lists grouped by category. */
  async dataWithType(q: { type_ids?: string; limit: number; order: VodOrder }): Promise<{ raw: string }> {
    return this.cached(`grouped:${JSON.stringify(q)}`, async (): Promise<DataWithTypeResponse> => {
      const ids = q.type_ids ? q.type_ids.split(',').map(Number).slice(0, 30) : undefined;
      return { code: 1, msg: 'ok', list: await this.blocks(ids, q.limit, q.order) };
    });
  }

  /** getHome: slideshow (level 9), hot (hits), recommended (level 1-8, else newest), one block per top category. */
  async home(): Promise<{ raw: string }> {
    return this.cached('home', async (): Promise<HomeResponse> => {
      const disabled_types = await this.disabledTypes();
      const [slide, hot, rec, blocks] = await Promise.all([
        repo.listVodRows(this.db, { level: 9, disabled_types }, 'time', 1, 6),
        repo.listVodRows(this.db, { disabled_types }, 'hits', 1, 10),
        repo.listVodRows(this.db, { level_min: 1, level_max: 8, disabled_types }, 'time', 1, 12),
        this.blocks(undefined, 6, 'time').then((all) => all.filter((b) => b.list.length > 0)),
      ]);
      const recommend = rec.length ? rec : await repo.listVodRows(this.db, { disabled_types }, 'time', 1, 12);
      return {
        code: 1,
        msg: 'ok',
        slide: slide.map(repo.toItem),
        hot: hot.map(repo.toItem),
        recommend: recommend.map(repo.toItem),
        blocks,
      };
    });
  }

  private async detailEntry(vodId: number): Promise<DetailEntry> {
    const hit = this.detailCache.get(vodId);
    if (hit) return hit;
    const row = await repo.getVod(this.db, vodId);
    if (row?.vod_status !== 1 || !row.category_enabled) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
    const detail = repo.toDetail(row);
    // Lines carry the player's display name (the player table), else their code, and come in the table's order
    // (its `sort`); lines of codes the table lacks follow in their stored order. `sid` stays the stored position.
    const players = await this.playerTable();
    const rank = (from: string) => players.get(from)?.sort ?? Number.POSITIVE_INFINITY;
    const info = {
      ...detail,
      sources: detail.sources
        .map((src) => ({ ...src, show: players.get(src.from)?.show ?? src.from }))
        .sort((a, b) => rank(a.from) - rank(b.from) || a.sid - b.sid),
    };
    const full = DetailForUserResponse.parse({ code: 1, msg: 'ok', info: { ...info, permission: 1, play_locked: 0 } });
    const locked = DetailForUserResponse.parse({
      code: 1,
      msg: 'ok',
      info: {
        ...info,
        permission: 1,
        play_locked: 1,
        sources: info.sources.map((src) => ({ ...src, episodes: src.episodes.map((e) => ({ ...e, url: '' })) })),
        vod_play_url: '',
      },
    });
    const restricted = DetailForUserResponse.parse({
      code: 1,
      msg: 'ok',
      info: {
        ...info,
        permission: 0,
        play_locked: 0,
        sources: [],
        vod_play_from: '',
        vod_play_server: '',
        vod_play_note: '',
        vod_play_url: '',
      },
    });
    const top = row.type_id_1 || row.type_id;
    const special = new Set(Object.values(await this.specialTypes()).filter((v) => v > 0));
    const entry = {
      top,
      price: info.vod_points_play,
      feed: special.has(top) || special.has(row.type_id),
      full: JSON.stringify(full),
      locked: JSON.stringify(locked),
      restricted: JSON.stringify(restricted),
    };
    this.detailCache.set(vodId, entry);
    return entry;
  }

  /**
   * getDetail: one published title with parsed sources, for `caller` (undefined = no session, the guest group 1).
   * - Without rights to the title's top category (`type_id_1`, or its own category when top-level) for the caller's
   *   group: `permission: 0`, no sources, blank play columns.
   * - With rights, a title outside the special feed categories whose play gate is shut (no view taken yet, see
   *   {@link PlayGate}): `play_locked: 1`, episodes without addresses.
   * - Otherwise everything (`permission: 1`, `play_locked: 0`).
   * Throws 404 vod_not_found.
   */
  async detail(vodId: number, caller?: Caller): Promise<{ raw: string }> {
    const entry = await this.detailEntry(vodId);
    const rights = await this.rightsOf(caller?.group_id ?? GUEST_GROUP_ID);
    if (!rights.has(entry.top)) return { raw: entry.restricted };
    const gate = this.opts.playGate;
    if (entry.feed || !gate) return { raw: entry.full };
    const title = { top: entry.top, vod_points_play: entry.price };
    return { raw: (await gate(caller, vodId, title)) ? entry.full : entry.locked };
  }

  /**
   * getRelated: at most `limit` titles related to published title `vodId` (contract RelatedQuery): its own category
   * first (more shared actors first, then all-time hits), then other categories' titles sharing an actor (more shared
   * first, then hits), then the most viewed titles; no repeats, never the title itself, disabled categories or the
   * special feed categories other than the title's own. Three bounded index reads (content.repo.ts
   * relatedCandidates), cached like the lists ({@link CACHE_TTL_MS}, dropped by {@link invalidate}).
   * Throws 404 vod_not_found.
   */
  async related(vodId: number, limit = 12): Promise<{ raw: string }> {
    return this.cached(`related:${vodId}:${limit}`, async (): Promise<RelatedResponse> => {
      const row = await repo.getVod(this.db, vodId);
      if (row?.vod_status !== 1 || !row.category_enabled) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
      const own = new Set([row.type_id, row.type_id_1]);
      const special = Object.values(await this.specialTypes()).filter((id) => id > 0 && !own.has(id));
      const excluded = [...new Set([...(await this.disabledTypes()), ...special])];
      const c = await repo.relatedCandidates(this.db, row, excluded, limit);
      const byShared = (a: repo.RelatedRow, b: repo.RelatedRow) =>
        b.shared - a.shared || b.vod_hits - a.vod_hits || b.vod_id - a.vod_id;
      const sameType = [...c.sameType, ...c.byActor.filter((r) => r.type_id === row.type_id)];
      const ordered = [
        ...sameType.sort(byShared),
        ...c.byActor.filter((r) => r.type_id !== row.type_id).sort(byShared),
        ...c.popular,
      ];
      const seen = new Set<number>();
      const list = ordered.filter((r) => !seen.has(r.vod_id) && seen.add(r.vod_id)).slice(0, limit);
      return { code: 1, msg: 'ok', list: list.map(repo.toItem) };
    });
  }

  /**
   * Reset the day/week/month counters when the operator's period changed since the last check (see hits.jobs.ts).
   * Cheap between boundaries (compares the day); concurrent callers share one reset.
   */
  async ensureHitsPeriod(): Promise<void> {
    for (;;) {
      const day = periodsOf(this.now(), this.timeZone).day;
      if (this.checkedDay === day) return;
      if (this.checking) {
        // Another caller's check is running (maybe for an earlier clock): wait, then look again.
        await this.checking.catch(() => undefined);
        continue;
      }
      this.checking = this.checkHitsPeriod();
      try {
        await this.checking;
      } finally {
        this.checking = undefined;
      }
    }
  }

  private async checkHitsPeriod(): Promise<HitsReset> {
    const result = await resetHitsIfDue(this.db, this.now(), this.timeZone);
    if (result.day) {
      const keepFrom = DateTime.fromISO(result.periods.day).minus({ days: SEARCH_WORD_KEEP_DAYS }).toISODate();
      if (keepFrom) await cat.pruneSearches(this.db, keepFrom);
    }
    this.checkedDay = result.periods.day;
    this.rankCache.clear();
    return result;
  }

  /** hits: count a view into total, day, week and month. Throws 404 vod_not_found. */
  async hit(vodId: number): Promise<number> {
    await this.ensureHitsPeriod();
    const hits = await repo.addHit(this.db, vodId);
    if (hits === undefined) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
    return hits;
  }

  /**
   * getHitsList: published titles in enabled categories by the views of the operator's current day, week or month
   * (then all-time views), optionally of one category (a top category includes its sub-categories). `rank` is
   * 1-based over the whole ranking, `hits` the period's count; at most 50 pages.
   */
  async hitsList(q: HitsListQueryOut): Promise<{ raw: string }> {
    await this.ensureHitsPeriod();
    return this.cached(
      `rank:${JSON.stringify(q)}`,
      async (): Promise<HitsListResponse> => {
        const filter = await this.filterFor(q);
        const order = `hits_${q.period}` as const;
        const [rows, n] = await Promise.all([
          repo.listVodRows(this.db, filter, order, q.page, q.limit),
          this.count(filter, RANK_MAX_PAGES * q.limit),
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
      },
      this.rankCache,
    );
  }

  /**
   * score: user `userId` rates a published title 1..10 once. The rating row and the sums (`vod_score_all`,
   * `vod_score_num`, average `vod_score`) change in one transaction. Throws 404 vod_not_found, 409 conflict ('Do
   * not repeat the operation') when the user already rated it.
   */
  async score(vodId: number, userId: number, score: number): Promise<ScoreResponse> {
    const row = await repo.getVod(this.db, vodId);
    if (row?.vod_status !== 1 || !row.category_enabled) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
    const result = await this.db.transaction((tx) => cat.addScore(tx, userId, vodId, score));
    if (!result) throw new AppError(409, ErrorCode.conflict, 'conflict');
    this.detailCache.delete(vodId);
    return { code: 1, msg: 'ok', ...result };
  }

  /** suggest: up to `limit` published titles matching `wd` (name, alias, pinyin, actor), best first. */
  async suggest(q: { wd: string; limit: number }): Promise<{ raw: string }> {
    const wd = normaliseSearchWord(q.wd);
    return this.cached(`suggest:${q.limit}:${wd}`, async (): Promise<SuggestResponse> => {
      const list = wd ? await cat.suggest(this.db, wd, q.limit, await this.disabledTypes()) : [];
      return { code: 1, msg: 'ok', list };
    });
  }

  /** Count a searched word (kept in memory, written by {@link flushSearches}; a search is not a write). */
  private recordSearch(word: string): void {
    const key = `${this.today()}\n${word}`;
    this.pendingSearches.set(key, (this.pendingSearches.get(key) ?? 0) + 1);
    if (this.pendingSearches.size >= 200) void this.flushSearches().catch((err) => this.reportFlush(err));
    else if (!this.searchFlush) {
      this.searchFlush = setTimeout(
        () => void this.flushSearches().catch((err) => this.reportFlush(err)),
        this.opts.searchFlushMs ?? SEARCH_FLUSH_MS,
      );
      this.searchFlush.unref();
    }
  }

  private reportFlush(err: unknown): void {
    this.opts.onError?.('writing searched words failed', err);
  }

  /**
   * Write the searched words counted since the last flush. Every process buffers its own: the write comes at most
   * {@link SEARCH_FLUSH_MS} after the first word of a batch, at 200 words, before hotSearch reads, and at shutdown
   * (app.ts). Not a job (core/jobs.ts): a job runs in one process, and each process must write its own buffer.
   */
  async flushSearches(): Promise<void> {
    clearTimeout(this.searchFlush);
    this.searchFlush = undefined;
    if (!this.pendingSearches.size) return;
    const batch = [...this.pendingSearches].map(([key, n]) => {
      const [day, word] = key.split('\n') as [string, string];
      return { day, word, n };
    });
    this.pendingSearches = new Map();
    await cat.addSearches(this.db, batch);
  }

  /** hotSearch: the operator's hot words, else the most searched words of the last 7 operator days (at most 10). */
  async hotSearch(): Promise<{ raw: string }> {
    const today = this.today();
    return this.cached(`hot:${today}`, async (): Promise<HotSearchResponse> => {
      await this.flushSearches();
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

  /** Published titles of `ids` in that order (enabled categories). */
  private async itemsInOrder(ids: number[]) {
    if (!ids.length) return [];
    const rows = await repo.listVodRows(
      this.db,
      { ids, disabled_types: await this.disabledTypes() },
      'time',
      1,
      ids.length,
    );
    const byId = new Map(rows.map((r) => [r.vod_id, repo.toItem(r)]));
    return ids.map((id) => byId.get(id)).filter((v): v is NonNullable<typeof v> => v !== undefined);
  }

  /** topicView: published topics by `topic_sort`, each with up to 6 published titles and their count. */
  async topics(q: TopicListQueryOut): Promise<{ raw: string }> {
    return this.cached(`topics:${q.page}:${q.limit}`, async (): Promise<TopicListResponse> => {
      const [rows, total] = await Promise.all([
        cat.listTopics(this.db, { page: q.page, limit: q.limit }),
        cat.countTopics(this.db),
      ]);
      const topics = rows.map(cat.toTopic);
      const visible = await cat.visibleIds(
        this.db,
        [...new Set(topics.flatMap((t) => t.vod_ids))],
        await this.disabledTypes(),
      );
      const published = topics.map((t) => t.vod_ids.filter((id) => visible.has(id)));
      const items = new Map(
        (await this.itemsInOrder([...new Set(published.flatMap((ids) => ids.slice(0, 6)))])).map((v) => [v.vod_id, v]),
      );
      return {
        code: 1,
        msg: 'ok',
        list: topics.map((t, i) => {
          const ids = published[i] ?? [];
          return {
            ...t,
            vod_list: ids
              .slice(0, 6)
              .map((id) => items.get(id))
              .filter((v): v is NonNullable<typeof v> => v !== undefined),
            vod_count: ids.length,
          };
        }),
        page: q.page,
        pagecount: Math.max(1, Math.ceil(total / q.limit)),
        limit: q.limit,
        total,
      };
    });
  }

  /** topicViewWithVodDetail: one published topic with its published titles in topic order. 404 topic_not_found. */
  async topic(topicId: number): Promise<{ raw: string }> {
    return this.cached(`topic:${topicId}`, async (): Promise<TopicDetailResponse> => {
      const row = await cat.getTopic(this.db, topicId);
      if (row?.topic_status !== 1) throw new AppError(404, ErrorCode.notFound, 'topic_not_found');
      const topic = cat.toTopic(row);
      return { code: 1, msg: 'ok', info: { ...topic, vod_list: await this.itemsInOrder(topic.vod_ids) } };
    });
  }

  /** getDayCover: the cover of today (operator time zone) or of the latest earlier date; `info: null` when none. */
  async dayCover(): Promise<{ raw: string }> {
    const today = this.today();
    return this.cached(`daycover:${today}`, async (): Promise<DayCoverResponse> => {
      const row = await cat.dayCoverFor(this.db, today);
      return {
        code: 1,
        msg: 'ok',
        info: row
          ? {
              cover_date: row.cover_date,
              cover_pic: row.cover_pic,
              cover_title: row.cover_title,
              cover_link: row.cover_link,
            }
          : null,
      };
    });
  }
}
