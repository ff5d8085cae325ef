/** Server state of the location pages (TanStack Query): the map config, searches, reverse lookups, saving the region. */
import type { Place } from '@openvod/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { locationApi } from './locationApi';

/** The operator's tiles (changes rarely: kept 10 minutes). */
export function useMapConfig() {
  return useQuery({
    queryKey: ['places', 'map-config'],
    queryFn: ({ signal }) => locationApi.mapConfig(signal),
    staleTime: 600_000,
  });
}

/** Places matching the submitted `q` (nothing asked while it is empty). */
export function usePlaceSearch(q: string) {
  return useQuery({
    queryKey: ['places', 'search', q],
    queryFn: ({ signal }) => locationApi.search(q, signal),
    enabled: q.length > 0,
    staleTime: 600_000,
    retry: false,
  });
}

/** The place at `point` (nothing asked without one). */
export function useReverse(point: { lat: number; lng: number } | null) {
  return useQuery({
    queryKey: ['places', 'reverse', point?.lat.toFixed(6), point?.lng.toFixed(6)],
    queryFn: ({ signal }) => (point ? locationApi.reverse(point.lat, point.lng, signal) : null),
    enabled: point !== null,
    staleTime: 600_000,
    retry: false,
  });
}

/** Save (or clear) the member's region; the stored session user shows it at once. */
export function useSaveRegion() {
  return useMutation({
    mutationFn: (region: Place | null) => locationApi.saveRegion(region),
    onSuccess: (region) => {
      const { user, setUser } = useSession.getState();
      if (user) setUser({ ...user, region });
    },
  });
}
