CREATE TABLE "gbook_captcha" (
	"captcha_id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"answer" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gbook_hit" (
	"gbook_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"hit_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gbook_hit_gbook_id_user_id_pk" PRIMARY KEY("gbook_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mac_gbook" (
	"gbook_id" serial PRIMARY KEY NOT NULL,
	"gbook_rid" integer DEFAULT 0 NOT NULL,
	"gbook_type" varchar(10) NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"gbook_status" smallint DEFAULT 1 NOT NULL,
	"gbook_name" varchar(60) DEFAULT '' NOT NULL,
	"gbook_ip" varchar(45) DEFAULT '' NOT NULL,
	"gbook_content" text DEFAULT '' NOT NULL,
	"gbook_reply" text DEFAULT '' NOT NULL,
	"gbook_time" timestamp with time zone DEFAULT now() NOT NULL,
	"gbook_reply_time" timestamp with time zone,
	"gbook_title" varchar(100) DEFAULT '' NOT NULL,
	"gbook_actor" varchar(60) DEFAULT '' NOT NULL,
	"gbook_genres" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gbook_hits" integer DEFAULT 0 NOT NULL,
	"gbook_state" smallint DEFAULT 0 NOT NULL,
	"vod_id" integer DEFAULT 0 NOT NULL,
	"gbook_resolve_time" timestamp with time zone,
	"gbook_pics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gbook_app_version" varchar(32) DEFAULT '' NOT NULL,
	"gbook_device" varchar(128) DEFAULT '' NOT NULL,
	"gbook_unread" boolean DEFAULT false NOT NULL,
	CONSTRAINT "mac_gbook_type_ck" CHECK ("mac_gbook"."gbook_type" in ('request', 'feedback')),
	CONSTRAINT "mac_gbook_hits_ck" CHECK ("mac_gbook"."gbook_hits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gbook_hit" ADD CONSTRAINT "gbook_hit_gbook_id_mac_gbook_gbook_id_fk" FOREIGN KEY ("gbook_id") REFERENCES "public"."mac_gbook"("gbook_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gbook_captcha_exp_idx" ON "gbook_captcha" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "gbook_hit_user_idx" ON "gbook_hit" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mac_gbook_list_idx" ON "mac_gbook" USING btree ("gbook_type","gbook_status","gbook_state","gbook_id");--> statement-breakpoint
CREATE INDEX "mac_gbook_user_idx" ON "mac_gbook" USING btree ("user_id","gbook_type","gbook_id");