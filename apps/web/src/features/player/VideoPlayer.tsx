import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from './gestures';
import { useMediaSession } from './mediaSession';
import { agreeMobileData, mobileDataAllowed } from './network';
import { type OverlayActions, type Panel, PlayerOverlay, playerBottom } from './PlayerOverlay';
import type { PanelLayout } from './PlayerPanels';
import { brightnessMask, usePlayerSettings } from './playerSettings';
import type { PlayerState, VideoPlayerProps } from './playerState';
import { qualityOptions } from './quality';
import { saveScreenshot } from './screenshot';
import { useAutoHide } from './useAutoHide';
import { useElementSize } from './useElementSize';
import { useFlash } from './useFlash';
import { useFullscreen } from './useFullscreen';
import type { GestureOptions, Popup } from './useGestures';
import { useHlsSource } from './useHlsSource';
import { mediaStore, useMediaState } from './useMediaState';
import { usePlayerKeys } from './usePlayerKeys';
import { useVideoElement, useVideoLook } from './useVideoElement';
import styles from './VideoPlayer.module.css';

export { PlayerMessage } from './PlayerOverlay';
export type { VideoPlayerProps } from './playerState';

/** What the overlay shows of the element's state (it re-renders when one of these changes). */
const PLAYER_FIELDS = ['paused', 'ended', 'currentTime', 'duration', 'waiting'] as const;
/** How long (ms) the alert text box stays. */
const ALERT_MS = 2500;
/** How long (ms) a keyboard shortcut's pop-up (seek time, volume) stays. */
const KEY_POPUP_MS = 800;

