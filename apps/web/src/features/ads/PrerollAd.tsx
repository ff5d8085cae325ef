/**
 * The pre-roll ad of the player slot (spec §4 "Pre-roll ad": counts down from 5 s; a skip control appears at zero;
 * hidden when the slot reports none). Drawn through the player's `hold` prop, so the episode loads and buffers
 * underneath and starts when this calls `onDone`.
 *
 * A video ad (`ad_type` 2) plays muted and inline (autoplay is allowed muted); an image ad shows its picture. The ad
 * closes by itself at zero, or - when the operator gave it a longer `ad_duration` (seconds) - when that time is up
 * or its video ends; from zero on the skip control closes it at once. Tapping the ad opens its landing page in a new
 * tab.
 */
import { type AdItem, PREROLL_SECONDS } from '@openvod/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ads.module.css';
import { landingUrl, reportClick, reportImpression } from './adsApi';

export interface PrerollAdProps {
  /** The ad; with its show token (adList) the show and a tap are reported to the server. */
  ad: AdItem & { ad_token?: string };
  /** The ad is over (time up, video ended, or skipped): start the episode. */
  onDone: () => void;
  /** Seconds before the skip control appears (default {@link PREROLL_SECONDS}). */
  seconds?: number;
}

/** Seconds the ad is shown at most: its `ad_duration` when longer than the countdown, else the countdown. */
export function prerollLength(ad: Pick<AdItem, 'ad_duration'>, seconds = PREROLL_SECONDS): number {
  return Math.max(seconds, ad.ad_duration);
}

export function PrerollAd({ ad, onDone, seconds = PREROLL_SECONDS }: PrerollAdProps) {
  const { t } = useTranslation();
  const total = prerollLength(ad, seconds);
  const [elapsed, setElapsed] = useState(0);
  const done = useRef(false);
  const finish = useRef(onDone);
  finish.current = onDone;
  const close = () => {
    if (done.current) return;
    done.current = true;
    finish.current();
  };

  useEffect(() => {
    const timer = setInterval(() => setElapsed((e) => e + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => reportImpression(ad), [ad]);
  useEffect(() => {
    if (elapsed >= total) close();
  });

  const left = Math.max(0, seconds - elapsed);
  const canSkip = left === 0;
  const href = landingUrl(ad);
  const video = ad.ad_type === 2 && ad.ad_video_url !== '';
  const media = video ? (
    <video
      className={styles.media}
      src={ad.ad_video_url}
      poster={ad.ad_pic_url || undefined}
      muted
      autoPlay
      playsInline
      preload="auto"
      onEnded={close}
      data-testid="preroll-video"
    />
  ) : (
    <img className={styles.media} src={ad.ad_pic_url} alt={ad.ad_name} draggable={false} />
  );

  return (
    <div className={styles.preroll} data-testid="preroll-ad" role="dialog" aria-label={t('ads.label')}>
      {href ? (
        <a
          className={styles.mediaLink}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('ads.open')}
          onClick={() => void reportClick(ad)}
        >
          {media}
        </a>
      ) : (
        media
      )}
      <span className={styles.badge}>{t('ads.label')}</span>
      <div className={styles.corner}>
        {canSkip ? (
          <button type="button" className={styles.skip} onClick={close} data-testid="preroll-skip">
            {t('ads.skip')}
          </button>
        ) : (
          <span className={styles.countdown} data-testid="preroll-countdown" aria-live="polite">
            {t('ads.countdown', { seconds: left })}
          </span>
        )}
      </div>
    </div>
  );
}
