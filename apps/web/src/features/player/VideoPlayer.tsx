import { DotLoading } from 'antd-mobile';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseEngine } from './episodes';
import {
  createHls,
  createPlayerVideo,
  type EarlyPlayer,
  type HlsClass,
  type HlsInstance,
  loadedHls,
  loadFullHls,
  loadHls,
  needsFullBuild,
  takeEarlyPlayer,
} from './hlsEngine';
import styles from './VideoPlayer.module.css';

type Status = 'loading' | 'ready' | 'error';

interface VideoPlayerProps {
  /** HLS playlist URL; playback (re)starts whenever it changes. */
  src: string;
  poster?: string;
  title?: string;
  onEnded?: () => void;
  /** Once per source: its first frame is on screen, or playback failed. */
  onStarted?: () => void;
}

/**
 * A plain `<video controls playsInline>` fed by hls.js (loaded on demand) or the browser's native HLS. Autoplays,
 * falling back to muted when the browser refuses sound without a gesture.
 *
 * The element is managed here rather than rendered by React, so the one the boot script may already be playing
 * (the early player, see `hlsEngine`) can be put in place as it is.
 */
export function VideoPlayer({ src, poster, title, onEnded, onStarted }: VideoPlayerProps) {
  const { t } = useTranslation();
  const slotRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  /** The early player, adopted on mount and taken over by the first playback. */
  const adoptedRef = useRef<EarlyPlayer | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  const onStartedRef = useRef(onStarted);
  onStartedRef.current = onStarted;

  // The <video> element: the early player's for this stream (it keeps playing), else a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first source can have an early player
  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    const adopted = takeEarlyPlayer(src, slot);
    adoptedRef.current = adopted;
    const video = adopted?.video ?? createPlayerVideo();
    video.className = styles.video ?? '';
    if (!adopted) slot.appendChild(video);
    videoRef.current = video;
    return () => {
      adoptedRef.current?.hls.destroy();
      adoptedRef.current = null;
      video.remove();
      videoRef.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (poster) video.poster = poster;
    else video.removeAttribute('poster');
    if (title) video.setAttribute('aria-label', title);
    else video.removeAttribute('aria-label');
  }, [poster, title]);

  // A layout effect: the stream is attached in the commit that mounts the <video>, not a frame later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts playback after an error
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let hls: HlsInstance | null = null;
    const adopted = adoptedRef.current;
    adoptedRef.current = null;
    setStatus('loading');
    setMutedByPolicy(false);

    let started = false;
    const markStarted = () => {
      if (started || cancelled) return;
      started = true;
      onStartedRef.current?.();
    };
    const fail = () => {
      if (cancelled) return;
      markStarted();
      setStatus('error');
      hls?.destroy();
      hls = null;
    };
    const onReady = () => {
      if (!cancelled) setStatus((s) => (s === 'error' ? s : 'ready'));
    };
    const onPlaying = () => {
      onReady();
      if (started) return;
      if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(markStarted);
      else markStarted();
    };
    const onMediaError = () => {
      if (video.error) fail();
    };
    const onEndedEvent = () => onEndedRef.current?.();
    video.addEventListener('loadeddata', onReady);
    video.addEventListener('playing', onPlaying);
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
    const runEngine = (Hls: HlsClass, instance: HlsInstance, full: boolean) => {
      hls = instance;
      instance.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fail();
      });
      if (!full) {
        instance.on(Hls.Events.MANIFEST_LOADED, (_event, data) => {
          // Alternate audio renditions: only the full build plays them (after this event has been handled).
          if (needsFullBuild(data)) queueMicrotask(switchToFull);
        });
      }
      instance.attachMedia(video);
      play();
    };
    const switchToFull = () => {
      if (cancelled) return;
      hls?.destroy();
      hls = null;
      loadFullHls().then((Full) => {
        if (!cancelled) runEngine(Full, createHls(Full, src), true);
      }, fail);
    };
    const start = (Hls: HlsClass | undefined) => {
      if (cancelled) return;
      const engine = chooseEngine(Boolean(Hls?.isSupported()), video);
      if (engine === 'hls.js' && Hls) {
        runEngine(Hls, createHls(Hls, src), false);
      } else if (engine === 'native') {
        video.src = src;
        play();
      } else {
        fail();
      }
    };
    const Hls = loadedHls();
    if (adopted && Hls) {
      // Already playing this stream in this element: catch up with what happened before it was adopted.
      hls = adopted.hls;
      adopted.hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fail();
      });
      if (video.error) fail();
      else {
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) onReady();
        if (video.muted) setMutedByPolicy(true);
        if (video.paused) play();
        else if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) onPlaying();
      }
    } else if (Hls) start(Hls);
    else
      loadHls().then(start, () => {
        start(undefined);
      });

    return () => {
      cancelled = true;
      video.removeEventListener('loadeddata', onReady);
      video.removeEventListener('playing', onPlaying);
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
      <div ref={slotRef} className={styles.slot} />
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
