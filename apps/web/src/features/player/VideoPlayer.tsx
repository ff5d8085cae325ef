import { DotLoading } from 'antd-mobile';
import type { HlsConfig } from 'hls.js';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseEngine } from './episodes';
import { enterFullscreen, exitFullscreen, type FullscreenMode } from './fullscreen';
import { CONTROLS_HIDE_MS, formatTime } from './gestures';
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
import { keyAction } from './keyboard';
import { bindMediaSession } from './mediaSession';
import { agreeMobileData, mobileDataAllowed } from './network';
import { BottomBar, CentreButton, GestureLayer, type Popup, TitleBar } from './PlayerControls';
import { EpisodePanel, MorePanel, type PanelEpisode, type PanelLayout } from './PlayerPanels';
import { BackGlyph, LockGlyph } from './playerIcons';
import { brightnessMask, usePlayerSettings } from './playerSettings';
import type { PlayerState } from './playerState';
import { type QualityLevel, qualityOptions } from './quality';
import { saveScreenshot } from './screenshot';
import styles from './VideoPlayer.module.css';

type Status = 'notice' | 'loading' | 'ready' | 'error';
type Panel = 'none' | 'episodes' | 'more';

/** How long (ms) the alert text box stays. */
const ALERT_MS = 2500;
/** How long (ms) a keyboard shortcut's pop-up (seek time, volume) stays. */
const KEY_POPUP_MS = 800;

export interface VideoPlayerProps {
  /** HLS playlist URL; playback (re)starts whenever it changes. */
  src: string;
  poster?: string;
  title?: string;
  onEnded?: () => void;
  /** Once per source: its first frame is on screen, or playback failed. */
  onStarted?: () => void;
  /** Second to start `src` at (resume from the watch record); read when `src` (re)loads. */
  startAt?: number;
  /** The title bar's back button. */
  onBack?: () => void;
  /** The bottom bar's 'next episode' button (hidden when unset: no next episode). */
  onNext?: () => void;
  /** The episodes side panel: the playing line's episodes, the current one highlighted; hidden when unset. */
  episodes?: { list: readonly PanelEpisode[]; current: number; onSelect: (nid: number) => void };
  /**
   * The stream failed fatally. Return true when the caller switches to another source (a new `src` follows; no
   * 'Play failed'); false (or unset) shows 'Play failed' with a retry.
   */
  onFailed?: () => boolean;
  /** Playback position updates (`timeupdate`, seconds); the caller throttles. Also called on pause and before unmount. */
  onProgress?: (currentTime: number, duration: number) => void;
  /** A message for the alert text box (shown for a moment whenever it changes to a non-empty value). */
  alert?: string;
  /**
   * Drawn above the video and below the controls, inside the fullscreen container (so they stay in fullscreen):
   * the danmaku canvas, the pause ad. Gets the live player state; it should fill the box (`position: absolute;
   * inset: 0`) and set `pointer-events: none` on whatever must not take the overlay's taps and swipes.
   */
  layers?: (p: PlayerState) => ReactNode;
  /** The right side of the title bar, before 'more' and the lock (the cast button). Hidden with the controls. */
  titleBarExtra?: (p: PlayerState) => ReactNode;
  /** Inside the bottom bar, before the episodes and fullscreen buttons (danmaku toggle / send). */
  bottomBarExtra?: (p: PlayerState) => ReactNode;
  /**
   * While set, playback is held: the stream loads and buffers but does not play, and this node covers the whole
   * player (the pre-roll ad). When it becomes undefined playback starts (or resumes at the saved second).
   */
  hold?: ReactNode;
  /**
   * hls.js settings merged over the player's for this source, given the hls.js class in use (the light or the full
   * build): the offline player's loader (features/downloads: `offline://` addresses served from the device). Set,
   * the stream always plays through hls.js (the browser's own HLS cannot reach such addresses).
   */
  hlsConfig?: (Hls: HlsClass) => Partial<HlsConfig>;
}

