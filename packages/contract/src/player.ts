/**
 * Schemas of the player calls (issue 5 items 2 and 4): ads of a slot (`adList`, spec §3 "Ad record", §5), the
 * console's ad editor, the play-address resolver (`getJsonRealPath`, spec §7) and the user logs (`ajaxUlog`,
 * `plays`; spec §3 "Favourite/log record", §7; MacCMS `mac_ulog`, research/maccms.md §1.3).
 */
import { z } from 'zod';
import { IdParams, INT_MAX } from './content.ts';
import { ok, paged } from './envelope.ts';
import { ULOG_LIMIT } from './ulog.ts';

// ---------------------------------------------------------------------------------------------------------------
// Ads

/**
 * Ad slots (`ad_local_type`, spec §3): 12 is the pre-play and pause slot of the player, 16 the title page (both the
 * spec's numbers); 1 the launch splash (common/guide-page) and 2 the banner (750 x 50 by default, spec §4/§9) are
 * OpenVod's (the spec does not number them).
 */
export const AD_SLOT = { splash: 1, banner: 2, player: 12, detail: 16 } as const;

/** `ad_type` (spec §3): 0 ad-network banner, 1 image, 2 video, 3 script code, 4 platform ad (uni). */
export const AD_TYPE = { network: 0, image: 1, video: 2, script: 3, platform: 4 } as const;

/** `ad_show_type` (spec §3): 1 rewarded video, 2 interstitial, 3 full-screen video; 0 = never shown. */
export const AD_SHOW_TYPE = { none: 0, rewarded: 1, interstitial: 2, fullscreen: 3 } as const;

/** Seconds the pre-roll counts down before its skip control appears (spec §4 "Pre-roll ad"). */
export const PREROLL_SECONDS = 5;

/**
 * An address an ad may point at: empty, a site path (`/media/ads/x.png`, not `//host`) or an absolute http(s) URL.
 * Anything else (`javascript:`, `data:`, protocol-relative) is refused, so a stored ad can never run script through
 * a link or an image source.
 */
export const AdUrl = z
  .string()
  .trim()
  .max(1024)
  .refine((v) => {
    if (v === '') return true;
    if (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) return true;
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
    } catch {
      return false;
    }
  }, 'http(s) URL or site path');

/** ISO 8601 time or null (no bound). */
const IsoOrNull = z.iso.datetime({ offset: true }).nullable();

/**
 * Every field of spec §3 "Ad record" plus the box options: `ad_name` (console label), `ad_sort` (ascending order in
 * a slot), `ad_start_time` / `ad_end_time` (the schedule; null = unbounded), `ad_closable` (the box has a close
 * control), `ad_duration` (seconds a video/image ad is shown at most; 0 = the slot's default).
 */
export const AdItem = z.object({
  ad_id: z.number().int(),
  ad_name: z.string(),
  ad_local_type: z.number().int(),
  /** 1 active, 0 off. */
  ad_status: z.number().int(),
  /** 'h5' for the web app; only h5 ads are served by adList. */
  ad_platform_type: z.string(),
  ad_type: z.number().int(),
  ad_width: z.number().int(),
  ad_height: z.number().int(),
  ad_show_type: z.number().int(),
  /** Shows a day (banner cap, spec §4; counted by the ad system of issue 7). */
  ad_show_num: z.number().int(),
  /** Minutes between two shows (banner cap, spec §4). */
  ad_show_times: z.number().int(),
  ad_pic_url: z.string(),
  ad_url: z.string(),
  ad_video_url: z.string(),
  ad_js_code: z.string(),
  ad_uni_id: z.string(),
  ad_google_id: z.string(),
  ad_sort: z.number().int(),
  ad_closable: z.number().int(),
  ad_duration: z.number().int(),
  ad_start_time: z.string().nullable(),
  ad_end_time: z.string().nullable(),
});
export type AdItem = z.infer<typeof AdItem>;

/** adList: the ads of one slot (`ad_local_type`). */
export const AdListQuery = z.object({ ad_local_type: z.coerce.number().int().min(0).max(1000) });
/**
 * adList answer: the active h5 ads of the slot with `ad_show_type` above 0 inside their schedule, in `ad_sort`
 * order, without those over the caller's caps (spec §4: `ad_show_num` shows a day, `ad_show_times` minutes apart)
 * and without network ads (`ad_type` 0) while the app config's `showGoogle` is off; empty when the operator's ad
 * switch for the slot is off, and for VIP or ad-free (`user_noad_time` in the future) callers. `ad_js_code` is never
 * sent to viewers: script and network ads render from the server's sandboxed frame (adFrame). `ad_token`: the signed
 * show token of this serving (30 minutes) for adImpression and adClick.
 */
