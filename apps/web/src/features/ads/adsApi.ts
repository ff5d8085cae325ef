/**
 * adList, adImpression and adClick (spec §7 "adList"; contract endpoints `adList` by `ad_local_type`, `adImpression`,
 * `adClick`) over the typed {@link call} (lib/client.ts).
 */
import type { AdItem, AdListResponse, UserInfo } from '@openvod/contract';
import { call } from '../../lib/client';
import { applyPointsBalance } from '../../lib/pointsBalance';

/** Longest wait for the player slot's ad list before the episode starts without a pre-roll. */
export const ADS_WAIT_MS = 1500;

/** Query keys of a slot's ad list, per viewer (the server's answer depends on the caller). */
export const adKeys = { slot: (slot: number, userId: number) => ['ads', slot, userId] as const };

/** An ad as adList serves it: the record plus its signed show token (`ad_token`). */
export type ServedAd = AdListResponse['list'][number];

/** The ads of slot `slot` for the caller (the server leaves VIP and ad-free callers out, and applies the caps). */
export async function fetchAds(slot: number, signal?: AbortSignal): Promise<ServedAd[]> {
  const res = await call('adList', { query: { ad_local_type: slot }, signal });
  return res.list;
}

/**
 * The stored user needs no ads (spec §4 "VIP: group_id above 2. Ad-free while user_noad_time is in the future"):
 * the app does not even ask for them. The server applies the same rule to its answer.
 */
export function adFreeUser(user: Pick<UserInfo, 'group_id' | 'user_noad_time'> | null, nowMs = Date.now()): boolean {
  if (!user) return false;
  return user.group_id > 2 || user.user_noad_time > Math.floor(nowMs / 1000);
}

/** An ad the web player can draw: an image (type 1) or a video (type 2) ad with its address. */
export function drawable(ad: AdItem): boolean {
  return (
    (ad.ad_type === 1 && ad.ad_pic_url !== '') || (ad.ad_type === 2 && (ad.ad_video_url !== '' || ad.ad_pic_url !== ''))
  );
}

/** The ad's landing page, if it is a safe http(s) address (the server already refuses anything else). */
export function landingUrl(ad: AdItem): string | undefined {
  try {
    const u = new URL(ad.ad_url, globalThis.location?.href ?? 'http://localhost/');
    return ad.ad_url && (u.protocol === 'http:' || u.protocol === 'https:') ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

const reported = new Set<string>();

/**
 * Tell the server an ad was shown (once per served token in this page load; the server counts a token once anyway).
 * Failures are swallowed: a lost report only means one show less on the banner caps.
 */
export function reportImpression(ad: { ad_token?: string }): void {
  const token = ad.ad_token;
  if (!token || reported.has(token)) return;
  reported.add(token);
  call('adImpression', { body: { token } }).catch(() => reported.delete(token));
}

/**
 * Tell the server the ad was tapped: it counts the tap and pays the ad-click reward (points) to the signed-in viewer
 * the ad was served to, once. Resolves the points paid now (0 when nothing was paid or the report failed).
 */
export async function reportClick(ad: { ad_token?: string }): Promise<number> {
  const token = ad.ad_token;
  if (!token) return 0;
  try {
    const res = await call('adClick', { body: { token } });
    if (res.point > 0) applyPointsBalance(res.user_points);
    return res.point;
  } catch {
    return 0;
  }
}

/** Whether the app config's `ads.list` switches a slot on: the contract's rule, the one the server serves by. */
export { slotOn } from '@openvod/contract';

/**
 * Where a tap on an ad leads: an absolute http(s) landing page opens in the in-app web page (`web/index?url=`, spec
 * §2 and §7 "The ad page is loaded with a source url query parameter"); a site path (`/pages/...`) is an in-app
 * route; anything else leads nowhere.
 */
export function adTarget(ad: Pick<AdItem, 'ad_url'>): { route: string } | undefined {
  const url = ad.ad_url.trim();
  if (!url) return undefined;
  if (/^\/pages\/[\w/-]+(\?[^#]*)?$/.test(url)) return { route: url };
  const href = landingUrl(ad as AdItem);
  if (!href || href.startsWith(globalThis.location?.origin ?? '\u0000')) return undefined;
  return { route: `/pages/web/index?url=${encodeURIComponent(href)}` };
}
