import { ULOG_MID, ULOG_TYPE } from '@openvod/contract';
import RecordListPage from '../../features/collections/RecordListPage';
import { pullAll } from '../../features/playback-sync/watchSync';
import { useWatchRecordStore, type WatchRecord } from '../../features/player/watchRecord';
import { useUserId } from '../../lib/session';
import { ulogApi } from '../../lib/ulogApi';

const EMPTY: WatchRecord[] = [];

/**
 * Remove watch records (all of them when `all`; issue 7 item 1): for a signed-in user on the server first (ajaxUlog
 * type 4 `cancel`; paid entries stay), then from the player's record store.
 */
export async function removeRecords(userId: number, vodIds: readonly number[], all: boolean): Promise<void> {
  const mid = ULOG_MID.vod;
  if (userId > 0) {
    if (all) await ulogApi.cancel(ULOG_TYPE.watch, { mid });
    else await Promise.all(vodIds.map((id) => ulogApi.cancel(ULOG_TYPE.watch, { mid, id })));
  }
  const store = useWatchRecordStore.getState();
  if (all) store.clear(userId);
  else for (const id of vodIds) store.remove(userId, id);
}

/** `me/common/record-list`: the watch history page on the player's record store and the watch-record sync. */
export default function RecordListRoute() {
  const userId = useUserId();
  const records = useWatchRecordStore((s) => s.byUser[String(userId)] ?? EMPTY);
  return <RecordListPage records={records} pull={pullAll} remove={removeRecords} />;
}
