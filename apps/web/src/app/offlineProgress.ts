/**
 * Watch progress saved by the offline player with no network (issue 17 item 5): the player's watch record keeps it
 * on the device (features/player/watchRecord.ts); the titles are remembered here and their records are sent to the
 * server's watch log once the network returns (app/downloads.tsx calls {@link flushOfflineProgress} on `online`).
 */
import { findWatchRecord, getWatchRecordSync } from '../features/player/watchRecord';
import { currentUserId } from '../lib/session';

/** Titles whose watch record changed while offline: `"<user_id>:<vod_id>"` (localStorage). */
const OFFLINE_PROGRESS_KEY = 'openvod-offline-progress';

function pendingProgress(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(OFFLINE_PROGRESS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The offline player saved progress of `vodId` (in the player's watch record, on the device): when it happens with
 * no network, the record is sent to the server once the network returns ({@link flushOfflineProgress}).
 */
export function rememberOfflineProgress(userId: number, vodId: number): void {
  if (userId <= 0 || navigator.onLine) return;
  const key = `${userId}:${vodId}`;
  const list = pendingProgress();
  if (!list.includes(key)) localStorage.setItem(OFFLINE_PROGRESS_KEY, JSON.stringify([...list, key]));
}

/** Send the watch records saved offline (the signed-in user's; the others wait for their user). */
export function flushOfflineProgress(): void {
  const sync = getWatchRecordSync();
  const userId = currentUserId();
  if (!navigator.onLine || !sync || userId <= 0) return;
  const left: string[] = [];
  for (const key of pendingProgress()) {
    const [user, vod] = key.split(':').map(Number);
    const record = user === userId && vod ? findWatchRecord(userId, vod) : undefined;
    if (user !== userId) left.push(key);
    else if (record) sync.push(userId, record);
  }
  localStorage.setItem(OFFLINE_PROGRESS_KEY, JSON.stringify(left));
}
