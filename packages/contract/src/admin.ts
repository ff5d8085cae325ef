/**
 * Operator console shapes: admin sign-in, title and category management, catalogue import and category bindings.
 * Console calls carry the admin session token in the `authorcode` header (DESIGN.md §2).
 */
import { z } from 'zod';
import { CategoryBase, DayCover, INT_MAX, SpecialTypes, Topic, TypeExtend, VodDetail, VodItem } from './content.ts';
import { ok, paged } from './envelope.ts';

export const AdminLoginBody = z.object({
  admin_name: z.string().trim().min(1).max(32),
  admin_pwd: z.string().min(1).max(128),
});
export const AdminInfo = z.object({ admin_id: z.number().int(), admin_name: z.string() });
/**
 * `time_zone`: the operator's IANA time zone (server TZ, default Asia/Shanghai). Days of reports, day covers and
 * expiries are this zone's, and the console shows every time in it, whatever the browser's zone.
 */
export const AdminLoginResponse = ok({ info: AdminInfo, token: z.string(), time_zone: z.string() });
export const AdminMeResponse = ok({
  info: AdminInfo,
  time_zone: z.string(),
  /** The test payment channel (`fake`) is on: anyone signed in can "pay" their own orders for free (console banner). */
  fake_pay: z.boolean(),
});
export const OkResponse = ok({});

