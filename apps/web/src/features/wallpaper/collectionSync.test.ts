import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeUlogServer } from '../../lib/ulogApi.fake';
import { useWallpaperCollectionStore } from './collectionStore';
import { clearWallpapers, pullWallpapers, removeWallpaper, toggleWallpaper } from './collectionSync';

const wall = (id: number, nid?: number) => ({
  vod_id: id,
  vod_name: `W${id}`,
  vod_play_url: `/w/${id}-${nid ?? 0}.jpg`,
  vod_pic: `/p${id}.jpg`,
  ...(nid ? { sid: 1, nid } : {}),
});

beforeEach(() => {
  localStorage.clear();
  useWallpaperCollectionStore.setState({ byUser: {} });
});
afterEach(() => vi.restoreAllMocks());

describe('wallpaper collection sync', () => {
  it('a guest collects on the device only', async () => {
    const server = fakeUlogServer();
    expect(await toggleWallpaper(0, wall(5, 1))).toBe(true);
    expect(await toggleWallpaper(0, wall(5, 1))).toBe(false);
    expect(server.calls).toEqual([]);
  });

  it('keeps wallpapers per picture on the server; pictures without a server name stay on the device', async () => {
    const server = fakeUlogServer();
    expect(await toggleWallpaper(7, wall(5, 1))).toBe(true);
    expect(await toggleWallpaper(7, wall(5, 2))).toBe(true);
    expect(await toggleWallpaper(7, wall(6))).toBe(true); // no sid/nid: local only
    expect(server.rows().map((r) => [r.ulog_mid, r.ulog_rid, r.ulog_nid])).toEqual([
      [12, 5, 1],
      [12, 5, 2],
    ]);
    useWallpaperCollectionStore.setState({ byUser: { '7': [{ ...wall(6), time: 1 }] } });
    await pullWallpapers(7);
    const urls = (useWallpaperCollectionStore.getState().byUser['7'] ?? []).map((r) => r.vod_play_url);
    expect(urls).toEqual(['/w/5-2.jpg', '/w/5-1.jpg', '/w/6-0.jpg']);
    expect(await toggleWallpaper(7, wall(5, 1))).toBe(false);
    expect(server.rows()).toHaveLength(1);
  });

  it('merges the guest pictures into the account, removes and clears on the server first', async () => {
    const server = fakeUlogServer();
    await toggleWallpaper(0, wall(8, 1));
    await toggleWallpaper(0, wall(8, 2));
    await pullWallpapers(7);
    expect(useWallpaperCollectionStore.getState().byUser['0']).toEqual([]);
    const list = useWallpaperCollectionStore.getState().byUser['7'] ?? [];
    expect(list.map((r) => r.vod_play_url)).toEqual(['/w/8-2.jpg', '/w/8-1.jpg']);
    await removeWallpaper(7, list[0] as (typeof list)[number]);
    expect(server.rows().map((r) => r.ulog_nid)).toEqual([1]);
    await clearWallpapers(7);
    expect(server.rows()).toEqual([]);
    expect(useWallpaperCollectionStore.getState().byUser['7']).toBeUndefined();
  });
});
