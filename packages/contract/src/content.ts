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
  /**
   * The player's display name from the player table (console "Players", MacCMS `vodplayer` `show`), set by getDetail;
   * the code `from` when the table does not name it. Label lines with it, never with the raw code.
   */
  show: z.string().optional(),
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
  /** The slideshow picture (console 'Home'); empty: the poster is used. */
  vod_pic_slide: z.string(),
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

/**
 * getRelated: titles related to one title, for the title page (issue 13 item 8): first its own category (titles
 * sharing more of its actors first, then the most viewed), then titles of other categories sharing an actor, then the
 * most viewed titles. Never the title itself, unpublished titles, disabled categories or the special feed categories
 * (small/short video, gallery, live, playlet) other than the title's own. `limit` 1-30, default 12.
 */
export const RelatedQuery = z.object({ limit: z.coerce.number().int().min(1).max(30).default(12) });
export const RelatedResponse = ok({ list: z.array(VodItem) });
export type RelatedResponse = z.infer<typeof RelatedResponse>;

/** A title with everything getDetail returns: text, stats and its parsed `sources`. */
export const VodDetail = VodItem.extend({
  vod_content: z.string(),
  vod_status: z.number().int(),
  vod_lock: z.number().int(),
  vod_hits_day: z.number().int(),
  vod_hits_week: z.number().int(),
  vod_hits_month: z.number().int(),
  vod_play_from: z.string(),
  vod_play_server: z.string(),
  vod_play_note: z.string(),
  vod_play_url: z.string(),
  /** MacCMS per-title prices in points to play / download below VIP (0 = free; issue 7 item 2, quotas.ts). */
  vod_points_play: z.number().int(),
  vod_points_down: z.number().int(),
  sources: z.array(Source),
});
export type VodDetail = z.infer<typeof VodDetail>;

/** Sort orders of `data`: newest update, total hits, hits of the day/week/month, score. */
export const VodOrder = z.enum(['time', 'hits', 'hits_day', 'hits_week', 'hits_month', 'score']);
export type VodOrder = z.infer<typeof VodOrder>;

/**
 * Query of `data`. `type_id` includes the category's sub-categories. `class`, `area`, `lang`, `year` are the
 * `type_extend` filter values (exact match on one comma item of the title). `level` 9 is the slideshow. `wd` searches
 * name, alias (`vod_sub`), pinyin (`vod_en`) and actors (issue 4 item 2) and records the word for hot searches.
 *
 * `total` of the response: exact for a category alone (or no filter). With `class`, `area`, `lang`, `year`, `letter`,
 * `level`, `ids` or `wd` it counts at most up to the next multiple of 200 beyond the requested page's end (page 1 of
 * 20: at most 200; page 10 of 20: at most 400), so `page < pagecount` always tells whether a next page exists, but a
 * large match count shows as that cap. With `wd` never above 1000 (search results end there).
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
  /** Default `time`; with `wd`, default `relevance` (exact name, then prefix, alias/pinyin, actor; then hits). */
  order: z.union([VodOrder, z.literal('relevance')]).optional(),
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
/**
 * A title as the home page's cards and slideshow show it (getHome): its category, names, pictures, remarks, cast,
 * score, year and genres, without the list fields no home card shows (director, area, language, pinyin, episode
 * counts, level, hits, blurb, time). The home page is the first call of every launch; this keeps it some 40% smaller
 * than full {@link VodItem}s. The category lists (`data`, `dataWithType`) keep the full items.
 */
export const HomeVod = VodItem.pick({
  vod_id: true,
  type_id: true,
  type_id_1: true,
  type_name: true,
  vod_name: true,
  vod_sub: true,
  vod_pic: true,
  vod_pic_slide: true,
  vod_remarks: true,
  vod_actor: true,
  vod_score: true,
  vod_year: true,
  vod_class: true,
});
export type HomeVod = z.infer<typeof HomeVod>;

/** A category's block on the home page: its newest titles as {@link HomeVod} cards. */
export const HomeBlock = z.object({ type_id: z.number().int(), type_name: z.string(), list: z.array(HomeVod) });
export type HomeBlock = z.infer<typeof HomeBlock>;

export const HomeResponse = ok({
  slide: z.array(HomeVod),
  hot: z.array(HomeVod),
  recommend: z.array(HomeVod),
  blocks: z.array(HomeBlock),
});
export type HomeResponse = z.infer<typeof HomeResponse>;

export const TypeListResponse = ok({ list: z.array(Category), special: SpecialTypes });
export type TypeListResponse = z.infer<typeof TypeListResponse>;

export const IdParams = z.object({ id });
export const DetailResponse = ok({ info: VodDetail });
export type DetailResponse = z.infer<typeof DetailResponse>;

export const HitsResponse = ok({ vod_hits: z.number().int() });

// ---------------------------------------------------------------------------------------------------------------
// Issue 4: rights, rankings, ratings, search, topics and the day cover.

/**
 * A top category as getType returns it to the caller: `permission` 1 when the caller's group may open it (its id is in
 * the group's `group_type`, spec §3 Category; tourists use group 1), 0 when the section needs membership (spec §2
 * "Kind reminder"). Sub-categories inherit their parent's flag.
 */
