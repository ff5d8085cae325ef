/**
 * adList over the app's API client (spec §7 "adList"; contract endpoint `adList`, GET /api/ads?ad_local_type=N).
 * The path mirrors the contract at the type level, so a changed route fails tsc.
 */
import type { AdItem, AdListResponse, endpoints, UserInfo } from '@openvod/contract';
import { api } from '../../lib/api';

const route: Pick<(typeof endpoints)['adList'], 'method' | 'path'> = { method: 'GET', path: '/api/ads' };

/** The ads of slot `slot` for the caller (the server leaves VIP and ad-free callers out). */
export async function fetchAds(slot: number, signal?: AbortSignal): Promise<AdItem[]> {
  const res = await api.request<AdListResponse>(route.path, {
    method: route.method,
    query: { ad_local_type: slot },
    signal,
  });
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
