/**
 * Catalogue tables with MacCMS v10 names (shared/research/maccms.md §1): `mac_type` categories, `mac_vod` titles,
 * `mac_topic` topics, and `mac_type_bind`, the operator-editable binding of a collect feed's categories to ours.
 * Issue 4 adds the ratings (`mac_vod_score`), the searched words per operator day (`search_word`) and the day covers
 * (`day_cover`), plus `mac_vod.vod_search`, the search tokens a trigger keeps up to date (migration 0003, see
 * modules/content/search.ts), and partial indexes (published titles) for every list order.
 */
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** `type_extend`: comma lists per filter dimension. */
export type TypeExtendJson = Partial<
  Record<'class' | 'area' | 'lang' | 'year' | 'star' | 'director' | 'state' | 'version', string>
>;

export const macType = pgTable(
  'mac_type',
  {
    type_id: serial('type_id').primaryKey(),
    type_name: varchar('type_name', { length: 60 }).notNull(),
    type_en: varchar('type_en', { length: 60 }).notNull().default(''),
    type_sort: integer('type_sort').notNull().default(0),
    type_mid: smallint('type_mid').notNull().default(1),
    type_pid: integer('type_pid').notNull().default(0),
    type_status: smallint('type_status').notNull().default(1),
    type_pic: varchar('type_pic', { length: 1024 }).notNull().default(''),
    type_logo: varchar('type_logo', { length: 1024 }).notNull().default(''),
    type_union: varchar('type_union', { length: 255 }).notNull().default(''),
    type_extend: jsonb('type_extend').$type<TypeExtendJson>().notNull().default({}),
  },
  (t) => [index('mac_type_pid_idx').on(t.type_pid, t.type_sort)],
);

