/**
 * The "open in map app" link of /open-location (uni.openLocation): a `geo:` URI on Android (the system offers the
 * installed map apps), an Apple Maps URL on iPhone and iPad (opens the Maps app), an OpenStreetMap page elsewhere.
 */
import type { Place } from '@openvod/contract';

export type MapPlatform = 'android' | 'ios' | 'other';

/** The platform by the browser's user agent (iPadOS reports a Mac with touch). */
export function mapPlatform(
  ua = globalThis.navigator?.userAgent ?? '',
  touch = globalThis.navigator?.maxTouchPoints ?? 0,
): MapPlatform {
  if (/android/i.test(ua)) return 'android';
  if (/iphone|ipad|ipod/i.test(ua) || (/macintosh/i.test(ua) && touch > 1)) return 'ios';
  return 'other';
}

/** The link that shows `place` in the device's map app. */
export function mapAppUrl(place: Place, platform: MapPlatform = mapPlatform()): string {
  const { latitude: lat, longitude: lng } = place;
  const label = place.name || place.address;
  if (platform === 'android') {
    return `geo:${lat},${lng}?q=${lat},${lng}${label ? encodeURIComponent(`(${label})`) : ''}`;
  }
  if (platform === 'ios') {
    const q = new URLSearchParams({ ll: `${lat},${lng}` });
    if (label) q.set('q', label);
    return `https://maps.apple.com/?${q}`;
  }
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}
