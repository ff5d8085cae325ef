CREATE TABLE "mac_comment" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"comment_mid" smallint DEFAULT 1 NOT NULL,
	"comment_rid" integer NOT NULL,
	"comment_pid" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"comment_reply_uid" integer,
	"comment_reply_read" smallint DEFAULT 1 NOT NULL,
	"comment_status" smallint DEFAULT 1 NOT NULL,
	"comment_name" varchar(64) DEFAULT '' NOT NULL,
	"comment_ip" varchar(64) DEFAULT '' NOT NULL,
	"comment_time" timestamp with time zone DEFAULT now() NOT NULL,
	"comment_content" varchar(255) NOT NULL,
	"comment_up" integer DEFAULT 0 NOT NULL,
	"comment_down" integer DEFAULT 0 NOT NULL,
	"comment_reply" integer DEFAULT 0 NOT NULL,
	"comment_report" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mac_comment_count" (
	"comment_mid" smallint NOT NULL,
	"comment_rid" integer NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"comment_top" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mac_comment_count_comment_mid_comment_rid_pk" PRIMARY KEY("comment_mid","comment_rid")
);
--> statement-breakpoint
CREATE TABLE "mac_comment_digg" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"digg_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mac_comment_digg_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mac_comment_report" (
	"report_id" serial PRIMARY KEY NOT NULL,
	"comment_id" integer NOT NULL,
	"user_id" integer,
	"report_reason" varchar(16) NOT NULL,
	"report_text" varchar(200) DEFAULT '' NOT NULL,
	"report_state" varchar(16) DEFAULT 'open' NOT NULL,
	"report_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mac_comment" ADD CONSTRAINT "mac_comment_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_comment" ADD CONSTRAINT "mac_comment_comment_reply_uid_mac_user_user_id_fk" FOREIGN KEY ("comment_reply_uid") REFERENCES "public"."mac_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_comment_digg" ADD CONSTRAINT "mac_comment_digg_comment_id_mac_comment_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."mac_comment"("comment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_comment_digg" ADD CONSTRAINT "mac_comment_digg_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_comment_report" ADD CONSTRAINT "mac_comment_report_comment_id_mac_comment_comment_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."mac_comment"("comment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mac_comment_report" ADD CONSTRAINT "mac_comment_report_user_id_mac_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."mac_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mac_comment_new_idx" ON "mac_comment" USING btree ("comment_rid","comment_mid","comment_status","comment_time","comment_id") WHERE "mac_comment"."comment_pid" = 0;--> statement-breakpoint
CREATE INDEX "mac_comment_hot_idx" ON "mac_comment" USING btree ("comment_rid","comment_mid","comment_status","comment_up","comment_id") WHERE "mac_comment"."comment_pid" = 0;--> statement-breakpoint
CREATE INDEX "mac_comment_rid_idx" ON "mac_comment" USING btree ("comment_rid","comment_mid","comment_id");--> statement-breakpoint
CREATE INDEX "mac_comment_pid_idx" ON "mac_comment" USING btree ("comment_pid","comment_status","comment_id") WHERE "mac_comment"."comment_pid" > 0;--> statement-breakpoint
CREATE INDEX "mac_comment_user_idx" ON "mac_comment" USING btree ("user_id","comment_id");--> statement-breakpoint
CREATE INDEX "mac_comment_reply_uid_idx" ON "mac_comment" USING btree ("comment_reply_uid","comment_id");--> statement-breakpoint
CREATE INDEX "mac_comment_status_idx" ON "mac_comment" USING btree ("comment_status","comment_id");--> statement-breakpoint
CREATE INDEX "mac_comment_digg_user_idx" ON "mac_comment_digg" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mac_comment_report_once" ON "mac_comment_report" USING btree ("comment_id","user_id");--> statement-breakpoint
CREATE INDEX "mac_comment_report_state_idx" ON "mac_comment_report" USING btree ("report_state","comment_id");