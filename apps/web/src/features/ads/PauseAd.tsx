/**
 * The pause ad of the player slot (spec §3 slot 12 "pre-play and pause"; research/money.md §4 "Pause ad: own image,
 * removed on resume"): an image shown while the viewer has paused the episode, drawn through the player's `layers`.
 * Removed on resume, at the end of the episode, while the screen is locked, and - when the ad is `ad_closable` - by
 * its close control (until the next pause). Not shown before the episode has played (a paused start is no pause).
 */
import type { AdItem } from '@openvod/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerState } from '../player';
import styles from './ads.module.css';
import { landingUrl, reportClick, reportImpression } from './adsApi';

export interface PauseAdProps {
  /** The ad; with its show token (adList) the show and a tap are reported to the server. */
  ad: (AdItem & { ad_token?: string }) | undefined;
  player: Pick<PlayerState, 'paused' | 'ended' | 'locked'>;
}

export function PauseAd({ ad, player }: PauseAdProps) {
  const { t } = useTranslation();
  const [played, setPlayed] = useState(false);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!player.paused) {
      setPlayed(true);
      setClosed(false);
    }
  }, [player.paused]);

  const visible = Boolean(ad) && played && player.paused && !player.ended && !player.locked && !closed;
  useEffect(() => {
    if (visible && ad) reportImpression(ad);
  }, [visible, ad]);
  if (!ad || !visible) return null;
  const href = landingUrl(ad);
  const img = <img className={styles.pauseImg} src={ad.ad_pic_url} alt={ad.ad_name} draggable={false} />;
  return (
    <div className={styles.pauseWrap}>
      <aside className={styles.pauseBox} data-testid="pause-ad" aria-label={t('ads.pauseLabel')}>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('ads.open')}
            onClick={() => void reportClick(ad)}
          >
            {img}
          </a>
        ) : (
          img
        )}
        <span className={styles.badge}>{t('ads.label')}</span>
        {ad.ad_closable === 1 && (
          <button
            type="button"
            className={styles.pauseClose}
            onClick={() => setClosed(true)}
            aria-label={t('ads.close')}
            data-testid="pause-ad-close"
          >
            ×
          </button>
        )}
      </aside>
    </div>
  );
}
