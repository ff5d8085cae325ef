/**
 * Catalogue service: categories, title lists, the home page, title detail, related titles, ratings and the day cover
 * for the viewer app (spec §7 "Content", issue 2 and issue 4), and the facade of the catalogue's other parts, which
 * share its cache (catalogue-cache.ts: cached responses, rights, counts): rankings (rankings.ts), search suggestions
 * and hot searches (search.ts) and topics (topics.ts). Queries are in content.repo.ts and catalogue.repo.ts.
 *
 * Rights (spec §3 Category, §2 "Kind reminder"): the caller's group comes from the optional `authorcode`; no, an
 * invalid or an expired token means the guest group 1 (never 401 here). getDetail keeps the full, the locked and the
 * restricted text of a title and picks one per caller (rights, then the play gate of the quotas module, which is asked
 * on every call).
 */
import {
  type CategoryWithPermission,
  type DataWithTypeResponse,
  type DayCoverResponse,
  DetailForUserResponse,
  ErrorCode,
  type HomeResponse,
  HomeVod,
  type Player,
  type RelatedResponse,
  type ScoreResponse,
  type SpecialTypes,
  type TypeBlock,
  type TypeListWithPermissionResponse,
  type VodItem,
  type VodOrder,
} from '@openvod/contract';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { Invalidation } from '../../core/invalidation.ts';
import type { Db } from '../../db/client.ts';
import * as cat from './catalogue.repo.ts';
import { CatalogueCache, countCap, type DetailEntry, GUEST_GROUP_ID, onlyType } from './catalogue-cache.ts';
import * as repo from './content.repo.ts';
import { Rankings } from './rankings.ts';
import { normaliseSearchWord, Searches } from './search.ts';
import { Topics } from './topics.ts';

export {
  CACHE_TTL_MS,
  COUNT_STEP,
  COUNT_TTL_MS,
  countCap,
  GROUP_TTL_MS,
  GUEST_GROUP_ID,
  SPECIAL_KEYS,
} from './catalogue-cache.ts';
export { RANK_TTL_MS } from './rankings.ts';
export { HOT_SEARCH_DAYS, HOT_SEARCH_KEY, HOT_SEARCH_MAX, SEARCH_FLUSH_MS, SEARCH_WORD_KEEP_DAYS } from './search.ts';

/**
 * A filtered list whose matches (counted exactly, below the cap) are fewer than 1 in this many of the index entries
 * an ordered walk would read for the page is read through its matches instead (content.repo.ts listVodRows
 * `viaMatches`): a table row found through the GIN index costs about as much as this many index-only entries.
 */
export const MATCH_ROW_COST = 10;

type DataQueryOut = z.output<typeof import('@openvod/contract').DataQuery>;
type HitsListQueryOut = z.output<typeof import('@openvod/contract').HitsListQuery>;
type TopicListQueryOut = z.output<typeof import('@openvod/contract').TopicListQuery>;

export interface ContentServiceOptions {
  /** The operator's time zone (day, week, month boundaries; default Asia/Shanghai). */
  timeZone?: string;
  /**
   * Cache invalidation shared by the app's processes (core/invalidation.ts): {@link ContentService.invalidate}
   * publishes `catalogue`, and a `catalogue` or `group` publication from any process drops this cache. Default:
   * this process only.
   */
  invalidation?: Invalidation;
  /**
   * The signed-in user of an `authorcode` (throws when it is not valid); the content module passes the accounts
   * service's. Without it every caller is a guest.
   */
  authenticate?: (token: string) => Promise<Caller>;
  /** Where a failed write of searched words is reported (the content module: the app's log). */
  onError?: (msg: string, err: unknown) => void;
  /** How long (ms) searched words may wait in memory before they are written (default search.ts SEARCH_FLUSH_MS). */
  searchFlushMs?: number;
  /**
   * The play gate of getDetail (spec §4 free views and paid titles; the content module passes the quotas module's
   * QuotasService.playOpen). Without one every caller with category rights gets the addresses.
   */
  playGate?: PlayGate;
}

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

export class ContentService {
  private readonly cache: CatalogueCache;
  private readonly rankings: Rankings;
  private readonly searches: Searches;
  private readonly topicList: Topics;
  private readonly timeZone: string;
  /** The clock; tests replace it. */
  now: () => Date = () => new Date();

