/**
 * Where the TV got to (spec §3 watch record, §4 Casting "exit"): while a title is cast, the phone's player is gone,
 * so the watch record still says where casting started. On exit the renderer's last reported position goes into
 * the title's watch record entry (and to the server sync for signed-in users), so the title page then resumes
 * where the TV stopped.
 */
import { findWatchRecord, getWatchRecordSync, useWatchRecordStore } from '../player';

export interface CastProgress {
  vodId: number;
  sid: number;
  nid: number;
  /** The renderer's last position and the episode's length, seconds (0: unknown). */
  position: number;
  duration: number;
}

/**
 * Save `p` into `userId`'s watch record entry of the title when that entry is of the cast episode (the title page
 * saved it as casting started) and the renderer reported a position. Returns whether it saved.
 */
export function saveCastProgress(userId: number, p: CastProgress): boolean {
  const entry = findWatchRecord(userId, p.vodId);
  if (!entry || entry.sid !== p.sid || entry.nid !== p.nid) return false;
  if (!Number.isFinite(p.position) || p.position <= 0) return false;
  const { time: _time, duration: _percent, ...rest } = entry;
  const record = useWatchRecordStore.getState().save(userId, {
    ...rest,
    cdur: p.position,
    dur: p.duration > 0 ? p.duration : entry.dur,
  });
  const sync = getWatchRecordSync();
  if (userId > 0 && sync) {
    try {
      sync.push(userId, record);
    } catch {
      // The sync reports its own failures; the local record stands.
    }
  }
  return true;
}
