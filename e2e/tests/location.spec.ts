/**
 * The system location pages end to end on a phone in Chromium (spec §2 System: /choose-location, /open-location;
 * the personal centre's region). The spec serves its own map tiles (one PNG for any z/x/y) and Nominatim-shaped
 * geocoder answers from a local HTTP server, and the operator points the map settings at it through the console
 * API (the geocoder on a loopback address is allowed by the setting `geocoder_private`). A member, with the
 * browser's position granted and fixed, opens the region row of the personal centre: the choose page centres on the
 * position and names the place there (placeReverse), a search (placeSearch) lists places, the member picks one and
 * confirms: back in the personal centre the region is saved (userInfo says so) and shown; "view on map" opens
 * /open-location with the name, address, the spec's tiles and the map-app link. A device whose position is denied
 * is told so on the choose page. Screenshots of the three screens go to .tmp/location-shots-<port>/.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, presetDevice } from './catalogue-helpers';

const POSITION = { latitude: 31.2304, longitude: 121.4737 };
const SHOTS = `.tmp/location-shots-${process.env.E2E_PORT ?? 18080}`;
test.use({
  locale: 'en-US',
  isMobile: true,
  hasTouch: true,
  geolocation: POSITION,
  permissions: ['geolocation'],
});

/** A 256 × 256 PNG tile: dark ground with a lighter grid line on two edges (so tiles are seen to join). */
function tilePng(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const edge = x < 2 || y < 2;
      row.set(edge ? [70, 96, 90] : [28, 40, 44], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PLACES = [
  {
    name: 'Harbour Lighthouse',
    display_name: 'Harbour Lighthouse, 1 Quay Road, Bayside',
    lat: '31.2400',
    lon: '121.4900',
  },
  { name: 'Harbour Market', display_name: 'Harbour Market, 9 Dock Street, Bayside', lat: '31.2200', lon: '121.4600' },
];
const tileRequests: string[] = [];
const geocoderRequests: string[] = [];
const fake = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  if (url.pathname.startsWith('/tiles/')) {
    tileRequests.push(url.pathname);
    return res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(tilePng());
  }
  geocoderRequests.push(`${url.pathname}?${url.searchParams}`);
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/geo/search') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    return res.end(JSON.stringify(PLACES.filter((p) => p.display_name.toLowerCase().includes(q))));
  }
  if (url.pathname === '/geo/reverse') {
    return res.end(
      JSON.stringify({
        name: 'People Square',
        display_name: 'People Square, 120 Central Avenue, Bayside',
        lat: url.searchParams.get('lat'),
        lon: url.searchParams.get('lon'),
      }),
    );
  }
  res.writeHead(404).end('[]');
});

