/**
 * The location screens against a stubbed server: /choose-location centres on the device's position and looks up
 * the place there, says so when the position is denied, searches and picks a result; confirm hands the pick back to
 * the personal centre, which saves it (saveRegion) and shows it. /open-location shows the place with the link to the
 * device's map app (geo: on Android, Apple Maps on iOS, OpenStreetMap elsewhere), and an error for bad coordinates.
 */
import type { UserInfo } from '@openvod/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLocationPath, takeLocationResult } from '../../lib/chooseLocation';
import { initI18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/queryClient';
import { paths } from '../../lib/routes';
import { useSession } from '../../lib/session';
import PersonalCenterPage from '../account/PersonalCenterPage';
import ChooseLocationPage from './ChooseLocationPage';
import { mapAppUrl, mapPlatform } from './mapLinks';
import OpenLocationPage from './OpenLocationPage';

const user = {
  user_id: 7,
  user_name: 'viewer',
  user_nick_name: 'Mia',
  user_portrait: '',
  user_gender: 0,
  user_birthday: '',
  user_phone: '13800000000',
  invitation_code: 'ABCD2345',
  group_id: 2,
  group: { group_id: 2, group_name: 'member', group_type: '', group_status: 1 },
  user_points: 0,
  user_noad_time: 0,
  user_end_time: 0,
  is_vip: false,
  region: null,
} as unknown as UserInfo;

const calls: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];
const json = (body: object, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const EIFFEL = { name: 'Eiffel Tower', address: 'Eiffel Tower, Paris', latitude: 48.8584, longitude: 2.2945 };
const LOUVRE = { name: 'Louvre', address: 'Rue de Rivoli, Paris', latitude: 48.8606, longitude: 2.3376 };

function stubGeolocation(impl: Geolocation['getCurrentPosition']) {
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: impl }, configurable: true });
}

beforeAll(async () => {
  await initI18n('en-us');
});
beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  useSession.setState({ token: 'tok', user });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    switch (url.pathname) {
      case '/api/places/map-config':
        return json({ code: 1, msg: 'ok', info: { tile_url: '/tiles/{z}/{x}/{y}.png', attribution: '<b>Tiles</b>' } });
      case '/api/places/search':
        return json({ code: 1, msg: 'ok', list: url.searchParams.get('q') === 'zzz' ? [] : [EIFFEL, LOUVRE] });
      case '/api/places/reverse':
        return json({
          code: 1,
          msg: 'ok',
          info: { name: 'Picked Square', address: '5 Side Street', latitude: 0, longitude: 0 },
        });
      case '/api/places/region':
        return json({ code: 1, msg: 'ok', info: body.region });
      default:
        return json({ code: 0, msg: `unexpected ${url.pathname}` });
    }
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noExplicitAny: the stubbed geolocation is removed after each test
  delete (navigator as any).geolocation;
  history.replaceState(null, '');
});

