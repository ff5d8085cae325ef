/**
 * The document of a script-code ad (`ad_type` 3) or a network ad (`ad_type` 0), served by GET /api/ads/:id/frame
 * (operationId adFrame) into the app's sandboxed iframe (DESIGN.md §8 "Script-code ads render only in a sandboxed
 * iframe"; research/money.md §4 "sandboxed cross-origin iframe ... CSP").
 *
 * Why served and not `srcdoc`: an `srcdoc` document inherits the app's Content-Security-Policy (`script-src 'self'`),
 * which rightly forbids inline script in the app, so operator code could not run there. The frame is its own
 * response with its own policy, whose `sandbox` directive (scripts and pop-ups, NOT same-origin) gives the document
 * an opaque origin even when opened on its own: it can never read the app's storage, cookies or DOM, nor call the
 * API as the viewer. The app's iframe sets the same `sandbox` attribute.
 */

/** The frame's sandbox (header and iframe attribute alike): never `allow-same-origin` or top navigation. */
export const AD_FRAME_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

/** The frame response's Content-Security-Policy. */
export const AD_FRAME_CSP =
  `sandbox ${AD_FRAME_SANDBOX}; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; ` +
  "frame-ancestors 'self'; base-uri 'none'";

/**
 * The loader of a Google ad unit from `ad_google_id` "ca-pub-<digits>/<ad unit digits>", or undefined for any other
 * value (nothing else is ever put into the document).
 */
export function googleAdCode(googleId: string): string | undefined {
  const m = /^(ca-pub-\d{6,20})\/(\d{4,20})$/.exec(googleId.trim());
  if (!m) return undefined;
  return (
    `<script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${m[1]}"></script>` +
    `<ins class="adsbygoogle" style="display:block;width:100%;height:100%" data-ad-client="${m[1]}" ` +
    `data-ad-slot="${m[2]}"></ins><script>(adsbygoogle=window.adsbygoogle||[]).push({});</script>`
  );
}

/** The whole document around the ad's code (a bare, margin-free page). */
export function adDocument(code: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    '<style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}</style></head><body>' +
    code +
    '</body></html>'
  );
}
