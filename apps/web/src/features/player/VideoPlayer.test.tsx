import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { resetMobileDataAgreement } from './network';
import { usePlayerSettings } from './playerSettings';
import { VideoPlayer } from './VideoPlayer';

// biome-ignore lint/suspicious/noExplicitAny: event payloads differ per event
type Handler = (event: string, data: any) => void;

const hls = vi.hoisted(() => {
  const state = {
    supported: true,
    instances: [] as Array<{
      full: boolean;
      config?: { startPosition?: number };
      src?: string;
      media?: HTMLMediaElement;
      handlers: Map<string, Handler>;
      destroyed: boolean;
      levels: { height: number; bitrate: number }[];
      currentLevel: number;
    }>,
    /** A fake hls.js class; `full` tells the full build's from the light one's. */
    make(full: boolean) {
      return class FakeHls {
        static Events = {
          ERROR: 'hlsError',
          MANIFEST_LOADED: 'hlsManifestLoaded',
          MANIFEST_PARSED: 'hlsManifestParsed',
        };
        static isSupported = () => state.supported;
        full = full;
        handlers = new Map<string, Handler>();
        destroyed = false;
        levels: { height: number; bitrate: number }[] = [];
        currentLevel = -1;
        src?: string;
        media?: HTMLMediaElement;
        config?: { startPosition?: number };
        constructor(config?: { startPosition?: number }) {
          this.config = config;
          state.instances.push(this);
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
      };
    },
  };
  return state;
});

vi.mock('hls.js/light', () => ({ default: hls.make(false) }));
vi.mock('hls.js', () => ({ default: hls.make(true) }));

beforeAll(async () => {
  await initI18n('en-us');
});

beforeEach(() => {
  hls.supported = true;
  hls.instances.length = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('VideoPlayer', () => {
  it('plays through hls.js when supported and destroys it on source change', async () => {
    const { rerender } = render(<VideoPlayer src="/media/a.m3u8" />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const first = hls.instances[0];
    expect(first?.src).toBe('/media/a.m3u8');
    expect(first?.media).toBe(screen.getByTestId('player-video'));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();

    rerender(<VideoPlayer src="/media/b.m3u8" />);
    await waitFor(() => expect(hls.instances).toHaveLength(2));
    expect(first?.destroyed).toBe(true);
    expect(hls.instances[1]?.src).toBe('/media/b.m3u8');
  });

  it('shows "Play failed" on a fatal hls.js error', async () => {
    render(<VideoPlayer src="/media/a.m3u8" />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const instance = hls.instances[0];
    act(() => instance?.handlers.get('hlsError')?.('hlsError', { fatal: false }));
    expect(screen.queryByText('Play failed')).toBeNull();
    act(() => instance?.handlers.get('hlsError')?.('hlsError', { fatal: true, type: 'networkError' }));
    expect(await screen.findByText('Play failed')).toBeTruthy();
    expect(instance?.destroyed).toBe(true);
  });

  it('falls back to native HLS, then to "Play failed"', async () => {
    hls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    render(<VideoPlayer src="/media/native.m3u8" />);
    const video = screen.getByTestId('player-video') as HTMLVideoElement;
    await waitFor(() => expect(video.getAttribute('src') ?? video.src).toContain('/media/native.m3u8'));
    expect(hls.instances).toHaveLength(0);
    cleanup();

    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    render(<VideoPlayer src="/media/none.m3u8" />);
    expect(await screen.findByText('Play failed')).toBeTruthy();
  });

  it('switches to the full hls.js build for a stream with alternate audio renditions', async () => {
    render(<VideoPlayer src="/media/alt.m3u8" />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const light = hls.instances[0];
    expect(light?.full).toBe(false);
    act(() => light?.handlers.get('hlsManifestLoaded')?.('hlsManifestLoaded', { audioTracks: [{ url: '' }] }));
    await Promise.resolve();
    expect(light?.destroyed).toBe(false);
    act(() =>
      light?.handlers.get('hlsManifestLoaded')?.('hlsManifestLoaded', { audioTracks: [{ url: '/media/alt-en.m3u8' }] }),
    );
    await waitFor(() => expect(hls.instances).toHaveLength(2));
    expect(light?.destroyed).toBe(true);
    const full = hls.instances[1];
    expect(full?.full).toBe(true);
    expect(full?.src).toBe('/media/alt.m3u8');
    expect(full?.media).toBe(screen.getByTestId('player-video'));
  });

  it('reports the start once: on the first frame, or when playback fails', async () => {
    const onStarted = vi.fn();
    const { rerender } = render(<VideoPlayer src="/media/a.m3u8" onStarted={onStarted} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const video = screen.getByTestId('player-video');
    expect(onStarted).not.toHaveBeenCalled();
    act(() => {
      video.dispatchEvent(new Event('playing'));
      video.dispatchEvent(new Event('playing'));
    });
    expect(onStarted).toHaveBeenCalledTimes(1);

    rerender(<VideoPlayer src="/media/b.m3u8" onStarted={onStarted} />);
    await waitFor(() => expect(hls.instances).toHaveLength(2));
    act(() => hls.instances[1]?.handlers.get('hlsError')?.('hlsError', { fatal: true, type: 'networkError' }));
    expect(onStarted).toHaveBeenCalledTimes(2);
  });

  it("adopts the boot script's early player: same element, same engine, still playing", async () => {
    // The early player is module state that earlier tests have closed: fresh modules (React included).
    vi.resetModules();
    const rtl = await import('@testing-library/react');
    const engine = await import('./hlsEngine');
    const { VideoPlayer: FreshPlayer } = await import('./VideoPlayer');
    const Hls = await engine.loadHls();
    void engine.startEarlyPlayer(Hls, '/media/early.m3u8', '/poster.jpg', 'Early');
    const early = hls.instances[0];
    const video = early?.media as HTMLVideoElement;
    expect(video.closest('.ov-boot-player')).toBeTruthy();
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
    const onStarted = vi.fn();
    rtl.render(<FreshPlayer src="/media/early.m3u8" poster="/poster.jpg" title="Early" onStarted={onStarted} />);
    expect(rtl.screen.getByTestId('player-video')).toBe(video);
    expect(document.querySelector('.ov-boot-player')).toBeNull();
    expect(hls.instances).toHaveLength(1);
    expect(early?.destroyed).toBe(false);
    expect(onStarted).toHaveBeenCalledTimes(1);
    rtl.cleanup();
    expect(early?.destroyed).toBe(true);
  });

  it('retries muted when autoplay with sound is refused', async () => {
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockImplementationOnce(() => Promise.reject(new DOMException('no gesture', 'NotAllowedError')))
      .mockImplementation(() => Promise.resolve());
    render(<VideoPlayer src="/media/a.m3u8" />);
    expect(await screen.findByText('Tap to unmute')).toBeTruthy();
    const video = screen.getByTestId('player-video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('switches source through onFailed without "Play failed"; shows it when onFailed has none left', async () => {
    const onFailed = vi.fn().mockReturnValueOnce(true).mockReturnValueOnce(false);
    const { rerender } = render(<VideoPlayer src="/media/a.m3u8" onFailed={onFailed} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    act(() => hls.instances[0]?.handlers.get('hlsError')?.('hlsError', { fatal: true, type: 'networkError' }));
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('player-error')).toBeNull();
    rerender(<VideoPlayer src="/media/b.m3u8" onFailed={onFailed} />);
    await waitFor(() => expect(hls.instances).toHaveLength(2));
    act(() => hls.instances[1]?.handlers.get('hlsError')?.('hlsError', { fatal: true, type: 'networkError' }));
    expect(onFailed).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Play failed')).toBeTruthy();
  });

  it('resumes at startAt: hls.js starts there and the element is moved there once the metadata is in', async () => {
    render(<VideoPlayer src="/media/a.m3u8" startAt={42} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(hls.instances[0]?.config?.startPosition).toBe(42);
    const video = screen.getByTestId('player-video') as HTMLVideoElement;
    act(() => video.dispatchEvent(new Event('loadedmetadata')));
    expect(video.currentTime).toBe(42);
  });

  it('holds playback while `hold` is set and starts it when released', async () => {
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    const { rerender } = render(<VideoPlayer src="/media/a.m3u8" hold={<div>Ad 5</div>} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    expect(hls.instances[0]?.media).toBe(screen.getByTestId('player-video'));
    expect(screen.getByTestId('player-hold').textContent).toBe('Ad 5');
    expect(play).not.toHaveBeenCalled();
    rerender(<VideoPlayer src="/media/a.m3u8" hold={undefined} />);
    expect(screen.queryByTestId('player-hold')).toBeNull();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('applies the persisted volume, speed and ratio to the element', async () => {
    usePlayerSettings.setState({ volume: 65, speed: 1.25, ratio: 'cover' });
    render(<VideoPlayer src="/media/a.m3u8" />);
    const video = screen.getByTestId('player-video') as HTMLVideoElement;
    await waitFor(() => expect(video.volume).toBeCloseTo(0.65));
    expect(video.playbackRate).toBe(1.25);
    expect(video.style.objectFit).toBe('cover');
    expect(video.controls).toBe(false);
    usePlayerSettings.setState({ volume: 20, speed: 1, ratio: 'contain' });
  });

  it('on mobile data loads nothing until the viewer taps play', async () => {
    resetMobileDataAgreement();
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { type: 'cellular' } });
    try {
      render(<VideoPlayer src="/media/a.m3u8" />);
      const play = await screen.findByTestId('player-cellular-play');
      await Promise.resolve();
      expect(hls.instances).toHaveLength(0);
      act(() => play.click());
      await waitFor(() => expect(hls.instances).toHaveLength(1));
      expect(screen.queryByTestId('player-cellular')).toBeNull();
    } finally {
      // Restore jsdom's navigator.
      delete (navigator as { connection?: unknown }).connection;
      resetMobileDataAgreement();
    }
  });

  it('reports progress, and the last position before switching source', async () => {
    const onProgress = vi.fn();
    const { rerender } = render(<VideoPlayer src="/media/a.m3u8" onProgress={onProgress} />);
    const video = screen.getByTestId('player-video') as HTMLVideoElement;
    Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    video.currentTime = 12;
    act(() => video.dispatchEvent(new Event('timeupdate')));
    expect(onProgress).toHaveBeenLastCalledWith(12, 100);
    const onProgressB = vi.fn();
    video.currentTime = 13;
    rerender(<VideoPlayer src="/media/b.m3u8" onProgress={onProgressB} />);
    // The old source's position goes to the old source's callback.
    expect(onProgress).toHaveBeenLastCalledWith(13, 100);
    expect(onProgressB).not.toHaveBeenCalledWith(13, 100);
  });

  it('reports the position reached before a fatal error hands over to another source', async () => {
    const calls: string[] = [];
    const onProgress = vi.fn((t: number) => calls.push(`progress ${t}`));
    const onFailed = vi.fn(() => {
      calls.push('failed');
      return true;
    });
    render(<VideoPlayer src="/media/a.m3u8" onProgress={onProgress} onFailed={onFailed} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const video = screen.getByTestId('player-video') as HTMLVideoElement;
    Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    video.currentTime = 42;
    act(() => hls.instances[0]?.handlers.get('hlsError')?.('hlsError', { fatal: true }));
    expect(calls).toEqual(['progress 42', 'failed']);
  });

  it('takes keyboard shortcuts: play/pause, seek, volume, close the panel', async () => {
    usePlayerSettings.setState({ volume: 20 });
    render(<VideoPlayer src="/media/a.m3u8" />);
    const video = screen.getByTestId('player-video') as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    let paused = true;
    Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    play.mockClear();
    const key = (k: string) => {
      const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
      act(() => {
        document.body.dispatchEvent(e);
      });
      return e;
    };
    expect(key(' ').defaultPrevented).toBe(true);
    expect(play).toHaveBeenCalledTimes(1);
    paused = false;
    key('k');
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    video.currentTime = 30;
    key('ArrowRight');
    expect(video.currentTime).toBe(35);
    expect(screen.getByTestId('player-popup-seek').textContent).toBe('0:35 / 1:40');
    key('j');
    expect(video.currentTime).toBe(25);
    key('ArrowUp');
    expect(usePlayerSettings.getState().volume).toBe(30);
    await waitFor(() => expect(video.volume).toBeCloseTo(0.3));
    key('m');
    expect(video.muted).toBe(true);
    // Typing in a field is not a shortcut.
    const input = document.createElement('input');
    document.body.appendChild(input);
    const typed = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    act(() => {
      input.dispatchEvent(typed);
    });
    expect(video.currentTime).toBe(25);
    expect(typed.defaultPrevented).toBe(false);
    input.remove();
    // Esc closes 'more'.
    act(() => screen.getByTestId('player-more').click());
    expect(screen.getByTestId('player-more-panel')).toBeTruthy();
    key('Escape');
    expect(screen.queryByTestId('player-more-panel')).toBeNull();
    usePlayerSettings.setState({ volume: 20 });
  });

  it('describes what plays to the Media Session and takes its actions', async () => {
    const handlers = new Map<string, ((d: { seekOffset?: number; seekTime?: number }) => void) | null>();
    const session = {
      metadata: null as unknown,
      setActionHandler: (action: string, h: ((d: object) => void) | null) => handlers.set(action, h),
    };
    Object.defineProperty(navigator, 'mediaSession', { configurable: true, value: session });
    class FakeMetadata {
      constructor(public init: { title: string; artwork: { src: string }[] }) {}
    }
    vi.stubGlobal('MediaMetadata', FakeMetadata);
    try {
      const onNext = vi.fn();
      const { unmount } = render(
        <VideoPlayer src="/media/a.m3u8" title="Nine 第2集" poster="/p.jpg" onNext={onNext} />,
      );
      await waitFor(() => expect(session.metadata).toBeInstanceOf(FakeMetadata));
      const meta = session.metadata as FakeMetadata;
      expect(meta.init.title).toBe('Nine 第2集');
      expect(meta.init.artwork[0]?.src).toMatch(/^http.*\/p\.jpg$/);
      const video = screen.getByTestId('player-video') as HTMLVideoElement;
      Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
      video.currentTime = 50;
      handlers.get('seekforward')?.({});
      expect(video.currentTime).toBe(60);
      handlers.get('seekbackward')?.({ seekOffset: 30 });
      expect(video.currentTime).toBe(30);
      handlers.get('seekto')?.({ seekTime: 99 });
      expect(video.currentTime).toBe(99);
      handlers.get('pause')?.({});
      expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
      handlers.get('nexttrack')?.({});
      expect(onNext).toHaveBeenCalledTimes(1);
      unmount();
      expect(session.metadata).toBeNull();
      expect(handlers.get('play')).toBeNull();
    } finally {
      delete (navigator as { mediaSession?: unknown }).mediaSession;
      vi.unstubAllGlobals();
    }
  });

  it("offers the master playlist's renditions in 'more' and switches hls.js to the one chosen", async () => {
    render(<VideoPlayer src="/media/master.m3u8" />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const engine = hls.instances[0];
    if (!engine) throw new Error('no engine');
    act(() => screen.getByTestId('player-more').click());
    // One rendition known so far (or none): no quality row.
    expect(screen.queryByTestId('player-quality-auto')).toBeNull();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(screen.queryByTestId('player-more-panel')).toBeNull();
    engine.levels = [
      { height: 360, bitrate: 800_000 },
      { height: 720, bitrate: 2_800_000 },
    ];
    act(() => engine.handlers.get('hlsManifestParsed')?.('hlsManifestParsed', {}));
    act(() => screen.getByTestId('player-more').click());
    const labels = ['auto', '720p', '360p'].map((q) => screen.getByTestId(`player-quality-${q}`).textContent);
    expect(labels).toEqual(['Auto', '720p', '360p']);
    expect(screen.getByTestId('player-quality-auto').getAttribute('aria-checked')).toBe('true');
    act(() => screen.getByTestId('player-quality-360p').click());
    expect(engine.currentLevel).toBe(0);
    expect(screen.getByTestId('player-quality-360p').getAttribute('aria-checked')).toBe('true');
    act(() => screen.getByTestId('player-quality-auto').click());
    expect(engine.currentLevel).toBe(-1);
  });

  it("shows 'more' as a bottom sheet on a portrait screen, as a side panel in the player otherwise", async () => {
    const size = (w: number, h: number) => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: w });
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: h });
    };
    const [w, h] = [window.innerWidth, window.innerHeight];
    try {
      size(390, 844);
      const { unmount } = render(<VideoPlayer src="/media/a.m3u8" />);
      act(() => screen.getByTestId('player-more').click());
      const sheet = screen.getByTestId('player-more-panel');
      expect(sheet.dataset.layout).toBe('sheet');
      expect(screen.getByTestId('player').contains(sheet)).toBe(false);
      act(() => screen.getByTestId('player-more-close').click());
      expect(screen.queryByTestId('player-more-panel')).toBeNull();
      unmount();
      size(1280, 720);
      render(<VideoPlayer src="/media/a.m3u8" />);
      act(() => screen.getByTestId('player-more').click());
      const side = screen.getByTestId('player-more-panel');
      expect(side.dataset.layout).toBe('side');
      expect(screen.getByTestId('player').contains(side)).toBe(true);
    } finally {
      size(w, h);
    }
  });
});