function renderAt(entries: string[]) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path={paths.personalCenter} element={<PersonalCenterPage />} />
          <Route path={paths.chooseLocation} element={<ChooseLocationPage />} />
          <Route path={paths.openLocation} element={<OpenLocationPage />} />
          <Route path={paths.layout} element={<p>layout</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('choose-location', () => {
  it('centres on the position, looks up the place there and hands it back on confirm', async () => {
    stubGeolocation((ok) => ok({ coords: { latitude: 31.2304, longitude: 121.4737 } } as GeolocationPosition));
    renderAt([chooseLocationPath('probe')]);
    expect(await screen.findByTestId('location-map')).toBeTruthy();
    expect(await screen.findByText('Picked Square')).toBeTruthy();
    const reverse = calls.find((c) => c.path === '/api/places/reverse');
    expect(reverse?.query).toEqual({ lat: '31.230400', lng: '121.473700' });
    // The operator's attribution is shown as text, not as markup.
    expect(document.querySelector('.leaflet-control-attribution')?.textContent).toContain('<b>Tiles</b>');
    fireEvent.click(screen.getByTestId('location-confirm'));
    await waitFor(() => expect(screen.getByText('layout')).toBeTruthy());
    expect(takeLocationResult('probe')).toEqual({
      name: 'Picked Square',
      address: '5 Side Street',
      latitude: 31.2304,
      longitude: 121.4737,
    });
    expect(takeLocationResult('probe')).toBeUndefined();
  });

  it('says so when the position is denied, and searches instead', async () => {
    stubGeolocation((_ok, fail) => fail?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError));
    renderAt([chooseLocationPath('probe')]);
    expect((await screen.findByTestId('location-notice')).textContent).toBe(
      'Location access is off. Search or tap the map to choose a place.',
    );
    expect((screen.getByTestId('location-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('location-search'), { target: { value: 'zzz' } });
    fireEvent.click(screen.getByTestId('location-search-go'));
    expect(await screen.findByTestId('location-no-results')).toBeTruthy();
    fireEvent.change(screen.getByTestId('location-search'), { target: { value: 'Paris' } });
    fireEvent.click(screen.getByTestId('location-search-go'));
    const rows = await screen.findAllByTestId('location-result');
    expect(rows.map((r) => r.textContent)).toEqual(['Eiffel TowerEiffel Tower, Paris', 'LouvreRue de Rivoli, Paris']);
    expect(calls.find((c) => c.path === '/api/places/search' && c.query.q === 'Paris')).toBeTruthy();
    fireEvent.click(rows[1] as HTMLElement);
    await waitFor(() => expect(rows[1]?.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByTestId('location-confirm'));
    await waitFor(() => expect(screen.getByText('layout')).toBeTruthy());
    expect(takeLocationResult('probe')).toEqual(LOUVRE);
  });

  it('says so when the browser has no position at all', async () => {
    renderAt([chooseLocationPath('probe')]);
    expect((await screen.findByTestId('location-notice')).textContent).toBe(
      'Your position is not available. Search or tap the map to choose a place.',
    );
  });
});

describe('personal centre region', () => {
  it('opens the choose page, saves the pick on return and shows it', async () => {
    stubGeolocation((_ok, fail) => fail?.({ code: 2, PERMISSION_DENIED: 1 } as GeolocationPositionError));
    renderAt([paths.personalCenter]);
    const row = await screen.findByTestId('profile-region');
    expect(row.textContent).toContain('Not set');
    expect(screen.queryByTestId('profile-region-map')).toBeNull();
    fireEvent.click(row);
    // Back from the choose page is one step in the app's history.
    history.replaceState({ idx: 1 }, '');
    fireEvent.change(await screen.findByTestId('location-search'), { target: { value: 'Paris' } });
    fireEvent.click(screen.getByTestId('location-search-go'));
    fireEvent.click((await screen.findAllByTestId('location-result'))[0] as HTMLElement);
    fireEvent.click(screen.getByTestId('location-confirm'));
    await waitFor(() => expect(screen.getByTestId('profile-region').textContent).toContain('Eiffel Tower'));
    expect(calls.filter((c) => c.path === '/api/places/region')).toEqual([
      { method: 'POST', path: '/api/places/region', query: {}, body: { region: EIFFEL } },
    ]);
    expect(useSession.getState().user?.region).toEqual(EIFFEL);
    expect(await screen.findByText('Region saved')).toBeTruthy();
    const map = screen.getByTestId('profile-region-map');
    fireEvent.click(map);
    expect((await screen.findByTestId('open-location-place')).textContent).toContain('Eiffel Tower, Paris');
  });
});

describe('open-location', () => {
  it('shows the place with the link to the map app', async () => {
    renderAt([`${paths.openLocation}?latitude=48.8584&longitude=2.2945&name=Eiffel%20Tower&address=Paris`]);
    const place = await screen.findByTestId('open-location-place');
    expect(place.textContent).toContain('Eiffel Tower');
    expect(place.textContent).toContain('Paris');
    expect(await screen.findByTestId('location-map')).toBeTruthy();
    expect(screen.getByTestId('open-location-app').getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=16/48.8584/2.2945',
    );
  });

  it('answers bad coordinates with an error', async () => {
    renderAt([`${paths.openLocation}?latitude=123&longitude=2`]);
    expect((await screen.findByTestId('error-view')).textContent).toContain('This place cannot be shown');
  });

  it('links the device map app per platform', () => {
    expect(mapPlatform('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
    expect(mapPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(mapPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
    expect(mapPlatform('Mozilla/5.0 (X11; Linux x86_64)', 0)).toBe('other');
    expect(mapAppUrl(EIFFEL, 'android')).toBe('geo:48.8584,2.2945?q=48.8584,2.2945(Eiffel%20Tower)');
    expect(mapAppUrl(EIFFEL, 'ios')).toBe('https://maps.apple.com/?ll=48.8584%2C2.2945&q=Eiffel+Tower');
  });
});