export const AdListResponse = ok({ list: z.array(AdItem.extend({ ad_token: z.string() })) });
export type AdListResponse = z.infer<typeof AdListResponse>;

const adFields = {
  ad_name: z.string().trim().min(1).max(100),
  ad_local_type: z.number().int().min(0).max(1000),
  ad_status: z.number().int().min(0).max(1),
  ad_platform_type: z.enum(['h5', 'app', 'mp']),
  ad_type: z.number().int().min(0).max(4),
  ad_width: z.number().int().min(0).max(10_000),
  ad_height: z.number().int().min(0).max(10_000),
  ad_show_type: z.number().int().min(0).max(3),
  ad_show_num: z.number().int().min(0).max(1_000_000),
  ad_show_times: z.number().int().min(0).max(1_000_000),
  ad_pic_url: AdUrl,
  ad_url: AdUrl,
  ad_video_url: AdUrl,
  ad_js_code: z.string().max(20_000),
  ad_uni_id: z.string().trim().max(100),
  ad_google_id: z.string().trim().max(200),
  ad_sort: z.number().int().min(0).max(INT_MAX),
  ad_closable: z.number().int().min(0).max(1),
  ad_duration: z.number().int().min(0).max(600),
  ad_start_time: IsoOrNull,
  ad_end_time: IsoOrNull,
};

/** A new ad: name, slot and type required; the rest default (h5, active, interstitial, closable, unscheduled). */
export const AdminAdBody = z.object({
  ad_name: adFields.ad_name,
  ad_local_type: adFields.ad_local_type,
  ad_type: adFields.ad_type,
  ad_status: adFields.ad_status.default(1),
  ad_platform_type: adFields.ad_platform_type.default('h5'),
  ad_width: adFields.ad_width.default(0),
  ad_height: adFields.ad_height.default(0),
  ad_show_type: adFields.ad_show_type.default(2),
  ad_show_num: adFields.ad_show_num.default(0),
  ad_show_times: adFields.ad_show_times.default(0),
  ad_pic_url: adFields.ad_pic_url.default(''),
  ad_url: adFields.ad_url.default(''),
  ad_video_url: adFields.ad_video_url.default(''),
  ad_js_code: adFields.ad_js_code.default(''),
  ad_uni_id: adFields.ad_uni_id.default(''),
  ad_google_id: adFields.ad_google_id.default(''),
  ad_sort: adFields.ad_sort.default(0),
  ad_closable: adFields.ad_closable.default(1),
  ad_duration: adFields.ad_duration.default(0),
  ad_start_time: adFields.ad_start_time.default(null),
  ad_end_time: adFields.ad_end_time.default(null),
});
export type AdminAdBody = z.infer<typeof AdminAdBody>;
/** An edit: only the fields sent change. */
export const AdminAdUpdate = z.object(adFields).partial();
export type AdminAdUpdate = z.infer<typeof AdminAdUpdate>;
export const AdminAdQuery = z.object({ ad_local_type: z.coerce.number().int().min(0).max(1000).optional() });
export const AdminAdListResponse = ok({ list: z.array(AdItem) });
export type AdminAdListResponse = z.infer<typeof AdminAdListResponse>;
export const AdminAdResponse = ok({ info: AdItem });
export type AdminAdResponse = z.infer<typeof AdminAdResponse>;
export const AdminAdParams = IdParams;

// ---------------------------------------------------------------------------------------------------------------
// getJsonRealPath

/**
 * getJsonRealPath: resolve the play address `url` of a source whose player (`from`, a code of the app config's
 * `player` map) is configured with a JSON parse API. `vod_id`/`sid`/`nid` are optional context (logged only).
 */
