/**
 * The places module through its routes: map config and console settings (defaults, validation, the CSP's img-src),
 * the geocoder proxy against a fake Nominatim started here (answers mapped, language and contact passed, cache,
 * failures and timeouts in the envelope, per-IP rate limit), refusal of private geocoders unless allowed, and the
 * member's region (save, read in userInfo, guest refused, removed by the account deletion).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { guestCredentials } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Invalidation } from '../../core/invalidation.ts';
import { userRegion } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createSession, processDeletions, registerUser, requestDeletion } from '../accounts/accounts.service.ts';
import { makeUser, nextIp, type TestUser } from '../accounts/test-helpers.ts';
import { PlacesService } from './places.service.ts';

const EN = { 'accept-language': 'en-US' };
const FR = { 'accept-language': 'fr-FR' };

/** The fake geocoder: Nominatim's /search and /reverse (jsonv2); records every request it gets. */
const seen: { path: string; params: URLSearchParams; ua: string }[] = [];
let mode: 'ok' | 'status500' | 'garbage' | 'hang' = 'ok';
const geocoder = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push({ path: url.pathname, params: url.searchParams, ua: String(req.headers['user-agent']) });
  if (mode === 'hang') return; // never answers: the proxy's timeout ends it
  if (mode === 'status500') return res.writeHead(500).end('boom');
  if (mode === 'garbage') return res.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
  res.setHeader('content-type', 'application/json');
  if (url.pathname === '/nominatim/search') {
    const q = url.searchParams.get('q') ?? '';
    if (q === 'nowhere') return res.end('[]');
    return res.end(
      JSON.stringify([
        { name: `${q} Tower`, display_name: `${q} Tower, 1 Main Street, Springfield`, lat: '48.8584', lon: '2.2945' },
        { name: '', display_name: 'Second Place, Elm Road, Springfield', lat: '48.1', lon: '2.1' },
        { name: 'broken', display_name: 'no coordinates' },
      ]),
    );
  }
  if (url.pathname === '/nominatim/reverse') {
    if (url.searchParams.get('lat') === '0.000000') return res.end(JSON.stringify({ error: 'Unable to geocode' }));
    return res.end(
      JSON.stringify({
        name: 'Picked Square',
        display_name: 'Picked Square, 5 Side Street, Springfield',
        lat: url.searchParams.get('lat'),
        lon: url.searchParams.get('lon'),
      }),
    );
  }
  res.writeHead(404).end();
});

