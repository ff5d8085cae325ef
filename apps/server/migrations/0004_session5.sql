CREATE TABLE "mac_ad" (
	"ad_id" serial PRIMARY KEY NOT NULL,
	"ad_name" varchar(100) NOT NULL,
	"ad_local_type" integer NOT NULL,
	"ad_status" smallint DEFAULT 1 NOT NULL,
	"ad_platform_type" varchar(10) DEFAULT 'h5' NOT NULL,
	"ad_type" smallint NOT NULL,
	"ad_width" integer DEFAULT 0 NOT NULL,
	"ad_height" integer DEFAULT 0 NOT NULL,
	"ad_show_type" smallint DEFAULT 2 NOT NULL,
	"ad_show_num" integer DEFAULT 0 NOT NULL,
	"ad_show_times" integer DEFAULT 0 NOT NULL,
	"ad_pic_url" varchar(1024) DEFAULT '' NOT NULL,
	"ad_url" varchar(1024) DEFAULT '' NOT NULL,
	"ad_video_url" varchar(1024) DEFAULT '' NOT NULL,
	"ad_js_code" text DEFAULT '' NOT NULL,
	"ad_uni_id" varchar(100) DEFAULT '' NOT NULL,
	"ad_google_id" varchar(200) DEFAULT '' NOT NULL,
	"ad_sort" integer DEFAULT 0 NOT NULL,
	"ad_closable" smallint DEFAULT 1 NOT NULL,
	"ad_duration" integer DEFAULT 0 NOT NULL,
	"ad_start_time" timestamp with time zone,
	"ad_end_time" timestamp with time zone,
	"ad_time_add" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fake_pay_trade" (
	"order_code" varchar(32) PRIMARY KEY NOT NULL,
	"trade_no" varchar(40) NOT NULL,
	"amount" integer NOT NULL,
	"subject" varchar(128) NOT NULL,
	"return_url" varchar(1024) NOT NULL,
	"notify_url" varchar(1024) NOT NULL,
	"status" varchar(8) DEFAULT 'unpaid' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mac_order" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"order_long" varchar(8) NOT NULL,
	"order_days" integer NOT NULL,
	"order_price" integer NOT NULL,
	"order_price_kind" varchar(8) NOT NULL,
	"order_status" varchar(12) DEFAULT 'unpaid' NOT NULL,
	"order_pay_type" varchar(12) NOT NULL,
	"order_opened" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_provider_txn" varchar(64),
	"order_time" timestamp with time zone DEFAULT now() NOT NULL,
	"order_pay_time" timestamp with time zone,
	"order_expire_time" timestamp with time zone NOT NULL,
	"order_close_time" timestamp with time zone,
	CONSTRAINT "mac_order_price_pos" CHECK ("mac_order"."order_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(12) NOT NULL,
	"provider_txn_id" varchar(64) NOT NULL,
	"order_code" varchar(32) NOT NULL,
	"amount" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redeem_batch" (
	"batch_id" serial PRIMARY KEY NOT NULL,
	"batch_name" varchar(60) NOT NULL,
	"grant_kind" varchar(12) NOT NULL,
	"grant_amount" integer NOT NULL,
	"grant_group_id" integer DEFAULT 0 NOT NULL,
	"code_count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redeem_code" (
	"code_id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"used_by" integer,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vip_plan" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"long" varchar(8) NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL,
	"price_renew" integer NOT NULL,
	"price_new" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"plan_status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "vip_plan_prices_pos" CHECK ("vip_plan"."price" > 0 and "vip_plan"."price_renew" > 0 and "vip_plan"."price_new" > 0 and "vip_plan"."points" >= 0 and "vip_plan"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "danmaku" (
	"barrage_id" serial PRIMARY KEY NOT NULL,
	"vod_id" integer NOT NULL,
	"sid" integer DEFAULT 1 NOT NULL,
	"nid" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" varchar(32) DEFAULT '' NOT NULL,
	"barrage_time_ms" integer NOT NULL,
	"barrage_text" varchar(200) NOT NULL,
	"barrage_color" varchar(7) DEFAULT '#ff0000' NOT NULL,
	"avatar" varchar(1024) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "danmaku_time_nonneg" CHECK ("danmaku"."barrage_time_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "danmaku_block" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_account" (
	"user_id" integer NOT NULL,
	"asset" varchar(16) NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_user_id_asset_pk" PRIMARY KEY("user_id","asset"),
	CONSTRAINT "ledger_account_nonneg" CHECK ("ledger_account"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_check_diff" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"asset" varchar(16) NOT NULL,
	"balance" bigint NOT NULL,
	"journal_sum" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_check_run" (
	"check_id" serial PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked" integer NOT NULL,
	"differences" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"entry_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset" varchar(16) NOT NULL,
	"amount" bigint NOT NULL,
	"kind" varchar(32) NOT NULL,
	"idem_key" varchar(160) NOT NULL,
	"ref" varchar(64) DEFAULT '' NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_nonzero" CHECK ("ledger_entry"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "mac_ulog" (
	"ulog_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ulog_mid" smallint DEFAULT 1 NOT NULL,
	"ulog_type" smallint NOT NULL,
	"ulog_rid" integer NOT NULL,
	"ulog_sid" integer DEFAULT 0 NOT NULL,
	"ulog_nid" integer DEFAULT 0 NOT NULL,
	"ulog_time" bigint NOT NULL,
	"ulog_points" integer DEFAULT 0 NOT NULL,
	"ulog_progress" integer DEFAULT 0 NOT NULL,
	"ulog_duration" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_quota" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"free_views" integer DEFAULT 0 NOT NULL,
	"free_downloads" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_setting" (
	"id" integer PRIMARY KEY NOT NULL,
	"view_points" integer DEFAULT 10 NOT NULL,
	"download_points" integer DEFAULT 20 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_task" (
	"task_id" serial PRIMARY KEY NOT NULL,
	"task_key" varchar(32) NOT NULL,
	"plog_type" smallint NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"num" integer DEFAULT 1 NOT NULL,
	"long" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_task_nonneg" CHECK ("points_task"."points" >= 0 and "points_task"."num" >= 1 and "points_task"."long" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_task_day" (
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"plog_type" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_task_day_user_id_day_plog_type_pk" PRIMARY KEY("user_id","day","plog_type")
);
--> statement-breakpoint
CREATE TABLE "points_user_day" (
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	"watch_reported_at" timestamp with time zone,
	"free_views" integer DEFAULT 0 NOT NULL,
	"free_downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_user_day_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "mac_vod" ADD COLUMN "vod_facet_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "danmaku" ADD CONSTRAINT "danmaku_vod_id_mac_vod_vod_id_fk" FOREIGN KEY ("vod_id") REFERENCES "public"."mac_vod"("vod_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "danmaku" ADD CONSTRAINT "danmaku_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "danmaku_block" ADD CONSTRAINT "danmaku_block_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mac_ad_slot_idx" ON "mac_ad" USING btree ("ad_local_type","ad_status","ad_sort");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_order_code_uq" ON "mac_order" USING btree ("order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_order_one_unpaid_uq" ON "mac_order" USING btree ("user_id") WHERE "mac_order"."order_status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "mac_order_user_idx" ON "mac_order" USING btree ("user_id","order_time");--> statement-breakpoint
CREATE INDEX "mac_order_expire_idx" ON "mac_order" USING btree ("order_expire_time") WHERE "mac_order"."order_status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "mac_order_pay_time_idx" ON "mac_order" USING btree ("order_pay_time") WHERE "mac_order"."order_status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_event_txn_uq" ON "payment_event" USING btree ("channel","provider_txn_id");--> statement-breakpoint
CREATE INDEX "payment_event_order_idx" ON "payment_event" USING btree ("order_code");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_code_uq" ON "redeem_code" USING btree ("code");--> statement-breakpoint
CREATE INDEX "redeem_code_batch_idx" ON "redeem_code" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_plan_group_long_uq" ON "vip_plan" USING btree ("group_id","long");--> statement-breakpoint
CREATE INDEX "danmaku_episode_idx" ON "danmaku" USING btree ("vod_id","nid","barrage_time_ms");--> statement-breakpoint
CREATE INDEX "danmaku_user_idx" ON "danmaku" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "danmaku_created_idx" ON "danmaku" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_check_diff_run_idx" ON "ledger_check_diff" USING btree ("check_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_key_uq" ON "ledger_entry" USING btree ("idem_key");--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("user_id","asset");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_ulog_title_uq" ON "mac_ulog" USING btree ("user_id","ulog_mid","ulog_type","ulog_rid") WHERE "mac_ulog"."ulog_type" in (2, 4);--> statement-breakpoint
CREATE UNIQUE INDEX "mac_ulog_episode_uq" ON "mac_ulog" USING btree ("user_id","ulog_mid","ulog_type","ulog_rid","ulog_sid","ulog_nid") WHERE "mac_ulog"."ulog_type" not in (2, 4);--> statement-breakpoint
CREATE INDEX "mac_ulog_user_time_idx" ON "mac_ulog" USING btree ("user_id","ulog_type","ulog_time");--> statement-breakpoint
CREATE UNIQUE INDEX "points_task_key_uq" ON "points_task" USING btree ("task_key");--> statement-breakpoint
CREATE UNIQUE INDEX "points_task_type_uq" ON "points_task" USING btree ("plog_type");--> statement-breakpoint
CREATE INDEX "mac_vod_pub_facet_keys_gin" ON "mac_vod" USING gin ("vod_facet_keys") WHERE "mac_vod"."vod_status" = 1;--> statement-breakpoint
-- h7-catalogue.sql
-- Category-scoped filter facets (issue 4 "Targets": filtered lists at 200,000 titles). Hand-written: drizzle-kit
-- does not model functions or triggers. `vod_facet_keys` = each `vod_facets` item prefixed with `t<type_id>:` and
-- with `T<type_id_1>:`, so "category + filters" is one lookup in the partial GIN index mac_vod_pub_facet_keys_gin
-- (modules/content/content.repo.ts).
CREATE OR REPLACE FUNCTION ov_vod_facet_keys(tid integer, tid1 integer, facets text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT k), '{}') FROM (
    SELECT 't' || tid || ':' || f FROM unnest(facets) AS f
    UNION ALL
    SELECT 'T' || tid1 || ':' || f FROM unnest(facets) AS f
  ) AS s(k)
$$;
--> statement-breakpoint
-- Backfill existing titles (the trigger below is not yet extended, so this writes the one column only).
UPDATE mac_vod SET vod_facet_keys = ov_vod_facet_keys(type_id, type_id_1, vod_facets);
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
  NEW.vod_facet_keys := ov_vod_facet_keys(NEW.type_id, NEW.type_id_1, NEW.vod_facets);
  NEW.vod_name_norm := ov_search_norm(NEW.vod_name);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS mac_vod_search_trg ON mac_vod;
--> statement-breakpoint
-- Also on category moves (type_id, type_id_1): the scoped keys follow the category.
CREATE TRIGGER mac_vod_search_trg BEFORE INSERT OR UPDATE OF vod_name, vod_sub, vod_en, vod_actor, vod_class, vod_area,
  vod_lang, vod_year, vod_search, vod_facets, vod_name_norm, type_id, type_id_1, vod_facet_keys ON mac_vod
FOR EACH ROW EXECUTE FUNCTION ov_vod_search_trg();
--> statement-breakpoint
-- ledger-billing.sql
-- issue 6 (H4): the ledger journal is append-only; default VIP plans for group 3 when it exists.
CREATE OR REPLACE FUNCTION ledger_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entry is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_no_change BEFORE UPDATE OR DELETE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_append_only();
--> statement-breakpoint
INSERT INTO vip_plan (group_id, long, days, price, price_renew, price_new, points)
SELECT 3, v.long, v.days, v.price, v.price_renew, v.price_new, v.points
FROM (VALUES ('day', 1, 300, 280, 100, 100), ('week', 7, 1500, 1300, 990, 600), ('month', 30, 3000, 2500, 1990, 2000),
             ('year', 365, 19800, 16800, 12800, 20000)) AS v(long, days, price, price_renew, price_new, points)
WHERE EXISTS (SELECT 1 FROM mac_group WHERE group_id = 3)
ON CONFLICT (group_id, long) DO NOTHING;
--> statement-breakpoint
-- points.sql
-- issue 7 item 5 (H9): default daily tasks (spec §9 daily rewards; amounts and caps are ours, the spec shows none),
-- free counts per group (1 guest, 2 member) and the exchange prices. The console edits them.
INSERT INTO points_task (task_key, plog_type, points, num, long, sort) VALUES
  ('checkin', 10, 5, 1, 0, 1), ('watch_film', 14, 1, 5, 0, 2), ('watch_1min', 15, 1, 1, 1, 3),
  ('watch_5min', 16, 2, 1, 5, 4), ('watch_10min', 17, 3, 1, 10, 5), ('watch_15min', 18, 4, 1, 15, 6),
  ('watch_20min', 19, 5, 1, 20, 7), ('collect_film', 20, 1, 5, 0, 8), ('share', 21, 2, 3, 0, 9),
  ('comment', 22, 1, 3, 0, 10), ('ad_click', 13, 1, 5, 0, 11), ('save_qr', 23, 2, 1, 0, 12)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO points_quota (group_id, free_views, free_downloads) VALUES (1, 3, 0), (2, 5, 2) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO points_setting (id, view_points, download_points) VALUES (1, 10, 20) ON CONFLICT DO NOTHING;