const permissionFlag = z.number().int().min(0).max(1);
export const CategoryWithPermission = CategoryBase.extend({
  permission: permissionFlag,
  child: z.array(CategoryBase.extend({ permission: permissionFlag })),
});
export type CategoryWithPermission = z.infer<typeof CategoryWithPermission>;
export const TypeListWithPermissionResponse = ok({ list: z.array(CategoryWithPermission), special: SpecialTypes });
export type TypeListWithPermissionResponse = z.infer<typeof TypeListWithPermissionResponse>;

/**
 * getDetail for a caller: `permission` 0 means the caller's group lacks the title's category; then `sources` is
 * empty and the play strings are blank (play data refused, issue 4 item 4).
 *
 * `play_locked` 1 (issue 7 item 2, spec §4 "Free-view flow"): the caller may open the category but has not yet taken
 * a view of this title (no watch record, not bought, not VIP; or no session outside tourist mode). `sources` then
 * keep their lines and episode names with every `url` blank, and `vod_play_url` is blank; the app runs the free-view
 * flow (checkBuyPopedom, then ajaxUlog `ac=set` type 4, which takes the view) and asks getDetail again. Titles of the
 * special feed categories (small video, short video, gallery, live, playlet) are never locked.
 */
export const VodDetailForUser = VodDetail.extend({
  permission: z.number().int().min(0).max(1),
  play_locked: z.number().int().min(0).max(1),
});
export type VodDetailForUser = z.infer<typeof VodDetailForUser>;
export const DetailForUserResponse = ok({ info: VodDetailForUser });
export type DetailForUserResponse = z.infer<typeof DetailForUserResponse>;

/** Ranking periods of getHitsList (spec §9): counters reset on the operator's day, week (Monday) and month. */
export const RankPeriod = z.enum(['day', 'week', 'month']);
export type RankPeriod = z.infer<typeof RankPeriod>;
export const HitsListQuery = z.object({
  period: RankPeriod.default('day'),
  type_id: id.optional(),
  page: z.coerce.number().int().min(1).max(50).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type HitsListQuery = z.input<typeof HitsListQuery>;
/** A ranked title: `hits` is the count of the asked period, `rank` its 1-based place. */
export const RankedVod = VodItem.extend({ hits: z.number().int(), rank: z.number().int() });
export type RankedVod = z.infer<typeof RankedVod>;
export const HitsListResponse = paged(RankedVod);
export type HitsListResponse = z.infer<typeof HitsListResponse>;

/** score: the signed-in user rates a title 1..10 once (spec §5 "Each video can be rated once"). */
export const ScoreQuery = z.object({ score: z.coerce.number().int().min(1).max(10) });
export const ScoreResponse = ok({
  vod_score: z.string(),
  vod_score_num: z.number().int(),
  vod_score_all: z.number().int(),
});
export type ScoreResponse = z.infer<typeof ScoreResponse>;

/** suggest: titles whose name, alias (`vod_sub`), pinyin (`vod_en`) or actor starts with or contains `wd`. */
export const SuggestQuery = z.object({
  wd: z.string().trim().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const SuggestItem = z.object({
  vod_id: z.number().int(),
  vod_name: z.string(),
  vod_sub: z.string(),
  vod_en: z.string(),
  vod_actor: z.string(),
  vod_pic: z.string(),
  vod_year: z.string(),
  type_name: z.string(),
});
export type SuggestItem = z.infer<typeof SuggestItem>;
export const SuggestResponse = ok({ list: z.array(SuggestItem) });
export type SuggestResponse = z.infer<typeof SuggestResponse>;

/** Hot search words: the operator's list, else the most searched words of the last 7 days. */
export const HotSearchResponse = ok({ list: z.array(z.string()) });
export type HotSearchResponse = z.infer<typeof HotSearchResponse>;

/** A special topic (`mac_topic`). `vod_ids` is `topic_rel_vod` as numbers, in display order. */
export const Topic = z.object({
  topic_id: z.number().int(),
  topic_name: z.string(),
  topic_en: z.string(),
  topic_sub: z.string(),
  topic_status: z.number().int(),
  topic_sort: z.number().int(),
  topic_level: z.number().int(),
  topic_pic: z.string(),
  topic_pic_slide: z.string(),
  topic_blurb: z.string(),
  topic_content: z.string(),
  vod_ids: z.array(z.number().int()),
  topic_time: z.string(),
});
export type Topic = z.infer<typeof Topic>;
export const TopicListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
/** topicView: published topics by `topic_sort`, each with up to 6 of its titles as a preview. */
export const TopicWithPreview = Topic.extend({ vod_list: z.array(VodItem), vod_count: z.number().int() });
export const TopicListResponse = paged(TopicWithPreview);
export type TopicListResponse = z.infer<typeof TopicListResponse>;
/** topicViewWithVodDetail: one topic with all its published titles in the topic's order. */
export const TopicDetailResponse = ok({ info: Topic.extend({ vod_list: z.array(VodItem) }) });
export type TopicDetailResponse = z.infer<typeof TopicDetailResponse>;

/** The day's splash cover (spec §7 getDayCover): today's in the operator's time zone, else the latest earlier one. */
export const DayCover = z.object({
  cover_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  cover_pic: z.string(),
  cover_title: z.string(),
  cover_link: z.string(),
});
export type DayCover = z.infer<typeof DayCover>;
export const DayCoverResponse = ok({ info: DayCover.nullable() });
export type DayCoverResponse = z.infer<typeof DayCoverResponse>;
