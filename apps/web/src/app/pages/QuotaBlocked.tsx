/**
 * Composition of the blocked screen (features/quotas) with the rewarded ad (features/ads) and navigation, for the
 * title page (issue 7 item 2; spec §5 "When views run out: watch an ad, log in or become VIP"). Features do not
 * import each other: the ad reaches the screen through this component. `kind` 5 is the download sheet's (issue 17
 * item 1): the rewarded ad is watched with purpose 'download' (the server credits one extra download).
 */
import type { CheckBuyPopedomResponse } from '@openvod/contract';
import { useLocation, useNavigate } from 'react-router';
import { waivePreroll } from '../../features/ads/prerollWaiver';
import { watchRewardedAd } from '../../features/ads/rewarded';
import { BlockedScreen } from '../../features/quotas/BlockedScreen';
import { useJump } from '../../lib/navigation';
import { loginPath, paths } from '../../lib/routes';

export function QuotaBlocked({
  vodId,
  check,
  kind = 4,
  poster,
  onRetry,
}: {
  vodId: number;
  check: CheckBuyPopedomResponse;
  kind?: 4 | 5;
  poster?: string;
  onRetry: () => void;
}) {
  const jump = useJump();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <BlockedScreen
      vodId={vodId}
      check={check}
      kind={kind}
      poster={poster}
      onWatchAd={async () => {
        // The server credits the view after it verified the ad; the page then asks it again.
        if ((await watchRewardedAd({ purpose: kind === 5 ? 'download' : 'view', vodId })) === 'rewarded') {
          // One ad is enough: the title's pre-roll is not shown on top of it.
          if (kind === 4) waivePreroll(vodId);
          onRetry();
        }
      }}
      onLogin={() => navigate(loginPath(`${location.pathname}${location.search}`))}
      onVip={() => jump(paths.buyCenter, { login: true })}
      onExchange={() => jump(paths.exchangeCenter, { login: true })}
      onRetry={onRetry}
    />
  );
}
