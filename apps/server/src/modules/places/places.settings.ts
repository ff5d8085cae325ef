/**
 * The operator's map settings: `app_setting` key `places` (JSON, core/settings.ts), merged over
 * {@link DEFAULT_PLACES_SETTINGS}; shape: packages/contract places.ts `PlacesSettings`. A stored value that no
 * longer passes the schema falls back to its default.
 */
import {
  DEFAULT_GEOCODER_URL,
  DEFAULT_TILE_ATTRIBUTION,
  DEFAULT_TILE_URL,
  PlacesSettings,
  type SavePlacesSettingsBody,
} from '@openvod/contract';
import { getSettings, setSetting } from '../../core/settings.ts';
import type { Db } from '../../db/client.ts';

export const PLACES_SETTINGS_KEY = 'places';

export const DEFAULT_PLACES_SETTINGS: PlacesSettings = {
  tile_url: DEFAULT_TILE_URL,
  attribution: DEFAULT_TILE_ATTRIBUTION,
  geocoder_url: DEFAULT_GEOCODER_URL,
  contact: '',
  geocoder_private: false,
};

/** The stored settings over the defaults. */
export async function loadPlacesSettings(db: Db): Promise<PlacesSettings> {
  const stored = (await getSettings(db, [PLACES_SETTINGS_KEY]))[PLACES_SETTINGS_KEY];
  const out: Record<string, unknown> = { ...DEFAULT_PLACES_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const [k, v] of Object.entries(stored)) {
      const field = PlacesSettings.shape[k as keyof PlacesSettings];
      if (field?.safeParse(v).success) out[k] = v;
    }
  }
  return out as PlacesSettings;
}

/** Merge `patch` into the stored settings and return the result. */
export async function savePlacesSettings(db: Db, patch: SavePlacesSettingsBody): Promise<PlacesSettings> {
  const next = { ...(await loadPlacesSettings(db)), ...patch };
  await setSetting(db, PLACES_SETTINGS_KEY, next);
  return next;
}