export const macVod = pgTable(
  'mac_vod',
  {
    vod_id: serial('vod_id').primaryKey(),
    type_id: integer('type_id').notNull(),
    type_id_1: integer('type_id_1').notNull().default(0),
    vod_name: varchar('vod_name', { length: 255 }).notNull(),
    vod_sub: varchar('vod_sub', { length: 255 }).notNull().default(''),
    vod_en: varchar('vod_en', { length: 255 }).notNull().default(''),
    vod_letter: varchar('vod_letter', { length: 1 }).notNull().default(''),
    vod_tag: varchar('vod_tag', { length: 100 }).notNull().default(''),
    vod_class: varchar('vod_class', { length: 255 }).notNull().default(''),
    vod_pic: varchar('vod_pic', { length: 1024 }).notNull().default(''),
    vod_pic_thumb: varchar('vod_pic_thumb', { length: 1024 }).notNull().default(''),
    vod_pic_slide: varchar('vod_pic_slide', { length: 1024 }).notNull().default(''),
    vod_actor: varchar('vod_actor', { length: 255 }).notNull().default(''),
    vod_director: varchar('vod_director', { length: 255 }).notNull().default(''),
    vod_writer: varchar('vod_writer', { length: 100 }).notNull().default(''),
    vod_blurb: varchar('vod_blurb', { length: 255 }).notNull().default(''),
    vod_remarks: varchar('vod_remarks', { length: 100 }).notNull().default(''),
    vod_pubdate: varchar('vod_pubdate', { length: 100 }).notNull().default(''),
    vod_total: integer('vod_total').notNull().default(0),
    vod_serial: varchar('vod_serial', { length: 20 }).notNull().default('0'),
    vod_area: varchar('vod_area', { length: 20 }).notNull().default(''),
    vod_lang: varchar('vod_lang', { length: 10 }).notNull().default(''),
    vod_year: varchar('vod_year', { length: 10 }).notNull().default(''),
    vod_version: varchar('vod_version', { length: 30 }).notNull().default(''),
    vod_state: varchar('vod_state', { length: 30 }).notNull().default(''),
    vod_duration: varchar('vod_duration', { length: 10 }).notNull().default(''),
    vod_isend: smallint('vod_isend').notNull().default(1),
    vod_lock: smallint('vod_lock').notNull().default(0),
    vod_level: smallint('vod_level').notNull().default(0),
    vod_status: smallint('vod_status').notNull().default(1),
    vod_hits: integer('vod_hits').notNull().default(0),
    vod_hits_day: integer('vod_hits_day').notNull().default(0),
    vod_hits_week: integer('vod_hits_week').notNull().default(0),
    vod_hits_month: integer('vod_hits_month').notNull().default(0),
    vod_up: integer('vod_up').notNull().default(0),
    vod_down: integer('vod_down').notNull().default(0),
    vod_score: numeric('vod_score', { precision: 3, scale: 1 }).notNull().default('0.0'),
    vod_score_all: integer('vod_score_all').notNull().default(0),
    vod_score_num: integer('vod_score_num').notNull().default(0),
    vod_douban_id: integer('vod_douban_id').notNull().default(0),
    vod_content: text('vod_content').notNull().default(''),
    vod_play_from: text('vod_play_from').notNull().default(''),
    vod_play_server: text('vod_play_server').notNull().default(''),
    vod_play_note: text('vod_play_note').notNull().default(''),
    vod_play_url: text('vod_play_url').notNull().default(''),
    vod_down_from: text('vod_down_from').notNull().default(''),
    vod_down_server: text('vod_down_server').notNull().default(''),
    vod_down_note: text('vod_down_note').notNull().default(''),
    vod_down_url: text('vod_down_url').notNull().default(''),
    /**
     * MacCMS per-title prices in points (research/maccms.md §3 "Access"; issue 7 item 2): to play / to download the
     * title below VIP (group < 3), bought once with ajaxBuyPopedom. 0 = free (the free-view rule applies).
     */
    vod_points_play: integer('vod_points_play').notNull().default(0),
    vod_points_down: integer('vod_points_down').notNull().default(0),
    vod_time: timestamp('vod_time', { withTimezone: true }).notNull().defaultNow(),
    vod_time_add: timestamp('vod_time_add', { withTimezone: true }).notNull().defaultNow(),
    vod_time_hits: timestamp('vod_time_hits', { withTimezone: true }),
    /** Where an imported title came from: the feed's key (host + path) and its remote vod_id. */
    vod_source_key: varchar('vod_source_key', { length: 255 }).notNull().default(''),
    vod_source_id: varchar('vod_source_id', { length: 64 }).notNull().default(''),
    /** sha256 of the imported fields: an identical re-import is "unchanged". */
    vod_import_hash: varchar('vod_import_hash', { length: 64 }).notNull().default(''),
    /**
     * Search tokens of name, alias, pinyin and actors (CJK unigrams and bigrams, Latin word prefixes), written by the
     * `mac_vod_search_trg` trigger on every insert and on updates of those columns; never written by the app.
     */
    vod_search: text('vod_search').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Filter values of the title (`c:` class, `a:` area, `l:` language items of the comma lists, `y:` year), written by
     * the same trigger; `data` filters with `vod_facets @> array[...]` (GIN `mac_vod_facets_gin`, and carried in
     * the per-category `..._f_idx` list indexes).
     */
    vod_facets: text('vod_facets').array().notNull().default(sql`'{}'::text[]`),
    /**
     * `vod_facets` scoped by category (`ov_vod_facet_keys`, migration 0004): each facet prefixed with `t<type_id>:`
     * and with `T<type_id_1>:` (e.g. `t9:a:香港`, `T2:a:香港`), written by the same trigger (also when the category
     * changes). A filter inside a category is then one GIN lookup (`mac_vod_pub_facet_keys_gin`, an intersection of
     * short posting lists) instead of a walk over the category: content.repo.ts counts filtered lists with it and
     * reads their few matches through it.
     */
    vod_facet_keys: text('vod_facet_keys').array().notNull().default(sql`'{}'::text[]`),
    /** `ov_search_norm(vod_name)` (NFKC, ASCII lower case, single spaces), written by the trigger: name ranking. */
    vod_name_norm: text('vod_name_norm').notNull().default(''),
  },
  (t) => [
    index('mac_vod_type_idx').on(t.type_id, t.vod_time),
    index('mac_vod_type1_idx').on(t.type_id_1, t.vod_time),
    // Console lists (all statuses) by time; viewer lists use the partial indexes below.
    index('mac_vod_time_idx').on(t.vod_time, t.vod_id),
    index('mac_vod_level_idx').on(t.vod_level),
    index('mac_vod_name_idx').on(t.vod_name),
    uniqueIndex('mac_vod_source_uq').on(t.vod_source_key, t.vod_source_id).where(sql`${t.vod_source_key} <> ''`),
    // Viewer lists (published only) per order, overall, per top category (type_id_1) and per sub-category: the
    // planner walks one of these backwards (= `desc` order), so deep pages read index entries only up to the offset.
    // Narrow on purpose (a deep page reads 10,000 entries): filtered lists use the wider `..._f_idx` twins that
    // INCLUDE the filter columns, hand-written in migration 0003_catalogue.sql (drizzle cannot declare INCLUDE;
    // drizzle-kit does not see them and never drops them).
    index('mac_vod_pub_time_idx').on(t.vod_time, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t1_time_idx').on(t.type_id_1, t.vod_time, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t_time_idx').on(t.type_id, t.vod_time, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_hits_idx').on(t.vod_hits, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t1_hits_idx').on(t.type_id_1, t.vod_hits, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t_hits_idx').on(t.type_id, t.vod_hits, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_score_idx').on(t.vod_score, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t1_score_idx').on(t.type_id_1, t.vod_score, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t_score_idx').on(t.type_id, t.vod_score, t.vod_id).where(sql`${t.vod_status} = 1`),
    // Rankings (getHitsList) and the hits_day/week/month orders: period hits, then all-time hits, overall, per top
    // category and per sub-category.
    index('mac_vod_pub_day_idx').on(t.vod_hits_day, t.vod_hits, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_week_idx').on(t.vod_hits_week, t.vod_hits, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_month_idx').on(t.vod_hits_month, t.vod_hits, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t1_day_idx')
      .on(t.type_id_1, t.vod_hits_day, t.vod_hits, t.vod_id)
      .where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t1_week_idx')
      .on(t.type_id_1, t.vod_hits_week, t.vod_hits, t.vod_id)
      .where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t1_month_idx')
      .on(t.type_id_1, t.vod_hits_month, t.vod_hits, t.vod_id)
      .where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t_day_idx').on(t.type_id, t.vod_hits_day, t.vod_hits, t.vod_id).where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t_week_idx')
      .on(t.type_id, t.vod_hits_week, t.vod_hits, t.vod_id)
      .where(sql`${t.vod_status} = 1`),
    index('mac_vod_pub_t_month_idx')
      .on(t.type_id, t.vod_hits_month, t.vod_hits, t.vod_id)
      .where(sql`${t.vod_status} = 1`),
    index('mac_vod_search_gin').using('gin', t.vod_search),
    index('mac_vod_facets_gin').using('gin', t.vod_facets),
    index('mac_vod_pub_facet_keys_gin').using('gin', t.vod_facet_keys).where(sql`${t.vod_status} = 1`),
    // Name prefix search (exact and prefix matches rank first): `vod_name_norm like 'q%'`.
    // (hits and id make the prefix branch of a search an index-only top-N).
    index('mac_vod_name_norm_idx')
      .on(t.vod_name_norm.op('text_pattern_ops'), t.vod_hits, t.vod_id)
      .where(sql`${t.vod_status} = 1`),
  ],
);

