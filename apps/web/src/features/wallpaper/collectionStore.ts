/**
 * The wallpaper collection (spec §3 "Locally stored lists": wallpaper collection = time, vod_id, vod_name,
 * vod_play_url, vod_pic; keys are per user_id). Kept on the device in localStorage, one list per `user_id` (0 = not
 * logged in), newest first. An entry is one picture: `vod_play_url` is the picture's URL and identifies it; collecting
 * a picture that is already in the list removes it.
 *
 * Issue 7: the longer reading adds `sid`/`nid` (the picture's source and number in the title's play list, 1-based),
 * which name the picture on the server: a signed-in user's list is a copy of the server's wallpaper favourites
 * (ajaxUlog mid 12 type 2), refreshed and changed through features/collections/favouriteSync.ts.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useUserId } from '../../lib/session';

export interface WallpaperRecord {
  /** When it was collected, seconds since the epoch. */
  time: number;
  vod_id: number;
  vod_name: string;
  /** The picture (one "episode" of the gallery title). */
  vod_play_url: string;
  /** The title's poster, used as the thumbnail when the picture fails. */
  vod_pic: string;
  /** The picture's source (1-based) in the title's play list; absent for pictures collected before issue 7. */
  sid?: number;
  /** The picture's number (1-based) in its source. */
  nid?: number;
}

/** Most pictures kept per user (spec §9 "Favourite sync limit 500"). */
export const WALLPAPER_COLLECTION_LIMIT = 500;

export interface WallpaperCollectionState {
  /** Lists by `user_id` (as a string key). */
  byUser: Record<string, WallpaperRecord[]>;
  /**
   * Add `record` to `userId`'s list, or remove it when that picture is already there. Returns true when it is now
   * collected.
   */
  toggle: (userId: number, record: Omit<WallpaperRecord, 'time'>, now?: number) => boolean;
  /** Put `record` first (replacing the picture's entry) when `on`, else remove the picture. */
  set: (userId: number, record: WallpaperRecord, on: boolean) => void;
  /** Replace the whole list (a server read), newest first. */
  replace: (userId: number, list: WallpaperRecord[]) => void;
  remove: (userId: number, vodPlayUrl: string) => void;
  clear: (userId: number) => void;
}

export const WALLPAPER_COLLECTION_KEY = 'openvod-wallpaper-collection';

function isRecord(value: unknown): value is WallpaperRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.time === 'number' &&
    typeof v.vod_id === 'number' &&
    typeof v.vod_name === 'string' &&
    typeof v.vod_play_url === 'string' &&
    v.vod_play_url !== '' &&
    typeof v.vod_pic === 'string' &&
    (v.sid === undefined || (typeof v.sid === 'number' && Number.isInteger(v.sid))) &&
    (v.nid === undefined || (typeof v.nid === 'number' && Number.isInteger(v.nid)))
  );
}

/** Keep only well-formed lists of well-formed records (storage may hold anything). */
export function sanitizeCollections(value: unknown): Record<string, WallpaperRecord[]> {
  const out: Record<string, WallpaperRecord[]> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, list] of Object.entries(value)) {
    if (!/^\d{1,10}$/.test(key) || !Array.isArray(list)) continue;
    out[key] = list.filter(isRecord).slice(0, WALLPAPER_COLLECTION_LIMIT);
  }
  return out;
}

export const useWallpaperCollectionStore = create<WallpaperCollectionState>()(
  persist(
    (set, get) => ({
      byUser: {},
      toggle: (userId, record, now = Date.now()) => {
        const key = String(userId);
        const list = get().byUser[key] ?? [];
        const exists = list.some((r) => r.vod_play_url === record.vod_play_url);
        const next = exists
          ? list.filter((r) => r.vod_play_url !== record.vod_play_url)
          : [{ ...record, time: Math.floor(now / 1000) }, ...list];
        set({ byUser: { ...get().byUser, [key]: next.slice(0, WALLPAPER_COLLECTION_LIMIT) } });
        return !exists;
      },
      set: (userId, record, on) => {
        const key = String(userId);
        const rest = (get().byUser[key] ?? []).filter((r) => r.vod_play_url !== record.vod_play_url);
        const next = on ? [record, ...rest] : rest;
        set({ byUser: { ...get().byUser, [key]: next.slice(0, WALLPAPER_COLLECTION_LIMIT) } });
      },
      replace: (userId, list) => {
        const next = [...list].sort((a, b) => b.time - a.time).slice(0, WALLPAPER_COLLECTION_LIMIT);
        set({ byUser: { ...get().byUser, [String(userId)]: next } });
      },
      remove: (userId, vodPlayUrl) => {
        const key = String(userId);
        const list = get().byUser[key] ?? [];
        set({ byUser: { ...get().byUser, [key]: list.filter((r) => r.vod_play_url !== vodPlayUrl) } });
      },
      clear: (userId) => {
        const { [String(userId)]: _gone, ...rest } = get().byUser;
        set({ byUser: rest });
      },
    }),
    {
      name: WALLPAPER_COLLECTION_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ byUser: s.byUser }),
      merge: (persisted, current) => ({
        ...current,
        byUser: sanitizeCollections((persisted as { byUser?: unknown } | undefined)?.byUser),
      }),
    },
  ),
);

const EMPTY: WallpaperRecord[] = [];

/** The signed-in viewer's (or the guest's) collection, newest first. */
export function useWallpaperCollection(): WallpaperRecord[] {
  const userId = useUserId();
  return useWallpaperCollectionStore((s) => s.byUser[String(userId)] ?? EMPTY);
}
