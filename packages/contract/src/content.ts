/**
 * Catalogue shapes: categories (`mac_type`), titles (`mac_vod`) and topics (`mac_topic`), with MacCMS v10 field
 * names (spec §3 Category; shared/research/maccms.md §1).
 */
import { z } from 'zod';
import { ok, paged } from './envelope.ts';

/** PostgreSQL `integer` upper bound: ids and counts above it are rejected as bad input, never sent to the database. */
export const INT_MAX = 2_147_483_647;
const id = z.coerce.number().int().positive().max(INT_MAX);

/** `type_extend`: comma-separated option lists that drive the category page filters. */
export const TypeExtend = z.object({
  class: z.string(),
  area: z.string(),
  lang: z.string(),
  year: z.string(),
  star: z.string(),
  director: z.string(),
  state: z.string(),
  version: z.string(),
});
export type TypeExtend = z.infer<typeof TypeExtend>;

/** One category. `type_pid` 0 is top level; `type_mid` 1 is film (vod). */
export const CategoryBase = z.object({
  type_id: z.number().int(),
  type_pid: z.number().int(),
  type_mid: z.number().int(),
  type_name: z.string(),
  type_en: z.string(),
  type_sort: z.number().int(),
  type_status: z.number().int(),
  type_pic: z.string(),
  type_logo: z.string(),
  type_extend: TypeExtend,
});
export type CategoryBase = z.infer<typeof CategoryBase>;

/** A top category with its sub-categories (`child`), as getType returns it. */
export const Category = CategoryBase.extend({ child: z.array(CategoryBase) });
export type Category = z.infer<typeof Category>;

/**
 * Special category ids (spec §3): found by configured id or by `type_sort` (999 short video, 1000 small video,
 * 1001 gallery); live and playlet by configured id. 0 when absent.
 */
export const SpecialTypes = z.object({
  app_shortvideo_typeid: z.number().int(),
  app_smallvideo_typeid: z.number().int(),
  app_gallery_typeid: z.number().int(),
  app_live_typeid: z.number().int(),
  app_playlet_typeid: z.number().int(),
});
export type SpecialTypes = z.infer<typeof SpecialTypes>;

/** One episode of a source: `nid` is 1-based within its source. */
export const Episode = z.object({ nid: z.number().int(), name: z.string(), url: z.string() });
export type Episode = z.infer<typeof Episode>;

/** One play source (line): `sid` is its 1-based position in `vod_play_from`; `from` the player code. */
export const Source = z.object({
  sid: z.number().int(),
  from: z.string(),
  server: z.string(),
  note: z.string(),
  episodes: z.array(Episode),
});
export type Source = z.infer<typeof Source>;

/** A title as lists show it. `vod_time` is ISO 8601. */
export const VodItem = z.object({
  vod_id: z.number().int(),
  type_id: z.number().int(),
  type_id_1: z.number().int(),
  type_name: z.string(),
  vod_name: z.string(),
  vod_sub: z.string(),
  vod_en: z.string(),
  vod_letter: z.string(),
  vod_pic: z.string(),
  vod_remarks: z.string(),
  vod_serial: z.string(),
  vod_total: z.number().int(),
  vod_isend: z.number().int(),
  vod_class: z.string(),
  vod_actor: z.string(),
  vod_director: z.string(),
  vod_area: z.string(),
  vod_lang: z.string(),
  vod_year: z.string(),
  vod_level: z.number().int(),
  vod_score: z.string(),
  vod_hits: z.number().int(),
  vod_blurb: z.string(),
  vod_time: z.string(),
});
export type VodItem = z.infer<typeof VodItem>;

/** A title with everything getDetail returns: text, stats and its parsed `sources`. */
export const VodDetail = VodItem.extend({
  vod_content: z.string(),
  vod_status: z.number().int(),
  vod_lock: z.number().int(),
  vod_hits_day: z.number().int(),
  vod_hits_week: z.number().int(),
  vod_hits_month: z.number().int(),
  vod_pic_slide: z.string(),
  vod_play_from: z.string(),
  vod_play_server: z.string(),
  vod_play_note: z.string(),
  vod_play_url: z.string(),
  sources: z.array(Source),
});
export type VodDetail = z.infer<typeof VodDetail>;

/** Sort orders of `data`: newest update, total hits, hits of the day/week/month, score. */
export const VodOrder = z.enum(['time', 'hits', 'hits_day', 'hits_week', 'hits_month', 'score']);
export type VodOrder = z.infer<typeof VodOrder>;

/**
 * Query of `data`. `type_id` includes the category's sub-categories. `class`, `area`, `lang`, `year` are the
 * `type_extend` filter values (exact match on one comma item of the title). `level` 9 is the slideshow.
 */
export const DataQuery = z.object({
  type_id: id.optional(),
  class: z.string().max(32).optional(),
  area: z.string().max(32).optional(),
  lang: z.string().max(32).optional(),
  year: z.string().max(16).optional(),
  letter: z.string().max(1).optional(),
  level: z.coerce.number().int().min(0).max(9).optional(),
  wd: z.string().max(64).optional(),
  ids: z
    .string()
    .max(1000)
    .regex(/^\d{1,9}(,\d{1,9})*$/)
    .optional(),
  order: VodOrder.default('time'),
  page: z.coerce.number().int().min(1).max(10000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DataQuery = z.input<typeof DataQuery>;
export const DataResponse = paged(VodItem);
export type DataResponse = z.infer<typeof DataResponse>;

/** A block of titles of one category. */
export const TypeBlock = z.object({ type_id: z.number().int(), type_name: z.string(), list: z.array(VodItem) });
export type TypeBlock = z.infer<typeof TypeBlock>;

/** Query of `dataWithType`: which categories (default: all top film categories), titles per category. */
export const DataWithTypeQuery = z.object({
  type_ids: z
    .string()
    .max(200)
    .regex(/^\d{1,9}(,\d{1,9})*$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(30).default(6),
  order: VodOrder.default('time'),
});
export const DataWithTypeResponse = ok({ list: z.array(TypeBlock) });
export type DataWithTypeResponse = z.infer<typeof DataWithTypeResponse>;

/** Home page in one call: slideshow (level 9), hot (hits), recommended (level 1-8) and a block per top category. */
export const HomeResponse = ok({
  slide: z.array(VodItem),
  hot: z.array(VodItem),
  recommend: z.array(VodItem),
  blocks: z.array(TypeBlock),
});
export type HomeResponse = z.infer<typeof HomeResponse>;

export const TypeListResponse = ok({ list: z.array(Category), special: SpecialTypes });
export type TypeListResponse = z.infer<typeof TypeListResponse>;

export const IdParams = z.object({ id });
export const DetailResponse = ok({ info: VodDetail });
export type DetailResponse = z.infer<typeof DetailResponse>;

export const HitsResponse = ok({ vod_hits: z.number().int() });
