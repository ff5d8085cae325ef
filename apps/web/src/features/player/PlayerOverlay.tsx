/**
 * The player's look (spec §2 Player overlay), drawn from props only: the box with the video slot, the brightness
 * masks, the caller's layers, the gesture layer, the loading indicator, the pop-ups and alert, the mini progress bar,
 * the centre button, the title and bottom bars, the lock, the episodes and 'more' panels, the mobile-data notice,
 * 'Play failed', the unmute button and the hold (pre-roll) cover. `VideoPlayer` owns the state (its hooks).
 */
import { DotLoading } from 'antd-mobile';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FullscreenMode } from './fullscreen';
import { BottomBar, CentreButton, GestureLayer, TitleBar } from './PlayerControls';
import { EpisodePanel, MorePanel, type PanelEpisode, type PanelLayout, type QualityOption } from './PlayerPanels';
import { BackGlyph, LockGlyph } from './playerIcons';
import type { GestureOptions, Popup } from './useGestures';
import type { SourceStatus } from './useHlsSource';
import styles from './VideoPlayer.module.css';

/** The side panel (or bottom sheet) open. */
export type Panel = 'none' | 'episodes' | 'more';

/** What the viewer's taps on the overlay ask for. */
export interface OverlayActions {
  toggle: () => void;
  seek: (seconds: number) => void;
  /** Dragging the seek bar (keeps the controls shown). */
  scrub: () => void;
  back?: () => void;
  /** The next episode; unset hides the button. */
  next?: () => void;
  openPanel: (panel: Exclude<Panel, 'none'>) => void;
  closePanel: () => void;
  selectEpisode: (nid: number) => void;
  fullscreen: () => void;
  lock: () => void;
  screenshot: () => void;
  /** A speed was chosen in 'more'. */
  speed: (speed: number) => void;
  /** Play on mobile data (the notice's button). */
  agreeMobileData: () => void;
  retry: () => void;
  unmute: () => void;
}

export interface PlayerOverlayProps {
  boxRef: Ref<HTMLDivElement>;
  /** Where the `<video>` is put (`useVideoElement`). */
  slotRef: Ref<HTMLDivElement>;
  status: SourceStatus;
  fullscreen: FullscreenMode;
  rotated: boolean;
  locked: boolean;
  /** The bars are shown (not auto-hidden, not locked, not the notice). */
  controls: boolean;
  /** The loading indicator (loading, or stalled while playing). */
  loading: boolean;
  /** The pre-roll cover; playback is held while it is set. */
  hold?: ReactNode;
  holding: boolean;
  title: string;
  poster?: string;
  clock: boolean;
  /** Opacities of the dark and light brightness masks. */
  mask: { dark: number; light: number };
  layers?: ReactNode;
  titleBarExtra?: ReactNode;
  bottomBarExtra?: ReactNode;
  gestures: GestureOptions;
  popup: Popup | null;
  alert: string | null;
  /** Paused or ended; the position and length (s). */
  paused: boolean;
  time: number;
  duration: number;
  panel: Panel;
  panelLayout: PanelLayout;
  /** The sheet's top edge (px from the viewport's top). */
  sheetTop: number;
  episodes?: { list: readonly PanelEpisode[]; current: number };
  quality?: { options: readonly QualityOption[]; selected: number; onSelect: (level: number) => void };
  mutedByPolicy: boolean;
  on: OverlayActions;
}

