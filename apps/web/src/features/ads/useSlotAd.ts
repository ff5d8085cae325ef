/**
 * The ad of one slot for the current viewer (issue 7 item 4): the first ad adList serves for `slot` that the web
 * can draw, with the slot's tap handler. Nothing is asked while the app config's switch for the slot is off or the
 * stored user is VIP / ad-free (the server applies the same rules, and the caps, to its answer).
 *
 * A tap reports the click with the ad's show token (the server pays the ad-click points once, to a signed-in viewer
 * the ad was served to; a toast says how many) and opens the ad's target: an http(s) landing page in the in-app web
 * page `web/index?url=`, a `/pages/...` path in the app.
 */
import { slotOn } from '@openvod/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../../lib/appConfig';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { webDrawable } from './AdCreative';
import { adFreeUser, adTarget, fetchAds, reportClick, type ServedAd } from './adsApi';
import { adKeys } from './usePlayerAds';

export interface SlotAd {
  ad: ServedAd | undefined;
  /** The app config's `showVipAd`: offer 'no ads with VIP' next to the ad. */
  showVipAd: boolean;
  /** The viewer tapped the ad. */
  open: () => void;
  /** The slot's answer is still on its way. */
  pending: boolean;
}

/** Report the tap (toast the points it paid) and go to the ad's target. */
export function useOpenAd(): (ad: ServedAd) => void {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(
    (ad: ServedAd) => {
      void reportClick(ad).then((point) => {
        if (point > 0) toast(t('adsys.clickReward', { point }), 'success');
      });
      const target = adTarget(ad);
      if (target) navigate(target.route);
    },
    [navigate, t],
  );
}

/** The slot's ad (`when` false: ask nothing, e.g. the caller already has one). */
export function useSlotAd(slot: number, when = true): SlotAd {
  const config = useAppConfig();
  const user = useSession((s) => s.user);
  const enabled = when && slotOn(config.ads, slot) && !adFreeUser(user);
  const query = useQuery({
    queryKey: adKeys.slot(slot, user?.user_id ?? 0),
    queryFn: ({ signal }) => fetchAds(slot, signal),
    enabled,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const openAd = useOpenAd();
  const ad = enabled ? (query.data ?? []).find(webDrawable) : undefined;
  const open = useCallback(() => {
    if (ad) openAd(ad);
  }, [ad, openAd]);
  return { ad, showVipAd: config.ads.showVipAd === true, open, pending: enabled && query.isPending };
}
