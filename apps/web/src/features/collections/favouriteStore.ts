/**
 * The film collection (spec §3 "Locally stored lists": collection = time, vod_id, vod_name, play, vod_pic; keys are
 * per user_id). Kept on the device in localStorage, one list per `user_id` (0 = not signed in), one entry per title,
 * newest first, at most {@link COLLECTION_LIMIT} entries. For a signed-in user the list is a copy of the server's
 * favourites (ajaxUlog type 2), refreshed by ./favouriteSync.ts; a guest's list lives only here.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useUserId } from '../../lib/session';

export interface CollectionRecord {
  /** When it was collected, seconds since the epoch. */
  time: number;
  vod_id: number;
  vod_name: string;
  /** The episode's name when it was collected ('' when unknown, e.g. collected on another device). */
  play: string;
  vod_pic: string;
}

/** Entries kept per user (spec §9 "Favourite sync limit 500"). */
export const COLLECTION_LIMIT = 500;
export const COLLECTION_KEY = 'openvod-collection';

function isRecord(value: unknown): value is CollectionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.time === 'number' &&
    Number.isFinite(v.time) &&
    typeof v.vod_id === 'number' &&
    Number.isInteger(v.vod_id) &&
    v.vod_id > 0 &&
    typeof v.vod_name === 'string' &&
    typeof v.play === 'string' &&
    typeof v.vod_pic === 'string'
  );
}

/** Keep only well-formed lists of well-formed records, one per title (storage may hold anything). */
export function sanitizeCollection(value: unknown): Record<string, CollectionRecord[]> {
  const out: Record<string, CollectionRecord[]> = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, list] of Object.entries(value)) {
    if (!/^\d{1,10}$/.test(key) || !Array.isArray(list)) continue;
    const seen = new Set<number>();
    out[key] = list
      .filter((r): r is CollectionRecord => {
        if (!isRecord(r) || seen.has(r.vod_id)) return false;
        seen.add(r.vod_id);
        return true;
      })
      .slice(0, COLLECTION_LIMIT);
  }
  return out;
}

export interface CollectionState {
  byUser: Record<string, CollectionRecord[]>;
  /** Put `record` first (replacing the title's entry) when `on`, else remove the title. */
  set: (userId: number, record: CollectionRecord, on: boolean) => void;
  /** Add the title (now) or remove it when it is there (spec §4 toggle). Returns true when it is collected now. */
  toggle: (userId: number, record: Omit<CollectionRecord, 'time'>, now?: number) => boolean;
  /** Replace the whole list (a server read), newest first. */
  replace: (userId: number, list: CollectionRecord[]) => void;
  remove: (userId: number, vodIds: readonly number[]) => void;
  clear: (userId: number) => void;
}

export const useCollectionStore = create<CollectionState>()(
  persist(
    (set, get) => {
      const listOf = (userId: number) => get().byUser[String(userId)] ?? [];
      const put = (userId: number, list: CollectionRecord[]) =>
        set({ byUser: { ...get().byUser, [String(userId)]: list.slice(0, COLLECTION_LIMIT) } });
      return {
        byUser: {},
        set: (userId, record, on) => {
          const rest = listOf(userId).filter((r) => r.vod_id !== record.vod_id);
          put(userId, on ? [record, ...rest] : rest);
        },
        toggle: (userId, record, now = Date.now()) => {
          const on = !listOf(userId).some((r) => r.vod_id === record.vod_id);
          get().set(userId, { ...record, time: Math.floor(now / 1000) }, on);
          return on;
        },
        replace: (userId, list) =>
          put(
            userId,
            [...list].sort((a, b) => b.time - a.time),
          ),
        remove: (userId, vodIds) =>
          put(
            userId,
            listOf(userId).filter((r) => !vodIds.includes(r.vod_id)),
          ),
        clear: (userId) => {
          const { [String(userId)]: _gone, ...rest } = get().byUser;
          set({ byUser: rest });
        },
      };
    },
    {
      name: COLLECTION_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ byUser: s.byUser }),
      merge: (persisted, current) => ({
        ...current,
        byUser: sanitizeCollection((persisted as { byUser?: unknown } | undefined)?.byUser),
      }),
    },
  ),
);

const EMPTY: CollectionRecord[] = [];

/** The signed-in viewer's (or the guest's) collection, newest first. */
export function useCollection(): CollectionRecord[] {
  const userId = useUserId();
  return useCollectionStore((s) => s.byUser[String(userId)] ?? EMPTY);
}

/** Whether `vodId` is in the viewer's collection. */
export function useIsCollected(vodId: number): boolean {
  const userId = useUserId();
  return useCollectionStore((s) => (s.byUser[String(userId)] ?? EMPTY).some((r) => r.vod_id === vodId));
}
