/**
 * Playback services (issue 5 item 2): getJsonRealPath (./realpath.ts) and the user logs `ajaxUlog` / `plays`
 * (spec §3 "Favourite/log record", §4 "Record list", §7 "User log query/set"; MacCMS `mac_ulog`).
 *
 * ajaxUlog (a signed-in user):
 * - read (no `ac`): the user's entries of `mid`/`type` (of title `id` when given), newest first, at most `limit`.
 * - `ac=set`: write the entry of title `id` (required) at episode `sid`/`nid` with the watched second and length
 *   (`progress`, `duration`) of a watch record; favourites and watch records are one entry per title, downloads one
 *   per episode; a repeated set moves the entry to the front (MacCMS: an identical row only bumps its time). At most
 *   {@link ULOG_LIMIT} free entries per type are kept (the oldest go).
 * - `ac=set&cancel=1`: remove the entry of title `id` (every entry of the type without `id`). Paid entries
 *   (`ulog_points` > 0, issue 7) are never removed here.
 * - favourites (type 2, issue 7 item 1) toggle (spec §4 "Favourite/like toggle: adding an existing entry removes
 *   it"): `ac=set` of an existing favourite removes it and answers `list: []`, `existed: true`; a new film favourite
 *   (mid 1) pays the daily "collect films" task (plog type 20, through the `favourite.added` event, playback.events.ts; the points ledger
 *   pays one film once a day and caps the day's count) and answers the new balance in `point`. Wallpaper
 *   favourites (mid 12) are kept per picture (`sid`/`nid`) and pay nothing. The quota hook does not run for them.
 * - favs / downs / plays: the user's favourites (of a `mid`), downloads and watch log, newest first, paged.
 * The answer carries `list`, `point` (the user's points) and `existed` (an entry of the title existed before).
 *
 * The free-view/free-download quota of spec §4 ({@link UlogQuotaHook}) runs around a set: PlaybackDeps.quota,
 * the quotas module's service as wired in index.ts; without one nothing is blocked and no counter moves.
 */
import {
  type AppConfig,
  type PlaysResponse,
  type RealPathQuery,
  type RealPathResponse,
  ULOG_LIMIT,
  ULOG_MID,
  ULOG_TYPE,
  type UlogItem,
  type UlogQuery,
  type UlogResponse,
} from '@openvod/contract';
import { transaction } from '../../core/db.ts';
import { badRequest } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import './playback.events.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { parseEpisodes, SOURCE_SEP } from '../content/index.ts';
import { resolveRealPath } from './realpath.ts';
import * as repo from './ulog.repo.ts';

/** What a quota hook sees of a set: the user, the entry's key, and whether it existed before. */
export interface UlogSetContext {
  user: UserRow;
  key: repo.UlogKey;
  existed: boolean;
}

/**
 * Issue 7: the free-view flow (spec §4) plugs in here. `beforeSet` may throw an AppError to block the set (quota
 * used up); `afterSet` may count the use and return the user's new points balance.
 */
export interface UlogQuotaHook {
  beforeSet(ctx: UlogSetContext): Promise<void>;
  afterSet(ctx: UlogSetContext & { inserted: boolean }): Promise<{ point?: number } | undefined>;
}

/** The no-op hook of issue 5: nothing is blocked or counted. */
export const NO_QUOTA: UlogQuotaHook = {
  beforeSet: async () => {},
  afterSet: async () => undefined,
};

export function toUlogItem(r: repo.UlogWithVod): UlogItem {
  return {
    ulog_id: r.ulog_id,
    user_id: r.user_id,
    ulog_mid: r.ulog_mid,
    ulog_type: r.ulog_type,
    ulog_rid: r.ulog_rid,
    ulog_sid: r.ulog_sid,
    ulog_nid: r.ulog_nid,
    ulog_time: r.ulog_time,
    ulog_points: r.ulog_points,
    ulog_progress: r.ulog_progress,
    ulog_duration: r.ulog_duration,
    data: {
      id: r.ulog_rid,
      name: r.vod_name ?? '',
      pic: r.vod_pic ?? '',
      type_id: r.type_id ?? 0,
      url: r.play_url ? episodeUrl(r.play_url, r.ulog_sid, r.ulog_nid) : '',
    },
  };
}

/** The URL of episode `nid` (1-based) of source `sid` (1-based) of a MacCMS `vod_play_url`; '' when there is none. */
export function episodeUrl(playUrl: string, sid: number, nid: number): string {
  const list = playUrl.split(SOURCE_SEP)[sid - 1];
  if (list === undefined) return '';
  return parseEpisodes(list).find((e) => e.nid === nid)?.url ?? '';
}

const FAVOURITE: number = ULOG_TYPE.favourite;

function truthy(v: UlogQuery['cancel']): boolean {
  return v === true || v === '1' || v === 'true';
}

