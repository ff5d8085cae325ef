/**
 * What the player tells the components drawn through its slots (`layers`, `titleBarExtra`, `bottomBarExtra` of
 * `VideoPlayer`): the danmaku canvas, the pause ad, the cast button, the danmaku toggle. Types only, so a feature can
 * import it without pulling the player in.
 */
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
