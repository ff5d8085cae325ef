/**
 * The downloads report (issue 17 items 2 and 7; spec §3 "Download task record", §4 "Download task" states, §7
 * ajaxUlog type 5). The viewer app's downloader tells the server when a download of an episode starts, completes or
 * fails (`reportDownload`); the console reads the counts per operator day and the most downloaded titles
 * (`adminDownloadsReport`).
 *
 * What counts: one row per (user, title, source, episode, event, operator day), so a replayed or repeated report of
 * the same event the same day counts once. A report counts only when the caller holds the download entry of that
 * episode of a published title (`mac_ulog` type 5, written by ajaxUlog `ac=set&type=5`, which takes the free or
 * extra download of spec §4, or lets a VIP through); otherwise it is refused with 403
 * {@link DOWNLOAD_CODE}.notDownloaded and nothing is stored.
 *
 * Units: days are operator days (YYYY-MM-DD in the server's time zone); counts are integers.
 */
import { z } from 'zod';
import { INT_MAX } from './content.ts';
import { ok } from './envelope.ts';

/** What happened to a download task: it began fetching, it finished whole, it stopped with an error. */
export const DOWNLOAD_EVENTS = ['started', 'completed', 'failed'] as const;
export const DownloadEvent = z.enum(DOWNLOAD_EVENTS);
export type DownloadEvent = z.infer<typeof DownloadEvent>;

/** Failure code of a report of an episode the caller holds no download entry of (HTTP 403). */
export const DOWNLOAD_CODE = { notDownloaded: 4201 } as const;

/**
 * reportDownload body: the episode (`vod_id`, 1-based source `sid` and episode `nid`, as in ajaxUlog) and the
 * event.
 */
export const ReportDownloadBody = z.object({
  vod_id: z.coerce.number().int().min(1).max(INT_MAX),
  sid: z.coerce.number().int().min(1).max(1000),
  nid: z.coerce.number().int().min(1).max(100_000),
  event: DownloadEvent,
});
export type ReportDownloadBody = z.input<typeof ReportDownloadBody>;

/**
 * reportDownload answer: `counted` true when this report was stored now, false when the same event of the same
 * episode was already reported by the caller that operator day (nothing changes); `day` the operator day it counts
 * on.
 */
export const ReportDownloadResponse = ok({ counted: z.boolean(), day: z.string() });
export type ReportDownloadResponse = z.infer<typeof ReportDownloadResponse>;

// ------------------------------------------------------------------------------------------------- console

/** adminDownloadsReport query: the last `days` operator days up to today (default 14, at most 90). */
export const AdminDownloadsReportQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(14),
});
export type AdminDownloadsReportQuery = z.input<typeof AdminDownloadsReportQuery>;

/** Counts of one operator day (every day of the range is listed, 0 when nothing was reported). */
export const DownloadDayRow = z.object({
  day: z.string(),
  started: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
});
export type DownloadDayRow = z.infer<typeof DownloadDayRow>;

/** A title among the most downloaded of the range (by episodes started, then completed). */
export const DownloadTopRow = z.object({
  vod_id: z.number().int(),
  /** '' when the title was deleted since. */
  vod_name: z.string(),
  started: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  /** Distinct users who started a download of it in the range. */
  users: z.number().int(),
});
export type DownloadTopRow = z.infer<typeof DownloadTopRow>;

/**
 * adminDownloadsReport answer: the range (`from`..`to`, operator days), one row per day oldest first, the totals
 * of the range and the top 10 titles.
 */
export const AdminDownloadsReportResponse = ok({
  from: z.string(),
  to: z.string(),
  list: z.array(DownloadDayRow),
  totals: z.object({ started: z.number().int(), completed: z.number().int(), failed: z.number().int() }),
  top: z.array(DownloadTopRow),
});
export type AdminDownloadsReportResponse = z.infer<typeof AdminDownloadsReportResponse>;
