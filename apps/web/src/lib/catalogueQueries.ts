/**
 * TanStack Query hooks of titles shared by the catalogue, the title page and the media feeds (small videos,
 * playlets, live TV, wallpapers): the query keys, getType (per user), the paged title list (`data`), getDetail and
 * the view count (`hits`). Every query function passes on the AbortSignal it gets, so a request whose page was left
 * is cancelled in flight. Catalogue-only hooks (home, ranking, topics, search) are in features/catalogue/queries.
 */
import type { DataQuery, DataResponse, RankPeriod, VodDetail } from '@openvod/contract';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from './client';
import { useUserId } from './session';

export const catalogueKeys = {
  /** Per user: the `permission` flags are those of the caller's group. */
  types: (userId: number) => ['types', userId] as const,
  home: ['home'] as const,
  vodList: (query: Omit<DataQuery, 'page'>) => ['vod', 'list', query] as const,
  /** Per user: play data depends on the caller's group (getDetail `permission`). */
  detail: (id: number, userId: number) => ['vod', 'detail', id, userId] as const,
  rank: (period: RankPeriod, typeId?: number) => ['vod', 'rank', period, typeId ?? 0] as const,
  suggest: (wd: string) => ['search', 'suggest', wd] as const,
  hotSearch: ['search', 'hot'] as const,
  topics: ['topics'] as const,
  topic: (id: number) => ['topics', id] as const,
};

/** getType for the signed-in user (refetched when another user signs in, since rights are per group). */
export function useTypes() {
  const userId = useUserId();
  return useQuery({
    queryKey: catalogueKeys.types(userId),
    queryFn: ({ signal }) => call('getType', { signal }),
    staleTime: 5 * 60_000,
    // Ask even when the browser says it is offline: a failure keeps the last list (no paused, never-ending refresh).
    networkMode: 'always',
  });
}

type Paged = { page: number; pagecount: number };
const nextPage = (last: Paged) => (last.page < last.pagecount ? last.page + 1 : undefined);

/** Paged title list (`data`), one page per fetch, for InfiniteScroll. */
export function useVodInfinite(query: Omit<DataQuery, 'page'>, enabled = true) {
  return useInfiniteQuery<DataResponse, Error, InfiniteData<DataResponse>, readonly unknown[], number>({
    queryKey: catalogueKeys.vodList(query),
    queryFn: ({ pageParam, signal }) => call('data', { query: { ...query, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/**
 * A title for its page; `permission` 0 means play data was refused (spec §2 VIP-only); `play_locked` 1 that the episodes
 * come without addresses until a view is taken (issue 7 item 2, features/quotas/useFreeView).
 */
export type TitleDetail = VodDetail & { permission?: number; play_locked?: number };

/** getDetail; cancelled (AbortSignal) when the title page is left before the answer arrives. */
export function useVodDetail(id: number | undefined) {
  const userId = useUserId();
  return useQuery<TitleDetail>({
    queryKey: catalogueKeys.detail(id ?? 0, userId),
    queryFn: ({ signal }) => call('getDetail', { params: { id: id as number }, signal }).then((r) => r.info),
    enabled: id !== undefined,
  });
}

/** Count one view of a title (spec `hits`) when its page opens; once per id per mount. */
export function useCountHit(id: number | undefined) {
  const counted = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (id === undefined || counted.current === id) return;
    counted.current = id;
    call('hits', { params: { id } }).catch(() => {
      // A lost hit is not worth bothering the viewer.
    });
  }, [id]);
}
