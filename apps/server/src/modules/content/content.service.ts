/**
 * Catalogue service: categories, title lists, the home page and title detail for the viewer app, with an
 * in-process cache of serialised responses (issue 2 "Targets": hot reads are cached).
 *
 * Cache: an LRU of ready JSON text, entries live {@link CACHE_TTL_MS}. Every write through this server (import,
 * console edit) calls {@link ContentService.invalidate}, which drops everything at once; other processes see a change
 * within the TTL. View counts (`hits`) do not invalidate: lists show them up to the TTL late.
 */
import {
  type Category,
  type DataQuery,
  type DataWithTypeResponse,
  DetailResponse,
  ErrorCode,
  type HomeResponse,
  type SpecialTypes,
  type TypeBlock,
  type TypeListResponse,
  type VodOrder,
} from '@openvod/contract';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import * as repo from './content.repo.ts';

export const CACHE_TTL_MS = 30_000;

/** Setting keys of the special categories (spec §3) and the `type_sort` that finds them when unset. */
export const SPECIAL_KEYS: Array<[keyof SpecialTypes, number | null]> = [
  ['app_shortvideo_typeid', 999],
  ['app_smallvideo_typeid', 1000],
  ['app_gallery_typeid', 1001],
  ['app_live_typeid', null],
  ['app_playlet_typeid', null],
];

type DataQueryOut = z.output<typeof import('@openvod/contract').DataQuery>;

export class ContentService {
  private cache = new LRUCache<string, string>({ max: 2000, ttl: CACHE_TTL_MS });

  constructor(private db: Db) {}

  /** Drop every cached response (after any catalogue write). */
  invalidate(): void {
    this.cache.clear();
  }

  private async cached(key: string, build: () => Promise<unknown>): Promise<{ raw: string }> {
    const hit = this.cache.get(key);
    if (hit !== undefined) return { raw: hit };
    const raw = JSON.stringify(await build());
    this.cache.set(key, raw);
    return { raw };
  }

  /** Special category ids: configured setting, else the category with the conventional `type_sort`, else 0. */
  async specialTypes(): Promise<SpecialTypes> {
    const types = await repo.listTypes(this.db, false);
    const settings = await repo.getSettings(
      this.db,
      SPECIAL_KEYS.map(([k]) => k),
    );
    const out = {} as SpecialTypes;
    for (const [key, sort] of SPECIAL_KEYS) {
      const configured = Number(settings[key] ?? 0);
      const bySort = sort === null ? undefined : types.find((t) => t.type_sort === sort && t.type_pid === 0);
      out[key] = configured > 0 ? configured : (bySort?.type_id ?? 0);
    }
    return out;
  }

  /** getType: enabled top categories with their enabled sub-categories, by type_sort. */
  async typeList(): Promise<{ raw: string }> {
    return this.cached('types', async (): Promise<TypeListResponse> => {
      const rows = await repo.listTypes(this.db);
      const list: Category[] = rows
        .filter((t) => t.type_pid === 0)
        .map((top) => ({
          ...repo.toCategory(top),
          child: rows.filter((c) => c.type_pid === top.type_id).map(repo.toCategory),
        }));
      return { code: 1, msg: 'ok', list, special: await this.specialTypes() };
    });
  }

  private async filterFor(q: { type_id?: number }): Promise<repo.VodFilter> {
    if (q.type_id === undefined) return {};
    const type = await repo.getType(this.db, q.type_id);
    return { type_id: q.type_id, type_is_top: type ? type.type_pid === 0 : false };
  }

  /** data: a filtered, ordered page of titles. */
  async data(q: DataQueryOut): Promise<{ raw: string }> {
    const key = `data:${JSON.stringify(q)}`;
    return this.cached(key, async () => {
      const filter: repo.VodFilter = {
        ...(await this.filterFor(q)),
        class: q.class,
        area: q.area,
        lang: q.lang,
        year: q.year,
        letter: q.letter,
        level: q.level,
        wd: q.wd?.trim() || undefined,
        ids: q.ids ? q.ids.split(',').map(Number).slice(0, 100) : undefined,
      };
      const { rows, total } = await repo.listVods(this.db, filter, q.order, q.page, q.limit);
      return {
        code: 1,
        msg: 'ok',
        list: rows.map(repo.toItem),
        page: q.page,
        pagecount: Math.max(1, Math.ceil(total / q.limit)),
        limit: q.limit,
        total,
      };
    });
  }

  private async blocks(typeIds: number[] | undefined, limit: number, order: VodOrder): Promise<TypeBlock[]> {
    const types = await repo.listTypes(this.db);
    const special = new Set(Object.values(await this.specialTypes()).filter((v) => v > 0));
    const tops = typeIds
      ? typeIds
          .map((id) => types.find((t) => t.type_id === id))
          .filter((t): t is NonNullable<typeof t> => t !== undefined)
      : types.filter((t) => t.type_pid === 0 && t.type_mid === 1 && !special.has(t.type_id) && t.type_sort < 999);
    return Promise.all(
      tops.map(async (t) => {
        const { rows } = await repo.listVods(
          this.db,
          { type_id: t.type_id, type_is_top: t.type_pid === 0 },
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
      const [slide, hot, rec, blocks] = await Promise.all([
        repo.listVods(this.db, { level: 9 }, 'time', 1, 6),
        repo.listVods(this.db, {}, 'hits', 1, 10),
        repo.listVods(this.db, { level_min: 1, level_max: 8 }, 'time', 1, 12),
        this.blocks(undefined, 6, 'time').then((all) => all.filter((b) => b.list.length > 0)),
      ]);
      const recommend = rec.rows.length ? rec.rows : (await repo.listVods(this.db, {}, 'time', 1, 12)).rows;
      return {
        code: 1,
        msg: 'ok',
        slide: slide.rows.map(repo.toItem),
        hot: hot.rows.map(repo.toItem),
        recommend: recommend.map(repo.toItem),
        blocks,
      };
    });
  }

  /** getDetail: one published title with parsed sources. Throws 404 vod_not_found. */
  async detail(vodId: number): Promise<{ raw: string }> {
    return this.cached(`detail:${vodId}`, async () => {
      const row = await repo.getVod(this.db, vodId);
      if (row?.vod_status !== 1 || !row.category_enabled) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
      return DetailResponse.parse({ code: 1, msg: 'ok', info: repo.toDetail(row) });
    });
  }

  /** hits: count a view. Throws 404 vod_not_found. */
  async hit(vodId: number): Promise<number> {
    const hits = await repo.addHit(this.db, vodId);
    if (hits === undefined) throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
    return hits;
  }
}

export type { DataQuery };