/**
 * The title page's player (spec §2 Player overlay): a `<video>` fed by hls.js (loaded on demand) or the browser's
 * native HLS, under our own overlay: title bar (back, clock, extras, more, lock), loading indicator, centre
 * play/pause, swipe gestures (seek; brightness on the left half, volume on the right) with their pop-ups, double tap
 * to play/pause, tap to show/hide the controls (auto-hidden while playing), the mini progress bar, the bottom bar
 * (play/pause, next, time, seek bar, extras, episodes, fullscreen), the episodes and 'more' side panels, the
 * mobile-data notice and the lock. Volume, brightness, speed and ratio persist (`playerSettings`).
 *
 * Composed of hooks, each in its own file: the element (`useVideoElement`: the boot script's early player adopted
 * as it is, see `hlsEngine`), its state (`useMediaState`), the stream (`useHlsSource`: autoplay, muted when sound is
 * refused), fullscreen (`useFullscreen`), auto-hide (`useAutoHide`), gestures (`useGestures`, in `GestureLayer`),
 * keys (`usePlayerKeys`), the Media Session (`useMediaSession`); drawn by `PlayerOverlay`.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { src, poster, title, onBack, onNext, episodes, alert, layers, titleBarExtra, bottomBarExtra, hold } = props;
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const [allowed, setAllowed] = useState(mobileDataAllowed);
  const { video, adopted } = useVideoElement(slotRef, src, allowed, styles.video ?? '');
  const settings = usePlayerSettings();
  useVideoLook(video, { poster, title, volume: settings.volume, speed: settings.speed, ratio: settings.ratio });
  const media = useMediaState(video, PLAYER_FIELDS);
  const holding = hold !== undefined && hold !== null && hold !== false;
  const source = useHlsSource({ ...props, video, adopted, allowed, holding });
  const size = useElementSize(boxRef);
  const fullscreen = useFullscreen(boxRef);
  const [locked, setLocked] = useState(false);
  const [panel, setPanel] = useState<Panel>('none');
  const [popup, showPopup] = useFlash<Popup>();
  const [alertText, showAlert] = useFlash<string>();
  const controls = useAutoHide(!media.paused && panel === 'none' && !popup);
  const { touch } = controls;
  const say = (text: string) => showAlert(text, ALERT_MS);
  useMediaSession(video, title ?? '', poster, onNext);

  useEffect(() => {
    if (alert) showAlert(alert, ALERT_MS);
  }, [alert, showAlert]);

  const togglePlay = () => {
    if (!video || holding) return;
    touch();
    if (video.paused || video.ended) {
      if (video.ended) video.currentTime = 0;
      video.muted = false;
      source.clearMutedByPolicy();
      video.play().catch(() => undefined);
    } else video.pause();
  };
  const seekTo = (seconds: number) => {
    if (!video || !Number.isFinite(seconds)) return;
    touch();
    video.currentTime = seconds;
    mediaStore(video).refresh();
  };
  const toggleFullscreen = () => {
    touch();
    fullscreen.toggle();
  };
  const flashVolume = (value: number) => {
    showPopup({ kind: 'volume', text: t('player.volume', { value }) }, KEY_POPUP_MS);
    touch();
  };

  usePlayerKeys({
    off: !video || locked || holding,
    closeOnly: source.status === 'notice' || source.status === 'error',
    panelOpen: panel !== 'none',
    closePanel: () => setPanel('none'),
    toggle: togglePlay,
    fullscreen: toggleFullscreen,
    seekBy: (by) => {
      if (!video) return;
      const end = (Number.isFinite(video.duration) ? video.duration : media.duration) || 0;
      const to = Math.min(end, Math.max(0, video.currentTime + by));
      seekTo(to);
      showPopup({ kind: 'seek', text: `${formatTime(to)} / ${formatTime(end)}` }, KEY_POPUP_MS);
    },
    toggleMute: () => {
      if (!video) return;
      video.muted = !video.muted;
      source.clearMutedByPolicy();
      flashVolume(video.muted ? 0 : settings.volume);
    },
    volumeBy: (by) => {
      const value = Math.min(100, Math.max(0, settings.volume + by));
      settings.setVolume(value);
      if (video) video.muted = false;
      flashVolume(value);
    },
  });

  const quality = useMemo(() => qualityOptions(source.levels), [source.levels]);
  const chooseLevel = (level: number) => {
    if (!source.chooseLevel(level)) return;
    const option = quality.find((q) => q.level === level);
    say(t('player.qualityChanged', { quality: level < 0 || !option ? t('player.qualityAuto') : option.label }));
    touch();
  };

  const actions: OverlayActions = {
    toggle: togglePlay,
    seek: seekTo,
    scrub: touch,
    back: onBack,
    next: onNext,
    openPanel: (next) => {
      setPanel(next);
      touch();
    },
    closePanel: () => setPanel('none'),
    selectEpisode: (nid) => {
      setPanel('none');
      if (episodes && nid !== episodes.current) episodes.onSelect(nid);
    },
    fullscreen: toggleFullscreen,
    lock: () => {
      setLocked((l) => !l);
      setPanel('none');
      say(locked ? t('player.unlocked') : t('player.locked'));
      touch();
    },
    screenshot: () => {
      if (video)
        saveScreenshot(video, title ?? '').then((ok) =>
          say(t(ok ? 'player.screenshotSaved' : 'player.screenshotFailed')),
        );
    },
    speed: (speed) => say(t('player.speedChanged', { speed })),
    agreeMobileData: () => {
      agreeMobileData();
      setAllowed(true);
    },
    retry: source.retry,
    unmute: () => {
      if (video) {
        video.muted = false;
        void video.play().catch(() => undefined);
      }
      source.clearMutedByPolicy();
    },
  };
  const gestures: GestureOptions = {
    video,
    rotated: fullscreen.rotated,
    locked,
    duration: media.duration,
    onTap: () => {
      if (panel !== 'none') setPanel('none');
      else controls.toggle();
      touch();
    },
    onDoubleTap: togglePlay,
    onPopup: (next) => showPopup(next),
    onSeek: seekTo,
  };

  const isFullscreen = fullscreen.mode !== 'none';
  const state = useMemo<PlayerState>(
    () => ({
      video,
      paused: media.paused,
      ended: media.ended,
      fullscreen: isFullscreen,
      width: size.width,
      height: size.height,
      locked,
      controlsVisible: controls.visible && !locked,
    }),
    [video, media.paused, media.ended, isFullscreen, size.width, size.height, locked, controls.visible],
  );
  // Panels: a bottom sheet below the player on a portrait page (too little room inside the small player), else a
  // side panel inside it.
  const panelLayout: PanelLayout =
    !isFullscreen && (fullscreen.portrait || (size.height > 0 && size.height < 260)) ? 'sheet' : 'side';
  const { status } = source;

  return (
    <PlayerOverlay
      boxRef={boxRef}
      slotRef={slotRef}
      status={status}
      fullscreen={fullscreen.mode}
      rotated={fullscreen.rotated}
      locked={locked}
      controls={controls.visible && !locked && status !== 'notice'}
      loading={status === 'loading' || (status === 'ready' && media.waiting && !media.paused)}
      hold={hold}
      holding={holding}
      title={title ?? ''}
      poster={poster}
      clock={settings.clock}
      mask={brightnessMask(settings.brightness)}
      layers={layers?.(state)}
      titleBarExtra={titleBarExtra?.(state)}
      bottomBarExtra={bottomBarExtra?.(state)}
      gestures={gestures}
      popup={popup}
      alert={alertText}
      paused={media.paused || media.ended}
      time={media.currentTime}
      duration={media.duration}
      panel={panel}
      panelLayout={panelLayout}
      sheetTop={panel !== 'none' && panelLayout === 'sheet' ? playerBottom(boxRef.current) : 0}
      episodes={episodes}
      quality={quality.length > 2 ? { options: quality, selected: source.level, onSelect: chooseLevel } : undefined}
      mutedByPolicy={source.mutedByPolicy}
      on={actions}
    />
  );
}
