/**
 * hls.js, loaded on demand, and the early player: when the title page is opened directly, the boot script starts
 * the stream in a `<video>` of its own (see `startEarlyPlayer`) while React, the page chunk and the page render are
 * still on their way; the title page's `VideoPlayer` then adopts the element and the engine as they are.
 */
import type { HlsConfig } from 'hls.js';
import { mobileDataAllowed } from './network';

// The light build: everything the viewer uses (TS and fMP4, AES-128, master playlists, ABR) without alternate
// audio/subtitle renditions, EME, CMCD, content steering and interstitials; a third less code to parse on slow phones.
// A stream whose audio is in separate renditions is switched to the full build (see `needsFullBuild`).
export type HlsClass = typeof import('hls.js/light').default;
export type HlsInstance = InstanceType<HlsClass>;

export const HLS_CONFIG: Partial<HlsConfig> = {
  enableWorker: true,
  backBufferLength: 90,
  // Load (and transmux) the first segment as soon as the playlist is parsed, without waiting for the element's
  // MediaSource to open: on a busy main thread that takes a while.
  startFragPrefetch: true,
};

let loading: Promise<HlsClass> | undefined;
let loaded: HlsClass | undefined;

/** The hls.js class if it has already arrived (lets the player start in the same task). */
export function loadedHls(): HlsClass | undefined {
  return loaded;
}

/** The hls.js class; the first call starts the download, later calls share it (a failure is retried next time). */
export function loadHls(): Promise<HlsClass> {
  if (!loading) {
    const promise = import('hls.js/light').then((m) => {
      loaded = m.default;
      return m.default;
    });
    loading = promise;
    promise.catch(() => {
      if (loading === promise) loading = undefined;
    });
  }
  return loading;
}

/** The full hls.js build, for the streams the light one cannot play (see `needsFullBuild`). */
export function loadFullHls(): Promise<HlsClass> {
  return import('hls.js').then((m) => m.default);
}

/**
 * Whether a parsed playlist (MANIFEST_LOADED data) has audio renditions with their own playlists: the light build
 * has no alternate-audio support and would play such a stream silent.
 */
export function needsFullBuild(manifest: { audioTracks?: readonly { url?: string }[] }): boolean {
  return (manifest.audioTracks ?? []).some((track) => Boolean(track.url));
}

/**
 * A new engine already loading `src` (the caller attaches the media and handles errors), starting at `startPosition`
 * seconds when given (resume; hls.js loads the fragment there first). `extra` is merged over {@link HLS_CONFIG}
 * (the offline player's loader that serves `offline://` addresses from the device, features/downloads).
 */
export function createHls(Hls: HlsClass, src: string, startPosition?: number, extra?: Partial<HlsConfig>): HlsInstance {
  const config = extra ? { ...HLS_CONFIG, ...extra } : HLS_CONFIG;
  const hls = new Hls(startPosition && startPosition > 0 ? { ...config, startPosition } : config);
  hls.loadSource(src);
  return hls;
}

/** The player's `<video>` element (the player adds its class; its own overlay replaces the native controls). */
export function createPlayerVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.controls = false;
  video.playsInline = true;
  video.preload = 'auto';
  video.setAttribute('data-testid', 'player-video');
  return video;
}

/** An engine playing a stream in a `<video>` element, handed from the early player to the title page. */
export interface EarlyPlayer {
  hls: HlsInstance;
  video: HTMLVideoElement;
}

/** An early player not adopted within this time is dropped (the viewer went elsewhere). */
const EARLY_TTL_MS = 20_000;

interface Early extends EarlyPlayer {
  src: string;
  /** The fixed box that shows the video until the page takes it. */
  box: HTMLElement;
  /** Failed, or needs the full build: the page starts afresh. */
  unusable: boolean;
  stopWatching: () => void;
  timer: ReturnType<typeof setTimeout>;
}

let early: Early | null = null;
/** Set once the app has rendered (or a player has started): no early player after that. */
let closed = false;

function dropEarly() {
  if (!early) return;
  const { hls, video, box, timer } = early;
  early = null;
  clearTimeout(timer);
  hls.destroy();
  video.pause();
  video.removeAttribute('src');
  video.load();
  box.remove();
}

/** Options of {@link startEarlyPlayer}. */
export interface EarlyPlayerOptions {
  /**
   * Called once when the first fragment is in the element's buffer (hls.js `FRAG_BUFFERED`), or when the start
   * settles otherwise (first frame, failure, cannot start): from then on the network is no longer needed for the
   * first frame, so the boot script starts the app's own downloads then (app/preload.ts).
   */
  onBuffered?: () => void;
  /**
   * A check that must pass before `play()` (e.g. the free-view quota of issue 7, a server call): the playlist and the
   * first fragment load while it runs; only `play()` waits for it. `false` (or a rejection) gives the early start up
   * (the element keeps buffering but never plays; the title page then starts afresh behind its own gate).
   */
  mayPlay?: Promise<boolean>;
  /**
   * Whether a pre-roll ad will cover the start (spec §4 "Pre-roll ad"): `true` keeps the element loading and
   * buffering but never playing (not even muted, not for a frame), and keeps it usable: the title page adopts it and
   * its pre-roll hold starts it when the ad is over. Only `false` lets `play()` go on (after `mayPlay`).
   */
  preroll?: Promise<boolean>;
}