export const RealPathQuery = z.object({
  from: z.string().trim().min(1).max(60),
  url: z.string().trim().min(1).max(2048),
  vod_id: z.coerce.number().int().min(0).max(INT_MAX).optional(),
  sid: z.coerce.number().int().min(0).max(1000).optional(),
  nid: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type RealPathQuery = z.infer<typeof RealPathQuery>;
export const RealPathBody = RealPathQuery;
/**
 * The playable address: `url` (absolute http(s)), `type` 'hls' | 'mp4' | 'other' (from the address), `parsed`
 * true when the operator's parse API was called (false: the address was already playable and is returned as is).
 */
export const RealPathResponse = ok({
  url: z.string(),
  type: z.enum(['hls', 'mp4', 'other']),
  parsed: z.boolean(),
});
export type RealPathResponse = z.infer<typeof RealPathResponse>;

// ---------------------------------------------------------------------------------------------------------------
// User logs (mac_ulog)

// ULOG_TYPE and ULOG_LIMIT live in ulog.ts (no zod), so the app's first scripts can use them without the schemas.

const flag = z.union([z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.boolean()]);

/**
 * ajaxUlog query (spec §7 "User log query/set"): `mid` module (default 1 = video), `type` (default 4), `id` the
 * title (`ulog_rid`), `sid`/`nid` the source and episode (1-based, 0 = whole title), `limit` (default and most
 * 500), `ac=set` to write instead of read, `cancel=1` (with `ac=set`) to remove the entry (all entries of the type
 * without `id`). Watch entries may carry `progress` and `duration` (seconds) for resuming on another device.
 */
export const UlogQuery = z.object({
  mid: z.coerce.number().int().min(1).max(20).default(1),
  type: z.coerce.number().int().min(1).max(5).default(4),
  id: z.coerce.number().int().min(1).max(INT_MAX).optional(),
  sid: z.coerce.number().int().min(0).max(1000).default(0),
  nid: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(ULOG_LIMIT).default(ULOG_LIMIT),
  ac: z.enum(['set', 'get']).optional(),
  cancel: flag.optional(),
  progress: z.coerce.number().min(0).max(1_000_000).optional(),
  duration: z.coerce.number().min(0).max(1_000_000).optional(),
});
export type UlogQuery = z.infer<typeof UlogQuery>;

/**
 * One log entry (spec §3 "Favourite/log record"): MacCMS columns, `ulog_time` in seconds since the epoch,
 * `ulog_progress`/`ulog_duration` the watched second and the episode length (seconds; 0 unknown), `data` the
 * title's name and picture (empty when the title is gone or unpublished).
 */
export const UlogItem = z.object({
  ulog_id: z.number().int(),
  user_id: z.number().int(),
  ulog_mid: z.number().int(),
  ulog_type: z.number().int(),
  ulog_rid: z.number().int(),
  ulog_sid: z.number().int(),
  ulog_nid: z.number().int(),
  ulog_time: z.number().int(),
  ulog_points: z.number().int(),
  ulog_progress: z.number().int(),
  ulog_duration: z.number().int(),
  /**
   * The title's name, poster and category; `url` the picture's address for a wallpaper entry (mid 12: the episode
   * `sid`/`nid` of the title's play list), '' otherwise.
   */
  data: z.object({
    id: z.number().int(),
    name: z.string(),
    pic: z.string(),
    type_id: z.number().int(),
    url: z.string(),
  }),
});
export type UlogItem = z.infer<typeof UlogItem>;

/**
 * ajaxUlog answer: `list` the matching entries newest first (after a set: the entry written, or [] after a cancel
 * or after a favourite set that toggled an existing favourite off — spec §4 "Favourite/like toggle"),
 * `point` the user's points balance (spec §4 "points are updated if a point value returns"), `existed` whether an
 * entry for the title existed before this call (the free-view flow of spec §4 reads it).
 */
export const UlogResponse = ok({ list: z.array(UlogItem), point: z.number().int(), existed: z.boolean() });
export type UlogResponse = z.infer<typeof UlogResponse>;

/** plays: my watch log, newest first, paged. */
export const PlaysQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ULOG_LIMIT).default(20),
});
export const PlaysResponse = paged(UlogItem);
export type PlaysResponse = z.infer<typeof PlaysResponse>;

/**
 * favs and downs (spec §7; issue 7): my favourites (ulog type 2) of module `mid` (1 films, 12 wallpapers) and my
 * downloads (type 5, one entry per episode), newest first, paged (`limit` at most 500).
 */
export const UlogPageQuery = PlaysQuery.extend({
  mid: z.coerce.number().int().min(1).max(20).default(1),
});
export type UlogPageQuery = z.infer<typeof UlogPageQuery>;
