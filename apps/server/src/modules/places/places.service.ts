/**
 * Rules of the places module (no SQL: places.repo.ts): the operator's map settings (cached in memory, dropped on
 * every process by the `settings` invalidation topic when saved, and after {@link SETTINGS_TTL_MS} at most), the
 * geocoder proxy and the member's region.
 *
 * The geocoder is Nominatim-compatible (https://nominatim.org/release-docs/latest/api/Search/ and .../Reverse/):
 * `<geocoder_url>/search?q=&format=jsonv2&limit=` answers an array of `{name, display_name, lat, lon}` (lat/lon as
 * strings), `<geocoder_url>/reverse?lat=&lon=&format=jsonv2` one such object or `{error}` when nothing is there.
 * Both are asked with the caller's language (`accept-language`), the operator's contact as `email` and in the
 * User-Agent (Nominatim's usage policy), a timeout of {@link GEOCODER_TIMEOUT_MS}, answers cached for
 * {@link CACHE_TTL_MS} (same geocoder, language and question), and, for the public nominatim.openstreetmap.org, at
 * most one request a second from this process (its policy). Private and loopback geocoders are refused unless
 * `ALLOW_PRIVATE_FEEDS` or the setting `geocoder_private` allows them (DESIGN.md §8; lib/safe-fetch.ts).
 *
 * Errors (envelope, caller's language): 408 places_geocoder_timeout; 400 places_geocoder_refused (a private target
 * not allowed); 400 places_geocoder_failed (HTTP error, unreadable answer, no connection); 429 rate_limited when the
 * public geocoder's queue is more than {@link MAX_QUEUE_WAIT_MS} long; 403 places_sign_in_required for the device's
 * guest account saving a region.
 */
import type { Locale, MapConfig, Place, PlaceRegion, PlacesSettings, SavePlacesSettingsBody } from '@openvod/contract';
import { ErrorCode } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import type { Invalidation } from '../../core/invalidation.ts';
import { growingLru } from '../../core/lru.ts';
import type { Db } from '../../db/client.ts';
import { FetchError, safeGetText } from '../../lib/safe-fetch.ts';
import * as repo from './places.repo.ts';
import {
  DEFAULT_PLACES_SETTINGS,
  loadPlacesSettings,
  PLACES_SETTINGS_KEY,
  savePlacesSettings,
} from './places.settings.ts';

export const SETTINGS_TTL_MS = 30_000;
export const GEOCODER_TIMEOUT_MS = 8_000;
export const CACHE_TTL_MS = 24 * 3600_000;
export const MAX_QUEUE_WAIT_MS = 5_000;
/** Hosts whose usage policy allows one request a second. */
const ONE_PER_SECOND_HOSTS = new Set(['nominatim.openstreetmap.org']);

export interface PlacesOptions {
  /** ALLOW_PRIVATE_FEEDS: operator-given URLs may point at private or loopback hosts. */
  allowPrivate: boolean;
  invalidation: Invalidation;
  /** Geocoder timeout (ms), default {@link GEOCODER_TIMEOUT_MS}. */
  timeoutMs?: number;
  now?: () => Date;
}

interface NominatimPlace {
  name?: unknown;
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
}

