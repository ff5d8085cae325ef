import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { FeedVideo, PRELOAD_BUFFER_S } from './FeedVideo';

// biome-ignore lint/suspicious/noExplicitAny: event payloads differ per event
type Handler = (event: string, data: any) => void;

const hls = vi.hoisted(() => {
  const state = {
    instances: [] as Array<{
      src?: string;
      media?: HTMLMediaElement;
      handlers: Map<string, Handler>;
      destroyed: boolean;
      config: { maxBufferLength: number };
    }>,
  };
  class FakeHls {
    static Events = { ERROR: 'hlsError', MANIFEST_LOADED: 'hlsManifestLoaded' };
    static isSupported = () => true;
    handlers = new Map<string, Handler>();
    destroyed = false;
    config = { maxBufferLength: 30 };
    src?: string;
    media?: HTMLMediaElement;
    constructor() {
      state.instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, handler);
    }
    off() {}
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
  return { state, FakeHls };
});

vi.mock('hls.js/light', () => ({ default: hls.FakeHls }));

beforeAll(async () => {
  await initI18n('en-us');
});

beforeEach(() => {
  hls.state.instances.length = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('FeedVideo', () => {
  it('preloads a neighbour without playing it, then plays it with the same engine', async () => {
    const { rerender } = render(<FeedVideo src="/media/next.m3u8" mode="preload" muted={false} testId="v" />);
    await waitFor(() => expect(hls.state.instances).toHaveLength(1));
    const engine = hls.state.instances[0];
    expect(engine?.src).toBe('/media/next.m3u8');
    expect(engine?.media).toBe(screen.getByTestId('v'));
    expect(engine?.config.maxBufferLength).toBe(PRELOAD_BUFFER_S);
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();

    rerender(<FeedVideo src="/media/next.m3u8" mode="play" muted={false} testId="v" />);
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
    expect(hls.state.instances).toHaveLength(1);
    expect(engine?.destroyed).toBe(false);
    expect(engine?.config.maxBufferLength).toBe(30);
  });

  it('pauses when it stops being current and drops the engine when idle', async () => {
    const { rerender } = render(<FeedVideo src="/media/a.m3u8" mode="play" muted={false} testId="v" />);
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
    rerender(<FeedVideo src="/media/a.m3u8" mode="preload" muted={false} testId="v" />);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(hls.state.instances[0]?.destroyed).toBe(false);
    rerender(<FeedVideo src="/media/a.m3u8" mode="idle" muted={false} testId="v" />);
    expect(hls.state.instances[0]?.destroyed).toBe(true);
  });

  it('loads nothing while idle or without a source', async () => {
    render(<FeedVideo src="/media/a.m3u8" mode="idle" muted={false} />);
    render(<FeedVideo src="" mode="play" muted={false} />);
    await act(async () => {
      await import('hls.js/light');
    });
    expect(hls.state.instances).toHaveLength(0);
  });

  it('plays muted when autoplay with sound is refused and tells the owner', async () => {
    const refused = Object.assign(new Error('no'), { name: 'NotAllowedError' });
    vi.mocked(HTMLMediaElement.prototype.play)
      .mockImplementationOnce(() => Promise.reject(refused))
      .mockImplementation(() => Promise.resolve());
    const onMuted = vi.fn();
    render(<FeedVideo src="/media/a.m3u8" mode="play" muted={false} onAutoplayMuted={onMuted} testId="v" />);
    await waitFor(() => expect(onMuted).toHaveBeenCalled());
    expect((screen.getByTestId('v') as HTMLVideoElement).muted).toBe(true);
  });

  it('shows a retry after a fatal error and starts a new engine on retry', async () => {
    render(<FeedVideo src="/media/a.m3u8" mode="play" muted={false} />);
    await waitFor(() => expect(hls.state.instances).toHaveLength(1));
    act(() => hls.state.instances[0]?.handlers.get('hlsError')?.('hlsError', { fatal: true }));
    expect(await screen.findByTestId('feed-error')).toBeTruthy();
    expect(hls.state.instances[0]?.destroyed).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(hls.state.instances).toHaveLength(2));
    expect(screen.queryByTestId('feed-error')).toBeNull();
  });

  it('pauses and resumes on tap', async () => {
    render(<FeedVideo src="/media/a.m3u8" mode="play" muted={false} testId="v" />);
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
    fireEvent.click(screen.getByTestId('v'));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    const resume = screen.getByTestId('feed-resume');
    vi.mocked(HTMLMediaElement.prototype.play).mockClear();
    fireEvent.click(resume);
    await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalled());
  });
});
