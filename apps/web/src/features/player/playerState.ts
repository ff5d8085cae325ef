/**
 * The player's types: `VideoPlayer`'s props, and what the player tells the components drawn through its slots
 * (`layers`, `titleBarExtra`, `bottomBarExtra`): the danmaku canvas, the pause ad, the cast button, the danmaku
 * toggle. Types only, so a feature can import them without pulling the player in.
 */
import type { HlsConfig } from 'hls.js';
import type { ReactNode } from 'react';
import type { HlsClass } from './hlsEngine';
import type { PanelEpisode } from './PlayerPanels';

export interface PlayerState {
  /** The `<video>` element playing the episode; null before it is mounted. */
  video: HTMLVideoElement | null;
  /** `video.paused`, as a React state (re-renders the slots when it changes). */
  paused: boolean;
  /** The episode played to its end (cleared when playback restarts or the source changes). */
  ended: boolean;
  /** The player is fullscreen: the element's own fullscreen, or the CSS fallback (a fixed full-viewport box). */
  fullscreen: boolean;
  /** The player box's size in CSS pixels (the area `layers` cover), kept up to date by a ResizeObserver. */
  width: number;
  height: number;
  /** The screen lock is on: only the lock button shows and gestures are ignored. */
  locked: boolean;
  /** The title and bottom bars are shown (they auto-hide after a few seconds of playback). */
  controlsVisible: boolean;
}

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