let t: TestApp;
let admin: Record<string, string>;
let base: string;
let alice: TestUser;
beforeAll(async () => {
  await new Promise<void>((r) => geocoder.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/nominatim`;
  t = await createTestApp();
  admin = await t.adminHeaders();
  alice = await makeUser(t, { user_name: 'alice_places', phone: '13800000101' });
});
afterAll(async () => {
  await t.close();
  geocoder.closeAllConnections();
  await new Promise((r) => geocoder.close(r));
});

async function saveSettings(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/api/admin/places/settings', headers: { ...admin, ...EN }, payload });
}

describe('settings and map config', () => {
  it('defaults to OpenStreetMap tiles and Nominatim, and the console changes them', async () => {
    const cfg = await t.app.inject({ method: 'GET', url: '/api/places/map-config' });
    expect(cfg.statusCode).toBe(200);
    expect(cfg.json().info).toEqual({
      tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    const got = await t.app.inject({ method: 'GET', url: '/api/admin/places/settings', headers: admin });
    expect(got.json().info).toMatchObject({ geocoder_url: 'https://nominatim.openstreetmap.org', contact: '' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/places/settings' })).statusCode).toBe(401);

    const saved = await saveSettings({
      tile_url: 'https://tiles.example.net/{z}/{x}/{y}.png',
      attribution: 'Example tiles',
      geocoder_url: base,
      contact: 'ops@example.net',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().info).toMatchObject({ geocoder_url: base, contact: 'ops@example.net' });
    const cfg2 = await t.app.inject({ method: 'GET', url: '/api/places/map-config' });
    expect(cfg2.json().info).toEqual({
      tile_url: 'https://tiles.example.net/{z}/{x}/{y}.png',
      attribution: 'Example tiles',
    });
    // The page served next names the tile host in img-src.
    const page = await t.app.inject({ method: 'GET', url: '/api/places/map-config' });
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/tiles\.example\.net/);
  });

  it('refuses a tile URL without {z}/{x}/{y} or a geocoder that is not http(s), in the caller language', async () => {
    const bad = await saveSettings({ tile_url: 'https://tiles.example.net/tile.png' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1001, field: 'tile_url' });
    const bad2 = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/places/settings',
      headers: { ...admin, ...FR },
      payload: { geocoder_url: 'file:///etc/passwd' },
    });
    expect(bad2.statusCode).toBe(400);
    expect(bad2.json().msg).toMatch(/geocoder_url/);
    expect(bad2.json().msg).toMatch(/format/i);
  });
});

describe('geocoder proxy', () => {
  it('searches through the operator geocoder with language, contact and User-Agent, and caches answers', async () => {
    seen.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/places/search?q=Eiffel&limit=5',
      headers: FR,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().list).toEqual([
      {
        name: 'Eiffel Tower',
        address: 'Eiffel Tower, 1 Main Street, Springfield',
        latitude: 48.8584,
        longitude: 2.2945,
      },
      { name: 'Second Place', address: 'Second Place, Elm Road, Springfield', latitude: 48.1, longitude: 2.1 },
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.path).toBe('/nominatim/search');
    expect(seen[0]?.params.get('format')).toBe('jsonv2');
    expect(seen[0]?.params.get('limit')).toBe('5');
    expect(seen[0]?.params.get('accept-language')).toBe('fr-FR,fr');
    expect(seen[0]?.params.get('email')).toBe('ops@example.net');
    expect(seen[0]?.ua).toContain('ops@example.net');
    // The same question again: answered from the cache.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/places/search?q=Eiffel&limit=5',
      headers: FR,
      remoteAddress: nextIp(),
    });
    expect(again.json().list).toHaveLength(2);
    expect(seen).toHaveLength(1);
    const none = await t.app.inject({ method: 'GET', url: '/api/places/search?q=nowhere', remoteAddress: nextIp() });
    expect(none.json().list).toEqual([]);
  });

  it('reverse-geocodes a point, null where the geocoder knows nothing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/places/reverse?lat=31.2304&lng=121.4737',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().info).toEqual({
      name: 'Picked Square',
      address: 'Picked Square, 5 Side Street, Springfield',
      latitude: 31.2304,
      longitude: 121.4737,
    });
    const sea = await t.app.inject({ method: 'GET', url: '/api/places/reverse?lat=0&lng=0', remoteAddress: nextIp() });
    expect(sea.json()).toMatchObject({ code: 1, info: null });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/places/reverse?lat=91&lng=0',
      headers: EN,
      remoteAddress: nextIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1001, field: 'lat' });
    const empty = await t.app.inject({ method: 'GET', url: '/api/places/search?q=', remoteAddress: nextIp() });
    expect(empty.statusCode).toBe(400);
  });

  it('answers geocoder failures in the envelope, never 5xx', async () => {
    try {
      mode = 'status500';
      const res = await t.app.inject({ method: 'GET', url: '/api/places/search?q=fail1', headers: EN });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 0, msg: 'Place search is unavailable, please try again later' });
      mode = 'garbage';
      const res2 = await t.app.inject({ method: 'GET', url: '/api/places/search?q=fail2', headers: FR });
      expect(res2.statusCode).toBe(400);
      expect(res2.json().msg).toBe('La recherche de lieux est indisponible, veuillez réessayer plus tard');
    } finally {
      mode = 'ok';
    }
  });

  it('times out a geocoder that does not answer (408)', async () => {
    const svc = new PlacesService(t.db.db, { allowPrivate: true, invalidation: new Invalidation(), timeoutMs: 300 });
    try {
      mode = 'hang';
      await expect(svc.search('slow', 5, 'en-us')).rejects.toMatchObject({
        status: 408,
        key: 'places_geocoder_timeout',
      });
    } finally {
      mode = 'ok';
    }
  });

  it('limits searches per IP (429 Please do not operate frequently)', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/places/search?q=rl${i % 3}`,
        headers: EN,
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().msg).toBe('Please do not operate frequently');
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('private geocoders', () => {
  it('refuses a loopback geocoder unless ALLOW_PRIVATE_FEEDS or the setting allows it', async () => {
    const strict = await createTestApp({ ALLOW_PRIVATE_FEEDS: '0' });
    try {
      const h = await strict.adminHeaders();
      const put = (payload: Record<string, unknown>) =>
        strict.app.inject({ method: 'PUT', url: '/api/admin/places/settings', headers: h, payload });
      expect((await put({ geocoder_url: base })).statusCode).toBe(200);
      seen.length = 0;
      const res = await strict.app.inject({ method: 'GET', url: '/api/places/search?q=Private', headers: EN });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The place search service address is not allowed, please contact the operator');
      expect(seen).toHaveLength(0);
      // A name resolving to loopback is refused too (the check runs in the DNS lookup).
      expect((await put({ geocoder_url: base.replace('127.0.0.1', 'localhost') })).statusCode).toBe(200);
      const res2 = await strict.app.inject({ method: 'GET', url: '/api/places/search?q=Private2', headers: EN });
      expect(res2.statusCode).toBe(400);
      expect(seen).toHaveLength(0);
      // The operator allows a geocoder on the private network (a self-hosted Nominatim).
      expect((await put({ geocoder_url: base, geocoder_private: true })).statusCode).toBe(200);
      const res3 = await strict.app.inject({ method: 'GET', url: '/api/places/search?q=Private3', headers: EN });
      expect(res3.statusCode, res3.body).toBe(200);
      expect(seen).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });
});

describe('region', () => {
  const region = { name: 'Eiffel Tower', address: '1 Main Street, Springfield', latitude: 48.8584, longitude: 2.2945 };

  it('is saved, read back in userInfo, replaced and cleared', async () => {
    const info0 = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: alice.headers });
    expect(info0.json().info.region).toBeNull();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/places/region',
      headers: alice.headers,
      payload: { region },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().info).toEqual(region);
    const info = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: alice.headers });
    expect(info.json().info.region).toEqual(region);
    expect(await t.app.services.places.getRegion(alice.user.user_id)).toEqual(region);

    const moved = { ...region, name: 'Picked Square', latitude: -33.5, longitude: 151.25 };
    await t.app.inject({
      method: 'POST',
      url: '/api/places/region',
      headers: alice.headers,
      payload: { region: moved },
    });
    expect(await t.app.services.places.getRegion(alice.user.user_id)).toEqual(moved);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/places/region',
      headers: { ...alice.headers, ...EN },
      payload: { region: { ...region, latitude: 100 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1001, field: 'region.latitude' });

    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/places/region',
      headers: alice.headers,
      payload: { region: null },
    });
    expect(cleared.json().info).toBeNull();
    expect(await t.app.services.places.getRegion(alice.user.user_id)).toBeNull();
  });

  it('needs a signed-in member: 401 without a session, 403 for the device guest', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/places/region', payload: { region } });
    expect(anon.statusCode).toBe(401);
    const device = 'places-guest-device';
    const guest = await t.db.db.transaction((tx) =>
      registerUser(tx, { user_name: guestCredentials(device).user_name, device_id: device, ip: nextIp() }),
    );
    const headers = { authorcode: await createSession(t.db.db, guest.user_id, device), ...EN };
    const res = await t.app.inject({ method: 'POST', url: '/api/places/region', headers, payload: { region } });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Please sign in before setting your region');
    expect(await t.app.services.places.getRegion(guest.user_id)).toBeNull();
  });

  it('goes with the account when it is deleted', async () => {
    const bob = await makeUser(t, { user_name: 'bob_places' });
    await t.app.inject({ method: 'POST', url: '/api/places/region', headers: bob.headers, payload: { region } });
    await t.app.inject({ method: 'POST', url: '/api/places/region', headers: alice.headers, payload: { region } });
    expect(await t.app.services.places.getRegion(bob.user.user_id)).toEqual(region);
    await requestDeletion(t.db.db, bob.user.user_id, { now: new Date(Date.now() - 10 * 86_400_000) });
    const handlers = t.app.services.accounts.deletionHandlers;
    expect(await processDeletions(t.db.db, new Date(), { handlers })).toBeGreaterThanOrEqual(1);
    const left = await t.db.db.select().from(userRegion).where(eq(userRegion.user_id, bob.user.user_id));
    expect(left).toHaveLength(0);
    expect(await t.app.services.places.getRegion(alice.user.user_id)).toEqual(region);
  });
});
