CREATE TABLE "download_event" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vod_id" integer NOT NULL,
	"sid" smallint NOT NULL,
	"nid" integer NOT NULL,
	"event" varchar(16) NOT NULL,
	"day" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_event_event_chk" CHECK ("download_event"."event" in ('started','completed','failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "download_event_uq" ON "download_event" USING btree ("user_id","vod_id","sid","nid","event","day");--> statement-breakpoint
CREATE INDEX "download_event_day_idx" ON "download_event" USING btree ("day","event");