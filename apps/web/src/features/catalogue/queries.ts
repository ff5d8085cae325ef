import type { DataQuery, DataResponse } from '@openvod/contract';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../lib/api';
import { fetchHomeWithFallback, type HomeData, localHomeCache } from './homeCache';

export const catalogueKeys = {
  types: ['types'] as const,
  home: ['home'] as const,
  vodList: (query: Omit<DataQuery, 'page'>) => ['vod', 'list', query] as const,
  detail: (id: number) => ['vod', 'detail', id] as const,
};

export function useTypes() {
  return useQuery({
    queryKey: catalogueKeys.types,
    queryFn: ({ signal }) => api.getType(signal),
    staleTime: 5 * 60_000,
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
  });
}

/** Paged title list (`data`), one page per fetch, for InfiniteScroll. */
export function useVodInfinite(query: Omit<DataQuery, 'page'>, enabled = true) {
  return useInfiniteQuery<DataResponse, Error, InfiniteData<DataResponse>, readonly unknown[], number>({
    queryKey: catalogueKeys.vodList(query),
    queryFn: ({ pageParam, signal }) => api.data({ ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    enabled,
  });
}

export function useVodDetail(id: number | undefined) {
  return useQuery({
    queryKey: catalogueKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.getDetail(id as number, signal).then((r) => r.info),
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
