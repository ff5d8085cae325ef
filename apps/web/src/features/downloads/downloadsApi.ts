/**
 * The server calls of downloading (issue 17 item 1; spec §4 "Free-view flow" for log type 5, §7 checkBuyPopedom and
 * ajaxUlog `ac=set` type 5) over {@link api}. Method and path mirror the contract's endpoint table at the type level
 * (a wrong one fails tsc).
 *
 * - `check`: may the caller download title `id` now, and why (nothing is consumed);
 * - `claim`: write the download entry of one episode (`sid`/`nid` 1-based): the server takes a free or extra download
 *   in the same call (once per episode and operator day; a repeat takes nothing) or refuses with 403 and a
 *   QUOTA_CODE (`quotaUsedUp`, `noRight`, ...);
 * - `report`: a task of an episode started, completed or failed (reportDownload, the console's downloads report;
 *   counted once per user, episode, event and operator day, and only for an episode with its type 5 entry).
 */
import type {
  CheckBuyPopedomResponse,
  endpoints,
  ReportDownloadBody,
  ReportDownloadResponse,
  UlogResponse,
} from '@openvod/contract';
import { ULOG_TYPE } from '@openvod/contract';
import { api } from '../../lib/api';

type Table = typeof endpoints;
const routes: {
  checkBuyPopedom: Pick<Table['checkBuyPopedom'], 'method' | 'path'>;
  ajaxUlog: Pick<Table['ajaxUlog'], 'method' | 'path'>;
  reportDownload: Pick<Table['reportDownload'], 'method' | 'path'>;
} = {
  checkBuyPopedom: { method: 'GET', path: '/api/popedom' },
  ajaxUlog: { method: 'GET', path: '/api/user/ulog' },
  reportDownload: { method: 'POST', path: '/api/download/report' },
};

export const downloadsApi = {
  check: (id: number, signal?: AbortSignal) =>
    api.request<CheckBuyPopedomResponse>(routes.checkBuyPopedom.path, {
      method: routes.checkBuyPopedom.method,
      query: { id, type: ULOG_TYPE.download },
      signal,
    }),
  claim: (id: number, sid: number, nid: number) =>
    api.request<UlogResponse>(routes.ajaxUlog.path, {
      method: routes.ajaxUlog.method,
      query: { ac: 'set', mid: 1, type: ULOG_TYPE.download, id, sid, nid },
      auth: true,
    }),
  report: (body: ReportDownloadBody) =>
    api.request<ReportDownloadResponse>(routes.reportDownload.path, {
      method: routes.reportDownload.method,
      body,
      auth: true,
    }),
};
