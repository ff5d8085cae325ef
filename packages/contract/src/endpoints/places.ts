/**
 * The location operations (spec §2 System: /choose-location, /open-location; the region of the personal centre):
 * the app's map configuration, the geocoder proxy (search and reverse through the operator's Nominatim-compatible
 * geocoder, called by the server: cached, rate-limited per IP), the member's region, and the console's map
 * settings. Not in spec/calls.md: named getMapConfig, placeSearch, placeReverse, saveRegion,
 * adminGetPlacesSettings, adminSavePlacesSettings.
 */
import type { Endpoint } from '../endpoint-type.ts';
import * as P from '../places.ts';

export const placesEndpoints = {
  getMapConfig: {
    method: 'GET',
    path: '/api/places/map-config',
    response: P.MapConfigResponse,
    summary: "The operator's map tiles: URL template ({z}/{x}/{y}) and attribution",
  },
  placeSearch: {
    method: 'GET',
    path: '/api/places/search',
    query: P.PlaceSearchQuery,
    response: P.PlaceListResponse,
    summary: 'Places matching a text, through the operator geocoder (name, address, latitude, longitude)',
  },
  placeReverse: {
    method: 'GET',
    path: '/api/places/reverse',
    query: P.PlaceReverseQuery,
    response: P.PlaceReverseResponse,
    summary: 'The place at a point, through the operator geocoder (null when it knows none)',
  },
  saveRegion: {
    method: 'POST',
    path: '/api/places/region',
    body: P.SaveRegionBody,
    response: P.SaveRegionResponse,
    auth: 'user',
    summary: "Set (or clear with null) the signed-in member's region; read back in userInfo's info.region",
  },
  adminGetPlacesSettings: {
    method: 'GET',
    path: '/api/admin/places/settings',
    response: P.PlacesSettingsResponse,
    auth: 'admin',
    summary: 'Map settings: tile URL template, attribution, geocoder URL, contact, private geocoder allowed',
  },
  adminSavePlacesSettings: {
    method: 'PUT',
    path: '/api/admin/places/settings',
    body: P.SavePlacesSettingsBody,
    response: P.PlacesSettingsResponse,
    auth: 'admin',
    summary: 'Change the map settings (fields given); the app and the CSP use them at once',
  },
} as const satisfies Record<string, Endpoint>;
