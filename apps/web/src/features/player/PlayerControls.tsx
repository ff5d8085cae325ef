/** The player overlay's controls: the gesture layer, the centre button, the title bar and the bottom bar. */
import { type ReactNode, type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  barTime,
  classifyDrag,
  DOUBLE_TAP_MS,
  type DragKind,
  dragPercent,
  dragSeekTime,
  formatTime,
  toLocal,
} from './gestures';
import { BackGlyph, FullscreenGlyph, ListGlyph, MoreGlyph, NextGlyph, PauseGlyph, PlayGlyph } from './playerIcons';
import { usePlayerSettings } from './playerSettings';
import styles from './VideoPlayer.module.css';

/** A gesture pop-up: volume/brightness in percent, or the seek time tooltip. */
export interface Popup {
  kind: DragKind;
  text: string;
}

/** How long (ms) a gesture pop-up stays after the finger lifts. */
const POPUP_LINGER_MS = 600;

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  kind: DragKind | null;
  from: number;
  target: number;
}

interface GestureLayerProps {
  video: HTMLVideoElement | null;
  /** The CSS fullscreen fallback is rotated 90° (portrait screen): gestures follow the picture's axes. */
  rotated: boolean;
  /** Locked: every gesture is ignored. */
  locked: boolean;
  duration: number;
  onTap: () => void;
  onDoubleTap: () => void;
  onPopup: (popup: Popup | null) => void;
  onSeek: (seconds: number) => void;
}

/**
 * The touch surface over the video (pointer events, `touch-action: none`): tap shows/hides the controls, double tap
 * (two lifts within {@link DOUBLE_TAP_MS} by their event time stamps) plays/pauses, a horizontal drag seeks (time tooltip), a vertical drag on the left half sets the brightness and on the
 * right half the volume (percent pop-ups). See `gestures.ts` for the math.
 */
export function GestureLayer({
  video,
  rotated,
  locked,
  duration,
  onTap,
  onDoubleTap,
  onPopup,
  onSeek,
}: GestureLayerProps) {
  const { t } = useTranslation();
  const drag = useRef<Drag | null>(null);
  const lastTap = useRef(0);
  const tapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const popupTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const handlers = useRef({ onTap, onDoubleTap, onPopup });
  handlers.current = { onTap, onDoubleTap, onPopup };

  useEffect(
    () => () => {
      clearTimeout(tapTimer.current);
      clearTimeout(popupTimer.current);
    },
    [],
  );

  const local = (e: ReactPointerEvent<HTMLDivElement>) =>
    toLocal(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect(), rotated);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (locked || drag.current) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = local(e);
    drag.current = { pointerId: e.pointerId, x: p.x, y: p.y, kind: null, from: 0, target: 0 };
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId || locked) return;
    const p = local(e);
    const dx = p.x - d.x;
    const dy = p.y - d.y;
    const settings = usePlayerSettings.getState();
    if (!d.kind) {
      d.kind = classifyDrag(d.x, p.width, dx, dy);
      if (!d.kind) return;
      clearTimeout(popupTimer.current);
      d.from =
        d.kind === 'seek' ? (video?.currentTime ?? 0) : d.kind === 'volume' ? settings.volume : settings.brightness;
    }
    if (d.kind === 'seek') {
      d.target = dragSeekTime(d.from, dx, p.width, duration);
      onPopup({ kind: 'seek', text: `${formatTime(d.target)} / ${formatTime(duration)}` });
    } else if (d.kind === 'volume') {
      const value = dragPercent(d.from, dy, p.height);
      settings.setVolume(value);
      if (video && value > 0 && video.muted) video.muted = false;
      onPopup({ kind: 'volume', text: t('player.volume', { value }) });
    } else {
      const value = dragPercent(d.from, dy, p.height);
      settings.setBrightness(value);
      onPopup({ kind: 'brightness', text: t('player.brightness', { value }) });
    }
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    if (locked) return;
    if (d.kind) {
      if (d.kind === 'seek') onSeek(d.target);
      popupTimer.current = setTimeout(() => handlers.current.onPopup(null), POPUP_LINGER_MS);
      return;
    }
    // When the finger lifted (the event's own time stamp, the same clock as performance.now()), not when this handler
    // runs: a busy main thread (decoding, rendering) delays the handlers, and a real double tap must not turn into
    // two single taps because the second was handled late.
    const now = e.timeStamp > 0 ? e.timeStamp : performance.now();
    if (now - lastTap.current < DOUBLE_TAP_MS) {
      clearTimeout(tapTimer.current);
      lastTap.current = 0;
      handlers.current.onDoubleTap();
      return;
    }
    lastTap.current = now;
    tapTimer.current = setTimeout(() => handlers.current.onTap(), DOUBLE_TAP_MS);
  };

  const onPointerCancel = () => {
    drag.current = null;
    popupTimer.current = setTimeout(() => handlers.current.onPopup(null), POPUP_LINGER_MS);
  };

  return (
    <div
      className={styles.gestures}
      data-testid="player-gestures"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    />
  );
}

