import { beforeEach, describe, expect, it } from 'vitest';
import { sanitizeCollections, useWallpaperCollectionStore, WALLPAPER_COLLECTION_KEY } from './collectionStore';

const pic = (n: number) => ({
  vod_id: n,
  vod_name: `壁纸 ${n}`,
  vod_play_url: `/media/demo/wallpapers/w${n}.jpg`,
  vod_pic: `/media/demo/posters/w${n}.jpg`,
});

beforeEach(() => {
  localStorage.clear();
  useWallpaperCollectionStore.setState({ byUser: {} });
});

describe('wallpaper collection store', () => {
  it('adds newest first with the spec fields and a seconds timestamp', () => {
    const { toggle } = useWallpaperCollectionStore.getState();
    expect(toggle(0, pic(1), 1_700_000_000_500)).toBe(true);
    expect(toggle(0, pic(2), 1_700_000_100_000)).toBe(true);
    const list = useWallpaperCollectionStore.getState().byUser['0'];
    expect(list?.map((r) => r.vod_id)).toEqual([2, 1]);
    expect(list?.[1]).toEqual({ ...pic(1), time: 1_700_000_000 });
    expect(Object.keys(list?.[0] ?? {}).sort()).toEqual(['time', 'vod_id', 'vod_name', 'vod_pic', 'vod_play_url']);
  });

  it('removes a picture that is collected again', () => {
    const { toggle } = useWallpaperCollectionStore.getState();
    toggle(7, pic(1));
    toggle(7, pic(2));
    expect(toggle(7, pic(1))).toBe(false);
    expect(useWallpaperCollectionStore.getState().byUser['7']?.map((r) => r.vod_id)).toEqual([2]);
  });

  it('keeps one list per user_id', () => {
    const { toggle, clear } = useWallpaperCollectionStore.getState();
    toggle(0, pic(1));
    toggle(42, pic(2));
    toggle(42, pic(3));
    const { byUser } = useWallpaperCollectionStore.getState();
    expect(byUser['0']?.map((r) => r.vod_id)).toEqual([1]);
    expect(byUser['42']?.map((r) => r.vod_id)).toEqual([3, 2]);
    clear(42);
    expect(useWallpaperCollectionStore.getState().byUser['42']).toBeUndefined();
    expect(useWallpaperCollectionStore.getState().byUser['0']).toHaveLength(1);
  });

  it('persists to localStorage and reads it back, dropping malformed entries', async () => {
    useWallpaperCollectionStore.getState().toggle(5, pic(9), 2_000_000_000_000);
    const stored = JSON.parse(localStorage.getItem(WALLPAPER_COLLECTION_KEY) ?? '{}');
    expect(stored.state.byUser['5'][0]).toMatchObject({ vod_id: 9, time: 2_000_000_000 });

    stored.state.byUser['5'].push({ vod_id: 'x' }, { ...pic(3), vod_play_url: '' });
    stored.state.byUser.evil = [pic(4)];
    // (setState writes through to storage: clear the memory first, then put the edited copy in place.)
    useWallpaperCollectionStore.setState({ byUser: {} });
    localStorage.setItem(WALLPAPER_COLLECTION_KEY, JSON.stringify(stored));
    await useWallpaperCollectionStore.persist.rehydrate();
    const { byUser } = useWallpaperCollectionStore.getState();
    expect(Object.keys(byUser)).toEqual(['5']);
    expect(byUser['5']?.map((r) => r.vod_id)).toEqual([9]);
  });

  it('sanitizes anything that is not a map of lists', () => {
    expect(sanitizeCollections(null)).toEqual({});
    expect(sanitizeCollections('x')).toEqual({});
    expect(sanitizeCollections({ 1: 'nope' })).toEqual({});
  });
});