  constructor(
    private db: Db,
    private opts: ContentServiceOptions = {},
  ) {
    this.timeZone = opts.timeZone ?? 'Asia/Shanghai';
    this.cache = new CatalogueCache(db);
    this.searches = new Searches(db, this.cache, {
      today: () => this.today(),
      flushMs: opts.searchFlushMs,
      onError: opts.onError,
    });
    this.rankings = new Rankings(db, this.cache, {
      timeZone: this.timeZone,
      now: () => this.now(),
      onNewDay: (day) => this.searches.prune(day),
    });
    this.topicList = new Topics(db, this.cache);
    // Titles, categories or a group's category rights changed, here or in another process.
    opts.invalidation?.on('catalogue', () => this.dropCaches());
    opts.invalidation?.on('group', () => this.dropCaches());
  }

  /** Drop every cached response (after any catalogue write), in every process (`catalogue` topic). */
  invalidate(): void {
    if (this.opts.invalidation) this.opts.invalidation.publish('catalogue', '*');
    else this.dropCaches();
  }

  private dropCaches(): void {
    this.cache.invalidate();
    this.rankings.clear();
  }

  /** The operator's calendar day (YYYY-MM-DD) of the service clock. */
  today(): string {
    return DateTime.fromJSDate(this.now(), { zone: this.timeZone }).toISODate() as string;
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

  /** Top category ids a group may open; a missing or disabled group has the guest's rights (cached). */
  rightsOf(groupId: number): Promise<Set<number>> {
    return this.cache.rightsOf(groupId);
  }

  /** The player table by code, in its order (`sort`, then code; cached; players.ts). */
  playerTable(): Promise<Map<string, Player>> {
    return this.cache.playerTable();
  }

  /** Special category ids: configured setting, else the category with the conventional `type_sort`, else 0. */
  specialTypes(): Promise<SpecialTypes> {
    return this.cache.specialTypes();
  }

  /**
   * getType: enabled top categories with their enabled sub-categories, by type_sort, each with the `permission`
   * flag of group `groupId` (sub-categories carry their parent's). Cached per group.
   */
  async typeList(groupId: number = GUEST_GROUP_ID): Promise<{ raw: string }> {
    return this.cache.cached(`types:${groupId}`, async (): Promise<TypeListWithPermissionResponse> => {
      const rights = await this.rightsOf(groupId);
      const rows = (await this.cache.allTypes()).filter((t) => t.type_status === 1);
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

  /**
   * data: a filtered, ordered page of titles. `order` defaults to `relevance` with `wd`, else `time`. A search (`wd`)
   * on page 1 that finds something is counted for the hot searches (search.ts). `total` is exact for a category (or no
   * filter); with other filters or `wd` it is min(matches, {@link countCap}), with `wd` at most 1000
   * (catalogue-cache.ts, "Counts").
   */
  async data(q: DataQueryOut): Promise<{ raw: string }> {
    const wd = q.wd?.trim() || undefined;
    const order = q.order ?? (wd ? 'relevance' : 'time');
    const key = `data:${JSON.stringify({ ...q, order })}`;
    let total = 0;
    const out = await this.cache.cached(key, async () => {
      const filter: repo.VodFilter = {
        ...(await this.cache.filterFor(q)),
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
          this.cache.count(filter, cap),
        ]);
      } else {
        // Filters (class, area, lang, year, letter, level): count first (cheap, cached), then read few matches
        // through themselves rather than walking the ordered index across the whole category.
        n = await this.cache.count(filter, cap);
        const scope = await this.cache.count(
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
      if (total > 0 && word) this.searches.record(word);
    }
    return out;
  }

  private async blocks(typeIds: number[] | undefined, limit: number, order: VodOrder): Promise<TypeBlock[]> {
    const types = (await this.cache.allTypes()).filter((t) => t.type_status === 1);
    const disabled_types = await this.cache.disabledTypes();
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
    return this.cache.cached(`grouped:${JSON.stringify(q)}`, async (): Promise<DataWithTypeResponse> => {
      const ids = q.type_ids ? q.type_ids.split(',').map(Number).slice(0, 30) : undefined;
      return { code: 1, msg: 'ok', list: await this.blocks(ids, q.limit, q.order) };
    });
  }

  /** getHome: slideshow (level 9), hot (hits), recommended (level 1-8, else newest), one block per top category. */
  async home(): Promise<{ raw: string }> {
    return this.cache.cached('home', async (): Promise<HomeResponse> => {
      const disabled_types = await this.cache.disabledTypes();
      const [slide, hot, rec, blocks] = await Promise.all([
        repo.listVodRows(this.db, { level: 9, disabled_types }, 'time', 1, 6),
        repo.listVodRows(this.db, { disabled_types }, 'hits', 1, 10),
        repo.listVodRows(this.db, { level_min: 1, level_max: 8, disabled_types }, 'time', 1, 12),
        this.blocks(undefined, 6, 'time').then((all) => all.filter((b) => b.list.length > 0)),
      ]);
      const recommend = rec.length ? rec : await repo.listVodRows(this.db, { disabled_types }, 'time', 1, 12);
      // Home cards carry only what they show (contract HomeVod); zod's parse drops the other fields.
      const cards = (list: VodItem[]): HomeVod[] => list.map((v) => HomeVod.parse(v));
      return {
        code: 1,
        msg: 'ok',
        slide: cards(slide.map(repo.toItem)),
        hot: cards(hot.map(repo.toItem)),
        recommend: cards(recommend.map(repo.toItem)),
        blocks: blocks.map((b) => ({ ...b, list: cards(b.list) })),
      };
    });
  }

  private async detailEntry(vodId: number): Promise<DetailEntry> {
    const hit = this.cache.details.get(vodId);
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
    this.cache.details.set(vodId, entry);
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
   * relatedCandidates), cached like the lists (catalogue-cache.ts CACHE_TTL_MS, dropped by {@link invalidate}).
   * Throws 404 vod_not_found.
   */
  async related(vodId: number, limit = 12): Promise<{ raw: string }> {
    return this.cache.cached(`related:${vodId}:${limit}`, async (): Promise<RelatedResponse> => {
      const row = await repo.getVod(this.db, vodId);
      if (row?.vod_status !== 1 || !row.category_enabled) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
      const own = new Set([row.type_id, row.type_id_1]);
      const special = Object.values(await this.specialTypes()).filter((id) => id > 0 && !own.has(id));
      const excluded = [...new Set([...(await this.cache.disabledTypes()), ...special])];
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
   * score: user `userId` rates a published title 1..10 once. The rating row and the sums (`vod_score_all`,
   * `vod_score_num`, average `vod_score`) change in one transaction. Throws 404 vod_not_found, 409 conflict ('Do
   * not repeat the operation') when the user already rated it.
   */
  async score(vodId: number, userId: number, score: number): Promise<ScoreResponse> {
    const row = await repo.getVod(this.db, vodId);
    if (row?.vod_status !== 1 || !row.category_enabled) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
    const result = await this.db.transaction((tx) => cat.addScore(tx, userId, vodId, score));
    if (!result) throw new AppError(409, ErrorCode.conflict, 'conflict');
    this.cache.details.delete(vodId);
    return { code: 1, msg: 'ok', ...result };
  }

  /** getDayCover: the cover of today (operator time zone) or of the latest earlier date; `info: null` when none. */
  async dayCover(): Promise<{ raw: string }> {
    const today = this.today();
    return this.cache.cached(`daycover:${today}`, async (): Promise<DayCoverResponse> => {
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

  /**
   * Reset the day/week/month counters when the operator's period changed since the last check (rankings.ts,
   * hits.jobs.ts). Cheap between boundaries (compares the day); concurrent callers share one reset.
   */
  ensureHitsPeriod(): Promise<void> {
    return this.rankings.ensurePeriod();
  }

  /** hits: count a view into total, day, week and month (rankings.ts). Throws 404 vod_not_found. */
  hit(vodId: number): Promise<number> {
    return this.rankings.hit(vodId);
  }

  /** getHitsList: titles by the views of the operator's current day, week or month (rankings.ts). */
  hitsList(q: HitsListQueryOut): Promise<{ raw: string }> {
    return this.rankings.list(q);
  }

  /** suggest: up to `limit` published titles matching `wd` (name, alias, pinyin, actor), best first (search.ts). */
  suggest(q: { wd: string; limit: number }): Promise<{ raw: string }> {
    return this.searches.suggest(q);
  }

  /** Write this process's searched words counted since the last flush (search.ts). */
  flushSearches(): Promise<void> {
    return this.searches.flush();
  }

  /** hotSearch: the operator's hot words, else the most searched words of the last 7 operator days (search.ts). */
  hotSearch(): Promise<{ raw: string }> {
    return this.searches.hot();
  }

  /** topicView: published topics by `topic_sort`, each with up to 6 published titles and their count (topics.ts). */
  topics(q: TopicListQueryOut): Promise<{ raw: string }> {
    return this.topicList.list(q);
  }

  /** topicViewWithVodDetail: one published topic with its published titles (topics.ts). 404 topic_not_found. */
  topic(topicId: number): Promise<{ raw: string }> {
    return this.topicList.get(topicId);
  }
}