/** The big play/pause button in the middle. */
export function CentreButton({ paused, onToggle }: { paused: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.centre}
      onClick={onToggle}
      aria-label={paused ? t('player.play') : t('player.pause')}
      data-testid="player-centre"
    >
      {paused ? <PlayGlyph size={30} /> : <PauseGlyph size={30} />}
    </button>
  );
}

/** The wall clock (HH:MM), updated every few seconds. */
function Clock() {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 5000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className={styles.clock} data-testid="player-clock" dateTime={now.toISOString()}>
      {now.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}
    </time>
  );
}

interface TitleBarProps {
  title: string;
  clock: boolean;
  onBack?: () => void;
  onMore: () => void;
  extra?: ReactNode;
}

/** Back, the title, the clock, the extras (cast) and 'more'. */
export function TitleBar({ title, clock, onBack, onMore, extra }: TitleBarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.titleBar} data-testid="player-title-bar">
      {onBack && (
        <button
          type="button"
          className={styles.icon}
          onClick={onBack}
          aria-label={t('common.back')}
          data-testid="player-back"
        >
          <BackGlyph />
        </button>
      )}
      <span className={styles.title}>{title}</span>
      {clock && <Clock />}
      {extra}
      <button
        type="button"
        className={styles.icon}
        onClick={onMore}
        aria-label={t('player.more')}
        data-testid="player-more"
      >
        <MoreGlyph />
      </button>
    </div>
  );
}

interface SeekBarProps {
  time: number;
  duration: number;
  rotated: boolean;
  onSeek: (seconds: number) => void;
  /** While dragging (keeps the controls from hiding). */
  onScrub: () => void;
}

/** The seek bar: tap or drag (pointer events); arrow keys step 5 s. */
function SeekBar({ time, duration, rotated, onSeek, onScrub }: SeekBarProps) {
  const { t } = useTranslation();
  const [scrub, setScrub] = useState<number | null>(null);
  const at = (e: ReactPointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return rotated ? barTime(e.clientY, r.top, r.height, duration) : barTime(e.clientX, r.left, r.width, duration);
  };
  const shown = scrub ?? time;
  const fraction = duration > 0 ? Math.min(1, shown / duration) : 0;
  return (
    <div
      className={styles.seek}
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(shown)}
      aria-valuetext={`${formatTime(shown)} / ${formatTime(duration)}`}
      data-testid="player-seek"
      onPointerDown={(e) => {
        if (duration <= 0) return;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        setScrub(at(e));
        onScrub();
      }}
      onPointerMove={(e) => {
        if (scrub === null) return;
        setScrub(at(e));
        onScrub();
      }}
      onPointerUp={(e) => {
        if (scrub === null) return;
        const target = at(e);
        setScrub(null);
        onSeek(target);
      }}
      onPointerCancel={() => setScrub(null)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') onSeek(Math.min(duration, time + 5));
        else if (e.key === 'ArrowLeft') onSeek(Math.max(0, time - 5));
      }}
    >
      <div className={styles.track}>
        <div className={styles.played} style={{ width: `${fraction * 100}%` }} />
        <div className={styles.thumb} style={{ left: `${fraction * 100}%` }} />
      </div>
    </div>
  );
}

interface BottomBarProps {
  paused: boolean;
  time: number;
  duration: number;
  fullscreen: boolean;
  rotated: boolean;
  onToggle: () => void;
  onNext?: () => void;
  onSeek: (seconds: number) => void;
  onScrub: () => void;
  onEpisodes?: () => void;
  onFullscreen: () => void;
  extra?: ReactNode;
}

/** Play/pause, next, current time, seek bar, total time, the extras (danmaku), episodes and fullscreen. */
export function BottomBar(p: BottomBarProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.bottomBar} data-testid="player-bottom-bar">
      <div className={styles.seekRow}>
        <span className={styles.time} data-testid="player-time">
          {formatTime(p.time)}
        </span>
        <SeekBar time={p.time} duration={p.duration} rotated={p.rotated} onSeek={p.onSeek} onScrub={p.onScrub} />
        <span className={styles.time} data-testid="player-duration">
          {formatTime(p.duration)}
        </span>
      </div>
      <div className={styles.buttonRow}>
        <button
          type="button"
          className={styles.icon}
          onClick={p.onToggle}
          aria-label={p.paused ? t('player.play') : t('player.pause')}
          data-testid="player-play"
        >
          {p.paused ? <PlayGlyph /> : <PauseGlyph />}
        </button>
        {p.onNext && (
          <button
            type="button"
            className={styles.icon}
            onClick={p.onNext}
            aria-label={t('player.next')}
            data-testid="player-next"
          >
            <NextGlyph />
          </button>
        )}
        <span className={styles.spacer} />
        {p.extra && <div className={styles.extra}>{p.extra}</div>}
        {p.onEpisodes && (
          <button
            type="button"
            className={styles.textButton}
            onClick={p.onEpisodes}
            data-testid="player-episodes"
            aria-label={t('player.episodes')}
          >
            <ListGlyph size={20} />
            <span>{t('player.episodes')}</span>
          </button>
        )}
        <button
          type="button"
          className={styles.icon}
          onClick={p.onFullscreen}
          aria-label={p.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
          data-testid="player-fullscreen"
        >
          <FullscreenGlyph exit={p.fullscreen} />
        </button>
      </div>
    </div>
  );
}
