/**
 * The web app's uni.chooseLocation / uni.openLocation (spec §2 System: /choose-location, /open-location).
 *
 * A page that wants a place navigates to {@link chooseLocationPath}`(key)` with a request key of its own (e.g.
 * `region`). The choose page, on confirm, stores the pick under that key ({@link deliverLocation}) and goes back;
 * the asking page, shown again, takes it once with {@link takeLocationResult}`(key)` (or the hook
 * {@link useLocationResult}) and does what it asked for (the personal centre saves its region). Picks are kept in
 * sessionStorage, so a reload of the asking page in between does not lose one; a pick nobody takes stays until the
 * tab closes. Cancelling (back without confirm) delivers nothing.
 *
 * {@link openLocationPath} builds the address of the page that shows one place on a map.
 */
import type { Place } from '@openvod/contract';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { paths } from './routes';

interface PickState {
  picks: Record<string, Place>;
}

const usePicks = create<PickState>()(
  persist(() => ({ picks: {} as Record<string, Place> }), {
    name: 'ov-location-picks',
    storage: createJSONStorage(() => sessionStorage),
  }),
);

/** The choose page's address for request `key`, centred on `near` when given (else the device's position). */
export function chooseLocationPath(key: string, near?: Pick<Place, 'latitude' | 'longitude'> | null): string {
  const q = new URLSearchParams({ key });
  if (near) {
    q.set('latitude', String(near.latitude));
    q.set('longitude', String(near.longitude));
  }
  return `${paths.chooseLocation}?${q}`;
}

/** Store the pick for request `key` (the choose page, on confirm). */
export function deliverLocation(key: string, place: Place): void {
  usePicks.setState((s) => ({ picks: { ...s.picks, [key]: place } }));
}

/** The pick delivered for `key`, removed as it is taken; undefined when there is none. */
export function takeLocationResult(key: string): Place | undefined {
  const place = usePicks.getState().picks[key];
  if (!place) return undefined;
  usePicks.setState((s) => {
    const { [key]: _taken, ...rest } = s.picks;
    return { picks: rest };
  });
  return place;
}

/** Run `onPick` once with the place delivered for `key`, when the asking page is shown again with one waiting. */
export function useLocationResult(key: string, onPick: (place: Place) => void): void {
  const handler = useRef(onPick);
  handler.current = onPick;
  useEffect(() => {
    const place = takeLocationResult(key);
    if (place) handler.current(place);
  }, [key]);
}

/** The page that shows `place` on a map with its name, address and a link to the device's map app. */
export function openLocationPath(place: Place): string {
  const q = new URLSearchParams({
    latitude: String(place.latitude),
    longitude: String(place.longitude),
    name: place.name,
    address: place.address,
  });
  return `${paths.openLocation}?${q}`;
}
