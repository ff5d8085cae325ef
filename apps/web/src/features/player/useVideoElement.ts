/**
 * The player's `<video>` element, managed outside React's tree so that the early player's element (the one the boot
 * script may already be playing, see `hlsEngine.ts`) can be put in place as it is, and the persisted settings
 * (`playerSettings.ts`) applied onto it.
 */
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPlayerVideo, type EarlyPlayer, takeEarlyPlayer } from './hlsEngine';
import type { Ratio } from './playerSettings';

export interface VideoElement {
  /** The element, once mounted into the slot (null on the first render). */
  video: HTMLVideoElement | null;
  /**
   * The early player adopted with the element, until the source (`useHlsSource`) takes it over (sets it to null);
   * an engine never taken over is destroyed with the element.
   */
  adopted: RefObject<EarlyPlayer | null>;
}

/**
 * Puts the player's `<video>` into `slot` on mount (a layout effect: before the first paint) and removes it on unmount:
 * the early player's element when it plays `src` and `adopt` is true (mobile data allowed), else a new one. The element
 * gets `className` and no native controls. Only the first `src` can have an early player.
 */
export function useVideoElement(slot: RefObject<HTMLElement | null>, src: string, adopt: boolean, className: string) {
  const adopted = useRef<EarlyPlayer | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount (see above)
  useLayoutEffect(() => {
    const box = slot.current;
    if (!box) return;
    const early = adopt ? takeEarlyPlayer(src, box) : null;
    adopted.current = early;
    const el = early?.video ?? createPlayerVideo();
    el.className = className;
    el.controls = false;
    if (!early) box.appendChild(el);
    setVideo(el);
    return () => {
      adopted.current?.hls.destroy();
      adopted.current = null;
      el.remove();
    };
  }, []);
  return { video, adopted } satisfies VideoElement;
}

export interface VideoLook {
  poster?: string;
  /** The element's accessible name. */
  title?: string;
  /** 0..100 (`playerSettings.volume`). */
  volume: number;
  /** Playback rate, re-applied after every `loadedmetadata` (a `load()` resets it). */
  speed: number;
  /** The picture ratio, as `object-fit`. */
  ratio: Ratio;
}

/** Keeps `video`'s poster, label, volume, rate and `object-fit` in line with `look`. */
export function useVideoLook(video: HTMLVideoElement | null, { poster, title, volume, speed, ratio }: VideoLook) {
  useLayoutEffect(() => {
    if (!video) return;
    if (poster) video.poster = poster;
    else video.removeAttribute('poster');
    if (title) video.setAttribute('aria-label', title);
    else video.removeAttribute('aria-label');
  }, [video, poster, title]);
  useEffect(() => {
    if (video) video.volume = volume / 100;
  }, [video, volume]);
  useEffect(() => {
    if (!video) return;
    const apply = () => {
      video.defaultPlaybackRate = speed;
      video.playbackRate = speed;
    };
    apply();
    video.addEventListener('loadedmetadata', apply);
    return () => video.removeEventListener('loadedmetadata', apply);
  }, [video, speed]);
  useEffect(() => {
    if (video) video.style.objectFit = ratio;
  }, [video, ratio]);
}
