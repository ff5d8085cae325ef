CREATE TABLE "day_cover" (
	"cover_date" date PRIMARY KEY NOT NULL,
	"cover_pic" varchar(1024) NOT NULL,
	"cover_title" varchar(255) DEFAULT '' NOT NULL,
	"cover_link" varchar(1024) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_vod_score" (
	"user_id" integer NOT NULL,
	"vod_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mac_vod_score_user_id_vod_id_pk" PRIMARY KEY("user_id","vod_id")
);
--> statement-breakpoint
CREATE TABLE "search_word" (
	"day" date NOT NULL,
	"word" varchar(32) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_word_day_word_pk" PRIMARY KEY("day","word")
);
--> statement-breakpoint
DROP INDEX "mac_vod_hits_idx";--> statement-breakpoint
DROP INDEX "mac_vod_time_idx";--> statement-breakpoint
ALTER TABLE "mac_vod" ADD COLUMN "vod_search" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "mac_vod" ADD COLUMN "vod_name_norm" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mac_vod" ADD COLUMN "vod_facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "mac_vod_score_vod_idx" ON "mac_vod_score" USING btree ("vod_id");--> statement-breakpoint
CREATE INDEX "mac_vod_pub_time_idx" ON "mac_vod" USING btree ("vod_time","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t1_time_idx" ON "mac_vod" USING btree ("type_id_1","vod_time","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_time_idx" ON "mac_vod" USING btree ("type_id","vod_time","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_hits_idx" ON "mac_vod" USING btree ("vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t1_hits_idx" ON "mac_vod" USING btree ("type_id_1","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_hits_idx" ON "mac_vod" USING btree ("type_id","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_score_idx" ON "mac_vod" USING btree ("vod_score","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t1_score_idx" ON "mac_vod" USING btree ("type_id_1","vod_score","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_score_idx" ON "mac_vod" USING btree ("type_id","vod_score","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_day_idx" ON "mac_vod" USING btree ("vod_hits_day","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_week_idx" ON "mac_vod" USING btree ("vod_hits_week","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_month_idx" ON "mac_vod" USING btree ("vod_hits_month","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t1_day_idx" ON "mac_vod" USING btree ("type_id_1","vod_hits_day","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t1_week_idx" ON "mac_vod" USING btree ("type_id_1","vod_hits_week","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t1_month_idx" ON "mac_vod" USING btree ("type_id_1","vod_hits_month","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_day_idx" ON "mac_vod" USING btree ("type_id","vod_hits_day","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_week_idx" ON "mac_vod" USING btree ("type_id","vod_hits_week","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_month_idx" ON "mac_vod" USING btree ("type_id","vod_hits_month","vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_search_gin" ON "mac_vod" USING gin ("vod_search");--> statement-breakpoint
CREATE INDEX "mac_vod_facets_gin" ON "mac_vod" USING gin ("vod_facets");--> statement-breakpoint
CREATE INDEX "mac_vod_name_norm_idx" ON "mac_vod" USING btree ("vod_name_norm" text_pattern_ops,"vod_hits","vod_id") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_time_idx" ON "mac_vod" USING btree ("vod_time","vod_id");--> statement-breakpoint
-- Filtered viewer lists (class, area, lang, year, letter) by time, hits and score, per top category (type_id_1) and
-- per sub-category (type_id): twins of mac_vod_pub_{t1,t}_{time,hits,score}_idx that INCLUDE the filter columns, so
-- the planner walks one backwards as an index-only scan, checks the filters in the index and stops at the page's end
-- (or at the count cap of ContentService.count) without reading table rows. Hand-written: drizzle cannot declare
-- INCLUDE.
CREATE INDEX "mac_vod_pub_t1_time_f_idx" ON "mac_vod" USING btree ("type_id_1","vod_time","vod_id") INCLUDE ("type_id","vod_letter","vod_facets") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_time_f_idx" ON "mac_vod" USING btree ("type_id","vod_time","vod_id") INCLUDE ("type_id_1","vod_letter","vod_facets") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t1_hits_f_idx" ON "mac_vod" USING btree ("type_id_1","vod_hits","vod_id") INCLUDE ("type_id","vod_letter","vod_facets") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_hits_f_idx" ON "mac_vod" USING btree ("type_id","vod_hits","vod_id") INCLUDE ("type_id_1","vod_letter","vod_facets") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t1_score_f_idx" ON "mac_vod" USING btree ("type_id_1","vod_score","vod_id") INCLUDE ("type_id","vod_letter","vod_facets") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
CREATE INDEX "mac_vod_pub_t_score_f_idx" ON "mac_vod" USING btree ("type_id","vod_score","vod_id") INCLUDE ("type_id_1","vod_letter","vod_facets") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
-- Search tokens: keep statistics for 10,000 of them (default 1,000), so the planner knows how rare a word is and
-- reads a rare word's few matches through the GIN index instead of walking the hits index past thousands of titles
-- (content.repo.ts searchVodRows). Hand-written: drizzle does not model column statistics.
ALTER TABLE "mac_vod" ALTER COLUMN "vod_search" SET STATISTICS 1000;--> statement-breakpoint
-- Search tokens and filter facets (issue 4 items 1 and 2; modules/content/search.ts documents the scheme).
-- Hand-written: drizzle-kit does not model functions, triggers or expression indexes. Normalisation folds width
-- (NFKC) and ASCII case only, so PGlite (C locale) and PostgreSQL (any locale) give the same tokens.
CREATE OR REPLACE FUNCTION ov_search_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(translate(normalize(coalesce(t, ''), NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
-- Tokens of stored text: each CJK (Han, kana, Hangul) character and each pair of neighbours; each Latin/digit word
-- and its prefixes up to 16 characters.
CREATE OR REPLACE FUNCTION ov_search_tokens(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH runs AS (
    SELECT m[1] AS run, m[1] ~ '^[0-9a-z\u00c0-\u024f]' AS latin
    FROM regexp_matches(translate(normalize(coalesce(t, ''), NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
      '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[0-9a-z\u00c0-\u024f]+)', 'g') AS m
  )
  SELECT coalesce(array_agg(DISTINCT tok), '{}') FROM (
    SELECT left(run, n) AS tok FROM runs, generate_series(1, least(char_length(run), 16)) AS n WHERE latin
    UNION ALL
    SELECT substr(run, n, 1) FROM runs, generate_series(1, char_length(run)) AS n WHERE NOT latin
    UNION ALL
    SELECT substr(run, n, 2) FROM runs, generate_series(1, char_length(run) - 1) AS n WHERE NOT latin
  ) AS x
$$;
--> statement-breakpoint
-- Tokens a query needs (all must be present): a lone CJK character itself, longer CJK runs their pairs, Latin/digit
-- words their first 16 characters (matching the stored prefixes).
CREATE OR REPLACE FUNCTION ov_search_query(q text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH runs AS (
    SELECT m[1] AS run, m[1] ~ '^[0-9a-z\u00c0-\u024f]' AS latin
    FROM regexp_matches(ov_search_norm(q),
      '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[0-9a-z\u00c0-\u024f]+)', 'g') AS m
  )
  SELECT coalesce(array_agg(DISTINCT tok), '{}') FROM (
    SELECT left(run, 16) AS tok FROM runs WHERE latin
    UNION ALL
    SELECT run FROM runs WHERE NOT latin AND char_length(run) = 1
    UNION ALL
    SELECT substr(run, n, 2) FROM runs, generate_series(1, char_length(run) - 1) AS n WHERE NOT latin
  ) AS x
$$;
--> statement-breakpoint
-- Filter facets: 'c:' class, 'a:' area, 'l:' language (each item of the comma lists, trimmed) and 'y:' year.
CREATE OR REPLACE FUNCTION ov_vod_facets(cls text, area text, lang text, yr text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT f), '{}') FROM (
    SELECT 'c:' || btrim(x) FROM unnest(string_to_array(cls, ',')) AS x WHERE btrim(x) <> ''
    UNION ALL
    SELECT 'a:' || btrim(x) FROM unnest(string_to_array(area, ',')) AS x WHERE btrim(x) <> ''
    UNION ALL
    SELECT 'l:' || btrim(x) FROM unnest(string_to_array(lang, ',')) AS x WHERE btrim(x) <> ''
    UNION ALL
    SELECT 'y:' || btrim(yr) WHERE btrim(yr) <> ''
  ) AS s(f)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ov_vod_search_trg() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Lists filter top categories by type_id_1: fill it for writers that leave it 0 (bulk loaders).
  IF TG_OP = 'INSERT' AND NEW.type_id_1 = 0 THEN
    SELECT CASE WHEN type_pid = 0 THEN type_id ELSE type_pid END INTO NEW.type_id_1 FROM mac_type WHERE type_id = NEW.type_id;
    NEW.type_id_1 := coalesce(NEW.type_id_1, 0);
  END IF;
  NEW.vod_search := ov_search_tokens(concat_ws(' ', NEW.vod_name, NEW.vod_sub, NEW.vod_en, NEW.vod_actor));
  NEW.vod_facets := ov_vod_facets(NEW.vod_class, NEW.vod_area, NEW.vod_lang, NEW.vod_year);
  NEW.vod_name_norm := ov_search_norm(NEW.vod_name);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mac_vod_search_trg BEFORE INSERT OR UPDATE OF vod_name, vod_sub, vod_en, vod_actor, vod_class, vod_area,
  vod_lang, vod_year, vod_search, vod_facets, vod_name_norm ON mac_vod
FOR EACH ROW EXECUTE FUNCTION ov_vod_search_trg();
--> statement-breakpoint
UPDATE mac_vod SET vod_search = ov_search_tokens(concat_ws(' ', vod_name, vod_sub, vod_en, vod_actor)),
  vod_facets = ov_vod_facets(vod_class, vod_area, vod_lang, vod_year), vod_name_norm = ov_search_norm(vod_name);
--> statement-breakpoint
-- Upgrade: before issue 4 every group could open every category; existing installs keep that (the operator narrows
-- group_type in the console). New installs get their rights from the seed.
UPDATE mac_group SET group_type = (SELECT coalesce(string_agg(type_id::text, ',' ORDER BY type_id), '') FROM mac_type WHERE type_pid = 0) WHERE group_type = '';
