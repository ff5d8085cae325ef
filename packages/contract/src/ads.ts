/**
 * Schemas of the ad system (issue 7 items 4 and 6; spec §3 "Ad record", §4 "Banner ad", §5 ads rules, §7 adList and
 * setPlog type 13, §9 ad constants). adList itself and the ad record are in player.ts (issue 5).
 *
 * Every ad adList serves carries `ad_token`, a server-signed show token (ad, viewer, expiry, random nonce). The app
 * reports the show with adImpression and a tap with adClick; the server counts both per ad per operator day, and
 * the banner caps read the shows. A tap pays the click reward (points, setPlog type 13) only to the signed-in viewer
 * the token was served to, once per token, within the task's daily cap.
 */
import { z } from 'zod';
import type { AppConfig } from './accounts.ts';
import { ok } from './envelope.ts';
import { AD_SLOT } from './player.ts';

/**
 * Banner default size (spec §9 "Banner default height 50px, width 750"): an ad without its own size is drawn across
 * the whole width (750 rpx, the original app's full width) and 50 px high.
 */
export const BANNER_SIZE = { width: 750, height: 50 } as const;

/** Seconds a show token stays valid (spec §9 "Ad expiry: 30 minutes"). */
export const AD_TOKEN_TTL_S = 30 * 60;

/** Seconds the launch splash counts down before it closes by itself (the skip control is there from the start). */
export const SPLASH_SECONDS = 5;

/** The slots the console names (others are free numbers). */
export const AD_SLOT_NAMES: ReadonlyArray<{ slot: number; key: 'splash' | 'banner' | 'player' | 'detail' }> = [
  { slot: AD_SLOT.splash, key: 'splash' },
  { slot: AD_SLOT.banner, key: 'banner' },
  { slot: AD_SLOT.player, key: 'player' },
  { slot: AD_SLOT.detail, key: 'detail' },
];

/**
 * Whether the app config's `ads.list` switches ad slot `slot` on (spec §3 "App config ads {list, ...}"): the list
 * names it as a number (`12`), a numeric string (`"12"`) or an object with `ad_local_type` 12 and an `ad_status`
 * other than 0. A missing or empty list switches every slot off. The server serves no ads of a slot that is off
 * (apps/server/src/modules/ads/ads.service.ts); the viewer app draws none and the console shows the switch with it.
 */
export function slotOn(ads: Pick<AppConfig['ads'], 'list'> | undefined, slot: number): boolean {
  if (!ads || !Array.isArray(ads.list)) return false;
  return ads.list.some((entry) => {
    if (typeof entry === 'number') return entry === slot;
    if (typeof entry === 'string') return entry.trim() !== '' && Number(entry) === slot;
    if (entry && typeof entry === 'object') {
      const e = entry as Record<string, unknown>;
      return Number(e.ad_local_type) === slot && e.ad_status !== 0 && e.ad_status !== '0';
    }
    return false;
  });
}

/** adImpression / adClick: the `ad_token` adList gave with the ad. */
export const AdTokenBody = z.object({ token: z.string().trim().min(10).max(400) });
export type AdTokenBody = z.infer<typeof AdTokenBody>;

/** adImpression: `counted` false when this token's show was counted before (a replay). */
export const AdImpressionResponse = ok({ counted: z.boolean() });
export type AdImpressionResponse = z.infer<typeof AdImpressionResponse>;

/**
 * adClick: `url` the ad's landing address ('' none); `point` the points this tap paid (0: a guest, the token's click
 * was paid before, the daily cap is reached or the click task is off); `user_points` the balance after it (0 for
 * guests).
 */
export const AdClickResponse = ok({ url: z.string(), point: z.number().int(), user_points: z.number().int() });
export type AdClickResponse = z.infer<typeof AdClickResponse>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** adminAdStats: operator days `from`..`to` (default: the last 7 operator days), optionally one slot. */
export const AdminAdStatsQuery = z.object({
  from: Day.optional(),
  to: Day.optional(),
  ad_local_type: z.coerce.number().int().min(0).max(1000).optional(),
});
export type AdminAdStatsQuery = z.infer<typeof AdminAdStatsQuery>;

/**
 * One ad's numbers over the range: `impressions` and `clicks` counted by the server, `paid_clicks` the clicks that
 * paid points, `rewards` the completed rewarded views of the ad (null when the rewarded-ad module does not report).
 */
export const AdStatItem = z.object({
  ad_id: z.number().int(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  paid_clicks: z.number().int(),
  rewards: z.number().int().nullable(),
});
export type AdStatItem = z.infer<typeof AdStatItem>;
export const AdminAdStatsResponse = ok({ from: z.string(), to: z.string(), list: z.array(AdStatItem) });
export type AdminAdStatsResponse = z.infer<typeof AdminAdStatsResponse>;

/** adminReorderAds: the ids of one slot's ads in their new order (first shown first). */
export const AdminReorderAdsBody = z.object({
  ad_local_type: z.number().int().min(0).max(1000),
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(500),
});
export type AdminReorderAdsBody = z.infer<typeof AdminReorderAdsBody>;
