/**
 * The player's source: `src` played in the player's `<video>` through hls.js (loaded on demand; the light build,
 * switched to the full one for alternate audio renditions, see `hlsEngine.ts`) or the browser's own HLS (Safari,
 * iOS), or the early player's engine taken over as it is. Autoplays, retrying muted when the browser refuses sound
 * without a gesture; resumes at `startAt`; holds playback while `holding` (pre-roll ad); reports start, end, failure
 * and progress; offers the master playlist's renditions.
 */
import type { HlsConfig } from 'hls.js';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { chooseEngine } from './episodes';
import {
  createHls,
  type EarlyPlayer,
  type HlsClass,
  type HlsInstance,
  loadedHls,
  loadFullHls,
  loadHls,
  needsFullBuild,
} from './hlsEngine';
import type { QualityLevel } from './quality';

/** 'notice': waiting for the viewer's consent to play on mobile data; 'ready': the first frame is in. */
export type SourceStatus = 'notice' | 'loading' | 'ready' | 'error';

export interface HlsSourceOptions {
  /** The element (`useVideoElement`); nothing happens while null. */
  video: HTMLVideoElement | null;
  /** The adopted early player (`useVideoElement`), taken over (set to null) by the first playback. */
  adopted: RefObject<EarlyPlayer | null>;
  /** HLS playlist URL; playback (re)starts whenever it changes. */
  src: string;
  /** Playing is allowed (false on mobile data until the viewer agrees: status 'notice', nothing loads). */
  allowed: boolean;
  /** Playback held (the stream buffers but does not play); released: it starts. */
  holding: boolean;
  /** Second to start at; read when `src` (re)loads. */
  startAt?: number;
  /** hls.js settings over the player's for this source; set, the stream always plays through hls.js. */
  hlsConfig?: (Hls: HlsClass) => Partial<HlsConfig>;
  /** Once per source: the first frame is on screen, or playback failed. */
  onStarted?: () => void;
  /** Fatal failure: true when the caller switches to another source (no 'error' status). */
  onFailed?: () => boolean;
  onEnded?: () => void;
  /** Position (s) and duration (s) on `timeupdate` (not while seeking or before the metadata), on pause, on leave. */
  onProgress?: (currentTime: number, duration: number) => void;
}

export interface HlsSource {
  status: SourceStatus;
  /** Autoplay only went muted: the caller offers an unmute button. */
  mutedByPolicy: boolean;
  clearMutedByPolicy: () => void;
  /** The renditions of a master playlist played by hls.js (empty otherwise), and the chosen one (-1 automatic). */
  levels: readonly QualityLevel[];
  level: number;
  /** Switch hls.js to rendition `level` now (-1: automatic); false when no hls.js engine plays. */
  chooseLevel: (level: number) => boolean;
  /** Load the source again after an error. */
  retry: () => void;
}

/** Plays `src` in `video` (see the module comment); the stream is attached in a layout effect, before the paint. */
export function useHlsSource(options: HlsSourceOptions): HlsSource {
  const { video, adopted, src, allowed, holding } = options;
  const [status, setStatus] = useState<SourceStatus>(allowed ? 'loading' : 'notice');
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [levels, setLevels] = useState<readonly QualityLevel[]>([]);
  const [level, setLevel] = useState(-1);
  const hlsRef = useRef<HlsInstance | null>(null);
  const holdRef = useRef(holding);
  holdRef.current = holding;
  const playRef = useRef<() => void>(() => undefined);
  const callbacks = useRef(options);
  callbacks.current = options;

  // Progress: timeupdate (not while seeking or before the metadata: the resume seek is still to come, no false 0 s
  // saves) and pause.
  useEffect(() => {
    if (!video) return;
    const report = () => callbacks.current.onProgress?.(video.currentTime, video.duration);
    const onTime = () => {
      if (!video.seeking && video.readyState >= HTMLMediaElement.HAVE_METADATA) report();
    };
    const onPause = () => {
      if (video.readyState >= HTMLMediaElement.HAVE_METADATA) report();
    };
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', onPause);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', onPause);
    };
  }, [video]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts playback after an error
  useLayoutEffect(() => {
    const el = video;
    if (!el) return;
    if (!allowed) {
      setStatus('notice');
      return;
    }
    let cancelled = false;
    let hls: HlsInstance | null = null;
    const early = adopted.current;
    adopted.current = null;
    const startAt = callbacks.current.startAt ?? 0;
    // This source's progress callback: at cleanup `callbacks` already holds the next source's.
    const report = callbacks.current.onProgress;
    setStatus('loading');
    setMutedByPolicy(false);
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
    const watchErrors = (Hls: HlsClass, instance: HlsInstance) => {
      instance.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) fail();
      });
    };
    const runEngine = (Hls: HlsClass, instance: HlsInstance, full: boolean) => {
      hls = instance;
      watchLevels(Hls, instance);
      watchErrors(Hls, instance);
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
    if (early && Hls) {
      // Already playing this stream in this element: catch up with what happened before it was adopted.
      hls = early.hls;
      watchLevels(Hls, early.hls);
      watchErrors(Hls, early.hls);
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
  }, [video, src, attempt, allowed]);

  // The hold (pre-roll) set: pause; released: start playing.
  const wasHolding = useRef(holding);
  useEffect(() => {
    if (!video || wasHolding.current === holding) return;
    wasHolding.current = holding;
    if (holding) video.pause();
    else if (video.paused && !video.ended) playRef.current();
  }, [video, holding]);

  const chooseLevel = useCallback((next: number) => {
    const instance = hlsRef.current;
    if (!instance) return false;
    // currentLevel: switch now (the buffer ahead is dropped and refilled at the chosen rendition); -1: automatic.
    instance.currentLevel = next;
    setLevel(next);
    return true;
  }, []);
  const clearMutedByPolicy = useCallback(() => setMutedByPolicy(false), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, mutedByPolicy, clearMutedByPolicy, levels, level, chooseLevel, retry };
}
