/**
 * The server calls of downloading (issue 17 item 1; spec §4 "Free-view flow" for log type 5, §7 checkBuyPopedom and
 * ajaxUlog `ac=set` type 5) over the typed {@link call} (lib/client.ts).
 *
 * - `check`: may the caller download title `id` now, and why (nothing is consumed);
 * - `claim`: write the download entry of one episode (`sid`/`nid` 1-based): the server takes a free or extra download
 *   in the same call (once per episode and operator day; a repeat takes nothing) or refuses with 403 and a
 *   QUOTA_CODE (`quotaUsedUp`, `noRight`, ...);
 * - `report`: a task of an episode started, completed or failed (reportDownload, the console's downloads report;
 *   counted once per user, episode, event and operator day, and only for an episode with its type 5 entry).
 */
import type { ReportDownloadBody } from '@openvod/contract';
import { ULOG_TYPE } from '@openvod/contract';
import { call } from '../../lib/client';

export const downloadsApi = {
  check: (id: number, signal?: AbortSignal) =>
    call('checkBuyPopedom', { query: { id, type: ULOG_TYPE.download }, signal }),
  claim: (id: number, sid: number, nid: number) =>
    call('ajaxUlog', { query: { ac: 'set', mid: 1, type: ULOG_TYPE.download, id, sid, nid } }),
  report: (body: ReportDownloadBody) => call('reportDownload', { body }),
};
