/**
 * The full-screen player of the operator's own rewarded video ad (issue 7 item 3; spec §4 "Rewarded ad wrapper",
 * §5 "when views run out"). Used by rewarded.ts through {@link mountRewardedOverlay}.
 *
 * The ad plays muted and inline and loops when the file is shorter than the ad's length (`ad_duration`, seconds).
 * Watched time counts only while the video is really playing and only after the server recorded the start
 * (`onStart` resolved), so the client never claims more than the server measured. There is no skip: the close
 * control is always there (one click, CN SAMR Order 72 Art. 10) but closing before the end gives no reward. When the
 * length is reached `onEnded` runs (the server grant), then `onDone('ended')`.
 */
import type { RewardAd } from '@openvod/contract';
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import styles from './rewarded.module.css';
import type { RewardedError } from './wrapper';

/** Give up when the video has not started playing after this long (a show failure). */
export const REWARDED_START_TIMEOUT_MS = 20_000;

export interface RewardedOverlayProps {
  ad: RewardAd;
  /** The video started playing: report the start to the server. Playback time counts once it resolved. */
  onStart: () => Promise<void>;
  /** The ad's length was watched: ask the server for the grant. */
  onEnded: () => Promise<void>;
  /** The overlay is over: 'ended' after onEnded, 'closed' when closed before the end. */
  onDone: (result: 'ended' | 'closed') => void;
  /** The video could not be played (or the start could not be reported). */
  onFail: (error: RewardedError) => void;
}

type Phase = 'loading' | 'playing' | 'confirming';

export function RewardedOverlay({ ad, onStart, onEnded, onDone, onFail }: RewardedOverlayProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [watched, setWatched] = useState(0);
  const started = useRef<'no' | 'pending' | 'yes'>('no');
  const finished = useRef(false);
  const cb = useRef({ onStart, onEnded, onDone, onFail });
  cb.current = { onStart, onEnded, onDone, onFail };

  const finish = (result: 'ended' | 'closed') => {
    if (finished.current) return;
    finished.current = true;
    cb.current.onDone(result);
  };
  const fail = (error: RewardedError) => {
    if (finished.current) return;
    finished.current = true;
    cb.current.onFail(error);
  };

  // No start within the timeout: a show failure. Runs once per overlay (`fail` only reads refs).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per overlay
  useEffect(() => {
    const timer = setTimeout(() => {
      if (started.current === 'no') fail({ code: -1, message: 'rewarded video did not start' });
    }, REWARDED_START_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  // Count the time the video really plays, after the server recorded the start.
  useEffect(() => {
    if (phase !== 'playing') return;
    let last = Date.now();
    const timer = setInterval(() => {
      const now = Date.now();
      const v = video.current;
      // At most one second per tick: a suspended tab or a changed clock never adds watched time.
      const step = Math.min(Math.max(now - last, 0), 1000);
      if (v && !v.paused && !v.ended && started.current === 'yes') setWatched((w) => w + step / 1000);
      last = now;
    }, 200);
    return () => clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'playing' || watched < ad.ad_duration) return;
    setPhase('confirming');
    cb.current.onEnded().then(
      () => finish('ended'),
      () => finish('ended'),
    );
  });

  const onPlaying = () => {
    if (started.current !== 'no') return;
    started.current = 'pending';
    setPhase('playing');
    cb.current.onStart().then(
      () => {
        started.current = 'yes';
      },
      (err: unknown) => fail({ code: -2, message: err instanceof Error ? err.message : 'start not recorded' }),
    );
  };

  const left = Math.max(0, Math.ceil(ad.ad_duration - watched));
  const href = safeLink(ad.ad_url);
  return (
    <div
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      aria-label={t('rewarded.label')}
      data-testid="rewarded-ad"
    >
      <video
        ref={video}
        className={styles.video}
        src={ad.ad_video_url}
        poster={ad.ad_pic_url || undefined}
        muted
        autoPlay
        playsInline
        loop
        preload="auto"
        onPlaying={onPlaying}
        onError={() => fail({ code: -3, message: 'rewarded video failed to load' })}
        data-testid="rewarded-video"
      />
      <div className={styles.bar}>
        <span className={styles.label}>{t('rewarded.label')}</span>
        <span className={styles.countdown} data-testid="rewarded-countdown" aria-live="polite">
          {phase === 'loading'
            ? t('rewarded.loading')
            : phase === 'confirming'
              ? t('rewarded.confirming')
              : t('rewarded.countdown', { seconds: left })}
        </span>
        <button
          type="button"
          className={styles.close}
          onClick={() => finish('closed')}
          disabled={phase === 'confirming'}
          data-testid="rewarded-close"
        >
          {t('rewarded.closeEarly')}
        </button>
      </div>
      {href ? (
        <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
          {t('rewarded.open')}
        </a>
      ) : null}
    </div>
  );
}

/** The ad's landing page when it is an http(s) address (the server refuses anything else too). */
function safeLink(url: string): string | undefined {
  try {
    const u = new URL(url, globalThis.location?.href ?? 'http://localhost/');
    return url && (u.protocol === 'http:' || u.protocol === 'https:') ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Render the overlay into its own root on document.body; returns the function that removes it. */
export function mountRewardedOverlay(props: RewardedOverlayProps): () => void {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  root.render(<RewardedOverlay {...props} />);
  return () => {
    setTimeout(() => {
      root.unmount();
      container.remove();
    }, 0);
  };
}
