/**
 * A script-code ad (`ad_type` 3, spec §3; DESIGN.md §8 "Script-code ads render only in a sandboxed iframe") or a
 * network ad (`ad_type` 0): the server's frame document of the ad (adFrame, GET /api/ads/:id/frame, served under its
 * own CSP `sandbox`) in an iframe whose sandbox allows scripts and pop-ups but NOT same-origin. The document gets an
 * opaque origin: it cannot read the app's storage, cookies, DOM or session token, nor call the API as the viewer.
 * (Not `srcdoc`: a srcdoc document inherits the app's CSP, which forbids inline script.)
 */
import type { CSSProperties } from 'react';

/** The sandbox of every ad frame: scripts and pop-ups, never `allow-same-origin` or top navigation. */
export const AD_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

/** The address of an ad's frame document (same origin as the app's media, like `/media/...`). */
export function adFrameUrl(adId: number): string {
  return `/api/ads/${adId}/frame`;
}

/** Whether `ad_google_id` is a Google unit the server will build a frame for ("ca-pub-<digits>/<digits>"). */
export function googleUnitValid(googleId: string): boolean {
  return /^ca-pub-\d{6,20}\/\d{4,20}$/.test(googleId.trim());
}

export function ScriptAdFrame({ adId, title, style }: { adId: number; title: string; style?: CSSProperties }) {
  return (
    <iframe
      title={title}
      sandbox={AD_SANDBOX}
      src={adFrameUrl(adId)}
      referrerPolicy="no-referrer"
      style={{ border: 0, width: '100%', height: '100%', display: 'block', ...style }}
      data-testid="script-ad-frame"
    />
  );
}
