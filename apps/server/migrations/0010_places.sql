CREATE TABLE "user_region" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(500) DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_region_latitude" CHECK ("user_region"."latitude" between -90 and 90),
	CONSTRAINT "user_region_longitude" CHECK ("user_region"."longitude" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "user_region" ADD CONSTRAINT "user_region_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE cascade ON UPDATE no action;