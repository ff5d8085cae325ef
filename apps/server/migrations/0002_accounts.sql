CREATE TABLE "mac_group" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"group_name" varchar(30) NOT NULL,
	"group_status" smallint DEFAULT 1 NOT NULL,
	"group_type" varchar(1000) DEFAULT '' NOT NULL,
	"group_popedom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"group_points_day" integer DEFAULT 0 NOT NULL,
	"group_points_week" integer DEFAULT 0 NOT NULL,
	"group_points_month" integer DEFAULT 0 NOT NULL,
	"group_points_year" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_plog" (
	"plog_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plog_type" smallint NOT NULL,
	"plog_points" integer NOT NULL,
	"plog_balance" integer NOT NULL,
	"plog_key" varchar(120) NOT NULL,
	"plog_remarks" varchar(255) DEFAULT '' NOT NULL,
	"plog_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_user" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"group_id" integer DEFAULT 2 NOT NULL,
	"user_name" varchar(32) NOT NULL,
	"user_pwd" varchar(255) DEFAULT '' NOT NULL,
	"user_nick_name" varchar(32) DEFAULT '' NOT NULL,
	"user_portrait" varchar(1024) DEFAULT '' NOT NULL,
	"user_gender" smallint DEFAULT 0 NOT NULL,
	"user_birthday" varchar(10) DEFAULT '' NOT NULL,
	"user_phone" varchar(20) DEFAULT '' NOT NULL,
	"user_status" smallint DEFAULT 1 NOT NULL,
	"user_points" integer DEFAULT 0 NOT NULL,
	"user_points_froze" integer DEFAULT 0 NOT NULL,
	"user_noad_time" bigint DEFAULT 0 NOT NULL,
	"user_end_time" bigint DEFAULT 0 NOT NULL,
	"imei" varchar(16) DEFAULT '' NOT NULL,
	"user_device_id" varchar(64) DEFAULT '' NOT NULL,
	"user_invite_code" varchar(16) NOT NULL,
	"user_pid" integer DEFAULT 0 NOT NULL,
	"user_pid_2" integer DEFAULT 0 NOT NULL,
	"user_pid_3" integer DEFAULT 0 NOT NULL,
	"user_openid_weixin" varchar(64) DEFAULT '' NOT NULL,
	"user_reg_time" timestamp with time zone DEFAULT now() NOT NULL,
	"user_reg_ip" varchar(45) DEFAULT '' NOT NULL,
	"user_login_time" timestamp with time zone,
	"user_login_ip" varchar(45) DEFAULT '' NOT NULL,
	"user_login_num" integer DEFAULT 0 NOT NULL,
	"user_delete_requested_at" timestamp with time zone,
	"user_deleted_at" timestamp with time zone,
	CONSTRAINT "mac_user_points_nonneg" CHECK ("mac_user"."user_points" >= 0 and "mac_user"."user_points_froze" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sms_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(20) NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(45) DEFAULT '' NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_session" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mac_plog_key_uq" ON "mac_plog" USING btree ("plog_key");--> statement-breakpoint
CREATE INDEX "mac_plog_user_idx" ON "mac_plog" USING btree ("user_id","plog_time");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_user_name_uq" ON "mac_user" USING btree ("user_name");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_user_phone_uq" ON "mac_user" USING btree ("user_phone") WHERE "mac_user"."user_phone" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "mac_user_invite_uq" ON "mac_user" USING btree ("user_invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_user_openid_uq" ON "mac_user" USING btree ("user_openid_weixin") WHERE "mac_user"."user_openid_weixin" <> '';--> statement-breakpoint
CREATE INDEX "mac_user_group_idx" ON "mac_user" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "sms_code_phone_idx" ON "sms_code" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_code_ip_idx" ON "sms_code" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "user_session_user_idx" ON "user_session" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "mac_group" ("group_id", "group_name", "group_status", "group_type") VALUES (1, '游客', 1, ''), (2, '默认会员', 1, ''), (3, 'VIP会员', 1, '') ON CONFLICT DO NOTHING;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('mac_group', 'group_id'), (SELECT max("group_id") FROM "mac_group"));
