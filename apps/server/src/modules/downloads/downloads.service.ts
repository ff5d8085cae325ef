/**
 * The downloads report (issue 17 items 2 and 7; contract packages/contract/src/downloads.ts; spec §3 "Download task
 * record", §4 "Download task" states). The viewer app's downloader reports when a download task of an episode
 * started, completed or failed ({@link DownloadsService.report}); the console reads the counts per operator day and
 * the most downloaded titles ({@link DownloadsService.adminReport}).
 *
 * Nothing a client says counts unless the server already granted that download: a report is stored only when the
 * caller holds the download entry of the episode (`mac_ulog` type 5, written by ajaxUlog once the quotas module's
 * free-view rule took a free or extra download, or let a VIP through), else 403 `download_not_downloaded`
 * ({@link DOWNLOAD_CODE}.notDownloaded) and nothing changes. Each (user, episode, event, operator day) is stored
 * once (the unique key of `download_event`), so replays and retries of a report count once.
 */
import {
  type AdminDownloadsReportResponse,
  DOWNLOAD_CODE,
  DOWNLOAD_EVENTS,
  type DownloadDayRow,
  type ReportDownloadResponse,
} from '@openvod/contract';
import { DateTime } from 'luxon';
import { AppError } from '../../core/errors.ts';
import { operatorDay } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './downloads.repo.ts';

/** Titles listed by the report's top list. */
export const TOP_TITLES = 10;

export interface DownloadsDeps {
  /** The operator's time zone (config TIME_ZONE): the day a report counts on. */
  timeZone: string;
  /**
   * Whether the user holds the download entry of the episode (the playback module's
   * PlaybackService.hasDownload, reached through `app.services` at request time).
   */
  hasDownload: (userId: number, vodId: number, sid: number, nid: number) => Promise<boolean>;
}

type Payload<T> = Omit<T, 'code' | 'msg'>;

export class DownloadsService {
  /** The clock (tests move it across the operator's midnight). */
  now: () => Date = () => new Date();

  constructor(
    private readonly db: Db,
    private readonly deps: DownloadsDeps,
  ) {}

  /** The operator day of now (YYYY-MM-DD). */
  day(): string {
    return operatorDay(this.now(), this.deps.timeZone);
  }

  /**
   * reportDownload: store that `userId`'s download task of episode `sid`/`nid` of title `vod_id` reached `event`
   * today. Returns `counted` false for a repeat of the same event of the same episode that operator day. Errors:
   * 403 `download_not_downloaded` (code {@link DOWNLOAD_CODE}.notDownloaded) when the user holds no download entry
   * of that episode.
   */
  async report(
    userId: number,
    r: { vod_id: number; sid: number; nid: number; event: (typeof DOWNLOAD_EVENTS)[number] },
  ): Promise<Payload<ReportDownloadResponse>> {
    if (!(await this.deps.hasDownload(userId, r.vod_id, r.sid, r.nid))) {
      throw new AppError(403, DOWNLOAD_CODE.notDownloaded, 'download_not_downloaded');
    }
    const day = this.day();
    const counted = await repo.insertEvent(this.db, {
      userId,
      vodId: r.vod_id,
      sid: r.sid,
      nid: r.nid,
      event: r.event,
      day,
    });
    return { counted, day };
  }

  /**
   * adminDownloadsReport: the last `days` operator days up to today, oldest first, each with the episodes started,
   * completed and failed (0 on a day without reports); the totals of the range; the {@link TOP_TITLES} titles with
   * the most episodes started.
   */
  async adminReport(q: { days: number }): Promise<Payload<AdminDownloadsReportResponse>> {
    const to = this.day();
    const end = DateTime.fromISO(to, { zone: this.deps.timeZone });
    const days = Array.from({ length: q.days }, (_v, i) => end.minus({ days: q.days - 1 - i }).toISODate() as string);
    const from = days[0] ?? to;
    const byDay = new Map<string, DownloadDayRow>(
      days.map((day) => [day, { day, started: 0, completed: 0, failed: 0 }]),
    );
    for (const c of await repo.countsByDay(this.db, from, to)) {
      const row = byDay.get(c.day);
      if (row && (DOWNLOAD_EVENTS as readonly string[]).includes(c.event)) {
        row[c.event as (typeof DOWNLOAD_EVENTS)[number]] = Number(c.n);
      }
    }
    const list = [...byDay.values()];
    const totals = { started: 0, completed: 0, failed: 0 };
    for (const r of list) {
      totals.started += r.started;
      totals.completed += r.completed;
      totals.failed += r.failed;
    }
    const top = (await repo.topTitles(this.db, from, to, TOP_TITLES)).map((r) => ({
      vod_id: r.vod_id,
      vod_name: r.vod_name,
      started: Number(r.started),
      completed: Number(r.completed),
      failed: Number(r.failed),
      users: Number(r.users),
    }));
    return { from, to, list, totals, top };
  }

  /** Account merge (`user.merged`, inside its transaction): the guest's reports become the target's. */
  moveUser(tx: Db, fromUser: number, toUser: number): Promise<number> {
    return repo.moveUser(tx, fromUser, toUser);
  }
}
