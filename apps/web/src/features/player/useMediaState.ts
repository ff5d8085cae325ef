/**
 * The media element's state as React state: one external store per `<video>`/`<audio>` (kept in a WeakMap), read
 * through `useSyncExternalStore`. The snapshot is re-read from the element on its media events (HTML spec, "media
 * element events") and replaced only when a field changed, so a component re-renders on real changes only.
 */
import { useRef, useSyncExternalStore } from 'react';

/** A frozen view of an `HTMLMediaElement`; times in seconds, volume 0..1. */
export interface MediaState {
  paused: boolean;
  ended: boolean;
  /** Playback position (s). */
  currentTime: number;
  /** Length (s); 0 while unknown (before the metadata, `NaN`) and for live streams (`Infinity`). */
  duration: number;
  /** End (s) of the buffered range holding the playback position; 0 when nothing is buffered there. */
  buffered: number;
  /** Stalled for data: set by `waiting`, cleared by `playing` and `seeked`. */
  waiting: boolean;
  seeking: boolean;
  volume: number;
  muted: boolean;
  playbackRate: number;
  /** `HTMLMediaElement.readyState` (0 HAVE_NOTHING .. 4 HAVE_ENOUGH_DATA). */
  readyState: number;
}

/** The state without an element. */
export const NO_MEDIA: MediaState = Object.freeze({
  paused: true,
  ended: false,
  currentTime: 0,
  duration: 0,
  buffered: 0,
  waiting: false,
  seeking: false,
  volume: 1,
  muted: false,
  playbackRate: 1,
  readyState: 0,
});

/** The events after which the snapshot is re-read. */
const EVENTS = [
  'play',
  'pause',
  'playing',
  'waiting',
  'seeking',
  'seeked',
  'ended',
  'emptied',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'loadeddata',
  'canplay',
  'progress',
  'volumechange',
  'ratechange',
] as const;

function bufferedEnd(el: HTMLMediaElement): number {
  const ranges = el.buffered;
  if (!ranges) return 0;
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= el.currentTime && el.currentTime <= ranges.end(i)) return ranges.end(i);
  }
  return 0;
}

function read(el: HTMLMediaElement, waiting: boolean): MediaState {
  return {
    paused: el.paused,
    ended: el.ended,
    currentTime: el.currentTime,
    duration: Number.isFinite(el.duration) ? el.duration : 0,
    buffered: bufferedEnd(el),
    waiting,
    seeking: el.seeking,
    volume: el.volume,
    muted: el.muted,
    playbackRate: el.playbackRate,
    readyState: el.readyState,
  };
}

function same(a: MediaState, b: MediaState): boolean {
  for (const key of Object.keys(a) as (keyof MediaState)[]) if (a[key] !== b[key]) return false;
  return true;
}

/** One element's store: `subscribe`/`getSnapshot` for `useSyncExternalStore`, `refresh` after an imperative change. */
export interface MediaStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => MediaState;
  /** Re-read the element now (after setting `currentTime`, whose `seeking` event comes a task later). */
  refresh: () => void;
}

const stores = new WeakMap<HTMLMediaElement, MediaStore>();

/** The store of `el` (created on first use; listens to the element only while it has subscribers). */
export function mediaStore(el: HTMLMediaElement): MediaStore {
  const existing = stores.get(el);
  if (existing) return existing;
  const listeners = new Set<() => void>();
  let waiting = false;
  let snapshot = read(el, waiting);
  const refresh = () => {
    const next = read(el, waiting);
    if (same(snapshot, next)) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const onEvent = (e: Event) => {
    if (e.type === 'waiting') waiting = true;
    else if (e.type === 'playing' || e.type === 'seeked') waiting = false;
    refresh();
  };
  const store: MediaStore = {
    subscribe(listener) {
      if (listeners.size === 0) {
        for (const type of EVENTS) el.addEventListener(type, onEvent);
        // Events missed while nobody listened.
        snapshot = read(el, waiting);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) for (const type of EVENTS) el.removeEventListener(type, onEvent);
      };
    },
    getSnapshot: () => snapshot,
    refresh,
  };
  stores.set(el, store);
  return store;
}

const noSubscribe = () => () => undefined;
const noSnapshot = () => NO_MEDIA;

/**
 * The live state of `el` ({@link NO_MEDIA} while null). With `fields`, only those are followed: the component
 * re-renders when one of them changes (the others keep their values from that time); without, on any change.
 */
export function useMediaState(el: HTMLMediaElement | null, fields?: readonly (keyof MediaState)[]): MediaState {
  const store = el ? mediaStore(el) : null;
  const picked = useRef<MediaState>(NO_MEDIA);
  const getSnapshot = () => {
    const next = store ? store.getSnapshot() : NO_MEDIA;
    const last = picked.current;
    if (next === last || fields?.every((f) => next[f] === last[f])) return last;
    picked.current = next;
    return next;
  };
  return useSyncExternalStore(store?.subscribe ?? noSubscribe, getSnapshot, noSnapshot);
}
