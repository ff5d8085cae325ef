ALTER TABLE "mac_vod" ALTER COLUMN "vod_play_from" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_play_from" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_play_server" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_play_server" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_play_note" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_play_note" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_down_from" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_down_from" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_down_server" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_down_server" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_down_note" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "mac_vod" ALTER COLUMN "vod_down_note" SET DEFAULT '';