/**
 * The location calls of the viewer app (packages/contract endpoints/places.ts: getMapConfig, placeSearch,
 * placeReverse, saveRegion) over {@link api}. Method and path mirror the contract's endpoint table at the type level
 * (a wrong one fails tsc).
 */
import type { endpoints, MapConfig, Place, SaveRegionBody } from '@openvod/contract';
import { api } from '../../lib/api';

type Table = typeof endpoints;
type Op = 'getMapConfig' | 'placeSearch' | 'placeReverse' | 'saveRegion';
const routes: { [K in Op]: Pick<Table[K], 'method' | 'path'> } = {
  getMapConfig: { method: 'GET', path: '/api/places/map-config' },
  placeSearch: { method: 'GET', path: '/api/places/search' },
  placeReverse: { method: 'GET', path: '/api/places/reverse' },
  saveRegion: { method: 'POST', path: '/api/places/region' },
};
type Output<S> = S extends { _output: infer O } ? O : never;

export const locationApi = {
  /** getMapConfig: the operator's tile URL template and attribution. */
  mapConfig: async (signal?: AbortSignal): Promise<MapConfig> =>
    (await api.request<Output<Table['getMapConfig']['response']>>(routes.getMapConfig.path, { signal })).info,
  /** placeSearch: places matching `q` (at most 10). */
  search: async (q: string, signal?: AbortSignal): Promise<Place[]> =>
    (
      await api.request<Output<Table['placeSearch']['response']>>(routes.placeSearch.path, {
        query: { q },
        signal,
      })
    ).list,
  /** placeReverse: the place at a point, null when the geocoder knows none. */
  reverse: async (lat: number, lng: number, signal?: AbortSignal): Promise<Place | null> =>
    (
      await api.request<Output<Table['placeReverse']['response']>>(routes.placeReverse.path, {
        query: { lat: lat.toFixed(6), lng: lng.toFixed(6) },
        signal,
      })
    ).info,
  /** saveRegion: the signed-in member's region (null clears it). */
  saveRegion: async (region: SaveRegionBody['region']): Promise<Place | null> =>
    (
      await api.request<Output<Table['saveRegion']['response']>>(routes.saveRegion.path, {
        method: routes.saveRegion.method,
        body: { region },
        auth: true,
      })
    ).info,
};
