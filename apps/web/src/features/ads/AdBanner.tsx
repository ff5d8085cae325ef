/**
 * A banner ad (spec §4 "Banner ad", §9 "Banner default height 50px, width 750"): the slot's ad drawn across the page
 * width at its own `ad_width` x `ad_height` ratio, else the whole width (750 rpx in the original app) by 50 px. Its show is reported once per served ad
 * (the server counts it for the caps: hidden after `ad_show_num` shows a day or within `ad_show_times` minutes of
 * the last one - by leaving it out of adList). Load failure or the close control (when `ad_closable`) hides it.
 * Tapping it reports the click (points for signed-in viewers) and opens the ad's page. With the app config's
 * `showVipAd`, a 'no ads with VIP' link leads to buy-center. Used for the banner slot and the title page's slot 16.
 */
import { BANNER_SIZE } from '@openvod/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/routes';
import { AdCreative } from './AdCreative';
import styles from './ads.module.css';
import { reportImpression } from './adsApi';
import { useSlotAd } from './useSlotAd';

/** The CSS variable a docked banner sets to its height (px), so the tab layout keeps its content clear of it. */
export const DOCK_HEIGHT_VAR = '--ov-ad-dock-h';

export default function AdBanner({ slot, dock = false }: { slot: number; dock?: boolean }) {
  const { t } = useTranslation();
  const { ad, showVipAd, open } = useSlotAd(slot);
  const [hidden, setHidden] = useState<number | null>(null);
  // One show per ad per mount: the guest sign-in of a first launch re-serves the slot under the new user, which is
  // the same show on screen.
  const shown = useRef(new Set<number>());
  const box = useRef<HTMLElement>(null);
  const visible = Boolean(ad) && hidden !== ad?.ad_id;
  // Docked above the tabs: publish the banner's height while it shows.
  useEffect(() => {
    const el = box.current;
    if (!dock || !visible || !el) return;
    const root = document.documentElement.style;
    const set = () => root.setProperty(DOCK_HEIGHT_VAR, `${Math.round(el.getBoundingClientRect().height)}px`);
    set();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(set);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(DOCK_HEIGHT_VAR);
    };
  }, [dock, visible]);
  useEffect(() => {
    if (!ad || shown.current.has(ad.ad_id)) return;
    shown.current.add(ad.ad_id);
    reportImpression(ad);
  }, [ad]);
  if (!ad || hidden === ad.ad_id) return null;
  // The ad's own size as a ratio across the page width; by default the whole width (750 rpx) and 50 px high.
  const size =
    ad.ad_width > 0 && ad.ad_height > 0
      ? { aspectRatio: `${ad.ad_width} / ${ad.ad_height}` }
      : { height: BANNER_SIZE.height };
  const hide = () => setHidden(ad.ad_id);
  const tappable = ad.ad_type === 1 || ad.ad_type === 2;
  return (
    <aside
      ref={box}
      className={dock ? styles.banner : `${styles.banner} ${styles.inline}`}
      style={size}
      aria-label={t('adsys.bannerLabel')}
      data-testid={`ad-banner-${slot}`}
      data-ad-id={ad.ad_id}
    >
      {tappable ? (
        <button type="button" className={styles.bannerHit} onClick={open} aria-label={t('ads.open')}>
          <AdCreative ad={ad} onError={hide} />
        </button>
      ) : (
        <AdCreative ad={ad} onError={hide} />
      )}
      <span className={styles.badge}>{t('ads.label')}</span>
      {showVipAd && (
        <Link className={styles.vipLink} to={paths.buyCenter} data-testid="ad-vip-link">
          {t('adsys.removeAds')}
        </Link>
      )}
      {ad.ad_closable === 1 && (
        <button
          type="button"
          className={styles.bannerClose}
          onClick={hide}
          aria-label={t('ads.close')}
          data-testid="ad-banner-close"
        >
          ×
        </button>
      )}
    </aside>
  );
}
