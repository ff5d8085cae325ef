/**
 * Search history (spec §3 "Locally stored lists ... search history", §5 "Search history keeps at most 6 distinct
 * words, newest first"): a persisted zustand store keyed per `user_id` (0 = logged out), so each account on the
 * device keeps its own words.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SEARCH_HISTORY_KEY = 'openvod-search-history';
/** Spec §5: at most 6 words. */
export const SEARCH_HISTORY_MAX = 6;
const WORD_MAX = 64;

/** `word` (trimmed) put first, an earlier copy removed, then cut to {@link SEARCH_HISTORY_MAX}. Pure. */
export function addWord(list: readonly string[], word: string): string[] {
  const w = word.trim().slice(0, WORD_MAX);
  if (!w) return [...list];
  return [w, ...list.filter((x) => x !== w)].slice(0, SEARCH_HISTORY_MAX);
}

export interface SearchHistoryState {
  /** Words per `user_id` (as a string key), newest first. */
  byUser: Record<string, string[]>;
  add: (userId: number, word: string) => void;
  remove: (userId: number, word: string) => void;
  clear: (userId: number) => void;
}

function cleanList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  let out: string[] = [];
  for (const w of [...value].reverse()) if (typeof w === 'string') out = addWord(out, w);
  return out;
}

export const useSearchHistory = create<SearchHistoryState>()(
  persist(
    (set) => ({
      byUser: {},
      add: (userId, word) =>
        set((s) => ({ byUser: { ...s.byUser, [String(userId)]: addWord(s.byUser[String(userId)] ?? [], word) } })),
      remove: (userId, word) =>
        set((s) => ({
          byUser: { ...s.byUser, [String(userId)]: (s.byUser[String(userId)] ?? []).filter((w) => w !== word) },
        })),
      clear: (userId) =>
        set((s) => {
          const { [String(userId)]: _dropped, ...rest } = s.byUser;
          return { byUser: rest };
        }),
    }),
    {
      name: SEARCH_HISTORY_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ byUser: s.byUser }),
      merge: (persisted, current) => {
        const raw = (persisted as { byUser?: unknown } | undefined)?.byUser;
        const byUser: Record<string, string[]> = {};
        if (raw && typeof raw === 'object')
          for (const [k, v] of Object.entries(raw)) if (/^\d{1,12}$/.test(k)) byUser[k] = cleanList(v);
        return { ...current, byUser };
      },
    },
  ),
);

const EMPTY: readonly string[] = [];

/** The words of `userId`, newest first. */
export function useHistoryWords(userId: number): readonly string[] {
  return useSearchHistory((s) => s.byUser[String(userId)] ?? EMPTY);
}
