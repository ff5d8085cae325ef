/**
 * The player's touch gestures over the video (pointer events on a `touch-action: none` layer): tap shows/hides the
 * controls, double tap (two lifts within {@link DOUBLE_TAP_MS} by their event time stamps) plays/pauses, a horizontal
 * drag seeks (time pop-up), a vertical drag on the left half sets the brightness and on the right half the volume
 * (percent pop-ups, `playerSettings`). The math is in `gestures.ts`.
 */
import { type PointerEvent as ReactPointerEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { classifyDrag, DOUBLE_TAP_MS, type DragKind, dragPercent, dragSeekTime, formatTime, toLocal } from './gestures';
import { usePlayerSettings } from './playerSettings';

/** A gesture pop-up: volume/brightness in percent, or the seek time tooltip. */
export interface Popup {
  kind: DragKind;
  text: string;
}

/** How long (ms) a gesture pop-up stays after the finger lifts. */
export const POPUP_LINGER_MS = 600;

export interface GestureOptions {
  video: HTMLVideoElement | null;
  /** The CSS fullscreen fallback is rotated 90° (portrait screen): gestures follow the picture's axes. */
  rotated: boolean;
  /** Locked: every gesture is ignored. */
  locked: boolean;
  /** Media length (s), the range of a seek drag. */
  duration: number;
  onTap: () => void;
  onDoubleTap: () => void;
  /** A pop-up to show, or null to hide it ({@link POPUP_LINGER_MS} after the drag ended). */
  onPopup: (popup: Popup | null) => void;
  /** A seek drag ended at this second. */
  onSeek: (seconds: number) => void;
}

type PointerHandler = (e: ReactPointerEvent<HTMLElement>) => void;

/** The handlers to spread on the gesture layer. */
export interface GestureHandlers {
  onPointerDown: PointerHandler;
  onPointerMove: PointerHandler;
  onPointerUp: PointerHandler;
  onPointerCancel: () => void;
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  kind: DragKind | null;
  from: number;
  target: number;
}

export function useGestures({
  video,
  rotated,
  locked,
  duration,
  onTap,
  onDoubleTap,
  onPopup,
  onSeek,
}: GestureOptions): GestureHandlers {
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

  const local = (e: ReactPointerEvent<HTMLElement>) =>
    toLocal(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect(), rotated);
  const hidePopupLater = () => {
    popupTimer.current = setTimeout(() => handlers.current.onPopup(null), POPUP_LINGER_MS);
  };

  const onPointerDown: PointerHandler = (e) => {
    if (locked || drag.current) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = local(e);
    drag.current = { pointerId: e.pointerId, x: p.x, y: p.y, kind: null, from: 0, target: 0 };
  };

  const onPointerMove: PointerHandler = (e) => {
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

  const onPointerUp: PointerHandler = (e) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drag.current = null;
    if (locked) return;
    if (d.kind) {
      if (d.kind === 'seek') onSeek(d.target);
      hidePopupLater();
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
    hidePopupLater();
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel };
}
