import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HlsClass } from './hlsEngine';

// biome-ignore lint/suspicious/noExplicitAny: event payloads differ per event
type Handler = (event: string, data: any) => void;

class FakeHls {
  static Events = { ERROR: 'hlsError', MANIFEST_LOADED: 'hlsManifestLoaded', FRAG_BUFFERED: 'hlsFragBuffered' };
  static supported = true;
  static isSupported = () => FakeHls.supported;
  static instances: FakeHls[] = [];
  handlers = new Map<string, Handler>();
  src?: string;
  media?: HTMLMediaElement;
  destroyed = false;
  constructor(readonly config: Record<string, unknown>) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler);
  }
  off(event: string, handler: Handler) {
    if (this.handlers.get(event) === handler) this.handlers.delete(event);
  }
  loadSource(src: string) {
    this.src = src;
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }
  destroy() {
    this.destroyed = true;
  }
}

const Hls = FakeHls as unknown as HlsClass;

// The early player and the "app has rendered" flag are module state: a fresh module per test.
async function engine() {
  vi.resetModules();
  return import('./hlsEngine');
}

const box = () => document.querySelector('.ov-boot-player');

beforeEach(() => {
  FakeHls.supported = true;
  FakeHls.instances = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('early player', () => {
  it('plays the stream in a box of its own and hands engine and element to the page, once', async () => {
    const { startEarlyPlayer, takeEarlyPlayer } = await engine();
    void startEarlyPlayer(Hls, '/media/a.m3u8', '/poster.jpg', 'A title');
    const hls = FakeHls.instances[0];
    expect(hls?.src).toBe('/media/a.m3u8');
    const video = hls?.media as HTMLVideoElement;
    expect(video.parentElement).toBe(box());
    expect(video.getAttribute('data-testid')).toBe('player-video');
    expect(video.getAttribute('poster')).toBe('/poster.jpg');
    expect(video.getAttribute('aria-label')).toBe('A title');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();

    const slot = document.createElement('div');
    document.body.appendChild(slot);
    const taken = takeEarlyPlayer('/media/a.m3u8', slot);
    expect(taken?.hls).toBe(hls);
    expect(taken?.video).toBe(video);
    expect(video.parentElement).toBe(slot);
    expect(box()).toBeNull();
    expect(hls?.handlers.size).toBe(0);
    expect(hls?.destroyed).toBe(false);
    expect(takeEarlyPlayer('/media/a.m3u8', slot)).toBeNull();
  });

  it('settles once the first frame is on screen', async () => {
    const { startEarlyPlayer } = await engine();
    const started = vi.fn();
    void startEarlyPlayer(Hls, '/media/a.m3u8', '', '').then(started);
    const video = FakeHls.instances[0]?.media as HTMLVideoElement;
    await Promise.resolve();
    expect(started).not.toHaveBeenCalled();
    video.dispatchEvent(new Event('playing'));
    await vi.waitFor(() => expect(started).toHaveBeenCalled());
  });

  it('reports the first buffered fragment once, and at once when it cannot start', async () => {
    const { startEarlyPlayer } = await engine();
    const onBuffered = vi.fn();
    void startEarlyPlayer(Hls, '/media/a.m3u8', '', '', { onBuffered });
    const hls = FakeHls.instances[0];
    expect(onBuffered).not.toHaveBeenCalled();
    hls?.handlers.get('hlsFragBuffered')?.('hlsFragBuffered', {});
    hls?.handlers.get('hlsFragBuffered')?.('hlsFragBuffered', {});
    const video = hls?.media as HTMLVideoElement;
    video.dispatchEvent(new Event('playing'));
    expect(onBuffered).toHaveBeenCalledTimes(1);

    const other = await engine();
    const notStarted = vi.fn();
    await other.startEarlyPlayer(Hls, '', '', '', { onBuffered: notStarted });
    expect(notStarted).toHaveBeenCalledTimes(1);
  });

  it('loads at once but plays only once `mayPlay` allows it, and gives up when it refuses', async () => {
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    const slot = document.createElement('div');
    const first = await engine();
    let allow: (ok: boolean) => void = () => undefined;
    void first.startEarlyPlayer(Hls, '/media/a.m3u8', '', '', {
      mayPlay: new Promise<boolean>((resolve) => {
        allow = resolve;
      }),
    });
    expect(FakeHls.instances[0]?.src).toBe('/media/a.m3u8');
    expect(FakeHls.instances[0]?.media).toBeInstanceOf(HTMLVideoElement);
    expect(play).not.toHaveBeenCalled();
    allow(true);
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));

    const second = await engine();
    const refused = second.startEarlyPlayer(Hls, '/media/a.m3u8', '', '', { mayPlay: Promise.resolve(false) });
    await refused;
    expect(play).toHaveBeenCalledTimes(1);
    expect(second.takeEarlyPlayer('/media/a.m3u8', slot)).toBeNull();
    expect(FakeHls.instances[1]?.destroyed).toBe(true);
  });

  it('never plays while a pre-roll is coming, settles at once and stays for the title page to adopt', async () => {
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    const slot = document.createElement('div');
    const first = await engine();
    let decide: (preroll: boolean) => void = () => undefined;
    const started = vi.fn();
    void first
      .startEarlyPlayer(Hls, '/media/a.m3u8', '', '', {
        mayPlay: Promise.resolve(true),
        preroll: new Promise<boolean>((resolve) => {
          decide = resolve;
        }),
      })
      .then(started);
    // The free-view answer alone does not start it: the pre-roll decision is still out.
    await Promise.resolve();
    await Promise.resolve();
    expect(play).not.toHaveBeenCalled();
    decide(true);
    await vi.waitFor(() => expect(started).toHaveBeenCalled());
    expect(play).not.toHaveBeenCalled();
    const adopted = first.takeEarlyPlayer('/media/a.m3u8', slot);
    expect(adopted?.video.parentElement).toBe(slot);
    expect(FakeHls.instances[0]?.destroyed).toBe(false);

    const second = await engine();
    void second.startEarlyPlayer(Hls, '/media/a.m3u8', '', '', { preroll: Promise.resolve(false) });
    await vi.waitFor(() => expect(play).toHaveBeenCalledTimes(1));
  });

  it('is dropped for another stream, after a fatal error or when the stream needs the full build', async () => {
    const slot = document.createElement('div');
    const first = await engine();
    void first.startEarlyPlayer(Hls, '/media/a.m3u8', '', '');
    expect(first.takeEarlyPlayer('/media/b.m3u8', slot)).toBeNull();
    expect(FakeHls.instances[0]?.destroyed).toBe(true);
    expect(box()).toBeNull();

    const second = await engine();
    const failed = second.startEarlyPlayer(Hls, '/media/a.m3u8', '', '');
    FakeHls.instances[1]?.handlers.get('hlsError')?.('hlsError', { fatal: true });
    await failed;
    expect(second.takeEarlyPlayer('/media/a.m3u8', slot)).toBeNull();
    expect(FakeHls.instances[1]?.destroyed).toBe(true);

    const third = await engine();
    const needsFull = third.startEarlyPlayer(Hls, '/media/a.m3u8', '', '');
    FakeHls.instances[2]?.handlers.get('hlsManifestLoaded')?.('hlsManifestLoaded', {
      audioTracks: [{ url: '' }, { url: '/media/a-audio.m3u8' }],
    });
    await needsFull;
    expect(third.takeEarlyPlayer('/media/a.m3u8', slot)).toBeNull();
    expect(FakeHls.instances[2]?.destroyed).toBe(true);
  });

  it('does not start without MSE, without a URL, or once the app has rendered', async () => {
    const { startEarlyPlayer, closeEarlyPlayer } = await engine();
    await startEarlyPlayer(Hls, '', '', '');
    FakeHls.supported = false;
    await startEarlyPlayer(Hls, '/media/a.m3u8', '', '');
    FakeHls.supported = true;
    closeEarlyPlayer();
    await startEarlyPlayer(Hls, '/media/a.m3u8', '', '');
    expect(FakeHls.instances).toHaveLength(0);
    expect(box()).toBeNull();
  });

  it('is stopped when the app has rendered without adopting it, or after a while', async () => {
    const first = await engine();
    void first.startEarlyPlayer(Hls, '/media/a.m3u8', '', '');
    first.closeEarlyPlayer();
    expect(FakeHls.instances[0]?.destroyed).toBe(true);
    expect(box()).toBeNull();

    vi.useFakeTimers();
    const second = await engine();
    void second.startEarlyPlayer(Hls, '/media/a.m3u8', '', '');
    vi.advanceTimersByTime(60_000);
    expect(FakeHls.instances[1]?.destroyed).toBe(true);
    expect(box()).toBeNull();
  });
});

describe('needsFullBuild', () => {
  it('is true only for audio renditions with their own playlist', async () => {
    const { needsFullBuild } = await engine();
    expect(needsFullBuild({ audioTracks: [] })).toBe(false);
    expect(needsFullBuild({ audioTracks: [{ url: '' }] })).toBe(false);
    expect(needsFullBuild({})).toBe(false);
    expect(needsFullBuild({ audioTracks: [{ url: 'https://cdn/a/audio.m3u8' }] })).toBe(true);
  });
});
