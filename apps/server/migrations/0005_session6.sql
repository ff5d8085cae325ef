CREATE TABLE "ad_impression" (
	"id" serial PRIMARY KEY NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"ad_id" integer NOT NULL,
	"subject" varchar(80) NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"day" varchar(10) NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clicked_at" timestamp with time zone,
	"rewarded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ad_stat_day" (
	"ad_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_stat_day_ad_id_day_pk" PRIMARY KEY("ad_id","day"),
	CONSTRAINT "ad_stat_day_nonneg" CHECK ("ad_stat_day"."impressions" >= 0 and "ad_stat_day"."clicks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ad_viewer_cap" (
	"subject" varchar(80) NOT NULL,
	"ad_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"shows" integer DEFAULT 0 NOT NULL,
	"last_shown_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_viewer_cap_subject_ad_id_pk" PRIMARY KEY("subject","ad_id"),
	CONSTRAINT "ad_viewer_cap_nonneg" CHECK ("ad_viewer_cap"."shows" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quota_use" (
	"use_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"ulog_type" smallint NOT NULL,
	"vod_id" integer NOT NULL,
	"sid" integer DEFAULT 0 NOT NULL,
	"nid" integer DEFAULT 0 NOT NULL,
	"source" varchar(8) DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_nonce" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"network" varchar(16) NOT NULL,
	"ad_id" integer,
	"vod_id" integer,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'issued' NOT NULL,
	"day" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"granted_at" timestamp with time zone,
	"transaction_id" varchar(128),
	CONSTRAINT "reward_nonce_status_chk" CHECK ("reward_nonce"."status" in ('issued','started','granted','expired','capped')),
	CONSTRAINT "reward_nonce_purpose_chk" CHECK ("reward_nonce"."purpose" in ('view','download')),
	CONSTRAINT "reward_nonce_duration_chk" CHECK ("reward_nonce"."duration_s" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_user_day" (
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reward_user_day_user_id_day_purpose_pk" PRIMARY KEY("user_id","day","purpose"),
	CONSTRAINT "reward_user_day_nonneg" CHECK ("reward_user_day"."count" >= 0)
);
--> statement-breakpoint
DROP INDEX "mac_ulog_title_uq";--> statement-breakpoint
DROP INDEX "mac_ulog_episode_uq";--> statement-breakpoint
ALTER TABLE "mac_vod" ADD COLUMN "vod_points_play" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mac_vod" ADD COLUMN "vod_points_down" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_impression_nonce_uq" ON "ad_impression" USING btree ("nonce");--> statement-breakpoint
CREATE INDEX "ad_impression_ad_day_idx" ON "ad_impression" USING btree ("ad_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_use_uq" ON "quota_use" USING btree ("user_id","day","ulog_type","vod_id","sid","nid");--> statement-breakpoint
CREATE INDEX "reward_nonce_user_idx" ON "reward_nonce" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_nonce_day_idx" ON "reward_nonce" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_nonce_tx_uq" ON "reward_nonce" USING btree ("network","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_ulog_title_uq" ON "mac_ulog" USING btree ("user_id","ulog_mid","ulog_type","ulog_rid") WHERE "mac_ulog"."ulog_mid" <> 12 and "mac_ulog"."ulog_type" in (2, 4);--> statement-breakpoint
CREATE UNIQUE INDEX "mac_ulog_episode_uq" ON "mac_ulog" USING btree ("user_id","ulog_mid","ulog_type","ulog_rid","ulog_sid","ulog_nid") WHERE "mac_ulog"."ulog_mid" = 12 or "mac_ulog"."ulog_type" not in (2, 4);
--> statement-breakpoint
-- 20-h2.sql
-- h2 (issue 7 item 2): per-title points prices are never negative.
ALTER TABLE "mac_vod" ADD CONSTRAINT "mac_vod_points_nonneg" CHECK ("vod_points_play" >= 0 AND "vod_points_down" >= 0);
