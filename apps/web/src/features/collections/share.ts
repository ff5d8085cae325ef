/**
 * Sharing a title (spec §9 daily reward "share", plog type 21 = TASK_PLOG.share; issue 7 item 5): the system share
 * sheet (Web Share API) where the device has one, else the link is copied. A completed share is reported with
 * setPlog type 21 and the title as `id` (signed-in users only); the server pays the operator's amount once per title
 * a day, up to the task's daily count, and answers `point` 0 otherwise. A cancelled share reports nothing.
 */
import { TASK_PLOG } from '@openvod/contract';
import { api } from '../../lib/api';
import { applyPointsBalance } from '../../lib/pointsBalance';

/** How the share went: shared through the sheet, link copied, cancelled by the viewer, or impossible here. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'unavailable';

export interface ShareTarget {
  title: string;
  text: string;
  url: string;
}

/** The address of title `vodId`'s page in this app (HashRouter), on this origin. */
export function titleUrl(vodId: number, loc: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${loc.origin}${loc.pathname}#/pages/detail/mov-detail?id=${vodId}`;
}

/** Share through `nav` (the browser's navigator by default). Never throws. */
export async function shareTitle(target: ShareTarget, nav: Partial<Navigator> = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share(target);
      return 'shared';
    } catch (err) {
      // AbortError: the viewer closed the sheet. Other errors (not allowed here): fall back to copying.
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    }
  }
  if (nav.clipboard && typeof nav.clipboard.writeText === 'function') {
    try {
      await nav.clipboard.writeText(`${target.text} ${target.url}`);
      return 'copied';
    } catch {
      return 'unavailable';
    }
  }
  return 'unavailable';
}

/** Report a completed share of title `vodId` (setPlog type 21). Resolves the points paid (0: none today). */
export async function reportShare(vodId: number): Promise<number> {
  const r = await api.request<{ code: number; msg: string; point?: number; user_points?: number }>('/api/points/plog', {
    method: 'GET',
    query: { type: TASK_PLOG.share, id: vodId },
    auth: true,
  });
  applyPointsBalance(r.user_points);
  return r.point ?? 0;
}
