/**
 * Sharing a title through the system share sheet (Web Share API) where the device has one, else by copying the link.
 * The "share" task (spec §9, plog type 21) is paid by the server when a member makes a short link (share-to page,
 * modules/social), never on a client's report.
 */

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
