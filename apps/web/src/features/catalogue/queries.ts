/**
 * TanStack Query hooks of the catalogue. Every query function passes on the AbortSignal it gets, so a request whose
 * page was left (or whose search word changed) is cancelled in flight.
 */
import type {
  DataQuery,
  DataResponse,
  HitsListResponse,
  RankPeriod,
  SuggestItem,
  TopicListResponse,
  VodDetail,
} from '@openvod/contract';
import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { useUserId } from '../../lib/session';
import { catalogueApi } from './catalogueApi';
import { fetchHomeWithFallback, type HomeData, localHomeCache } from './homeCache';

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
    queryFn: ({ signal }) => catalogueApi.types(signal),
    staleTime: 5 * 60_000,
    // Ask even when the browser says it is offline: a failure keeps the last list (no paused, never-ending refresh).
    networkMode: 'always',
  });
}

export function useHome() {
  return useQuery<HomeData>({
    queryKey: catalogueKeys.home,
    queryFn: ({ signal }) => fetchHomeWithFallback(() => api.getHome(signal), localHomeCache, signal),
    // Paint the last good home at once while the fresh one loads.
    placeholderData: (): HomeData | undefined => {
      const cached = localHomeCache.read();
      return cached ? { ...cached, fromCache: true } : undefined;
    },
    retry: false,
    // Offline is when the device cache matters most: run the fetcher (and its fallback) instead of pausing.
    networkMode: 'always',
  });
}

type Paged = { page: number; pagecount: number };
const nextPage = (last: Paged) => (last.page < last.pagecount ? last.page + 1 : undefined);

/** Paged title list (`data`), one page per fetch, for InfiniteScroll. */
export function useVodInfinite(query: Omit<DataQuery, 'page'>, enabled = true) {
  return useInfiniteQuery<DataResponse, Error, InfiniteData<DataResponse>, readonly unknown[], number>({
    queryKey: catalogueKeys.vodList(query),
    queryFn: ({ pageParam, signal }) => api.data({ ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** getHitsList of one period, page after page (the server ranks at most 50 pages). */
export function useRankInfinite(period: RankPeriod, typeId?: number, limit = 20) {
  return useInfiniteQuery<HitsListResponse, Error, InfiniteData<HitsListResponse>, readonly unknown[], number>({
    queryKey: catalogueKeys.rank(period, typeId),
    queryFn: ({ pageParam, signal }) => catalogueApi.rank({ period, type_id: typeId, page: pageParam, limit }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < Math.min(last.pagecount, 50) ? last.page + 1 : undefined),
    staleTime: 15_000,
  });
}

export function useTopicsInfinite() {
  return useInfiniteQuery<TopicListResponse, Error, InfiniteData<TopicListResponse>, readonly unknown[], number>({
    queryKey: catalogueKeys.topics,
    queryFn: ({ pageParam, signal }) => catalogueApi.topics(pageParam, 10, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useTopic(id: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.topic(id ?? 0),
    queryFn: ({ signal }) => catalogueApi.topic(id as number, signal).then((r) => r.info),
    enabled: id !== undefined,
  });
}

/** Suggestions for a (debounced) word; '' asks nothing. The previous list stays while the next one loads. */
export function useSuggest(wd: string) {
  return useQuery<SuggestItem[]>({
    queryKey: catalogueKeys.suggest(wd),
    queryFn: ({ signal }) => catalogueApi.suggest(wd, 8, signal).then((r) => r.list),
    enabled: wd.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useHotSearch() {
  return useQuery({
    queryKey: catalogueKeys.hotSearch,
    queryFn: ({ signal }) => catalogueApi.hotSearch(signal).then((r) => r.list),
    staleTime: 5 * 60_000,
  });
}

/** A title for its page; `permission` 0 means play data was refused (spec §2 VIP-only). */
export type TitleDetail = VodDetail & { permission?: number };

/** getDetail; cancelled (AbortSignal) when the title page is left before the answer arrives. */
export function useVodDetail(id: number | undefined) {
  const userId = useUserId();
  return useQuery<TitleDetail>({
    queryKey: catalogueKeys.detail(id ?? 0, userId),
    queryFn: ({ signal }) => catalogueApi.detail(id as number, signal).then((r) => r.info),
    enabled: id !== undefined,
  });
}

/** Count one view of a title (spec `hits`) when its page opens; once per id per mount. */
export function useCountHit(id: number | undefined) {
  const counted = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (id === undefined || counted.current === id) return;
    counted.current = id;
    api.hits(id).catch(() => {
      // A lost hit is not worth bothering the viewer.
    });
  }, [id]);
}