/** Console title list: search by name (`wd`), category, publish state; newest update first. */
export const AdminVodQuery = z.object({
  wd: z.string().max(64).optional(),
  type_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  vod_status: z.coerce.number().int().min(0).max(1).optional(),
  /** Exact `vod_level` (9 slideshow), or `level_min`..8 for recommendations. */
  vod_level: z.coerce.number().int().min(0).max(9).optional(),
  level_min: z.coerce.number().int().min(1).max(9).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminVodItem = VodItem.extend({ vod_status: z.number().int(), vod_lock: z.number().int() });
export const AdminVodListResponse = paged(AdminVodItem);
export const AdminVodResponse = ok({ info: VodDetail });

/**
 * Editable title fields. Play data is edited as MacCMS strings (`$$$` between sources, `#` between episodes,
 * `$` between name and URL); the server validates and re-parses them.
 */
export const AdminVodUpdate = z
  .object({
    type_id: z.number().int().positive().max(INT_MAX),
    vod_name: z.string().trim().min(1).max(255),
    vod_sub: z.string().max(255),
    vod_en: z.string().max(255),
    vod_pic: z.string().max(1024),
    vod_remarks: z.string().max(100),
    vod_serial: z.string().max(20),
    vod_total: z.number().int().min(0).max(INT_MAX),
    vod_isend: z.number().int().min(0).max(1),
    vod_class: z.string().max(255),
    vod_actor: z.string().max(255),
    vod_director: z.string().max(255),
    vod_area: z.string().max(20),
    vod_lang: z.string().max(10),
    vod_year: z.string().max(10),
    vod_level: z.number().int().min(0).max(9),
    vod_blurb: z.string().max(255),
    vod_pic_slide: z.string().max(1024),
    vod_content: z.string().max(65535),
    vod_status: z.number().int().min(0).max(1),
    vod_lock: z.number().int().min(0).max(1),
    vod_play_from: z.string().max(65535),
    vod_play_server: z.string().max(65535),
    vod_play_note: z.string().max(65535),
    vod_play_url: z.string().max(1_000_000),
    /** Points price to play / download the title below VIP (0 = free; checkBuyPopedom, issue 7 item 2). */
    vod_points_play: z.number().int().min(0).max(1_000_000),
    vod_points_down: z.number().int().min(0).max(1_000_000),
  })
  .partial();
export type AdminVodUpdate = z.infer<typeof AdminVodUpdate>;

/** Category fields without defaults: the shape of an edit, where an absent field means "leave it". */
const AdminTypeFields = z.object({
  type_name: z.string().trim().min(1).max(60),
  type_en: z.string().max(60),
  type_pid: z.number().int().min(0).max(INT_MAX),
  type_mid: z.number().int().min(1).max(32767),
  type_sort: z.number().int().min(0).max(INT_MAX),
  type_status: z.number().int().min(0).max(1),
  type_pic: z.string().max(1024),
  type_logo: z.string().max(1024),
  type_extend: TypeExtend.partial(),
});
/** A new category: absent fields take their defaults. */
export const AdminTypeBody = AdminTypeFields.extend({
  type_en: AdminTypeFields.shape.type_en.default(''),
  type_pid: AdminTypeFields.shape.type_pid.default(0),
  type_mid: AdminTypeFields.shape.type_mid.default(1),
  type_sort: AdminTypeFields.shape.type_sort.default(0),
  type_status: AdminTypeFields.shape.type_status.default(1),
  type_pic: AdminTypeFields.shape.type_pic.default(''),
  type_logo: AdminTypeFields.shape.type_logo.default(''),
  type_extend: AdminTypeFields.shape.type_extend.default({}),
});
/** An edit: only the fields sent change (no defaults, or a rename would move a sub-category to the top). */
export const AdminTypeUpdate = AdminTypeFields.partial();
export const AdminTypeListResponse = ok({ list: z.array(CategoryBase) });
export const AdminTypeResponse = ok({ info: CategoryBase });

/**
 * Rights a category gets when an import creates it (or the console adds one), per kind of group: `guest` (group 1),
 * `member` (group 2) and `vip` (every group above 2). An empty list leaves the category out of those groups'
 * `group_type`. Default: every group may list, open and play (1, 2, 3); VIP groups may also download (4).
 */
export const NewTypeRights = z.object({
  guest: z.array(z.number().int().min(1).max(5)).max(5),
  member: z.array(z.number().int().min(1).max(5)).max(5),
  vip: z.array(z.number().int().min(1).max(5)).max(5),
});
export type NewTypeRights = z.infer<typeof NewTypeRights>;
export const DEFAULT_NEW_TYPE_RIGHTS: NewTypeRights = { guest: [1, 2, 3], member: [1, 2, 3], vip: [1, 2, 3, 4] };

/** Import of a MacCMS collect feed: a URL (`provide/vod` API or a feed file URL) or the feed's text. */
export const ImportBody = z.object({
  url: z.string().url().max(2048).optional(),
  content: z.string().max(50_000_000).optional(),
  filename: z.string().max(255).optional(),
  hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .optional(),
});
export const SkippedItem = z.object({ vod_name: z.string(), reason: z.string() });
/** Rights of a category: 1 list, 2 detail, 3 play, 4 download, 5 try-see (MacCMS `group_popedom`). */
export const Right = z.number().int().min(1).max(5);
/** What one group got on a category an import created (`rights` empty: the group may not open it). */
export const GrantedRights = z.object({ group_id: z.number().int(), group_name: z.string(), rights: z.array(Right) });
/** A category an import created, with the rights each group got from the catalogue settings' `new_type_rights`. */
export const CreatedType = z.object({
  type_id: z.number().int(),
  type_name: z.string(),
  type_pid: z.number().int(),
  groups: z.array(GrantedRights),
});
/**
 * A player an import added to the player table (a code the feed's titles use that the table did not have), with
 * the display name it got: the feed's, else the code (the operator names it in the console).
 */
export const AddedPlayer = z.object({ from: z.string(), show: z.string() });
export const ImportResult = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(SkippedItem),
  types_created: z.number().int(),
  /** The categories counted in `types_created`, with the rights they got. */
  types_new: z.array(CreatedType),
  /** Players added to the player table (adminListPlayers). */
  players_added: z.array(AddedPlayer),
  pages: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResult>;
export const ImportResponse = ok({ info: ImportResult });

/** A binding of a remote feed category (by feed key and remote `type_id`) to a local category. */
export const TypeBinding = z.object({
  bind_key: z.string().min(1).max(255),
  remote_type_id: z.number().int().min(1).max(INT_MAX),
  remote_type_name: z.string(),
  local_type_id: z.number().int().min(1).max(INT_MAX),
});
export type TypeBinding = z.infer<typeof TypeBinding>;
export const TypeBindingListResponse = ok({ list: z.array(TypeBinding) });
export const TypeBindingBody = TypeBinding.pick({ bind_key: true, remote_type_id: true, local_type_id: true });

// ---------------------------------------------------------------------------------------------------------------
// Issue 4: topics, home slideshow and recommendations, day covers, special categories, hot words, live channels.

/** A new title (live channels and hand-made entries): name and category required, the rest as in an edit. */
export const AdminVodCreate = AdminVodUpdate.extend({
  type_id: z.number().int().positive().max(INT_MAX),
  vod_name: z.string().trim().min(1).max(255),
});
export type AdminVodCreate = z.infer<typeof AdminVodCreate>;

/** Topic fields; `vod_ids` is the ordered title list (stored as `topic_rel_vod`), at most 500. */
const AdminTopicFields = z.object({
  topic_name: z.string().trim().min(1).max(255),
  topic_en: z.string().max(255),
  topic_sub: z.string().max(255),
  topic_status: z.number().int().min(0).max(1),
  topic_sort: z.number().int().min(0).max(INT_MAX),
  topic_level: z.number().int().min(0).max(9),
  topic_pic: z.string().max(1024),
  topic_pic_slide: z.string().max(1024),
  topic_blurb: z.string().max(255),
  topic_content: z.string().max(65535),
  vod_ids: z.array(z.number().int().positive().max(INT_MAX)).max(500),
});
export const AdminTopicBody = AdminTopicFields.partial().extend({ topic_name: AdminTopicFields.shape.topic_name });
export const AdminTopicUpdate = AdminTopicFields.partial();
export const AdminTopicListResponse = ok({ list: z.array(Topic) });
export const AdminTopicResponse = ok({ info: Topic });

/**
 * Catalogue settings of the console: the special category ids (0 = found by `type_sort`, spec §3) and the hot search
 * words shown on the search page (empty = most searched words).
 */
export const CatalogueSettings = z.object({
  special: SpecialTypes,
  hot_search: z.array(z.string().trim().min(1).max(32)).max(30),
  new_type_rights: NewTypeRights,
});
export type CatalogueSettings = z.infer<typeof CatalogueSettings>;
export const CatalogueSettingsUpdate = z.object({
  special: SpecialTypes.partial().optional(),
  hot_search: CatalogueSettings.shape.hot_search.optional(),
  new_type_rights: NewTypeRights.optional(),
});
export const CatalogueSettingsResponse = ok({ info: CatalogueSettings });

/** Day covers: one per operator date; getDayCover shows today's or the latest earlier one. */
export const DayCoverParams = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export const DayCoverBody = z.object({
  cover_pic: z.string().trim().min(1).max(1024),
  cover_title: z.string().max(255).default(''),
  cover_link: z.string().max(1024).default(''),
});
/**
 * adminListDayCovers: every cover, newest date first, and `today`, the operator's calendar day (YYYY-MM-DD, server
 * time zone TZ), so the console marks and defaults dates by the server's day, not by its own clock.
 */
export const DayCoverListResponse = ok({ list: z.array(DayCover), today: z.string() });

/**
 * The player table (MacCMS `vodplayer`; modules/content/players.ts): `from` the code in `vod_play_from`, `show` the
 * name viewers see on lines, `des` a description, `sort` the order (ascending), `parse` the parse address (MacCMS
 * resolver prefix, kept for the operator). Imports add the codes their titles use; the console edits the rest.
 */
export const Player = z.object({
  from: z.string().trim().min(1).max(60),
  show: z.string().max(60),
  des: z.string().max(255),
  sort: z.number().int().min(0).max(9999),
  parse: z.string().max(1024),
});
export type Player = z.infer<typeof Player>;
export const PlayerParams = z.object({ from: z.string().trim().min(1).max(60) });
/** Console edit of one player (create or replace); an empty `show` means "name it by its code". */
export const PlayerBody = Player.omit({ from: true })
  .partial()
  .extend({ show: z.string().max(60) });
export const PlayerListResponse = ok({ list: z.array(Player) });
export const PlayerResponse = ok({ info: Player });
