/**
 * The launch splash (spec §2 common/guide-page "splash ad"; issue 7 item 4): at a cold start, once the launch flow
 * has the app config and the session, {@link splashDue} asks adList for the splash slot ({@link AD_SLOT}.splash)
 * when the config switches it on and the user is not VIP / ad-free; when an ad the web can draw comes back it is
 * kept for the guide page, which the launch then opens (over the page the app was opened on, which it returns to).
 */
import { AD_SLOT, type AppConfig, slotOn, type UserInfo } from '@openvod/contract';
import { webDrawable } from './AdCreative';
import { adFreeUser, fetchAds, type ServedAd } from './adsApi';

let pending: ServedAd | undefined;

/** Routes the splash never covers (it is itself one, or the viewer came to sign in / read a page). */
const NO_SPLASH = ['/pages/common/guide-page', '/pages/web/index', '/pages/login/index'];

/** The splash ad the launch fetched (taken once). */
export function takeSplashAd(): ServedAd | undefined {
  const ad = pending;
  pending = undefined;
  return ad;
}

/** The guide-page route that shows the splash and then goes to `redirect`. */
export function guidePath(redirect: string): string {
  return `/pages/common/guide-page?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * Whether a splash is due at this launch (and, if so, its ad is kept for the guide page). Never rejects: a failed
 * adList means no splash.
 */
export async function splashDue(
  config: Pick<AppConfig, 'ads'>,
  user: Pick<UserInfo, 'group_id' | 'user_noad_time'> | null,
  pathname: string,
): Promise<boolean> {
  if (NO_SPLASH.includes(pathname) || !slotOn(config.ads, AD_SLOT.splash) || adFreeUser(user)) return false;
  try {
    pending = (await fetchAds(AD_SLOT.splash)).find(webDrawable);
  } catch {
    pending = undefined;
  }
  return pending !== undefined;
}
