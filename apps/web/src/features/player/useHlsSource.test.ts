import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarlyPlayer } from './hlsEngine';
import { type HlsSourceOptions, useHlsSource } from './useHlsSource';

type Listener = (event: string, data: { fatal?: boolean }) => void;

/** hls.js as far as the hook uses it: `on`, `attachMedia`, `destroy`, `levels`, `currentLevel`. */
const fake = vi.hoisted(() => {
  const state = {
    supported: true,
    engines: [] as {
      src: string;
      startAt?: number;
      media?: HTMLMediaElement;
      on: Map<string, Listener>;
      destroyed: boolean;
      levels: { height: number; bitrate: number }[];
      currentLevel: number;
    }[],
    Hls: {
      Events: { ERROR: 'error', MANIFEST_LOADED: 'loaded', MANIFEST_PARSED: 'parsed' },
      isSupported: () => state.supported,
    },
  };
  return state;
});

vi.mock('./hlsEngine', async (actual) => ({
  ...(await actual<typeof import('./hlsEngine')>()),
  loadedHls: () => fake.Hls,
  createHls: (_Hls: unknown, src: string, startAt?: number) => {
    const on = new Map<string, Listener>();
    const engine = {
      src,
      startAt,
      on,
      destroyed: false,
      levels: [] as { height: number; bitrate: number }[],
      currentLevel: -1,
      media: undefined as HTMLMediaElement | undefined,
    };
    fake.engines.push(engine);
    return {
      on: (event: string, fn: Listener) => on.set(event, fn),
      attachMedia: (media: HTMLMediaElement) => {
        engine.media = media;
      },
      destroy: () => {
        engine.destroyed = true;
      },
      get levels() {
        return engine.levels;
      },
      set currentLevel(level: number) {
        engine.currentLevel = level;
      },
    };
  },
}));

let play: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fake.supported = true;
  fake.engines.length = 0;
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function source(props: Partial<HlsSourceOptions> = {}) {
  const video = document.createElement('video');
  const initialProps: HlsSourceOptions = {
    video,
    adopted: { current: null },
    src: '/a.m3u8',
    allowed: true,
    holding: false,
    ...props,
  };
  const hook = renderHook((p: HlsSourceOptions) => useHlsSource(p), { initialProps });
  return { video, ...hook, props: initialProps };
}

const fatal = (i = 0) =>
  act(() => {
    fake.engines[i]?.on.get('error')?.('error', { fatal: true });
  });

// Testing Library's automatic cleanup needs Vitest globals: unmount each test's hooks here.
afterEach(cleanup);

describe('useHlsSource', () => {
  it('attaches hls.js at startAt, plays, and is ready on the first data', () => {
    const { video, result } = source({ startAt: 42 });
    expect(fake.engines[0]).toMatchObject({ src: '/a.m3u8', startAt: 42, media: video });
    expect(play).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('loading');
    act(() => {
      video.dispatchEvent(new Event('loadeddata'));
    });
    expect(result.current.status).toBe('ready');
    act(() => {
      video.dispatchEvent(new Event('loadedmetadata'));
    });
    expect(video.currentTime).toBe(42);
  });

  it('loads nothing while not allowed (mobile data)', () => {
    const { result } = source({ allowed: false });
    expect(result.current.status).toBe('notice');
    expect(fake.engines).toHaveLength(0);
  });

  it('plays natively where hls.js is unsupported and the browser has HLS', () => {
    fake.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const { video } = source();
    expect(video.getAttribute('src')).toBe('/a.m3u8');
    expect(fake.engines).toHaveLength(0);
  });

  it('fails fatally: the caller may switch source; otherwise status error, started, and a retry reloads', () => {
    const onFailed = vi.fn().mockReturnValueOnce(true).mockReturnValue(false);
    const onStarted = vi.fn();
    const { result } = source({ onFailed, onStarted });
    fatal();
    expect(result.current.status).toBe('loading');
    expect(onStarted).not.toHaveBeenCalled();
    fatal();
    expect(result.current.status).toBe('error');
    expect(onStarted).toHaveBeenCalledTimes(1);
    expect(fake.engines[0]?.destroyed).toBe(true);
    act(() => result.current.retry());
    expect(fake.engines).toHaveLength(2);
    expect(result.current.status).toBe('loading');
  });

  it('retries muted when sound is refused, until cleared', async () => {
    play.mockImplementationOnce(() => Promise.reject(new DOMException('no gesture', 'NotAllowedError')));
    const { video, result } = source();
    await waitFor(() => expect(result.current.mutedByPolicy).toBe(true));
    expect(video.muted).toBe(true);
    expect(play).toHaveBeenCalledTimes(2);
    act(() => result.current.clearMutedByPolicy());
    expect(result.current.mutedByPolicy).toBe(false);
  });

  it('holds playback and starts it on release', () => {
    const { rerender, props } = source({ holding: true });
    expect(play).not.toHaveBeenCalled();
    rerender({ ...props, holding: false });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('offers the renditions and switches between them', () => {
    const { result } = source();
    const engine = fake.engines[0];
    if (!engine) throw new Error('no engine');
    engine.levels = [
      { height: 360, bitrate: 800_000 },
      { height: 720, bitrate: 2_800_000 },
    ];
    act(() => engine.on.get('parsed')?.('parsed', {}));
    expect(result.current.levels).toHaveLength(2);
    act(() => result.current.chooseLevel(1));
    expect(engine.currentLevel).toBe(1);
    expect(result.current.level).toBe(1);
  });

  it('reports progress and the last position when the source changes; the end', () => {
    const onProgress = vi.fn();
    const onEnded = vi.fn();
    const { video, rerender, props } = source({ onProgress, onEnded });
    Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    video.currentTime = 12;
    video.dispatchEvent(new Event('timeupdate'));
    expect(onProgress).toHaveBeenLastCalledWith(12, 100);
    video.dispatchEvent(new Event('ended'));
    expect(onEnded).toHaveBeenCalledTimes(1);
    video.currentTime = 13;
    const next = vi.fn();
    rerender({ ...props, src: '/b.m3u8', onProgress: next });
    expect(onProgress).toHaveBeenLastCalledWith(13, 100);
    expect(fake.engines[0]?.destroyed).toBe(true);
    expect(fake.engines[1]?.src).toBe('/b.m3u8');
  });

  it('takes over an adopted early player that is already playing', () => {
    const video = document.createElement('video');
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
    const destroy = vi.fn();
    const early = { video, hls: { on: vi.fn(), levels: [], destroy } } as unknown as EarlyPlayer;
    const adopted = { current: early };
    const onStarted = vi.fn();
    const { result, unmount } = source({ video, adopted, onStarted });
    expect(adopted.current).toBeNull();
    expect(fake.engines).toHaveLength(0);
    expect(play).not.toHaveBeenCalled();
    expect(result.current.status).toBe('ready');
    expect(onStarted).toHaveBeenCalledTimes(1);
    unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
  });
});
