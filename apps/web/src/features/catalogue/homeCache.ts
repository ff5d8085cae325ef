/**
 * Spec §4 "Home request failure falls back to cached data": the last good home payload is kept in localStorage and
 * served (flagged `fromCache`) when the request fails.
 */
import type { HomeResponse } from '@openvod/contract';
import { readJson, writeJson } from '../../lib/storage';

export const HOME_CACHE_KEY = 'openvod-home-cache';

export type HomeData = HomeResponse & { fromCache?: boolean };

export interface HomeCache {
  read: () => HomeResponse | undefined;
  write: (data: HomeResponse) => void;
}

function isHome(value: unknown): value is HomeResponse {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.slide) && Array.isArray(v.hot) && Array.isArray(v.recommend) && Array.isArray(v.blocks);
}

export const localHomeCache: HomeCache = {
  read: () => {
    const value = readJson<unknown>(HOME_CACHE_KEY);
    return isHome(value) ? value : undefined;
  },
  write: (data) => {
    const { fromCache: _ignored, ...rest } = data as HomeData;
    writeJson(HOME_CACHE_KEY, rest);
  },
};

/** Fetch the home payload; on failure serve the cached one, else rethrow. Aborts are never masked. */
export async function fetchHomeWithFallback(
  fetcher: () => Promise<HomeResponse>,
  cache: HomeCache = localHomeCache,
  signal?: AbortSignal,
): Promise<HomeData> {
  try {
    const data = await fetcher();
    cache.write(data);
    return data;
  } catch (error) {
    if (signal?.aborted) throw error;
    const cached = cache.read();
    if (cached) return { ...cached, fromCache: true };
    throw error;
  }
}
