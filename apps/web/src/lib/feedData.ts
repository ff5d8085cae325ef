/**
 * Data helpers shared by the media feeds (small videos, playlets, live TV, wallpapers): the special category ids
 * of getType (spec §3), title details fetched for the pages around the current one, and which pages play or
 * preload.
 */
import type { SpecialTypes, VodDetail } from '@openvod/contract';
import { useQueries } from '@tanstack/react-query';
import { catalogueKeys, useTypes } from './catalogueQueries';
import { call } from './client';
import { useUserId } from './session';

/** getType's special category id for `key` (0 when not configured), with the query's loading/error state. */
export function useSpecialType(key: keyof SpecialTypes) {
  const types = useTypes();
  return { types, typeId: types.data?.special[key] ?? 0 };
}

/** Details of `ids` (same cache as the title page); `get(id)` is the detail once loaded. */
export function useVodDetails(ids: readonly number[]) {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  const userId = useUserId();
  const results = useQueries({
    queries: unique.map((id) => ({
      queryKey: catalogueKeys.detail(id, userId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call('getDetail', { params: { id }, signal }).then((r) => r.info),
      staleTime: 5 * 60_000,
    })),
  });
  const byId = new Map<number, { data?: VodDetail; isError: boolean; refetch: () => unknown }>();
  unique.forEach((id, i) => {
    const r = results[i];
    if (r) byId.set(id, { data: r.data, isError: r.isError, refetch: r.refetch });
  });
  return {
    get: (id: number) => byId.get(id)?.data,
    failed: (id: number) => byId.get(id)?.isError ?? false,
    retry: (id: number) => byId.get(id)?.refetch(),
  };
}

/** Ids of the pages `index-before .. index+after` of `list` (in range). */
export function windowIds<T extends { vod_id: number }>(
  list: readonly T[],
  index: number,
  before = 1,
  after = 1,
): number[] {
  const ids: number[] = [];
  for (let i = Math.max(0, index - before); i <= Math.min(list.length - 1, index + after); i++) {
    const item = list[i];
    if (item) ids.push(item.vod_id);
  }
  return ids;
}

/** The feed mode of page `i` when `current` is shown: play it, preload a neighbour, else nothing. */
export function modeFor(i: number, current: number): 'play' | 'preload' | 'idle' {
  if (i === current) return 'play';
  return Math.abs(i - current) === 1 ? 'preload' : 'idle';
}
