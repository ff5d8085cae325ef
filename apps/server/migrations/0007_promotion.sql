CREATE TABLE "fake_transfer" (
	"id" serial PRIMARY KEY NOT NULL,
	"out_biz_no" varchar(64) NOT NULL,
	"order_id" varchar(64) NOT NULL,
	"trans_amount" varchar(16) NOT NULL,
	"identity" varchar(100) NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"status" varchar(12) NOT NULL,
	"fail_reason" varchar(255) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_cash" (
	"cash_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"cash_status" varchar(12) DEFAULT 'pending' NOT NULL,
	"cash_money" integer NOT NULL,
	"cash_fee" integer DEFAULT 0 NOT NULL,
	"cash_type" varchar(16) NOT NULL,
	"cash_bank_no" varchar(100) NOT NULL,
	"cash_payee_name" varchar(64) NOT NULL,
	"cash_reason" varchar(255) DEFAULT '' NOT NULL,
	"cash_channel" varchar(16) DEFAULT '' NOT NULL,
	"cash_ref" varchar(64) DEFAULT '' NOT NULL,
	"cash_key" varchar(80) NOT NULL,
	"cash_admin_id" integer DEFAULT 0 NOT NULL,
	"cash_attempts" integer DEFAULT 0 NOT NULL,
	"cash_next_try" timestamp with time zone,
	"cash_time" timestamp with time zone DEFAULT now() NOT NULL,
	"cash_time_audit" timestamp with time zone,
	"cash_time_paid" timestamp with time zone,
	CONSTRAINT "mac_cash_amounts" CHECK ("mac_cash"."cash_money" > 0 and "mac_cash"."cash_fee" >= 0 and "mac_cash"."cash_fee" < "mac_cash"."cash_money")
);
--> statement-breakpoint
CREATE TABLE "mac_visit" (
	"visit_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"visit_ip" varchar(45) NOT NULL,
	"visit_ly" varchar(255) DEFAULT '' NOT NULL,
	"visit_day" varchar(10) NOT NULL,
	"visit_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_counter" (
	"user_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"period" varchar(16) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"fen" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_counter_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "promo_earning" (
	"earning_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"invitee_id" integer DEFAULT 0 NOT NULL,
	"depth" smallint DEFAULT 0 NOT NULL,
	"source" varchar(16) NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"ref" varchar(64) DEFAULT '' NOT NULL,
	"idem_key" varchar(160) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"reverse_reason" varchar(255) DEFAULT '' NOT NULL,
	CONSTRAINT "promo_earning_positive" CHECK ("promo_earning"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_level" (
	"level_id" serial PRIMARY KEY NOT NULL,
	"level_name" varchar(32) NOT NULL,
	"min_qualified" integer DEFAULT 0 NOT NULL,
	"ratio_1" integer DEFAULT 0 NOT NULL,
	"ratio_2" integer DEFAULT 0 NOT NULL,
	"ratio_3" integer DEFAULT 0 NOT NULL,
	"reg_reward_fen" integer DEFAULT 0 NOT NULL,
	"active_reward_fen" integer DEFAULT 0 NOT NULL,
	"is_agent_level" boolean DEFAULT false NOT NULL,
	"level_sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_level_ranges" CHECK ("promo_level"."min_qualified" >= 0 and "promo_level"."ratio_1" between 0 and 10000 and "promo_level"."ratio_2" between 0 and 10000 and "promo_level"."ratio_3" between 0 and 10000 and "promo_level"."reg_reward_fen" >= 0 and "promo_level"."active_reward_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_promoter" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"invitees" integer DEFAULT 0 NOT NULL,
	"qualified" integer DEFAULT 0 NOT NULL,
	"level_id" integer DEFAULT 0 NOT NULL,
	"is_agent" boolean DEFAULT false NOT NULL,
	"fraud_flag" boolean DEFAULT false NOT NULL,
	"fraud_reason" varchar(255) DEFAULT '' NOT NULL,
	"flagged_at" timestamp with time zone,
	"cash_type" varchar(16) DEFAULT '' NOT NULL,
	"cash_account" varchar(100) DEFAULT '' NOT NULL,
	"cash_name" varchar(64) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_signal" (
	"signal_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"invitee_id" integer DEFAULT 0 NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_tier" (
	"tier_id" serial PRIMARY KEY NOT NULL,
	"invites" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"group_id" integer DEFAULT 0 NOT NULL,
	"vip_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_tier_ranges" CHECK ("promo_tier"."invites" > 0 and "promo_tier"."points" >= 0 and "promo_tier"."vip_days" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "fake_transfer_biz_uq" ON "fake_transfer" USING btree ("out_biz_no");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_cash_key_uq" ON "mac_cash" USING btree ("user_id","cash_key");--> statement-breakpoint
CREATE INDEX "mac_cash_user_idx" ON "mac_cash" USING btree ("user_id","cash_time");--> statement-breakpoint
CREATE INDEX "mac_cash_status_idx" ON "mac_cash" USING btree ("cash_status","cash_time_audit");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_visit_once_uq" ON "mac_visit" USING btree ("user_id","visit_ip","visit_day");--> statement-breakpoint
CREATE INDEX "mac_visit_user_idx" ON "mac_visit" USING btree ("user_id","visit_time");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_earning_key_uq" ON "promo_earning" USING btree ("idem_key");--> statement-breakpoint
CREATE INDEX "promo_earning_user_idx" ON "promo_earning" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "promo_earning_due_idx" ON "promo_earning" USING btree ("status","available_at");--> statement-breakpoint
CREATE INDEX "promo_earning_invitee_idx" ON "promo_earning" USING btree ("invitee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_signal_once_uq" ON "promo_signal" USING btree ("user_id","kind","invitee_id");--> statement-breakpoint
CREATE INDEX "promo_signal_user_idx" ON "promo_signal" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_tier_invites_uq" ON "promo_tier" USING btree ("invites");