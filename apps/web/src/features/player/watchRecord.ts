/**
 * The watch record (spec §3 "Locally stored lists": time, vod_id, vod_name, play, vod_pic, from, active, dur, cdur;
 * the longer reading adds duration, sid, nid; keys are per user_id). Kept on the device in localStorage, one list per
 * `user_id` (0 = not signed in), one entry per title, newest first, at most {@link WATCH_RECORD_LIMIT} entries.
 *
 * The player saves the entry of the title it plays (throttled while playing, and when the page is left) and resumes
 * from it. For signed-in users a sync (see {@link setWatchRecordSync}) pushes saved entries to the server and pulls
 * the server's entry when a title opens.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface WatchRecord {
  /** When it was last saved, seconds since the epoch. */
  time: number;
  vod_id: number;
  vod_name: string;
  /** The episode's name as listed (e.g. "第02集"). */
  play: string;
  vod_pic: string;
  /** The source's (line's) code, `vod_play_from` (e.g. "ovhls"). */
  from: string;
  /** Index (0-based) of the episode in its source. */
  active: number;
  /** The episode's length, seconds (0 while unknown). */
  dur: number;
  /** Where the viewer is in the episode (the resume point), seconds. */
  cdur: number;
  /** Progress through the episode, whole percent 0–100. */
  duration: number;
  /** Source id (1-based) and episode id (1-based) of the route: `sid`/`nid`. */
  sid: number;
  nid: number;
}

/** Entries kept per user (the server's favourite/record sync limit, spec §9: 500). */
export const WATCH_RECORD_LIMIT = 500;
/** A resume point this close to the end (seconds) counts as finished: the episode starts over. */
export const FINISHED_MARGIN_S = 5;

export const WATCH_RECORD_KEY = 'openvod-watch-record';

/**
 * Server sync of the watch record, set by the account/quotas feature (H8: ajaxUlog type 4). Only called for
 * signed-in users (`userId` > 0).
 */
export interface WatchRecordSync {
  /** A record was saved: on an episode change, when the page is left, and at most every 30 s while playing. */
  push: (userId: number, record: WatchRecord) => void;
  /** A title is opening: the server's record of it, if any (merged when newer than the local one). */
  pull?: (userId: number, vodId: number) => Promise<WatchRecord | null>;
}

let sync: WatchRecordSync | null = null;

/** Install (or remove, with null) the server sync. */
export function setWatchRecordSync(next: WatchRecordSync | null): void {
  sync = next;
}

/** The installed server sync, if any. */
export function getWatchRecordSync(): WatchRecordSync | null {
  return sync;
}

const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

export function isWatchRecord(value: unknown): value is WatchRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    num(v.time) &&
    num(v.vod_id) &&
    (v.vod_id as number) > 0 &&
    typeof v.vod_name === 'string' &&
    typeof v.play === 'string' &&
    typeof v.vod_pic === 'string' &&
    typeof v.from === 'string' &&
    num(v.active) &&
    num(v.dur) &&
    num(v.cdur) &&
    num(v.duration) &&
    num(v.sid) &&
    num(v.nid)
  );
}

/** Keep only well-formed lists of well-formed records, one per title (storage may hold anything). */
export function sanitizeWatchRecords(value: unknown): Record<string, WatchRecord[]> {
  const out: Record<string, WatchRecord[]> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, list] of Object.entries(value)) {
    if (!/^\d{1,10}$/.test(key) || !Array.isArray(list)) continue;
    const seen = new Set<number>();
    out[key] = list.filter((r): r is WatchRecord => {
      if (!isWatchRecord(r) || seen.has(r.vod_id)) return false;
      seen.add(r.vod_id);
      return true;
    });
  }
  return out;
}

/** `list` with `record` first and any older entry of its title removed. */
export function upsertRecord(list: readonly WatchRecord[], record: WatchRecord): WatchRecord[] {
  return [record, ...list.filter((r) => r.vod_id !== record.vod_id)].slice(0, WATCH_RECORD_LIMIT);
}

/** The progress percentage of a resume point. */
export function progressPercent(cdur: number, dur: number): number {
  return dur > 0 ? Math.min(100, Math.max(0, Math.round((cdur / dur) * 100))) : 0;
}

export interface WatchRecordState {
  /** Lists by `user_id` (as a string key), newest first. */
  byUser: Record<string, WatchRecord[]>;
  /** Save (insert or replace) the title's entry, moving it first. `time` and `duration` are filled in here. */
  save: (userId: number, record: Omit<WatchRecord, 'time' | 'duration'>, now?: number) => WatchRecord;
  /** Merge a record from the server: kept when the title has no local entry or the local one is older. */
  mergeRemote: (userId: number, record: WatchRecord) => void;
  remove: (userId: number, vodId: number) => void;
  clear: (userId: number) => void;
}

export const useWatchRecordStore = create<WatchRecordState>()(
  persist(
    (set, get) => ({
      byUser: {},
      save: (userId, input, now = Date.now()) => {
        const key = String(userId);
        const record: WatchRecord = {
          ...input,
          dur: Math.max(0, Math.round(input.dur)),
          cdur: Math.max(0, Math.round(input.cdur)),
          time: Math.floor(now / 1000),
          duration: progressPercent(input.cdur, input.dur),
        };
        set({ byUser: { ...get().byUser, [key]: upsertRecord(get().byUser[key] ?? [], record) } });
        return record;
      },
      mergeRemote: (userId, record) => {
        if (!isWatchRecord(record)) return;
        const key = String(userId);
        const list = get().byUser[key] ?? [];
        const local = list.find((r) => r.vod_id === record.vod_id);
        if (local && local.time >= record.time) return;
        const merged = [...list.filter((r) => r.vod_id !== record.vod_id), record].sort((a, b) => b.time - a.time);
        set({ byUser: { ...get().byUser, [key]: merged.slice(0, WATCH_RECORD_LIMIT) } });
      },
      remove: (userId, vodId) => {
        const key = String(userId);
        set({ byUser: { ...get().byUser, [key]: (get().byUser[key] ?? []).filter((r) => r.vod_id !== vodId) } });
      },
      clear: (userId) => {
        const { [String(userId)]: _gone, ...rest } = get().byUser;
        set({ byUser: rest });
      },
    }),
    {
      name: WATCH_RECORD_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ byUser: s.byUser }),
      merge: (persisted, current) => ({
        ...current,
        byUser: sanitizeWatchRecords((persisted as { byUser?: unknown } | undefined)?.byUser),
      }),
    },
  ),
);

/** The title's entry in `userId`'s list, if any. */
export function findWatchRecord(userId: number, vodId: number): WatchRecord | undefined {
  return useWatchRecordStore.getState().byUser[String(userId)]?.find((r) => r.vod_id === vodId);
}

/** The second to resume `sid`/`nid` at from `record`: its resume point when it is that episode and not finished. */
export function resumePoint(record: WatchRecord | undefined, sid: number, nid: number): number {
  if (!record || record.sid !== sid || record.nid !== nid) return 0;
  if (record.cdur < 1) return 0;
  if (record.dur > 0 && record.cdur >= record.dur - FINISHED_MARGIN_S) return 0;
  return record.cdur;
}
