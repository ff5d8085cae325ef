import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EarlyPlayer } from './hlsEngine';
import { useVideoElement, useVideoLook, type VideoLook } from './useVideoElement';

const early = vi.hoisted(() => ({ player: null as EarlyPlayer | null, asked: [] as string[] }));
vi.mock('./hlsEngine', async (actual) => ({
  ...(await actual<typeof import('./hlsEngine')>()),
  takeEarlyPlayer: (src: string, slot: HTMLElement) => {
    early.asked.push(src);
    if (early.player) slot.appendChild(early.player.video);
    return early.player;
  },
}));

afterEach(() => {
  early.player = null;
  early.asked.length = 0;
  document.body.innerHTML = '';
});

function slot() {
  const el = document.createElement('div');
  document.body.appendChild(el);
  return { current: el };
}

// Testing Library's automatic cleanup needs Vitest globals: unmount each test's hooks here.
afterEach(cleanup);

describe('useVideoElement', () => {
  it('mounts a new element without native controls into the slot and removes it on unmount', () => {
    const ref = slot();
    const { result, unmount } = renderHook(() => useVideoElement(ref, '/a.m3u8', true, 'video-class'));
    const video = result.current.video;
    expect(video?.parentElement).toBe(ref.current);
    expect(video?.className).toBe('video-class');
    expect(video?.controls).toBe(false);
    expect(video?.dataset.testid).toBe('player-video');
    expect(result.current.adopted.current).toBeNull();
    unmount();
    expect(video?.isConnected).toBe(false);
  });

  it("adopts the early player's element; destroys its engine when nobody took it over", () => {
    const destroy = vi.fn();
    const video = document.createElement('video');
    video.controls = true;
    early.player = { video, hls: { destroy } } as unknown as EarlyPlayer;
    const { result, unmount } = renderHook(() => useVideoElement(slot(), '/a.m3u8', true, 'c'));
    expect(result.current.video).toBe(video);
    expect(video.controls).toBe(false);
    expect(result.current.adopted.current).toBe(early.player);
    unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('does not ask for the early player when it may not play (mobile data)', () => {
    renderHook(() => useVideoElement(slot(), '/a.m3u8', false, 'c'));
    expect(early.asked).toEqual([]);
  });
});

describe('useVideoLook', () => {
  it('applies poster, label, volume, speed (again after a load) and ratio', () => {
    const video = document.createElement('video');
    const look: VideoLook = { poster: '/p.jpg', title: 'Nine', volume: 65, speed: 1.25, ratio: 'cover' };
    const { rerender } = renderHook((l) => useVideoLook(video, l), { initialProps: look });
    expect(video.getAttribute('poster')).toBe('/p.jpg');
    expect(video.getAttribute('aria-label')).toBe('Nine');
    expect(video.volume).toBeCloseTo(0.65);
    expect(video.playbackRate).toBe(1.25);
    expect(video.style.objectFit).toBe('cover');
    video.playbackRate = 1;
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.playbackRate).toBe(1.25);
    rerender({ ...look, poster: undefined, title: undefined });
    expect(video.hasAttribute('poster')).toBe(false);
    expect(video.hasAttribute('aria-label')).toBe(false);
  });
});