let base = '';
let admin: Record<string, string>;
test.beforeAll(async ({ request }) => {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  admin = { authorcode: await adminToken(request) };
  const res = await request.put('/api/admin/places/settings', {
    headers: admin,
    data: {
      tile_url: `${base}/tiles/{z}/{x}/{y}.png`,
      attribution: 'E2E tiles',
      geocoder_url: `${base}/geo`,
      contact: 'e2e@example.net',
      geocoder_private: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
});
test.afterAll(async ({ request }) => {
  await request.put('/api/admin/places/settings', {
    headers: admin,
    data: {
      tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      geocoder_url: 'https://nominatim.openstreetmap.org',
      contact: '',
      geocoder_private: false,
    },
  });
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
});

/** Register a member through the API and sign the app in with the password form; returns its session token. */
async function signInMember(page: Page, request: APIRequestContext): Promise<string> {
  const name = `e2eloc${Date.now().toString(36)}`;
  const reg = await request.post('/api/user/reg', {
    headers: { deviceid: `e2e-location-${name}` },
    data: { user_name: name, user_pwd: 'secret123', user_pwd2: 'secret123' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  await page.goto('/#/pages/me/index');
  await page.getByTestId('me-login').click();
  await page.getByTestId('login-tab-password').click();
  await page.getByTestId('login-username').fill(name);
  await page.getByTestId('login-password').fill('secret123');
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit-password').click();
  await expect(page).toHaveURL(/#\/pages\/me\/index/);
  await expect(page.getByTestId('me-login')).toHaveCount(0);
  let token = '';
  await expect
    .poll(async () => {
      const stored = await page.evaluate(
        () =>
          JSON.parse(localStorage.getItem('openvod-user') ?? '{}') as {
            state?: { token?: string; user?: { user_name?: string } };
          },
      );
      token = stored.state?.token ?? '';
      return stored.state?.user?.user_name;
    })
    .toBe(name);
  return token;
}

/** The map shows the spec's own tiles (loaded, not broken). */
async function expectTiles(page: Page) {
  await expect(page.getByTestId('location-map')).toBeVisible();
  await expect.poll(() => page.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
  const src = await page.locator('img.leaflet-tile-loaded').first().getAttribute('src');
  expect(src).toContain(`${base}/tiles/`);
}

test('a member picks a region on the map, sees it saved and opens it', async ({ page, request }) => {
  await presetDevice(page, { locale: 'en-us' });
  const token = await signInMember(page, request);

  await page.goto('/#/pages/me/personal-center');
  const row = page.getByTestId('profile-region');
  await expect(row).toContainText('Not set');
  await row.click();
  await expect(page).toHaveURL(/#\/choose-location\?key=region/);
  // Centred on the granted position, the place there is named (placeReverse through the operator's geocoder).
  await expectTiles(page);
  await expect(page.getByTestId('location-result').first()).toContainText('People Square');
  expect(geocoderRequests.some((r) => r.startsWith('/geo/reverse?lat=31.230400&lon=121.473700'))).toBe(true);
  await page.screenshot({ path: `${SHOTS}/choose-location.png` });

  await page.getByTestId('location-search').fill('harbour');
  await page.getByTestId('location-search-go').click();
  const market = page.getByTestId('location-result').filter({ hasText: 'Harbour Market' });
  await expect(market).toBeVisible();
  await expect(page.getByTestId('location-result').filter({ hasText: 'Harbour Lighthouse' })).toBeVisible();
  await market.click();
  await expect(market).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `${SHOTS}/choose-location-search.png` });
  await page.getByTestId('location-confirm').click();

  // Back in the personal centre: saved (saveRegion) and shown.
  await expect(page).toHaveURL(/personal-center/);
  await expect(page.getByTestId('profile-region')).toContainText('Harbour Market');
  await expect
    .poll(async () => {
      const res = await request.post('/api/user/info', { headers: { authorcode: token } });
      return (await res.json()).info.region;
    })
    .toEqual({
      name: 'Harbour Market',
      address: 'Harbour Market, 9 Dock Street, Bayside',
      latitude: 31.22,
      longitude: 121.46,
    });
  await page.screenshot({ path: `${SHOTS}/personal-center.png` });

  await page.getByTestId('profile-region-map').click();
  await expect(page).toHaveURL(/#\/open-location\?/);
  await expect(page.getByTestId('open-location-place')).toContainText('Harbour Market');
  await expect(page.getByTestId('open-location-place')).toContainText('9 Dock Street, Bayside');
  await expectTiles(page);
  await expect(page.getByTestId('open-location-app')).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=31.22&mlon=121.46#map=16/31.22/121.46',
  );
  await page.screenshot({ path: `${SHOTS}/open-location.png` });
  expect(tileRequests.length).toBeGreaterThan(0);
});

test('a device whose position is denied is told so', async ({ browser }) => {
  // No permission this time (the project's `use` would grant it to a new context too).
  const context = await browser.newContext({ permissions: [] });
  try {
    const page = await context.newPage();
    await presetDevice(page, { locale: 'en-us' });
    await page.goto('/#/choose-location?key=probe');
    await expect(page.getByTestId('location-notice')).toHaveText(
      'Location access is off. Search or tap the map to choose a place.',
    );
    await expectTiles(page);
    await expect(page.getByTestId('location-confirm')).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/choose-location-denied.png` });
  } finally {
    await context.close();
  }
});