/**
 * Start playing `src` before the app has rendered: a `<video>` in a box at the top of the page, where the title
 * page's player will be (styled by `.ov-boot-player` in index.html). Resolves once its first frame is on screen,
 * or at once when playback fails, cannot start early (no MSE, an app already rendered), needs the full build, is
 * refused by `options.mayPlay` or is held for a pre-roll (`options.preroll`).
 */
export function startEarlyPlayer(
  Hls: HlsClass,
  src: string,
  poster: string,
  title: string,
  options: EarlyPlayerOptions = {},
): Promise<void> {
  const { onBuffered, mayPlay, preroll } = options;
  let bufferedCalled = false;
  const buffered = () => {
    if (bufferedCalled) return;
    bufferedCalled = true;
    onBuffered?.();
  };
  // On mobile data nothing loads before the viewer agrees (the player's notice asks).
  if (closed || early || !src || !Hls.isSupported() || !mobileDataAllowed()) {
    buffered();
    return Promise.resolve();
  }
  let settleStart: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    settleStart = resolve;
  });
  const settle = () => {
    buffered();
    settleStart();
  };
  const video = createPlayerVideo();
  if (poster) video.poster = poster;
  if (title) video.setAttribute('aria-label', title);
  const box = document.createElement('div');
  box.className = 'ov-boot-player';
  box.appendChild(video);

  const hls = createHls(Hls, src);
  const giveUp = () => {
    entry.unusable = true;
    settle();
    // The app is already on screen: nobody will take it (see closeUnusableEarlyPlayer).
    if (closed && early === entry) dropEarly();
  };
  const onError = (_event: unknown, data: { fatal: boolean }) => {
    if (data.fatal) giveUp();
  };
  const onManifest = (_event: unknown, data: { audioTracks?: readonly { url?: string }[] }) => {
    if (needsFullBuild(data)) giveUp();
  };
  const onPlaying = () => {
    if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(() => settle());
    else settle();
  };
  const onFragBuffered = () => buffered();
  hls.on(Hls.Events.ERROR, onError);
  hls.on(Hls.Events.MANIFEST_LOADED, onManifest);
  hls.on(Hls.Events.FRAG_BUFFERED, onFragBuffered);
  video.addEventListener('playing', onPlaying, { once: true });
  const entry: Early = {
    src,
    hls,
    video,
    box,
    unusable: false,
    stopWatching: () => {
      hls.off(Hls.Events.ERROR, onError);
      hls.off(Hls.Events.MANIFEST_LOADED, onManifest);
      hls.off(Hls.Events.FRAG_BUFFERED, onFragBuffered);
      video.removeEventListener('playing', onPlaying);
    },
    timer: setTimeout(() => {
      if (early === entry) dropEarly();
    }, EARLY_TTL_MS),
  };
  early = entry;

  document.body.appendChild(box);
  hls.attachMedia(video);
  const play = () =>
    Promise.resolve(video.play()).catch((err: unknown) => {
      if ((err as { name?: string })?.name !== 'NotAllowedError') return;
      // Autoplay with sound refused: muted (the player offers the unmute button once it has adopted the element).
      video.muted = true;
      Promise.resolve(video.play()).catch(giveUp);
    });
  // Both answers first: nothing of the episode plays (or sounds) before the pre-roll decision is known.
  if (!mayPlay && !preroll) void play();
  else
    Promise.all([mayPlay ?? true, preroll ?? false]).then(([ok, held]) => {
      if (!ok) giveUp();
      else if (early !== entry) return;
      else if (held) settle();
      else void play();
    }, giveUp);
  return started;
}

/**
 * The early player for `src`, its element moved into `slot` (still playing), or null: none, another source, or it
 * failed or needs the full build (then it is dropped and the caller starts afresh, reporting a failure itself if it
 * persists). No early player starts after this has been called.
 */
export function takeEarlyPlayer(src: string, slot: HTMLElement): EarlyPlayer | null {
  closed = true;
  const entry = early;
  if (!entry) return null;
  if (entry.src !== src || entry.unusable) {
    dropEarly();
    return null;
  }
  early = null;
  clearTimeout(entry.timer);
  entry.stopWatching();
  slot.appendChild(entry.video);
  entry.box.remove();
  return { hls: entry.hls, video: entry.video };
}

/** The app has rendered: an early player nobody adopted is stopped, and none starts any more. */
export function closeEarlyPlayer(): void {
  closed = true;
  dropEarly();
}

/**
 * The app has rendered its first screen: no early player starts any more, and one that failed (or was refused by
 * `mayPlay`) is stopped; a usable one stays for the title page, which may mount its player only after its own
 * checks (e.g. the free-view flow of issue 7) and then adopts it. It is stopped by {@link closeEarlyPlayer} (the
 * viewer left the title page, or the page decided not to play) or after EARLY_TTL_MS.
 */
export function closeUnusableEarlyPlayer(): void {
  closed = true;
  if (early?.unusable) dropEarly();
}
