/**
 * User-log constants (MacCMS mac_ulog; spec §7 ajaxUlog). Kept apart from the zod schemas of player.ts so that the
 * viewer app's start-up code (watch-record sync) can import them without pulling zod into the home route.
 */

/** `ulog_type` (spec §7, MacCMS): 1 browse, 2 favourite, 3 want-to-see, 4 watch (play), 5 download. */
export const ULOG_TYPE = { browse: 1, favourite: 2, want: 3, watch: 4, download: 5 } as const;
/** Most entries a user log query returns (spec §7 "limit 500"). */
export const ULOG_LIMIT = 500;
/**
 * `ulog_mid` (MacCMS model ids: 1 vod, 2 art, 3 topic ... 11 website; research/maccms.md §1). OpenVod adds 12 for
 * the wallpaper collection (spec §3 "Wallpaper collection"): a wallpaper is one picture of a gallery title, so its
 * favourite (type 2) is kept per picture — `ulog_rid` the title, `ulog_sid`/`ulog_nid` the source and picture
 * (1-based) — where a film favourite (mid 1) is one entry per title.
 */
export const ULOG_MID = { vod: 1, wallpaper: 12 } as const;
