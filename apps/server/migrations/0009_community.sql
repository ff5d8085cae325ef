CREATE TABLE "community_mute" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_mute" ADD CONSTRAINT "community_mute_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE cascade ON UPDATE no action;