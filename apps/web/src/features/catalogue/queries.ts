/**
 * TanStack Query hooks of the catalogue pages (home, ranking, topics, search). Every query function passes on the
 * AbortSignal it gets, so a request whose page was left (or whose search word changed) is cancelled in flight. The
 * title hooks shared with the title page and the media feeds live in lib/catalogueQueries and are re-exported here.
 */
import type { HitsListResponse, RankPeriod, SuggestItem, TopicListResponse } from '@openvod/contract';
import { type InfiniteData, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../../lib/catalogueQueries';
import { call } from '../../lib/client';
import { catalogueApi } from './catalogueApi';
import { fetchHomeWithFallback, type HomeData, localHomeCache } from './homeCache';

export {
  catalogueKeys,
  type TitleDetail,
  useCountHit,
  useTypes,
  useVodDetail,
  useVodInfinite,
} from '../../lib/catalogueQueries';

export function useHome() {
  return useQuery<HomeData>({
    queryKey: catalogueKeys.home,
    queryFn: ({ signal }) => fetchHomeWithFallback(() => call('getHome', { signal }), localHomeCache, signal),
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

/** getRelated of one title (the title page's "more like this"); the server caches it like its lists. */
export function useRelated(vodId: number | undefined, limit = 12) {
  return useQuery({
    queryKey: ['vod', 'related', vodId ?? 0, limit] as const,
    queryFn: ({ signal }) => catalogueApi.related(vodId as number, limit, signal).then((r) => r.list),
    enabled: vodId !== undefined && vodId > 0,
    staleTime: 60_000,
  });
}
