/** The player's side panels (spec §2): episodes, with the current one highlighted; and 'more'. */
import { type ReactNode, useEffect, useRef } from 'react';
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

/**
 * Where a panel opens: `sheet` is a bottom sheet over the page below the player (the small player of a portrait
 * page: a 390 px wide phone gives it 219 px of height, too little for a panel inside it); `side` a side panel inside
 * the player (fullscreen, landscape).
 */
export type PanelLayout = 'sheet' | 'side';

/**
 * The frame of a panel. As a sheet it is portalled to the body and starts below the player (`top`, px from the top
 * of the viewport; the mask too), so the player's title bar and controls stay in view and in reach; the sheet is
 * opaque and scrolls inside, its head (title and close button) staying. As a side panel it sits inside the player.
 */
function PanelFrame({
  layout,
  top,
  title,
  testId,
  className,
  onClose,
  children,
}: {
  layout: PanelLayout;
  top: number;
  title: string;
  testId: string;
  className?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // The sheet leaves the player uncovered: a touch on it (the picture or a control, which still acts) closes the sheet.
  useEffect(() => {
    if (layout !== 'sheet') return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) closeRef.current();
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [layout]);
  if (layout === 'sheet') {
    return createPortal(
      <div ref={rootRef} className={styles.sheetRoot} style={{ top }}>
        <button type="button" className={styles.sheetMask} onClick={onClose} aria-label={t('common.close')} />
        <section className={styles.sheet} role="dialog" aria-label={title} data-layout="sheet" data-testid={testId}>
          <div className={styles.sheetHead}>
            <h2 className={styles.sheetTitle}>{title}</h2>
            <button
              type="button"
              className={styles.sheetClose}
              onClick={onClose}
              aria-label={t('common.close')}
              data-testid={`${testId.replace(/-panel$/, '')}-close`}
            >
              ×
            </button>
          </div>
          <div className={styles.sheetBody}>{children}</div>
        </section>
      </div>,
      document.body,
    );
  }
  return (
    <>
      <button type="button" className={styles.panelScrim} onClick={onClose} aria-label={t('common.close')} />
      <section
        className={`${styles.panel} ${className ?? ''}`}
        aria-label={title}
        data-layout="side"
        data-testid={testId}
      >
        {children}
      </section>
    </>
  );
}

interface EpisodePanelProps {
  list: readonly PanelEpisode[];
  /** `nid` of the playing episode. */
  current: number;
  onSelect: (nid: number) => void;
  onClose: () => void;
  layout: PanelLayout;
  /** Sheet only: its top edge (px from the top of the viewport), the player's bottom. */
  top?: number;
}

/**
 * The playing line's episodes (a bottom sheet in portrait, a side panel otherwise); the current one is highlighted
 * and scrolled into view, every episode reachable by scrolling the list.
 */
export function EpisodePanel({ list, current, onSelect, onClose, layout, top = 0 }: EpisodePanelProps) {
  const { t } = useTranslation();
  return (
    <PanelFrame layout={layout} top={top} title={t('player.episodes')} testId="player-episode-panel" onClose={onClose}>
      {layout === 'side' && <h3 className={styles.panelTitle}>{t('player.episodes')}</h3>}
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
    </PanelFrame>
  );
}

const RATIO_KEYS: Record<Ratio, 'player.ratioContain' | 'player.ratioFill' | 'player.ratioCover'> = {
  contain: 'player.ratioContain',
  fill: 'player.ratioFill',
  cover: 'player.ratioCover',
};

/** A choice of the quality row: an hls.js level index (-1: auto) and its label. */
export interface QualityOption {
  level: number;
  label: string;
}

interface MorePanelProps {
  onScreenshot: () => void;
  onClose: () => void;
  /** A speed was chosen (the player shows it in its alert box). */
  onSpeed: (speed: number) => void;
  layout: PanelLayout;
  /** Sheet only: its top edge (px from the top of the viewport), the player's bottom. */
  top?: number;
  /**
   * The stream's renditions (a master playlist played by hls.js): auto first, then each height; hidden when there is
   * only one (or native HLS, which chooses by itself).
   */
  quality?: { options: readonly QualityOption[]; selected: number; onSelect: (level: number) => void };
}

/**
 * 'More': quality (several renditions), picture ratio, speed, screenshot and the clock switch; ratio, speed and
 * clock persist (`playerSettings`). A side panel inside the player (fullscreen, landscape), or a bottom sheet below
 * the player (portrait).
 */
export function MorePanel({ onScreenshot, onClose, onSpeed, layout, top = 0, quality }: MorePanelProps) {
  const { t } = useTranslation();
  const { ratio, speed, clock, setRatio, setSpeed, setClock } = usePlayerSettings();
  const frame = (content: ReactNode) => (
    <PanelFrame
      layout={layout}
      top={top}
      title={t('player.more')}
      testId="player-more-panel"
      className={styles.morePanel}
      onClose={onClose}
    >
      {content}
    </PanelFrame>
  );
  return frame(
    <>
      {quality && quality.options.length > 2 && (
        <>
          <h3 className={styles.panelTitle}>{t('player.quality')}</h3>
          <div className={styles.chips} role="radiogroup" aria-label={t('player.quality')}>
            {quality.options.map((q) => (
              // biome-ignore lint/a11y/useSemanticElements: a chip row like the ratio and speed rows
              <button
                key={q.level}
                type="button"
                role="radio"
                className={styles.chip}
                aria-checked={q.level === quality.selected}
                data-active={q.level === quality.selected || undefined}
                data-testid={`player-quality-${q.level < 0 ? 'auto' : q.label}`}
                onClick={() => quality.onSelect(q.level)}
              >
                {q.level < 0 ? t('player.qualityAuto') : q.label}
              </button>
            ))}
          </div>
        </>
      )}
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
