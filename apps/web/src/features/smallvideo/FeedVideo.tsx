import { DotLoading } from 'antd-mobile';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseEngine, createHls, type HlsClass, type HlsInstance, loadedHls, loadHls, mediaUrl } from '../player';
import styles from './FeedVideo.module.css';

/**
 * What a feed slide does with its stream: `play` it (the current page), `preload` it (a neighbour: the playlist and
 * first segments load, paused) or nothing (`idle`: no engine, no requests).
 */
export type FeedMode = 'play' | 'preload' | 'idle';

type Status = 'loading' | 'ready' | 'error';

/** Seconds a preloaded neighbour buffers ahead: enough to start at once, without downloading whole videos. */
export const PRELOAD_BUFFER_S = 6;
const PLAY_BUFFER_S = 30;

/** hls.js reads `maxBufferLength` on every tick: a preloaded neighbour buffers a little, the playing one normally. */
function bufferFor(hls: HlsInstance, mode: FeedMode) {
  const config = hls.config as { maxBufferLength: number };
  config.maxBufferLength = mode === 'play' ? PLAY_BUFFER_S : PRELOAD_BUFFER_S;
}

export interface FeedVideoProps {
  /** HLS playlist URL (relative or absolute); '' shows the poster only. */
  src: string;
  mode: FeedMode;
  poster?: string;
  /** Accessible name of the video. */
  label?: string;
  /** Start over at the end instead of stopping (small videos). */
  loop?: boolean;
  /** Play without sound (the feed's shared mute state). */
  muted: boolean;
  /** The browser refused to autoplay with sound: the video now plays muted (the owner shows an unmute button). */
  onAutoplayMuted?: () => void;
  onEnded?: () => void;
  /** Live stream: keep up with the live edge (used by `live/index`; the element then has no seek bar anyway). */
  live?: boolean;
  /** `object-fit` of the picture. */
  fit?: 'contain' | 'cover';
  /** Tapping the video toggles pause (default true). */
  tapToPause?: boolean;
  testId?: string;
}

/**
 * A `<video>` without native controls for the full-screen feeds, fed by the project's hls.js loader
 * (`player/hlsEngine`, the same on-demand chunk the title page uses) or the browser's native HLS.
 *
 * The engine starts as soon as the slide is `preload`ed, so the next video is buffered before the viewer swipes to it;
 * the same engine then plays it when it becomes `play`. Errors show a retry button.
 */
export function FeedVideo({
  src,
  mode,
  poster,
  label,
  loop = false,
  muted,
  onAutoplayMuted,
  onEnded,
  live = false,
  fit = 'contain',
  tapToPause = true,
  testId,
}: FeedVideoProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsInstance | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [userPaused, setUserPaused] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [progress, setProgress] = useState(0);
  const url = mediaUrl(src);
  const wanted = mode !== 'idle' && url !== '';
  const modeRef = useRef(mode);
  modeRef.current = mode;
  useEffect(() => {
    if (hlsRef.current) bufferFor(hlsRef.current, mode);
  }, [mode]);
  const callbacks = useRef({ onEnded, onAutoplayMuted });
  callbacks.current = { onEnded, onAutoplayMuted };

  // The engine: created when the slide is first wanted, kept while it stays wanted (preload → play keeps buffering).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the engine after an error
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video || !wanted) return;
    let cancelled = false;
    let hls: HlsInstance | null = null;
    setStatus('loading');
    const fail = () => {
      if (cancelled) return;
      setStatus('error');
      hls?.destroy();
      hls = null;
    };
    const onReady = () => {
      if (!cancelled) setStatus((s) => (s === 'error' ? s : 'ready'));
    };
    const onError = () => {
      if (video.error) fail();
    };
    video.addEventListener('loadeddata', onReady);
    video.addEventListener('error', onError);
    const start = (Hls: HlsClass | undefined) => {
      if (cancelled) return;
      const engine = chooseEngine(Boolean(Hls?.isSupported()), video);
      if (engine === 'hls.js' && Hls) {
        hls = createHls(Hls, url);
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) fail();
        });
        hls.attachMedia(video);
        hlsRef.current = hls;
        bufferFor(hls, modeRef.current);
      } else if (engine === 'native') {
        video.src = url;
        video.load();
      } else fail();
      video.dispatchEvent(new Event('ov-engine'));
    };
    const Hls = loadedHls();
    if (Hls) start(Hls);
    else loadHls().then(start, () => start(undefined));
    return () => {
      cancelled = true;
      video.removeEventListener('loadeddata', onReady);
      video.removeEventListener('error', onError);
      hls?.destroy();
      hls = null;
      hlsRef.current = null;
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [url, wanted, attempt]);

  // Play the current page, pause the others; a new current page starts from where it was (0 for a fresh one).
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (mode !== 'play' || userPaused || status === 'error') {
      video.pause();
      return;
    }
    let cancelled = false;
    const play = () => {
      if (cancelled) return;
      video.play().catch((err: unknown) => {
        if (cancelled || (err as { name?: string })?.name !== 'NotAllowedError' || video.muted) return;
        // Autoplay with sound refused: play muted and let the owner offer the unmute button.
        video.muted = true;
        callbacks.current.onAutoplayMuted?.();
        video.play().catch(() => undefined);
      });
    };
    play();
    // The engine may attach after this effect (hls.js still downloading): try again once it has.
    video.addEventListener('ov-engine', play);
    return () => {
      cancelled = true;
      video.removeEventListener('ov-engine', play);
    };
  }, [mode, userPaused, status]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.muted = muted;
  }, [muted]);

  // A page that is no longer current forgets a pause the viewer made on it.
  useEffect(() => {
    if (mode !== 'play') setUserPaused(false);
  }, [mode]);

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video || live || !Number.isFinite(video.duration) || video.duration <= 0) return;
    setProgress(video.currentTime / video.duration);
  };

  return (
    <div className={styles.box} data-status={status} data-mode={mode}>
      {/* biome-ignore lint/a11y/useMediaCaption: user videos come without caption tracks */}
      <video
        ref={videoRef}
        className={styles.video}
        style={{ objectFit: fit }}
        playsInline
        loop={loop}
        preload={wanted ? 'auto' : 'none'}
        poster={poster || undefined}
        aria-label={label}
        data-testid={testId}
        data-mode={mode}
        onTimeUpdate={onTimeUpdate}
        onEnded={() => callbacks.current.onEnded?.()}
        onClick={() => {
          if (tapToPause && mode === 'play' && status !== 'error') setUserPaused((p) => !p);
        }}
      />
      {mode === 'play' && status === 'loading' && (
        <div className={styles.center} aria-hidden="true">
          <DotLoading color="white" />
        </div>
      )}
      {mode === 'play' && userPaused && status !== 'error' && (
        <button
          type="button"
          className={styles.playButton}
          onClick={() => setUserPaused(false)}
          aria-label={t('media.play')}
          data-testid="feed-resume"
        >
          <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </button>
      )}
      {status === 'error' && (
        <div className={styles.error} role="alert" data-testid="feed-error">
          <p>{t('player.playFailed')}</p>
          <button type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!live && mode === 'play' && (
        <div className={styles.progress} aria-hidden="true">
          <span style={{ transform: `scaleX(${progress})` }} />
        </div>
      )}
    </div>
  );
}
