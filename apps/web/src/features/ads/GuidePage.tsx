/**
 * common/guide-page, the launch splash (spec §2 "common/guide-page (splash ad)"; issue 7 item 4). Full screen over
 * the app: the splash ad the launch fetched (or, opened directly, the splash slot's ad), over the day's cover
 * (getDayCover) - or the day's cover alone when there is no ad. A skip control is there from the first second
 * (a prominent one-click close, research/money.md §4) and counts down {@link SPLASH_SECONDS} s, after which the
 * splash closes by itself and the app goes on to `redirect` (the page it was opened on; only `/pages/...` paths,
 * else the main tabs). Tapping the ad reports the click (points for signed-in viewers) and opens its page (an
 * http(s) landing page in web/index). With `showVipAd`, a 'no ads with VIP' link leads to buy-center.
 */
import { AD_SLOT, SPLASH_SECONDS } from '@openvod/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../lib/client';
import { paths } from '../../lib/routes';
import { AdCreative, isLandscape } from './AdCreative';
import styles from './ads.module.css';
import { adTarget, reportClick, reportImpression } from './adsApi';
import { takeSplashAd } from './splash';
import { useSlotAd } from './useSlotAd';

/** Where the splash goes when it closes: `redirect` when it is an app path, else the main tabs. */
export function splashExit(redirect: string | null): string {
  if (redirect && /^\/pages\/[\w/-]+(\?[^#]*)?$/.test(redirect) && !redirect.startsWith('/pages/common/guide-page')) {
    return redirect;
  }
  return paths.layout;
}

export default function GuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const exit = splashExit(params.get('redirect'));
  const [kept] = useState(takeSplashAd);
  const slot = useSlotAd(AD_SLOT.splash, kept === undefined);
  const ad = kept ?? slot.ad;
  const cover = useQuery({
    queryKey: ['ads', 'day-cover'],
    queryFn: ({ signal }) => call('getDayCover', { signal }).then((r) => r.info),
    staleTime: 10 * 60_000,
    retry: false,
  });
  // A portrait creative fills the screen; a landscape one (declared ad_width > ad_height, or found so once loaded)
  // is shown whole, centred over the day's cover, instead of cropped to its middle.
  const [fit, setFit] = useState<'cover' | 'contain'>(() =>
    ad && ad.ad_width > ad.ad_height && ad.ad_height > 0 ? 'contain' : 'cover',
  );
  const fitTo = (el: HTMLImageElement | HTMLVideoElement) => setFit(isLandscape(el) ? 'contain' : 'cover');
  const [elapsed, setElapsed] = useState(0);
  const closed = useRef(false);
  const close = useCallback(
    (then?: string) => {
      if (closed.current) return;
      closed.current = true;
      navigate(exit, { replace: true });
      if (then) navigate(then);
    },
    [navigate, exit],
  );

  useEffect(() => {
    const timer = setInterval(() => setElapsed((e) => e + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (elapsed >= SPLASH_SECONDS) close();
  }, [elapsed, close]);
  useEffect(() => {
    if (ad) reportImpression(ad);
  }, [ad]);
  // Nothing to show: no ad and no cover of the day.
  const nothing = !ad && !slot.pending && !cover.isPending && !cover.data?.cover_pic;
  useEffect(() => {
    if (nothing) close();
  }, [nothing, close]);

  const left = Math.max(0, SPLASH_SECONDS - elapsed);
  const tappable = ad && (ad.ad_type === 1 || ad.ad_type === 2);
  const tap = () => {
    if (!ad) return;
    void reportClick(ad);
    close(adTarget(ad)?.route);
  };
  return (
    <div
      className={styles.splash}
      role="dialog"
      aria-label={t('adsys.splashLabel')}
      data-testid="guide-page"
      data-fit={fit}
      style={cover.data?.cover_pic ? { backgroundImage: `url("${encodeURI(cover.data.cover_pic)}")` } : undefined}
    >
      {ad &&
        (tappable ? (
          <button type="button" className={styles.splashHit} onClick={tap} aria-label={t('ads.open')}>
            <AdCreative ad={ad} fit={fit} onLoad={fitTo} />
          </button>
        ) : (
          <div className={styles.splashHit}>
            <AdCreative ad={ad} fit={fit} onLoad={fitTo} />
          </div>
        ))}
      {ad && <span className={styles.badge}>{t('ads.label')}</span>}
      {ad && slot.showVipAd && (
        <button
          type="button"
          className={styles.splashVip}
          onClick={() => close(paths.buyCenter)}
          data-testid="ad-vip-link"
        >
          {t('adsys.removeAds')}
        </button>
      )}
      <button type="button" className={styles.splashSkip} onClick={() => close()} data-testid="splash-skip">
        {t('adsys.splashSkip', { seconds: left })}
      </button>
    </div>
  );
}
