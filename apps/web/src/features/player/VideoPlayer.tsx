import { DotLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseEngine } from './episodes';
import styles from './VideoPlayer.module.css';

type Status = 'loading' | 'ready' | 'error';

interface VideoPlayerProps {
  /** HLS playlist URL; playback (re)starts whenever it changes. */
  src: string;
  poster?: string;
  title?: string;
  onEnded?: () => void;
}

type HlsInstance = import('hls.js').default;

/**
 * A plain `<video controls playsInline>` fed by hls.js (loaded on demand) or the browser's native HLS. Autoplays,
 * falling back to muted when the browser refuses sound without a gesture.
 */
export function VideoPlayer({ src, poster, title, onEnded }: VideoPlayerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts playback after an error
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let hls: HlsInstance | null = null;
    setStatus('loading');
    setMutedByPolicy(false);

    const fail = () => {
      if (cancelled) return;
      setStatus('error');
      hls?.destroy();
      hls = null;
    };
    const onReady = () => {
      if (!cancelled) setStatus((s) => (s === 'error' ? s : 'ready'));
    };
    const onMediaError = () => {
      if (video.error) fail();
    };
    const onEndedEvent = () => onEndedRef.current?.();
    video.addEventListener('loadeddata', onReady);
    video.addEventListener('playing', onReady);
    video.addEventListener('error', onMediaError);
    video.addEventListener('ended', onEndedEvent);

    const play = () => {
      video.muted = false;
      video.play().catch((err: unknown) => {
        if (cancelled || (err as { name?: string })?.name !== 'NotAllowedError') return;
        // Autoplay with sound refused: retry muted and offer an unmute button.
        video.muted = true;
        setMutedByPolicy(true);
        video.play().catch(() => {
          // Still refused: the native controls let the viewer start it.
        });
      });
    };

    (async () => {
      let Hls: typeof import('hls.js').default | undefined;
      try {
        Hls = (await import('hls.js')).default;
      } catch {
        Hls = undefined;
      }
      if (cancelled) return;
      const engine = chooseEngine(Boolean(Hls?.isSupported()), video);
      if (engine === 'hls.js' && Hls) {
        const instance = new Hls({ enableWorker: true, backBufferLength: 90 });
        hls = instance;
        instance.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) fail();
        });
        instance.loadSource(src);
        instance.attachMedia(video);
        play();
      } else if (engine === 'native') {
        video.src = src;
        play();
      } else {
        fail();
      }
    })();

    return () => {
      cancelled = true;
      video.removeEventListener('loadeddata', onReady);
      video.removeEventListener('playing', onReady);
      video.removeEventListener('error', onMediaError);
      video.removeEventListener('ended', onEndedEvent);
      hls?.destroy();
      hls = null;
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, attempt]);

  return (
    <div className={styles.player} data-status={status}>
      {/* biome-ignore lint/a11y/useMediaCaption: catalogue titles carry no caption tracks */}
      <video
        ref={videoRef}
        className={styles.video}
        controls
        playsInline
        preload="auto"
        poster={poster || undefined}
        aria-label={title}
        data-testid="player-video"
      />
      {status === 'loading' && (
        <div className={styles.overlay} aria-hidden="true">
          <DotLoading color="white" />
        </div>
      )}
      {status === 'error' && (
        <div className={styles.overlaySolid} role="alert" data-testid="player-error">
          <p>{t('player.playFailed')}</p>
          <button type="button" className={styles.button} onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {status !== 'error' && mutedByPolicy && (
        <button
          type="button"
          className={styles.unmute}
          onClick={() => {
            const video = videoRef.current;
            if (video) {
              video.muted = false;
              void video.play().catch(() => undefined);
            }
            setMutedByPolicy(false);
          }}
        >
          {t('player.unmute')}
        </button>
      )}
    </div>
  );
}

/** The 16:9 box with a message instead of a video (no source, no episode). */
export function PlayerMessage({ message, poster }: { message: string; poster?: string }) {
  return (
    <div className={styles.player}>
      {poster && <img className={styles.backdrop} src={poster} alt="" />}
      <div className={styles.overlaySolid} role="status" data-testid="player-message">
        <p>{message}</p>
      </div>
    </div>
  );
}
