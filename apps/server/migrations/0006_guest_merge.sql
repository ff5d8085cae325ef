CREATE TABLE "account_merge" (
	"merge_id" serial PRIMARY KEY NOT NULL,
	"merge_key" varchar(80) NOT NULL,
	"guest_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"moved" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_merge_key_uq" ON "account_merge" USING btree ("merge_key");--> statement-breakpoint
CREATE INDEX "account_merge_guest_idx" ON "account_merge" USING btree ("guest_id");