import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { VideoPlayer } from './VideoPlayer';

type Handler = (event: string, data: { fatal: boolean; type?: string }) => void;

const hls = vi.hoisted(() => ({
  supported: true,
  instances: [] as Array<{
    src?: string;
    media?: HTMLMediaElement;
    handlers: Map<string, Handler>;
    destroyed: boolean;
  }>,
}));

vi.mock('hls.js', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static isSupported = () => hls.supported;
    handlers = new Map<string, Handler>();
    destroyed = false;
    src?: string;
    media?: HTMLMediaElement;
    constructor() {
      hls.instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, handler);
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
  return { default: FakeHls };
});

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
});
