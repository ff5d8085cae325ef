CREATE TABLE "admin_session" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_admin" (
	"admin_id" serial PRIMARY KEY NOT NULL,
	"admin_name" varchar(32) NOT NULL,
	"admin_pwd" varchar(255) NOT NULL,
	"admin_status" smallint DEFAULT 1 NOT NULL,
	"admin_login_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mac_admin_admin_name_unique" UNIQUE("admin_name")
);
--> statement-breakpoint
CREATE TABLE "app_setting" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_topic" (
	"topic_id" serial PRIMARY KEY NOT NULL,
	"topic_name" varchar(255) NOT NULL,
	"topic_en" varchar(255) DEFAULT '' NOT NULL,
	"topic_sub" varchar(255) DEFAULT '' NOT NULL,
	"topic_status" smallint DEFAULT 1 NOT NULL,
	"topic_sort" integer DEFAULT 0 NOT NULL,
	"topic_level" smallint DEFAULT 0 NOT NULL,
	"topic_pic" varchar(1024) DEFAULT '' NOT NULL,
	"topic_pic_slide" varchar(1024) DEFAULT '' NOT NULL,
	"topic_blurb" varchar(255) DEFAULT '' NOT NULL,
	"topic_content" text DEFAULT '' NOT NULL,
	"topic_rel_vod" text DEFAULT '' NOT NULL,
	"topic_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_type" (
	"type_id" serial PRIMARY KEY NOT NULL,
	"type_name" varchar(60) NOT NULL,
	"type_en" varchar(60) DEFAULT '' NOT NULL,
	"type_sort" integer DEFAULT 0 NOT NULL,
	"type_mid" smallint DEFAULT 1 NOT NULL,
	"type_pid" integer DEFAULT 0 NOT NULL,
	"type_status" smallint DEFAULT 1 NOT NULL,
	"type_pic" varchar(1024) DEFAULT '' NOT NULL,
	"type_logo" varchar(1024) DEFAULT '' NOT NULL,
	"type_union" varchar(255) DEFAULT '' NOT NULL,
	"type_extend" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_type_bind" (
	"bind_key" varchar(255) NOT NULL,
	"remote_type_id" integer NOT NULL,
	"remote_type_name" varchar(60) DEFAULT '' NOT NULL,
	"local_type_id" integer NOT NULL,
	CONSTRAINT "mac_type_bind_bind_key_remote_type_id_pk" PRIMARY KEY("bind_key","remote_type_id")
);
--> statement-breakpoint
CREATE TABLE "mac_vod" (
	"vod_id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"type_id_1" integer DEFAULT 0 NOT NULL,
	"vod_name" varchar(255) NOT NULL,
	"vod_sub" varchar(255) DEFAULT '' NOT NULL,
	"vod_en" varchar(255) DEFAULT '' NOT NULL,
	"vod_letter" varchar(1) DEFAULT '' NOT NULL,
	"vod_tag" varchar(100) DEFAULT '' NOT NULL,
	"vod_class" varchar(255) DEFAULT '' NOT NULL,
	"vod_pic" varchar(1024) DEFAULT '' NOT NULL,
	"vod_pic_thumb" varchar(1024) DEFAULT '' NOT NULL,
	"vod_pic_slide" varchar(1024) DEFAULT '' NOT NULL,
	"vod_actor" varchar(255) DEFAULT '' NOT NULL,
	"vod_director" varchar(255) DEFAULT '' NOT NULL,
	"vod_writer" varchar(100) DEFAULT '' NOT NULL,
	"vod_blurb" varchar(255) DEFAULT '' NOT NULL,
	"vod_remarks" varchar(100) DEFAULT '' NOT NULL,
	"vod_pubdate" varchar(100) DEFAULT '' NOT NULL,
	"vod_total" integer DEFAULT 0 NOT NULL,
	"vod_serial" varchar(20) DEFAULT '0' NOT NULL,
	"vod_area" varchar(20) DEFAULT '' NOT NULL,
	"vod_lang" varchar(10) DEFAULT '' NOT NULL,
	"vod_year" varchar(10) DEFAULT '' NOT NULL,
	"vod_version" varchar(30) DEFAULT '' NOT NULL,
	"vod_state" varchar(30) DEFAULT '' NOT NULL,
	"vod_duration" varchar(10) DEFAULT '' NOT NULL,
	"vod_isend" smallint DEFAULT 1 NOT NULL,
	"vod_lock" smallint DEFAULT 0 NOT NULL,
	"vod_level" smallint DEFAULT 0 NOT NULL,
	"vod_status" smallint DEFAULT 1 NOT NULL,
	"vod_hits" integer DEFAULT 0 NOT NULL,
	"vod_hits_day" integer DEFAULT 0 NOT NULL,
	"vod_hits_week" integer DEFAULT 0 NOT NULL,
	"vod_hits_month" integer DEFAULT 0 NOT NULL,
	"vod_up" integer DEFAULT 0 NOT NULL,
	"vod_down" integer DEFAULT 0 NOT NULL,
	"vod_score" numeric(3, 1) DEFAULT '0.0' NOT NULL,
	"vod_score_all" integer DEFAULT 0 NOT NULL,
	"vod_score_num" integer DEFAULT 0 NOT NULL,
	"vod_douban_id" integer DEFAULT 0 NOT NULL,
	"vod_content" text DEFAULT '' NOT NULL,
	"vod_play_from" varchar(1024) DEFAULT '' NOT NULL,
	"vod_play_server" varchar(1024) DEFAULT '' NOT NULL,
	"vod_play_note" varchar(1024) DEFAULT '' NOT NULL,
	"vod_play_url" text DEFAULT '' NOT NULL,
	"vod_down_from" varchar(1024) DEFAULT '' NOT NULL,
	"vod_down_server" varchar(1024) DEFAULT '' NOT NULL,
	"vod_down_note" varchar(1024) DEFAULT '' NOT NULL,
	"vod_down_url" text DEFAULT '' NOT NULL,
	"vod_time" timestamp with time zone DEFAULT now() NOT NULL,
	"vod_time_add" timestamp with time zone DEFAULT now() NOT NULL,
	"vod_time_hits" timestamp with time zone,
	"vod_source_key" varchar(255) DEFAULT '' NOT NULL,
	"vod_source_id" varchar(64) DEFAULT '' NOT NULL,
	"vod_import_hash" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_session_admin_idx" ON "admin_session" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "mac_type_pid_idx" ON "mac_type" USING btree ("type_pid","type_sort");--> statement-breakpoint
CREATE INDEX "mac_vod_type_idx" ON "mac_vod" USING btree ("type_id","vod_time");--> statement-breakpoint
CREATE INDEX "mac_vod_type1_idx" ON "mac_vod" USING btree ("type_id_1","vod_time");--> statement-breakpoint
CREATE INDEX "mac_vod_time_idx" ON "mac_vod" USING btree ("vod_time");--> statement-breakpoint
CREATE INDEX "mac_vod_hits_idx" ON "mac_vod" USING btree ("vod_hits");--> statement-breakpoint
CREATE INDEX "mac_vod_level_idx" ON "mac_vod" USING btree ("vod_level");--> statement-breakpoint
CREATE INDEX "mac_vod_name_idx" ON "mac_vod" USING btree ("vod_name");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_vod_source_uq" ON "mac_vod" USING btree ("vod_source_key","vod_source_id") WHERE "mac_vod"."vod_source_key" <> '';