export interface PlaybackDeps {
  /** The app config's `player` map (parse APIs). */
  players: () => Promise<AppConfig['player']>;
  /** ALLOW_PRIVATE_FEEDS: parse APIs on loopback/private addresses are allowed. */
  allowPrivate: boolean;
  realPathTimeoutMs?: number;
  /**
   * The gallery category id (spec §3 app_gallery_typeid; 0 = none). Wallpaper entries (mid 12) are accepted only for
   * its titles and only they carry the picture address (`data.url`).
   */
  galleryTypeId?: () => Promise<number>;
  /**
   * The free-view quota of spec §4 around a set of a watch or download entry (index.ts: the quotas module's
   * QuotasService.hook, read at each set); default {@link NO_QUOTA}.
   */
  quota?: () => UlogQuotaHook;
  /** The app's event bus: a new film favourite is announced as `favourite.added` (playback.events.ts). */
  events: EventBus;
  /**
   * A viewer removed log entries (`ac=set&cancel=1`): index.ts publishes it on the `ulog` topic of
   * core/invalidation.ts, so the play gate of every process forgets the watch records it found (modules/quotas).
   */
  onEntriesRemoved?: (userId: number) => void;
}

export class PlaybackService {
  /** The clock (tests move it). */
  now: () => Date = () => new Date();

  constructor(
    private db: Db,
    private deps: PlaybackDeps,
  ) {}

  private get quota(): UlogQuotaHook {
    return this.deps.quota?.() ?? NO_QUOTA;
  }

  /** getJsonRealPath; errors as {@link resolveRealPath}. */
  realPath(q: RealPathQuery): Promise<RealPathResponse> {
    return resolveRealPath(q, {
      players: this.deps.players,
      allowPrivate: this.deps.allowPrivate,
      timeoutMs: this.deps.realPathTimeoutMs,
    });
  }

  /** The gallery category id when `mid` is the wallpaper module, else 0 (see {@link PlaybackDeps.galleryTypeId}). */
  private async galleryFor(mid: number): Promise<number> {
    if (mid !== repo.WALLPAPER_MID || !this.deps.galleryTypeId) return 0;
    return this.deps.galleryTypeId();
  }

  /**
   * ajaxUlog (see the module comment). Errors: 400 `ulog_no_id` for a set without `id`; 400 `ulog_not_wallpaper` for
   * a wallpaper entry (mid 12) of a title outside the gallery category.
   */
  async ulog(user: UserRow, q: UlogQuery): Promise<UlogResponse> {
    const base = { user_id: user.user_id, ulog_mid: q.mid, ulog_type: q.type };
    const ok = { code: 1 as const, msg: 'ok' };
    const gallery = await this.galleryFor(q.mid);
    if (q.ac !== 'set') {
      const list = await repo.findEntries(this.db, { ...base, ulog_rid: q.id }, q.limit, 0, gallery);
      return {
        ...ok,
        list: list.map(toUlogItem),
        point: user.user_points,
        existed: q.id !== undefined && list.length > 0,
      };
    }
    if (truthy(q.cancel)) {
      const removed = await repo.deleteEntries(this.db, { ...base, ulog_rid: q.id, ulog_sid: q.sid, ulog_nid: q.nid });
      if (removed > 0) this.deps.onEntriesRemoved?.(user.user_id);
      return { ...ok, list: [], point: user.user_points, existed: removed > 0 };
    }
    if (q.id === undefined) throw badRequest('ulog_no_id', {}, 'id');
    if (q.mid === repo.WALLPAPER_MID && !(await repo.inCategory(this.db, q.id, gallery))) {
      throw badRequest('ulog_not_wallpaper', {}, 'id');
    }
    const key: repo.UlogKey = { ...base, ulog_rid: q.id, ulog_sid: q.sid, ulog_nid: q.nid };
    if (q.type === FAVOURITE) return this.toggleFavourite(user, key, gallery);
    const existed = (await repo.entryByKey(this.db, key)) !== undefined;
    const ctx: UlogSetContext = { user, key, existed };
    await this.quota.beforeSet(ctx);
    const at = Math.floor(this.now().getTime() / 1000);
    const { row, inserted } = await repo.upsertEntry(this.db, key, at, { progress: q.progress, duration: q.duration });
    if (inserted) await repo.trimEntries(this.db, base, ULOG_LIMIT);
    const after = await this.quota.afterSet({ ...ctx, inserted });
    const entry = await repo.entryWithVod(this.db, row.ulog_id, gallery);
    return {
      ...ok,
      list: entry ? [toUlogItem(entry)] : [],
      point: after?.point ?? user.user_points,
      existed,
    };
  }

