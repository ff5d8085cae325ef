/**
 * Server sync of the watch record for signed-in users (spec §3 watch record, §4 Session "trigger ... favourite sync",
 * §7 ajaxUlog type 4 and plays; issue 5 item 2): installed into the player's record store
 * (features/player/watchRecord.ts `setWatchRecordSync`).
 *
 * - push: every saved record goes to `ajaxUlog ac=set type=4` with the title, `sid`/`nid` and the resume point
 *   (`progress`, `duration`: seconds). Failures are dropped (the next save pushes again).
 * - pull: when a title opens, its server entry (`ajaxUlog type=4 id=N`); and at start and at each sign-in, once per user,
 *   the whole watch log (`ajaxUlog type=4 limit=500`), so another device's records are here before a title opens.
 *   The store keeps whichever of the local and server entry is newer.
 *
 * The server keeps no episode name or line code: a record pulled from it has `play` '' and `from` '' until this
 * device plays the title (the resume reads `sid`/`nid` and `cdur`).
 */
import type { UlogItem } from '@openvod/contract';
import { ULOG_LIMIT, ULOG_TYPE } from '@openvod/contract';
import { type CallQuery, call } from '../../lib/client';
import { applyPointsBalance } from '../../lib/pointsBalance';
import { useSession } from '../../lib/session';
import {
  progressPercent,
  setWatchRecordSync,
  useWatchRecordStore,
  type WatchRecord,
  type WatchRecordSync,
} from '../player';

function ulog(query: CallQuery<'ajaxUlog'>, signal?: AbortSignal) {
  return call('ajaxUlog', { query, signal });
}

/** The store's record of a server entry (see the module comment for `play` and `from`). */
export function recordFromUlog(e: UlogItem): WatchRecord {
  return {
    time: e.ulog_time,
    vod_id: e.ulog_rid,
    vod_name: e.data.name,
    play: '',
    vod_pic: e.data.pic,
    from: '',
    active: Math.max(0, e.ulog_nid - 1),
    dur: e.ulog_duration,
    cdur: e.ulog_progress,
    duration: progressPercent(e.ulog_progress, e.ulog_duration),
    sid: e.ulog_sid,
    nid: e.ulog_nid,
  };
}

/** The ajaxUlog query that stores `record`. */
export function setQueryOf(record: WatchRecord): Record<string, string | number> {
  return {
    ac: 'set',
    mid: 1,
    type: ULOG_TYPE.watch,
    id: record.vod_id,
    sid: record.sid,
    nid: record.nid,
    progress: Math.max(0, Math.round(record.cdur)),
    duration: Math.max(0, Math.round(record.dur)),
  };
}

export const watchRecordSync: WatchRecordSync = {
  push: (_userId, record) => {
    // A new watch entry may pay the "watch films" task: the answer's balance goes to the me page at once.
    ulog(setQueryOf(record)).then(
      (res) => applyPointsBalance(res.point),
      () => undefined,
    );
  },
  pull: async (_userId, vodId) => {
    const res = await ulog({ mid: 1, type: ULOG_TYPE.watch, id: vodId, limit: 1 });
    const first = res.list[0];
    return first ? recordFromUlog(first) : null;
  },
};

/** Merge the signed-in user's whole server watch log into the store. */
export async function pullAll(userId: number, signal?: AbortSignal): Promise<number> {
  const res = await ulog({ mid: 1, type: ULOG_TYPE.watch, limit: ULOG_LIMIT }, signal);
  const store = useWatchRecordStore.getState();
  for (const e of res.list) store.mergeRemote(userId, recordFromUlog(e));
  return res.list.length;
}

const pulledUsers = new Set<number>();

function pullOnce(userId: number): void {
  if (userId <= 0 || pulledUsers.has(userId)) return;
  pulledUsers.add(userId);
  pullAll(userId).catch(() => pulledUsers.delete(userId));
}

let installed = false;

/**
 * Install the sync into the record store and pull the signed-in user's watch log now and whenever another user
 * signs in (once per user and session). Called once at app start (app/router.tsx); idempotent.
 */
export function installWatchRecordSync(): void {
  if (installed) return;
  installed = true;
  setWatchRecordSync(watchRecordSync);
  pullOnce(useSession.getState().user?.user_id ?? 0);
  useSession.subscribe((s, prev) => {
    // A new session (a sign-in, possibly bringing a guest's entries into the account: the server merged them) pulls
    // again, also for a user pulled before in this page load.
    if (s.token !== prev.token) pulledUsers.clear();
    pullOnce(s.user?.user_id ?? 0);
  });
}
