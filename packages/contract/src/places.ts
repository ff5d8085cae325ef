/**
 * Schemas of the system location pages (spec §2 System: /choose-location, /open-location; issue "community" item
 * 6): the map configuration the app draws its maps with, the geocoder the server proxies (search and reverse, in
 * the shape of Nominatim's answers, reduced to what the pages show), the member's region of the personal centre,
 * and the console's map settings.
 *
 * Units: latitude and longitude in decimal degrees (WGS 84), latitude -90..90, longitude -180..180. Texts are
 * plain text (the app escapes them on output).
 */
import { z } from 'zod';
import { ok } from './envelope.ts';

/** Default tile URL template (OpenStreetMap's standard tiles; `{z}/{x}/{y}` and optional `{s}` filled by Leaflet). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Default attribution shown on the map (required by OpenStreetMap's tile usage policy). */
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';
/** Default geocoder base URL: Nominatim (`/search` and `/reverse`, format=jsonv2). */
export const DEFAULT_GEOCODER_URL = 'https://nominatim.openstreetmap.org';

export const Latitude = z.coerce.number().min(-90).max(90);
export const Longitude = z.coerce.number().min(-180).max(180);

/** A place as the pages use it: what uni.chooseLocation returns (name, address, latitude, longitude). */
export const Place = z.object({
  name: z.string().max(200),
  address: z.string().max(500),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof Place>;

/** The member's region (personal centre); null when none was chosen. */
export const PlaceRegion = Place;
export type PlaceRegion = Place;

/** What the app draws maps with: the operator's tile URL template and its attribution. */
export const MapConfig = z.object({
  tile_url: z.string(),
  attribution: z.string(),
});
export type MapConfig = z.infer<typeof MapConfig>;
export const MapConfigResponse = ok({ info: MapConfig });

/** placeSearch: free text (1-200 characters), at most `limit` results (default 10). */
export const PlaceSearchQuery = z.object({
  q: z.string().trim().min(1).max(200),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const PlaceListResponse = ok({ list: z.array(Place) });
export type PlaceListResponse = z.infer<typeof PlaceListResponse>;

/** placeReverse: the place at a point (the nearest address the geocoder knows). */
export const PlaceReverseQuery = z.object({ lat: Latitude, lng: Longitude });
/** The place at the point, or null when the geocoder knows none there (open sea). */
export const PlaceReverseResponse = ok({ info: Place.nullable() });
export type PlaceReverseResponse = z.infer<typeof PlaceReverseResponse>;

/** saveRegion: the picked place, or `null` to clear the region. */
export const SaveRegionBody = z.object({
  region: z
    .object({
      name: z.string().trim().min(1).max(200),
      address: z.string().trim().max(500).default(''),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    })
    .nullable(),
});
export type SaveRegionBody = z.input<typeof SaveRegionBody>;
export const SaveRegionResponse = ok({ info: PlaceRegion.nullable() });

/**
 * The operator's map settings (settings key `places`). `tile_url`: an http(s) URL template with `{z}`, `{x}`,
 * `{y}`; `geocoder_url`: the base URL of a Nominatim-compatible geocoder (`<base>/search`, `<base>/reverse`);
 * `contact`: an e-mail or URL sent in the User-Agent and as `email` (Nominatim's usage policy asks for one);
 * `geocoder_private`: allow a geocoder on a private or loopback address (a self-hosted Nominatim on the LAN).
 */
export const PlacesSettings = z.object({
  tile_url: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/)
    .refine((s) => s.includes('{z}') && s.includes('{x}') && s.includes('{y}')),
  attribution: z.string().trim().max(300),
  geocoder_url: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/),
  contact: z.string().trim().max(200),
  geocoder_private: z.boolean(),
});
export type PlacesSettings = z.infer<typeof PlacesSettings>;
export const PlacesSettingsResponse = ok({ info: PlacesSettings });
export const SavePlacesSettingsBody = PlacesSettings.partial();
export type SavePlacesSettingsBody = z.infer<typeof SavePlacesSettingsBody>;