  /**
   * The favourite toggle (spec §4): removes the favourite of `key` when there is one, else writes it and, for a
   * film (mid 1), announces `favourite.added` (the points module pays the daily task) and answers the balance after. Concurrent toggles of one title end with at most one
   * entry (the unique index; a delete that finds nothing answers like a fresh insert's loser: `existed` false).
   */
  private async toggleFavourite(user: UserRow, key: repo.UlogKey, gallery: number): Promise<UlogResponse> {
    const ok = { code: 1 as const, msg: 'ok' };
    const removed = await repo.deleteEntries(this.db, key);
    if (removed > 0) return { ...ok, list: [], point: user.user_points, existed: true };
    const at = Math.floor(this.now().getTime() / 1000);
    let point = user.user_points;
    const { row } = await transaction(this.db, async (tx, { afterCommit }) => {
      const written = await repo.upsertEntry(tx, key, at, {});
      if (!written.inserted) return written;
      const base = { user_id: key.user_id, ulog_mid: key.ulog_mid, ulog_type: key.ulog_type };
      await repo.trimEntries(tx, base, ULOG_LIMIT);
      if (key.ulog_mid === ULOG_MID.vod) {
        // Once committed: subscribers (the points module's daily "collect films" task) run, and the answer carries
        // the balance they left.
        afterCommit(async () => {
          await this.deps.events.announce('favourite.added', { user, vodId: key.ulog_rid });
          point = (await repo.userPoints(this.db, user.user_id)) ?? point;
        });
      }
      return written;
    });
    const entry = await repo.entryWithVod(this.db, row.ulog_id, gallery);
    return { ...ok, list: entry ? [toUlogItem(entry)] : [], point, existed: false };
  }

  /**
   * Guest merge (the `user.merged` event, inside the merge transaction `tx`; modules/accounts/guest-merge.ts): the
   * guest's watch records, favourites, downloads and purchases become the target's ({@link repo.moveUserEntries}:
   * an entry both have is kept once, with the best of both). Returns how many guest entries moved or merged.
   */
  async moveUser(tx: Db, fromUser: number, toUser: number): Promise<number> {
    return repo.moveUserEntries(tx, fromUser, toUser);
  }

  /**
   * Account deletion (the `user.deleted` event, inside the deletion transaction `tx`): the user's free log entries
   * (watch records, favourites, downloads) go; paid entries (issue 7) stay with the anonymised account.
   */
  async forgetUser(tx: Db, userId: number): Promise<void> {
    await repo.deleteUserEntries(tx, userId);
  }

  /** plays: the user's watch log (type 4), newest first. */
  plays(user: UserRow, page: number, limit: number): Promise<PlaysResponse> {
    return this.page(user, ULOG_MID.vod, ULOG_TYPE.watch, page, limit);
  }

  /** favs: the user's favourites of module `mid` (1 films, 12 wallpapers), newest first (spec §7). */
  favs(user: UserRow, mid: number, page: number, limit: number): Promise<PlaysResponse> {
    return this.page(user, mid, ULOG_TYPE.favourite, page, limit);
  }

  /** downs: the user's download log (type 5, one entry per episode), newest first (spec §7). */
  downs(user: UserRow, mid: number, page: number, limit: number): Promise<PlaysResponse> {
    return this.page(user, mid, ULOG_TYPE.download, page, limit);
  }

  /**
   * Whether `userId` holds the download entry (mid 1, type 5) of episode `sid`/`nid` of a published title `vodId`:
   * written by ajaxUlog `ac=set&type=5` once the quota rule let the download through (the downloads module's report
   * counts only such episodes). Entries of unknown or unpublished titles, which the quota hook lets through unmetered
   * since nothing can be played from them, do not count. One indexed read (`db`: the caller's transaction, or this
   * service's database).
   */
  async hasDownload(userId: number, vodId: number, sid: number, nid: number, db: Db = this.db): Promise<boolean> {
    const key: repo.UlogKey = {
      user_id: userId,
      ulog_mid: ULOG_MID.vod,
      ulog_type: ULOG_TYPE.download,
      ulog_rid: vodId,
      ulog_sid: sid,
      ulog_nid: nid,
    };
    return repo.entryOfPublishedTitle(db, key);
  }

  /** One page (`page` 1-based, `limit` entries) of the user's entries of `mid`/`type`, newest first. */
  private async page(user: UserRow, mid: number, type: number, page: number, limit: number): Promise<PlaysResponse> {
    const f = { user_id: user.user_id, ulog_mid: mid, ulog_type: type };
    const gallery = await this.galleryFor(mid);
    const [list, total] = await Promise.all([
      repo.findEntries(this.db, f, limit, (page - 1) * limit, gallery),
      repo.countEntries(this.db, f),
    ]);
    return {
      code: 1,
      msg: 'ok',
      list: list.map(toUlogItem),
      page,
      pagecount: Math.max(1, Math.ceil(total / limit)),
      limit,
      total,
    };
  }
}