/**
 * The title page's player (spec §2 Player overlay): a `<video>` fed by hls.js (loaded on demand) or the browser's
 * native HLS, under our own overlay: title bar (back, clock, extras, more, lock), loading indicator, centre
 * play/pause, swipe gestures (seek; brightness on the left half, volume on the right) with their pop-ups, double tap
 * to play/pause, tap to show/hide the controls (auto-hidden after {@link CONTROLS_HIDE_MS}), the mini progress bar,
 * the bottom bar (play/pause, next, time, seek bar, extras, episodes, fullscreen), the episodes and 'more' side panels,
 * the mobile-data notice and the lock. Volume, brightness, speed and ratio persist (`playerSettings`).
 *
 * The element is managed here rather than rendered by React, so the one the boot script may already be playing
 * (the early player, see `hlsEngine`) can be put in place as it is. Autoplays, falling back to muted when the browser
 * refuses sound without a gesture.
 */
export function VideoPlayer({
  src,
  poster,
  title,
  onEnded,
  onStarted,
  startAt,
  onBack,
  onNext,
  episodes,
  onFailed,
  onProgress,
  alert,
  layers,
  titleBarExtra,
  bottomBarExtra,
  hold,
  hlsConfig,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  /** The early player, adopted on mount and taken over by the first playback. */
  const adoptedRef = useRef<EarlyPlayer | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [allowed, setAllowed] = useState(mobileDataAllowed);
  const [status, setStatus] = useState<Status>(() => (mobileDataAllowed() ? 'loading' : 'notice'));
  const [waiting, setWaiting] = useState(false);
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [paused, setPaused] = useState(true);
  const [ended, setEnded] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [fullscreen, setFullscreen] = useState<FullscreenMode>('none');
  const [portrait, setPortrait] = useState(false);
  const [locked, setLocked] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [panel, setPanel] = useState<Panel>('none');
  const [popup, setPopup] = useState<Popup | null>(null);
  const [alertText, setAlertText] = useState('');
  /** The renditions of a master playlist played by hls.js (empty otherwise), the chosen one (-1 auto). */
  const [levels, setLevels] = useState<readonly QualityLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const hlsRef = useRef<HlsInstance | null>(null);
  /** Bumped on every interaction: restarts the auto-hide timer. */
  const [touched, setTouched] = useState(0);

  const settings = usePlayerSettings();
  const holding = hold !== undefined && hold !== null && hold !== false;
  const holdRef = useRef(holding);
  holdRef.current = holding;
  const playRef = useRef<() => void>(() => undefined);
  const callbacks = useRef({ onEnded, onStarted, onFailed, onProgress, startAt, hlsConfig });
  callbacks.current = { onEnded, onStarted, onFailed, onProgress, startAt, hlsConfig };

  // The <video> element: the early player's for this stream (it keeps playing), else a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first source can have an early player
  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    const adopted = allowed ? takeEarlyPlayer(src, slot) : null;
    adoptedRef.current = adopted;
    const el = adopted?.video ?? createPlayerVideo();
    el.className = styles.video ?? '';
    el.controls = false;
    if (!adopted) slot.appendChild(el);
    videoRef.current = el;
    setVideo(el);
    return () => {
      adoptedRef.current?.hls.destroy();
      adoptedRef.current = null;
      el.remove();
      videoRef.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    if (!video) return;
    if (poster) video.poster = poster;
    else video.removeAttribute('poster');
    if (title) video.setAttribute('aria-label', title);
    else video.removeAttribute('aria-label');
  }, [video, poster, title]);

  // Persisted settings onto the element (speed again after every load: `load()` resets the rate).
  useEffect(() => {
    if (video) video.volume = settings.volume / 100;
  }, [video, settings.volume]);
  useEffect(() => {
    if (!video) return;
    const apply = () => {
      video.defaultPlaybackRate = settings.speed;
      video.playbackRate = settings.speed;
    };
    apply();
    video.addEventListener('loadedmetadata', apply);
    return () => video.removeEventListener('loadedmetadata', apply);
  }, [video, settings.speed]);
  useEffect(() => {
    if (video) video.style.objectFit = settings.ratio;
  }, [video, settings.ratio]);

  // Element state mirrored into React state for the overlay and the slots.
  useEffect(() => {
    if (!video) return;
    const sync = () => {
      setPaused(video.paused);
      setEnded(video.ended);
    };
    const onTime = () => {
      setTime(video.currentTime);
      // Not while seeking or before the metadata (the resume seek is still to come): no false 0 s saves.
      if (video.seeking || video.readyState < HTMLMediaElement.HAVE_METADATA) return;
      callbacks.current.onProgress?.(video.currentTime, video.duration);
    };
    const onDuration = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    const onWaiting = () => setWaiting(true);
    const onFlowing = () => setWaiting(false);
    const onPause = () => {
      sync();
      if (video.readyState >= HTMLMediaElement.HAVE_METADATA)
        callbacks.current.onProgress?.(video.currentTime, video.duration);
    };
    sync();
    onDuration();
    const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
      ['play', sync],
      ['pause', onPause],
      ['ended', sync],
      ['emptied', sync],
      ['timeupdate', onTime],
      ['durationchange', onDuration],
      ['waiting', onWaiting],
      ['playing', onFlowing],
      ['seeked', onFlowing],
    ];
    for (const [type, fn] of listeners) video.addEventListener(type, fn);
    return () => {
      for (const [type, fn] of listeners) video.removeEventListener(type, fn);
    };
  }, [video]);

  // The stream. A layout effect: it is attached in the commit that mounts the <video>, not a frame later.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts playback after an error
  useLayoutEffect(() => {
    const el = videoRef.current;
    if (!el) return;
    if (!allowed) {
      setStatus('notice');
      return;
    }
    let cancelled = false;
    let hls: HlsInstance | null = null;
    const adopted = adoptedRef.current;
    adoptedRef.current = null;
    const startAt = callbacks.current.startAt ?? 0;
    // This source's progress callback: at cleanup `callbacks` already holds the next source's.
    const report = callbacks.current.onProgress;
    setStatus('loading');
    setMutedByPolicy(false);
    setTime(0);
    setEnded(false);
    setLevels([]);
    setLevel(-1);

    let started = false;
    const markStarted = () => {
      if (started || cancelled) return;
      started = true;
      callbacks.current.onStarted?.();
    };
    const fail = () => {
      if (cancelled) return;
      // The position reached, before unloading resets it: a switch to another source continues there.
      if (el.readyState >= HTMLMediaElement.HAVE_METADATA && el.currentTime > 0) report?.(el.currentTime, el.duration);
      hls?.destroy();
      hls = null;
      // The caller may switch to another source (a new `src` re-runs this effect).
      if (callbacks.current.onFailed?.()) return;
      markStarted();
      setStatus('error');
    };
    const onReady = () => {
      if (!cancelled) setStatus((s) => (s === 'error' ? s : 'ready'));
    };
    const onPlaying = () => {
      onReady();
      if (started) return;
      if (typeof el.requestVideoFrameCallback === 'function') el.requestVideoFrameCallback(markStarted);
      else markStarted();
    };
    const onMediaError = () => {
      if (el.error) fail();
    };
    let resumed = !(startAt > 0);
    const resume = () => {
      if (resumed) return;
      resumed = true;
      if (Math.abs(el.currentTime - startAt) > 1) el.currentTime = startAt;
    };
    const onEndedEvent = () => callbacks.current.onEnded?.();
    el.addEventListener('loadedmetadata', resume);
    el.addEventListener('loadeddata', onReady);
    el.addEventListener('playing', onPlaying);
    el.addEventListener('error', onMediaError);
    el.addEventListener('ended', onEndedEvent);

    const play = () => {
      // Held (pre-roll ad): the stream buffers; playback starts when the hold is released.
      if (cancelled || holdRef.current) return;
      el.muted = false;
      el.play().catch((err: unknown) => {
        if (cancelled || (err as { name?: string })?.name !== 'NotAllowedError') return;
        // Autoplay with sound refused: retry muted and offer an unmute button.
        el.muted = true;
        setMutedByPolicy(true);
        el.play().catch(() => {
          // Still refused: the centre play button lets the viewer start it.
        });
      });
    };
    playRef.current = play;
    const watchLevels = (Hls: HlsClass, instance: HlsInstance) => {
      hlsRef.current = instance;
      const read = () => {
        if (!cancelled && hlsRef.current === instance)
          setLevels(instance.levels.map((l) => ({ height: l.height, bitrate: l.bitrate })));
      };
      instance.on(Hls.Events.MANIFEST_PARSED, read);
      if (instance.levels.length > 0) read();
    };
    const runEngine = (Hls: HlsClass, instance: HlsInstance, full: boolean) => {
      hls = instance;
      watchLevels(Hls, instance);
      instance.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fail();
      });
      if (!full) {
        instance.on(Hls.Events.MANIFEST_LOADED, (_event, data) => {
          // Alternate audio renditions: only the full build plays them (after this event has been handled).
          if (needsFullBuild(data)) queueMicrotask(switchToFull);
        });
      }
      instance.attachMedia(el);
      play();
    };
    const switchToFull = () => {
      if (cancelled) return;
      hls?.destroy();
      hls = null;
      loadFullHls().then((Full) => {
        if (!cancelled) runEngine(Full, createHls(Full, src, startAt, callbacks.current.hlsConfig?.(Full)), true);
      }, fail);
    };
    const start = (Hls: HlsClass | undefined) => {
      if (cancelled) return;
      const extra = Hls && callbacks.current.hlsConfig?.(Hls);
      const engine = extra ? (Hls?.isSupported() ? 'hls.js' : 'none') : chooseEngine(Boolean(Hls?.isSupported()), el);
      if (engine === 'hls.js' && Hls) {
        runEngine(Hls, createHls(Hls, src, startAt, extra), false);
      } else if (engine === 'native') {
        el.src = src;
        play();
      } else {
        fail();
      }
    };
    const Hls = loadedHls();
    if (adopted && Hls) {
      // Already playing this stream in this element: catch up with what happened before it was adopted.
      hls = adopted.hls;
      watchLevels(Hls, adopted.hls);
      adopted.hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fail();
      });
      if (el.error) fail();
      else {
        if (el.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
        if (el.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) onReady();
        if (el.muted) setMutedByPolicy(true);
        if (holdRef.current) el.pause();
        else if (el.paused) play();
        else if (el.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) onPlaying();
      }
    } else if (Hls) start(Hls);
    else
      loadHls().then(start, () => {
        start(undefined);
      });

    return () => {
      cancelled = true;
      playRef.current = () => undefined;
      el.removeEventListener('loadedmetadata', resume);
      el.removeEventListener('loadeddata', onReady);
      el.removeEventListener('playing', onPlaying);
      el.removeEventListener('error', onMediaError);
      el.removeEventListener('ended', onEndedEvent);
      // The last position of this source (save on leave), before unloading resets it to 0.
      if (el.readyState > 0 && el.currentTime > 0) report?.(el.currentTime, el.duration);
      hlsRef.current = null;
      hls?.destroy();
      hls = null;
      el.pause();
      el.removeAttribute('src');
      el.load();
    };
  }, [src, attempt, allowed]);

  // The hold (pre-roll) set: pause; released: start playing.
  const wasHolding = useRef(holding);
  useEffect(() => {
    const el = videoRef.current;
    if (!el || wasHolding.current === holding) return;
    wasHolding.current = holding;
    if (holding) el.pause();
    else if (el.paused && !el.ended) playRef.current();
  }, [holding]);

  // The player's size, for the slots (the danmaku canvas) and the gestures.
  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      setSize({ width: box.clientWidth, height: box.clientHeight });
    });
    observer.observe(box);
    setSize({ width: box.clientWidth, height: box.clientHeight });
    return () => observer.disconnect();
  }, []);

  // Fullscreen: leaving the element's fullscreen (Esc, system back) ends ours; the CSS fallback rotates on portrait.
  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setFullscreen((m) => (m === 'native' ? 'none' : m));
    };
    const onResize = () => setPortrait(window.innerHeight > window.innerWidth);
    onResize();
    document.addEventListener('fullscreenchange', onChange);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.removeEventListener('resize', onResize);
      if (document.fullscreenElement === boxRef.current) exitFullscreen();
    };
  }, []);

  // Controls hide after a few seconds of playback without interaction.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `touched` restarts the timer
  useEffect(() => {
    if (!controlsVisible || paused || panel !== 'none' || popup) return;
    const timer = setTimeout(() => setControlsVisible(false), CONTROLS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [controlsVisible, paused, panel, popup, touched]);

  // The alert text box.
  useEffect(() => {
    if (alert) setAlertText(alert);
  }, [alert]);
  useEffect(() => {
    if (!alertText) return;
    const timer = setTimeout(() => setAlertText(''), ALERT_MS);
    return () => clearTimeout(timer);
  }, [alertText]);

  const touch = useCallback(() => setTouched((n) => n + 1), []);

  const togglePlay = useCallback(() => {
    const el = videoRef.current;
    if (!el || holdRef.current) return;
    touch();
    if (el.paused || el.ended) {
      if (el.ended) el.currentTime = 0;
      el.muted = false;
      setMutedByPolicy(false);
      el.play().catch(() => undefined);
    } else el.pause();
  }, [touch]);

  const seekTo = useCallback(
    (seconds: number) => {
      const el = videoRef.current;
      if (!el || !Number.isFinite(seconds)) return;
      touch();
      el.currentTime = seconds;
      setTime(seconds);
    },
    [touch],
  );

  const toggleFullscreen = useCallback(() => {
    const box = boxRef.current;
    if (!box) return;
    touch();
    if (fullscreen !== 'none') {
      exitFullscreen();
      setFullscreen('none');
      return;
    }
    enterFullscreen(box).then(setFullscreen);
  }, [fullscreen, touch]);

  const quality = useMemo(() => qualityOptions(levels), [levels]);
  const chooseLevel = useCallback(
    (next: number) => {
      const instance = hlsRef.current;
      if (!instance) return;
      // currentLevel: switch now (the buffer ahead is dropped and refilled at the chosen rendition); -1: automatic.
      instance.currentLevel = next;
      setLevel(next);
      const option = quality.find((q) => q.level === next);
      setAlertText(
        t('player.qualityChanged', { quality: next < 0 || !option ? t('player.qualityAuto') : option.label }),
      );
      touch();
    },
    [quality, t, touch],
  );

  const screenshot = useCallback(() => {
    const el = videoRef.current;
    if (!el) return;
    saveScreenshot(el, title ?? '').then((ok) =>
      setAlertText(ok ? t('player.screenshotSaved') : t('player.screenshotFailed')),
    );
  }, [title, t]);

  // Keyboard shortcuts (desktop web; see keyboard.ts). The latest handlers through a ref: one listener per player.
  const keyPopupTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onKeyRef = useRef<(e: KeyboardEvent) => void>(() => undefined);
  onKeyRef.current = (e: KeyboardEvent) => {
    const action = keyAction(e);
    const el = videoRef.current;
    if (!action || !el || locked || holdRef.current) return;
    if (action.kind === 'close') {
      if (panel === 'none') return;
      setPanel('none');
    } else {
      if (status === 'notice' || status === 'error') return;
      const flash = (next: Popup) => {
        setPopup(next);
        clearTimeout(keyPopupTimer.current);
        keyPopupTimer.current = setTimeout(() => setPopup(null), KEY_POPUP_MS);
      };
      if (action.kind === 'toggle') togglePlay();
      else if (action.kind === 'fullscreen') toggleFullscreen();
      else if (action.kind === 'seek') {
        const end = Number.isFinite(el.duration) ? el.duration : duration;
        const to = Math.min(end || 0, Math.max(0, el.currentTime + action.by));
        seekTo(to);
        flash({ kind: 'seek', text: `${formatTime(to)} / ${formatTime(end || 0)}` });
      } else if (action.kind === 'mute') {
        el.muted = !el.muted;
        setMutedByPolicy(false);
        flash({ kind: 'volume', text: t('player.volume', { value: el.muted ? 0 : settings.volume }) });
      } else {
        const value = Math.min(100, Math.max(0, settings.volume + action.by));
        settings.setVolume(value);
        el.muted = false;
        flash({ kind: 'volume', text: t('player.volume', { value }) });
      }
      touch();
    }
    e.preventDefault();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => onKeyRef.current(e);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      clearTimeout(keyPopupTimer.current);
    };
  }, []);

  // The system's media controls (lock screen, media keys): title, poster, play/pause/seek/next.
  const onNextRef = useRef(onNext);
  onNextRef.current = onNext;
  const hasNext = Boolean(onNext);
  useEffect(() => {
    if (!video) return;
    return bindMediaSession({
      video,
      title: title ?? '',
      poster,
      onNext: hasNext ? () => onNextRef.current?.() : undefined,
    });
  }, [video, title, poster, hasNext]);

  const state = useMemo<PlayerState>(
    () => ({
      video,
      paused,
      ended,
      fullscreen: fullscreen !== 'none',
      width: size.width,
      height: size.height,
      locked,
      controlsVisible: controlsVisible && !locked,
    }),
    [video, paused, ended, fullscreen, size.width, size.height, locked, controlsVisible],
  );

  const mask = brightnessMask(settings.brightness);
  // Panels: a bottom sheet below the player on a portrait page (too little room inside the small player), else a
  // side panel inside it.
  const panelLayout: PanelLayout =
    fullscreen === 'none' && (portrait || (size.height > 0 && size.height < 260)) ? 'sheet' : 'side';
  const sheetTop = panel !== 'none' && panelLayout === 'sheet' ? playerBottom(boxRef.current) : 0;
  const rotated = fullscreen === 'css' && portrait;
  const showControls = controlsVisible && !locked && status !== 'notice';
  const loading = status === 'loading' || (status === 'ready' && waiting && !paused);

  return (
    <div
      ref={boxRef}
      className={styles.player}
      data-status={status}
      data-fullscreen={fullscreen}
      data-rotated={rotated || undefined}
      data-controls={showControls || undefined}
      data-locked={locked || undefined}
      data-testid="player"
    >
      <div ref={slotRef} className={styles.slot} />
      <div className={styles.maskDark} style={{ opacity: mask.dark }} data-testid="player-brightness-mask" />
      <div className={styles.maskLight} style={{ opacity: mask.light }} />
      {layers?.(state)}
      {status !== 'notice' && status !== 'error' && (
        <GestureLayer
          video={video}
          rotated={rotated}
          locked={locked}
          duration={duration}
          onTap={() => {
            if (panel !== 'none') setPanel('none');
            else setControlsVisible((v) => !v);
            touch();
          }}
          onDoubleTap={togglePlay}
          onPopup={setPopup}
          onSeek={seekTo}
        />
      )}
      {loading && !holding && (
        <div className={styles.loading} role="status" data-testid="player-loading">
          <DotLoading color="white" />
          <span>{t('player.loading')}</span>
        </div>
      )}
      {popup && (
        <div className={styles.popup} data-testid={`player-popup-${popup.kind}`} aria-live="polite">
          {popup.text}
        </div>
      )}
      {alertText && (
        <div className={styles.alert} role="status" data-testid="player-alert">
          {alertText}
        </div>
      )}
      {!showControls && !locked && status === 'ready' && duration > 0 && (
        <div className={styles.mini} data-testid="player-mini-progress" aria-hidden="true">
          <div style={{ width: `${Math.min(100, (time / duration) * 100)}%` }} />
        </div>
      )}
      {showControls && status === 'ready' && !holding && (
        <CentreButton paused={paused || ended} onToggle={togglePlay} />
      )}
      {showControls && (
        <>
          <TitleBar
            title={title ?? ''}
            clock={settings.clock}
            onBack={onBack}
            onMore={() => {
              setPanel('more');
              touch();
            }}
            extra={titleBarExtra?.(state)}
          />
          <BottomBar
            paused={paused || ended}
            time={time}
            duration={duration}
            fullscreen={fullscreen !== 'none'}
            rotated={rotated}
            onToggle={togglePlay}
            onNext={onNext}
            onSeek={seekTo}
            onScrub={touch}
            onEpisodes={
              episodes
                ? () => {
                    setPanel('episodes');
                    touch();
                  }
                : undefined
            }
            onFullscreen={toggleFullscreen}
            extra={bottomBarExtra?.(state)}
          />
        </>
      )}
      {((showControls && panel === 'none') || locked) && status !== 'notice' && (
        <button
          type="button"
          className={styles.lock}
          aria-pressed={locked}
          aria-label={locked ? t('player.unlock') : t('player.lock')}
          data-testid="player-lock"
          onClick={() => {
            setLocked((l) => !l);
            setPanel('none');
            setAlertText(locked ? t('player.unlocked') : t('player.locked'));
            touch();
          }}
        >
          <LockIcon locked={locked} />
        </button>
      )}
      {panel === 'episodes' && episodes && (
        <EpisodePanel
          layout={panelLayout}
          top={sheetTop}
          list={episodes.list}
          current={episodes.current}
          onSelect={(nid) => {
            setPanel('none');
            if (nid !== episodes.current) episodes.onSelect(nid);
          }}
          onClose={() => setPanel('none')}
        />
      )}
      {panel === 'more' && (
        <MorePanel
          layout={panelLayout}
          top={sheetTop}
          quality={quality.length > 2 ? { options: quality, selected: level, onSelect: chooseLevel } : undefined}
          onScreenshot={screenshot}
          onClose={() => setPanel('none')}
          onSpeed={(speed) => setAlertText(t('player.speedChanged', { speed }))}
        />
      )}
      {status === 'notice' && (
        <div
          className={styles.overlaySolid}
          role="dialog"
          aria-label={t('player.cellularTitle')}
          data-testid="player-cellular"
        >
          {poster && <img className={styles.backdrop} src={poster} alt="" />}
          <p className={styles.noticeTitle}>{t('player.cellularTitle')}</p>
          <p>{t('player.cellularText')}</p>
          <button
            type="button"
            className={styles.button}
            data-testid="player-cellular-play"
            onClick={() => {
              agreeMobileData();
              setAllowed(true);
            }}
          >
            {t('player.cellularPlay')}
          </button>
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
      {status !== 'error' && mutedByPolicy && !holding && (
        <button
          type="button"
          className={styles.unmute}
          onClick={() => {
            const el = videoRef.current;
            if (el) {
              el.muted = false;
              void el.play().catch(() => undefined);
            }
            setMutedByPolicy(false);
          }}
        >
          {t('player.unmute')}
        </button>
      )}
      {holding && (
        <div className={styles.hold} data-testid="player-hold">
          {hold}
        </div>
      )}
      {(holding || status === 'notice' || status === 'error') && onBack && (
        <button type="button" className={styles.holdBack} onClick={onBack} aria-label={t('common.back')}>
          <BackGlyph />
        </button>
      )}
    </div>
  );
}

/**
 * Where a sheet below the player starts (px from the top of the viewport): the player's bottom edge, kept within the
 * upper half of the screen so the sheet has room when the player is scrolled or unusually tall.
 */
function playerBottom(box: HTMLElement | null): number {
  if (!box || typeof window === 'undefined') return 0;
  return Math.round(Math.min(Math.max(0, box.getBoundingClientRect().bottom), window.innerHeight / 2));
}

function LockIcon({ locked }: { locked: boolean }) {
  return <LockGlyph open={!locked} />;
}

/** The 16:9 box with a message instead of a video (no source, no episode). */
export function PlayerMessage({
  message,
  poster,
  onRetry,
  retryLabel,
}: {
  message: string;
  poster?: string;
  /** A retry button under the message (with its label) when given. */
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div className={styles.player}>
      {poster && <img className={styles.backdrop} src={poster} alt="" />}
      <div className={styles.overlaySolid} role="status" data-testid="player-message">
        <p>{message}</p>
        {onRetry && (
          <button type="button" className={styles.button} onClick={onRetry} data-testid="player-message-retry">
            {retryLabel}
          </button>
        )}
      </div>
    </div>
  );
}