/** One rating per user and title (spec §5 "Each video can be rated once"); the sums live on `mac_vod`. */
export const macVodScore = pgTable(
  'mac_vod_score',
  {
    user_id: integer('user_id').notNull(),
    vod_id: integer('vod_id').notNull(),
    score: smallint('score').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.vod_id] }), index('mac_vod_score_vod_idx').on(t.vod_id)],
);

/** Searched words (normalised, at most 32 characters) counted per operator day, for the hot searches. */
export const searchWord = pgTable(
  'search_word',
  {
    day: date('day', { mode: 'string' }).notNull(),
    word: varchar('word', { length: 32 }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.word] })],
);

/** The splash cover of an operator date (getDayCover shows today's or the latest earlier one). */
export const dayCover = pgTable('day_cover', {
  cover_date: date('cover_date', { mode: 'string' }).primaryKey(),
  cover_pic: varchar('cover_pic', { length: 1024 }).notNull(),
  cover_title: varchar('cover_title', { length: 255 }).notNull().default(''),
  cover_link: varchar('cover_link', { length: 1024 }).notNull().default(''),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const macTopic = pgTable('mac_topic', {
  topic_id: serial('topic_id').primaryKey(),
  topic_name: varchar('topic_name', { length: 255 }).notNull(),
  topic_en: varchar('topic_en', { length: 255 }).notNull().default(''),
  topic_sub: varchar('topic_sub', { length: 255 }).notNull().default(''),
  topic_status: smallint('topic_status').notNull().default(1),
  topic_sort: integer('topic_sort').notNull().default(0),
  topic_level: smallint('topic_level').notNull().default(0),
  topic_pic: varchar('topic_pic', { length: 1024 }).notNull().default(''),
  topic_pic_slide: varchar('topic_pic_slide', { length: 1024 }).notNull().default(''),
  topic_blurb: varchar('topic_blurb', { length: 255 }).notNull().default(''),
  topic_content: text('topic_content').notNull().default(''),
  /** Comma-separated vod_ids, in display order (MacCMS `topic_rel_vod`). */
  topic_rel_vod: text('topic_rel_vod').notNull().default(''),
  topic_time: timestamp('topic_time', { withTimezone: true }).notNull().defaultNow(),
});

export const macTypeBind = pgTable(
  'mac_type_bind',
  {
    bind_key: varchar('bind_key', { length: 255 }).notNull(),
    remote_type_id: integer('remote_type_id').notNull(),
    remote_type_name: varchar('remote_type_name', { length: 60 }).notNull().default(''),
    local_type_id: integer('local_type_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bind_key, t.remote_type_id] })],
);

/** Operator settings (key/value), e.g. the special category ids `app_gallery_typeid`. */
export const appSetting = pgTable('app_setting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
});
