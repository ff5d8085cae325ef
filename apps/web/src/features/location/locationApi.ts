/**
 * The location calls of the viewer app (packages/contract endpoints/places.ts: getMapConfig, placeSearch,
 * placeReverse, saveRegion) over the typed {@link call} (lib/client.ts).
 */
import type { MapConfig, Place, SaveRegionBody } from '@openvod/contract';
import { call } from '../../lib/client';

export const locationApi = {
  /** getMapConfig: the operator's tile URL template and attribution. */
  mapConfig: async (signal?: AbortSignal): Promise<MapConfig> => (await call('getMapConfig', { signal })).info,
  /** placeSearch: places matching `q` (at most 10). */
  search: async (q: string, signal?: AbortSignal): Promise<Place[]> =>
    (await call('placeSearch', { query: { q }, signal })).list,
  /** placeReverse: the place at a point, null when the geocoder knows none. */
  reverse: async (lat: number, lng: number, signal?: AbortSignal): Promise<Place | null> =>
    (await call('placeReverse', { query: { lat: lat.toFixed(6), lng: lng.toFixed(6) }, signal })).info,
  /** saveRegion: the signed-in member's region (null clears it). */
  saveRegion: async (region: SaveRegionBody['region']): Promise<Place | null> =>
    (await call('saveRegion', { body: { region } })).info,
};
