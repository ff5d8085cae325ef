/** The player's side panels (spec §2): episodes, with the current one highlighted; and 'more'. */
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CameraGlyph } from './playerIcons';
import { RATIOS, type Ratio, SPEEDS, usePlayerSettings } from './playerSettings';
import styles from './VideoPlayer.module.css';

/** An episode as the side panel lists it. */
export interface PanelEpisode {
  nid: number;
  name: string;
}

interface EpisodePanelProps {
  list: readonly PanelEpisode[];
  /** `nid` of the playing episode. */
  current: number;
  onSelect: (nid: number) => void;
  onClose: () => void;
}

/** The playing line's episodes in a side panel; the current one is highlighted and scrolled into view. */
export function EpisodePanel({ list, current, onSelect, onClose }: EpisodePanelProps) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className={styles.panelScrim} onClick={onClose} aria-label={t('common.close')} />
      <section className={styles.panel} aria-label={t('player.episodes')} data-testid="player-episode-panel">
        <h3 className={styles.panelTitle}>{t('player.episodes')}</h3>
        <div className={styles.episodeGrid}>
          {list.map((e) => {
            const active = e.nid === current;
            return (
              <button
                key={e.nid}
                type="button"
                className={styles.chip}
                data-active={active || undefined}
                aria-current={active ? 'true' : undefined}
                data-testid={`player-episode-${e.nid}`}
                ref={active ? (el) => el?.scrollIntoView?.({ block: 'nearest' }) : undefined}
                onClick={() => onSelect(e.nid)}
              >
                {e.name || String(e.nid)}
              </button>
            );
          })}
        </div>
      </section>
    </>
  );
}

const RATIO_KEYS: Record<Ratio, 'player.ratioContain' | 'player.ratioFill' | 'player.ratioCover'> = {
  contain: 'player.ratioContain',
  fill: 'player.ratioFill',
  cover: 'player.ratioCover',
};

interface MorePanelProps {
  onScreenshot: () => void;
  onClose: () => void;
  /** A speed was chosen (the player shows it in its alert box). */
  onSpeed: (speed: number) => void;
  /**
   * Show it as a sheet at the bottom of the screen instead of a side panel inside the player: the small player of
   * a portrait page (a 390 px wide phone gives it 219 px of height, too little for the choices).
   */
  sheet?: boolean;
}

/**
 * 'More': picture ratio, speed, screenshot and the clock switch; choices persist (`playerSettings`). A side panel
 * inside the player (fullscreen, landscape), or a bottom sheet over the page (`sheet`, portrait).
 */
export function MorePanel({ onScreenshot, onClose, onSpeed, sheet }: MorePanelProps) {
  const { t } = useTranslation();
  const { ratio, speed, clock, setRatio, setSpeed, setClock } = usePlayerSettings();
  const frame = (content: ReactNode) =>
    sheet ? (
      createPortal(
        <div className={styles.sheetRoot}>
          <button type="button" className={styles.sheetMask} onClick={onClose} aria-label={t('common.close')} />
          <section
            className={styles.sheet}
            role="dialog"
            aria-label={t('player.more')}
            data-layout="sheet"
            data-testid="player-more-panel"
          >
            <div className={styles.sheetHead}>
              <h2 className={styles.sheetTitle}>{t('player.more')}</h2>
              <button
                type="button"
                className={styles.sheetClose}
                onClick={onClose}
                aria-label={t('common.close')}
                data-testid="player-more-close"
              >
                ×
              </button>
            </div>
            {content}
          </section>
        </div>,
        document.body,
      )
    ) : (
      <>
        <button type="button" className={styles.panelScrim} onClick={onClose} aria-label={t('common.close')} />
        <section
          className={`${styles.panel} ${styles.morePanel}`}
          aria-label={t('player.more')}
          data-layout="side"
          data-testid="player-more-panel"
        >
          {content}
        </section>
      </>
    );
  return frame(
    <>
      <h3 className={styles.panelTitle}>{t('player.ratio')}</h3>
      <div className={styles.chips}>
        {RATIOS.map((r) => (
          <button
            key={r}
            type="button"
            className={styles.chip}
            aria-pressed={r === ratio}
            data-active={r === ratio || undefined}
            data-testid={`player-ratio-${r}`}
            onClick={() => setRatio(r)}
          >
            {t(RATIO_KEYS[r])}
          </button>
        ))}
      </div>
      <h3 className={styles.panelTitle}>{t('player.speed')}</h3>
      <div className={styles.chips}>
        {SPEEDS.map((s) => (
          <button
            key={s}
            type="button"
            className={styles.chip}
            aria-pressed={s === speed}
            data-active={s === speed || undefined}
            data-testid={`player-speed-${s}`}
            onClick={() => {
              setSpeed(s);
              onSpeed(s);
            }}
          >
            {Number.isInteger(s) ? s.toFixed(1) : String(s)}x
          </button>
        ))}
      </div>
      <div className={styles.chips}>
        <button
          type="button"
          className={styles.chip}
          data-testid="player-screenshot"
          onClick={() => {
            onClose();
            onScreenshot();
          }}
        >
          <CameraGlyph size={18} />
          <span>{t('player.screenshot')}</span>
        </button>
        <button
          type="button"
          className={styles.chip}
          aria-pressed={clock}
          data-active={clock || undefined}
          data-testid="player-clock-toggle"
          onClick={() => setClock(!clock)}
        >
          {t('player.clock')}
        </button>
      </div>
    </>,
  );
}