/** A Nominatim jsonv2 place as {@link Place}; null when it has no usable coordinates. */
export function fromNominatim(p: NominatimPlace): Place | null {
  const latitude = Number(p.lat);
  const longitude = Number(p.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const address = typeof p.display_name === 'string' ? p.display_name.trim().slice(0, 500) : '';
  const own = typeof p.name === 'string' ? p.name.trim() : '';
  const name = (own || address.split(',')[0]?.trim() || '').slice(0, 200);
  return { name, address, latitude, longitude };
}

/** `zh-cn` → `zh-CN,zh` (the Accept-Language a geocoder understands). */
function acceptLanguage(locale: Locale): string {
  const [lang, region] = locale.split('-');
  return `${lang}-${(region ?? '').toUpperCase()},${lang}`;
}

export class PlacesService {
  private cached: { at: number; value: PlacesSettings } | undefined;
  private readonly answers = growingLru<string, { value: unknown }>(5000, { ttl: CACHE_TTL_MS });
  /** When the next request to a one-per-second geocoder may leave (ms since the epoch). */
  private nextSlot = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: PlacesOptions,
  ) {
    // Saved by another process: read again now (the CSP's tile host is read synchronously from the cache).
    opts.invalidation.on('settings', (key) => {
      if (key !== PLACES_SETTINGS_KEY) return;
      if (this.cached) this.cached.at = Number.NEGATIVE_INFINITY;
      this.settings().catch(() => undefined);
    });
  }

  private now(): number {
    return (this.opts.now?.() ?? new Date()).getTime();
  }

  /** The map settings (cached up to {@link SETTINGS_TTL_MS}). */
  async settings(): Promise<PlacesSettings> {
    if (this.cached && this.now() - this.cached.at < SETTINGS_TTL_MS) return this.cached.value;
    const value = await loadPlacesSettings(this.db);
    this.cached = { at: this.now(), value };
    return value;
  }

  /**
   * The origin of the tile URL of the last settings read (e.g. `https://tile.openstreetmap.org`; `{s}` subdomains
   * as `*.` wildcard), for the CSP's img-src (app.ts). Synchronous: the settings are read at start and on change.
   */
  tileSource(): string {
    if (!this.cached || this.now() - this.cached.at >= SETTINGS_TTL_MS) this.settings().catch(() => undefined);
    const url = (this.cached?.value ?? DEFAULT_PLACES_SETTINGS).tile_url;
    try {
      const u = new URL(url.replace(/\{s\}\./, 'sub-placeholder.').replace(/[{}]/g, ''));
      const host = u.host.replace(/^sub-placeholder\./, '*.');
      return `${u.protocol}//${host}`;
    } catch {
      return "'self'";
    }
  }

  /** getMapConfig: what the app draws its maps with. */
  async mapConfig(): Promise<MapConfig> {
    const s = await this.settings();
    return { tile_url: s.tile_url, attribution: s.attribution };
  }

  /** adminSavePlacesSettings: merge and store; every process drops its cached copy. */
  async saveSettings(patch: SavePlacesSettingsBody): Promise<PlacesSettings> {
    const next = await savePlacesSettings(this.db, patch);
    this.cached = { at: this.now(), value: next };
    this.opts.invalidation.publish('settings', PLACES_SETTINGS_KEY);
    return next;
  }

  /** placeSearch: up to `limit` places matching `q`. */
  async search(q: string, limit: number, locale: Locale): Promise<Place[]> {
    const data = await this.ask('search', { q, limit: String(limit) }, locale);
    if (!Array.isArray(data)) throw new AppError(400, ErrorCode.generic, 'places_geocoder_failed');
    return data.flatMap((p) => {
      const place = p && typeof p === 'object' ? fromNominatim(p as NominatimPlace) : null;
      return place ? [place] : [];
    });
  }

  /** placeReverse: the place at (lat, lng), null when the geocoder knows none there. */
  async reverse(lat: number, lng: number, locale: Locale): Promise<Place | null> {
    // 6 decimals (~0.1 m) in the question: nearby taps share a cached answer only when they are the same point.
    const data = await this.ask('reverse', { lat: lat.toFixed(6), lon: lng.toFixed(6) }, locale);
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw new AppError(400, ErrorCode.generic, 'places_geocoder_failed');
    }
    if ('error' in data) return null;
    return fromNominatim(data as NominatimPlace);
  }

  /** GET `<geocoder>/<path>` with `params` (cached); the parsed JSON. */
  private async ask(path: 'search' | 'reverse', params: Record<string, string>, locale: Locale): Promise<unknown> {
    const s = await this.settings();
    const url = new URL(`${s.geocoder_url.replace(/\/+$/, '')}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('accept-language', acceptLanguage(locale));
    if (s.contact) url.searchParams.set('email', s.contact);
    const key = url.toString();
    const hit = this.answers.get(key);
    if (hit) return hit.value;
    if (ONE_PER_SECOND_HOSTS.has(url.hostname)) await this.waitForSlot();
    let text: string;
    try {
      ({ text } = await safeGetText(key, {
        allowPrivate: this.opts.allowPrivate || s.geocoder_private,
        timeoutMs: this.opts.timeoutMs ?? GEOCODER_TIMEOUT_MS,
        maxBytes: 2 * 1024 * 1024,
        headers: {
          'user-agent': `OpenVod-places/1.0${s.contact ? ` (${s.contact})` : ''}`,
          accept: 'application/json',
          'accept-language': acceptLanguage(locale),
        },
      }));
    } catch (err) {
      if (err instanceof FetchError && err.key === 'fetch_timeout') {
        throw new AppError(408, ErrorCode.generic, 'places_geocoder_timeout');
      }
      if (err instanceof FetchError && (err.key === 'fetch_private' || err.key === 'fetch_scheme')) {
        throw new AppError(400, ErrorCode.generic, 'places_geocoder_refused');
      }
      throw new AppError(400, ErrorCode.generic, 'places_geocoder_failed');
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new AppError(400, ErrorCode.generic, 'places_geocoder_failed');
    }
    this.answers.set(key, { value });
    return value;
  }

  /** One request a second to a public geocoder: wait for this request's slot, or 429 when the queue is too long. */
  private async waitForSlot(): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    if (slot - now > MAX_QUEUE_WAIT_MS) throw new AppError(429, ErrorCode.rateLimited, 'rate_limited');
    this.nextSlot = slot + 1000;
    if (slot > now) await new Promise((r) => setTimeout(r, slot - now));
  }

  /** The member's region, or null (read by accounts' user info and the homepage's public user info). */
  getRegion(userId: number): Promise<PlaceRegion | null> {
    return repo.findRegion(this.db, userId);
  }

  /**
   * saveRegion: store (or clear with null) the member's region; 403 places_sign_in_required for the device's
   * guest account (it must sign in first: spec §6).
   */
  async saveRegion(user: { user_id: number; guest: boolean }, region: PlaceRegion | null): Promise<PlaceRegion | null> {
    if (user.guest) throw new AppError(403, ErrorCode.forbidden, 'places_sign_in_required');
    if (!region) {
      await repo.deleteRegion(this.db, user.user_id);
      return null;
    }
    await repo.upsertRegion(this.db, user.user_id, region, new Date(this.now()));
    return region;
  }

  /** Account deletion (accounts.events.ts `user.deleted`, inside the deletion transaction `tx`). */
  async onUserDeleted(tx: Db, userId: number): Promise<void> {
    await repo.deleteRegion(tx, userId);
  }
}
