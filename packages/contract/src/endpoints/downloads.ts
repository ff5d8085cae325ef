/**
 * The downloads report (issue 17 items 2 and 7; schemas in ../downloads.ts): the viewer app reports its download
 * tasks' progress, the console reads the counts per operator day and the top titles.
 */
import * as D from '../downloads.ts';
import type { Endpoint } from '../endpoint-type.ts';

export const downloadsEndpoints = {
  reportDownload: {
    method: 'POST',
    path: '/api/download/report',
    body: D.ReportDownloadBody,
    response: D.ReportDownloadResponse,
    auth: 'user',
    summary:
      'A download task of an episode started, completed or failed (a signed-in viewer, the device guest too; 240 a ' +
      'minute). Counted once per user, episode, event and operator day (a repeat answers counted false); refused ' +
      '403 (code 4201) unless the caller holds the ajaxUlog type 5 entry of that episode',
  },
  adminDownloadsReport: {
    method: 'GET',
    path: '/api/admin/downloads/report',
    query: D.AdminDownloadsReportQuery,
    response: D.AdminDownloadsReportResponse,
    auth: 'admin',
    summary:
      'Downloads started, completed and failed per operator day over the last `days` days (default 14), the ' +
      'totals and the top 10 titles',
  },
} as const satisfies Record<string, Endpoint>;
