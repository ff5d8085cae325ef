CREATE TABLE "mac_short_url" (
	"short_code" varchar(16) PRIMARY KEY NOT NULL,
	"short_path" varchar(300) NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"short_opens" integer DEFAULT 0 NOT NULL,
	"short_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_user_follow" (
	"follow_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"follow_user_id" integer NOT NULL,
	"follow_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mac_user_follow_not_self" CHECK ("mac_user_follow"."user_id" <> "mac_user_follow"."follow_user_id")
);
--> statement-breakpoint
CREATE TABLE "mac_vod_digg" (
	"vod_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"digg_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mac_vod_digg_vod_id_user_id_pk" PRIMARY KEY("vod_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "mac_user_follow" ADD CONSTRAINT "mac_user_follow_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_user_follow" ADD CONSTRAINT "mac_user_follow_follow_user_id_mac_user_user_id_fk" FOREIGN KEY ("follow_user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_vod_digg" ADD CONSTRAINT "mac_vod_digg_vod_id_mac_vod_vod_id_fk" FOREIGN KEY ("vod_id") REFERENCES "public"."mac_vod"("vod_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_vod_digg" ADD CONSTRAINT "mac_vod_digg_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mac_short_url_path_uq" ON "mac_short_url" USING btree ("short_path");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_user_follow_pair_uq" ON "mac_user_follow" USING btree ("user_id","follow_user_id");--> statement-breakpoint
CREATE INDEX "mac_user_follow_followed_idx" ON "mac_user_follow" USING btree ("follow_user_id","follow_id");--> statement-breakpoint
CREATE INDEX "mac_vod_digg_user_idx" ON "mac_vod_digg" USING btree ("user_id");