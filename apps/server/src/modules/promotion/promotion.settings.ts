/**
 * The operator's promotion settings: `app_setting` key `promotion` (JSON, core/settings.ts), merged over
 * {@link DEFAULT_PROMOTION_SETTINGS}; shape and ranges: packages/contract promotion.ts `PromotionSettings`.
 *
 * Units: fen for money; `scale` is points per yuan (MacCMS `cash_ratio`; spec §3 "scale", default 10): 10 points
 * make 100 fen, so one point is worth 10 fen at the default. The caps: `reg_daily_cap` registration rewards per
 * promoter per operator day; `invitee_day_cap_fen` / `invitee_total_cap_fen` the fen one invitee may earn all its
 * inviters together (every depth and source) per operator day and in total; 0 = no cap for the fen caps.
 */
import { PromotionSettings } from '@openvod/contract';
import { getSettings, setSetting } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';

export const PROMOTION_SETTINGS_KEY = 'promotion';

export const DEFAULT_PROMOTION_SETTINGS: PromotionSettings = {
  enabled: true,
  hold_days: 7,
  reg_daily_cap: 20,
  invitee_day_cap_fen: 1000,
  invitee_total_cap_fen: 50000,
  scale: 10,
  visit_points: 0,
  tiers_enabled: false,
  burst_per_day: 10,
  inactive_days: 7,
};

/** The stored settings over the defaults; a stored value out of range falls back to its default. */
export async function loadPromotionSettings(db: Db): Promise<PromotionSettings> {
  const stored = (await getSettings(db, [PROMOTION_SETTINGS_KEY]))[PROMOTION_SETTINGS_KEY];
  const out: Record<string, unknown> = { ...DEFAULT_PROMOTION_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const [k, v] of Object.entries(stored)) {
      const field = PromotionSettings.shape[k as keyof PromotionSettings];
      if (field?.safeParse(v).success) out[k] = v;
    }
  }
  return out as PromotionSettings;
}

/** Merge `patch` into the stored settings and return the result. */
export async function savePromotionSettings(db: Db, patch: Partial<PromotionSettings>): Promise<PromotionSettings> {
  const next = { ...(await loadPromotionSettings(db)), ...patch };
  await setSetting(db, PROMOTION_SETTINGS_KEY, next);
  return next;
}