export function PlayerOverlay(p: PlayerOverlayProps) {
  const { t } = useTranslation();
  const { on, status, locked, controls, holding } = p;
  const playing = status !== 'notice' && status !== 'error';
  return (
    <div
      ref={p.boxRef}
      className={styles.player}
      data-status={status}
      data-fullscreen={p.fullscreen}
      data-rotated={p.rotated || undefined}
      data-controls={controls || undefined}
      data-locked={locked || undefined}
      data-testid="player"
    >
      <div ref={p.slotRef} className={styles.slot} />
      <div className={styles.maskDark} style={{ opacity: p.mask.dark }} data-testid="player-brightness-mask" />
      <div className={styles.maskLight} style={{ opacity: p.mask.light }} />
      {p.layers}
      {playing && <GestureLayer {...p.gestures} />}
      {p.loading && !holding && (
        <div className={styles.loading} role="status" data-testid="player-loading">
          <DotLoading color="white" />
          <span>{t('player.loading')}</span>
        </div>
      )}
      {p.popup && (
        <div className={styles.popup} data-testid={`player-popup-${p.popup.kind}`} aria-live="polite">
          {p.popup.text}
        </div>
      )}
      {p.alert && (
        <div className={styles.alert} role="status" data-testid="player-alert">
          {p.alert}
        </div>
      )}
      {!controls && !locked && status === 'ready' && p.duration > 0 && (
        <div className={styles.mini} data-testid="player-mini-progress" aria-hidden="true">
          <div style={{ width: `${Math.min(100, (p.time / p.duration) * 100)}%` }} />
        </div>
      )}
      {controls && status === 'ready' && !holding && <CentreButton paused={p.paused} onToggle={on.toggle} />}
      {controls && (
        <>
          <TitleBar
            title={p.title}
            clock={p.clock}
            onBack={on.back}
            onMore={() => on.openPanel('more')}
            extra={p.titleBarExtra}
          />
          <BottomBar
            paused={p.paused}
            time={p.time}
            duration={p.duration}
            fullscreen={p.fullscreen !== 'none'}
            rotated={p.rotated}
            onToggle={on.toggle}
            onNext={on.next}
            onSeek={on.seek}
            onScrub={on.scrub}
            onEpisodes={p.episodes ? () => on.openPanel('episodes') : undefined}
            onFullscreen={on.fullscreen}
            extra={p.bottomBarExtra}
          />
        </>
      )}
      {((controls && p.panel === 'none') || locked) && status !== 'notice' && (
        <button
          type="button"
          className={styles.lock}
          aria-pressed={locked}
          aria-label={locked ? t('player.unlock') : t('player.lock')}
          data-testid="player-lock"
          onClick={on.lock}
        >
          <LockGlyph open={!locked} />
        </button>
      )}
      {p.panel === 'episodes' && p.episodes && (
        <EpisodePanel
          layout={p.panelLayout}
          top={p.sheetTop}
          list={p.episodes.list}
          current={p.episodes.current}
          onSelect={on.selectEpisode}
          onClose={on.closePanel}
        />
      )}
      {p.panel === 'more' && (
        <MorePanel
          layout={p.panelLayout}
          top={p.sheetTop}
          quality={p.quality}
          onScreenshot={on.screenshot}
          onClose={on.closePanel}
          onSpeed={on.speed}
        />
      )}
      {status === 'notice' && (
        <div
          className={styles.overlaySolid}
          role="dialog"
          aria-label={t('player.cellularTitle')}
          data-testid="player-cellular"
        >
          {p.poster && <img className={styles.backdrop} src={p.poster} alt="" />}
          <p className={styles.noticeTitle}>{t('player.cellularTitle')}</p>
          <p>{t('player.cellularText')}</p>
          <button
            type="button"
            className={styles.button}
            data-testid="player-cellular-play"
            onClick={on.agreeMobileData}
          >
            {t('player.cellularPlay')}
          </button>
        </div>
      )}
      {status === 'error' && (
        <div className={styles.overlaySolid} role="alert" data-testid="player-error">
          <p>{t('player.playFailed')}</p>
          <button type="button" className={styles.button} onClick={on.retry}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {status !== 'error' && p.mutedByPolicy && !holding && (
        <button type="button" className={styles.unmute} onClick={on.unmute}>
          {t('player.unmute')}
        </button>
      )}
      {holding && (
        <div className={styles.hold} data-testid="player-hold">
          {p.hold}
        </div>
      )}
      {(holding || !playing) && on.back && (
        <button type="button" className={styles.holdBack} onClick={on.back} aria-label={t('common.back')}>
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
export function playerBottom(box: HTMLElement | null): number {
  if (!box || typeof window === 'undefined') return 0;
  return Math.round(Math.min(Math.max(0, box.getBoundingClientRect().bottom), window.innerHeight / 2));
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
