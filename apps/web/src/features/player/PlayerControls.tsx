/** The player overlay's controls: the gesture layer, the centre button, the title bar and the bottom bar. */
import { type ReactNode, type PointerEvent as ReactPointerEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barTime, formatTime } from './gestures';
import { BackGlyph, FullscreenGlyph, ListGlyph, MoreGlyph, NextGlyph, PauseGlyph, PlayGlyph } from './playerIcons';
import { type GestureOptions, useGestures } from './useGestures';
import styles from './VideoPlayer.module.css';

/**
 * The touch surface over the video: see `useGestures` (tap, double tap, seek drag, brightness and volume drags).
 */
export function GestureLayer(props: GestureOptions) {
  return <div className={styles.gestures} data-testid="player-gestures" {...useGestures(props)} />;
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
