/**
 * Casting through the browser itself (shared/research/player.md §3):
 * - the Remote Playback API (`video.remote.prompt()`): Chrome on Android and desktop, Safari 13.1+ (AirPlay). Chrome
 *   cannot send an MSE (hls.js) stream, only a plain `src`; the prompt then rejects and the error is shown.
 * - AirPlay on Safari through the native HLS element (`webkitShowPlaybackTargetPicker`).
 * Neither needs the server; DLNA (castApi.ts) is the third way.
 */

interface WebkitVideo extends HTMLVideoElement {
  webkitShowPlaybackTargetPicker?: () => void;
}

/** Whether the element offers the Remote Playback API. */
export function hasRemotePlayback(video: HTMLVideoElement | null): boolean {
  return Boolean(video && 'remote' in video && video.remote && !video.disableRemotePlayback);
}

/** Whether the element can show Safari's AirPlay picker. */
export function hasAirPlay(video: HTMLVideoElement | null): boolean {
  return typeof (video as WebkitVideo | null)?.webkitShowPlaybackTargetPicker === 'function';
}

/** Open the browser's device picker; rejects with the browser's error (no devices, MSE source, ...). */
export async function promptRemotePlayback(video: HTMLVideoElement): Promise<void> {
  await video.remote.prompt();
}

/** Open Safari's AirPlay picker. */
export function showAirPlayPicker(video: HTMLVideoElement): void {
  (video as WebkitVideo).webkitShowPlaybackTargetPicker?.();
}
