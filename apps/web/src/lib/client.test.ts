import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { endpoints } from '@openvod/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type RequestOptions } from './api';
import { call, callAsUser, callRaw } from './client';
import { useSession } from './session';

const SRC = join(import.meta.dirname, '..');

/** Every non-test module of apps/web/src (tests and their doubles may write paths to assert what is sent). */
function appModules(): { file: string; text: string }[] {
  return (readdirSync(SRC, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|fake)\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => ({ file: relative(SRC, join(SRC, f)), text: readFileSync(join(SRC, f), 'utf8') }));
}

/** The code of a module without its comments (block comments and whole-line `//` comments). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/**
 * Addresses the app may write: documents the server serves outside the endpoint table (not calls). The ad frame is
 * an iframe's address (features/ads/ScriptAdFrame.tsx; the server's modules/ads/ads.routes.ts).
 */
const NOT_CALLS = [`\`/api/ads/\${adId}/frame\``];

describe('one typed caller (issue 18 item 1)', () => {
  it('no module writes an /api/ path by hand: calls go through call(op, args)', () => {
    const found = appModules().flatMap(({ file, text }) =>
      [...code(text).matchAll(/(['"`])\/api\/[^'"`]*\1?/g)]
        .map((m) => m[0])
        .filter((literal) => !NOT_CALLS.includes(literal))
        .map((literal) => `${file}: ${literal}`),
    );
    expect(found).toEqual([]);
  });

  it('no module but lib/client.ts sends through api.request', () => {
    const found = appModules()
      .filter(({ file, text }) => file !== join('lib', 'client.ts') && /\bapi\s*\.\s*request\b/.test(code(text)))
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });
});

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('call', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('sends the operation to its method and path with the route flags', async () => {
    const sent: { path: string; opts: RequestOptions }[] = [];
    vi.spyOn(api, 'request').mockImplementation(async (path: string, opts: RequestOptions = {}) => {
      sent.push({ path, opts });
      return { code: 1, msg: 'ok' };
    });
    await call('getDetail', { params: { id: 42 } });
    await call('cashCancel', { params: { id: 12 } });
    await call('codeLogin', { body: { phone: '13800138000', code: '1234' } });
    await call('upgrade', { body: { group_id: 3, long: 'month' } as never, headers: { 'Idempotency-Key': 'k1' } });
    expect(sent.map(({ path, opts }) => ({ path, method: opts.method, auth: opts.auth, enc: opts.encrypted }))).toEqual(
      [
        { path: endpoints.getDetail.path.replace(':id', '42'), method: 'GET', auth: false, enc: undefined },
        { path: '/api/cash/12/cancel', method: 'POST', auth: true, enc: undefined },
        { path: endpoints.codeLogin.path, method: 'POST', auth: false, enc: true },
        { path: endpoints.upgrade.path, method: 'POST', auth: true, enc: undefined },
      ],
    );
    expect(sent[3]?.opts.headers).toEqual({ 'Idempotency-Key': 'k1' });
  });

  it('builds the query of data, dropping empty values', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      reply(200, { code: 1, msg: 'ok', list: [], page: 1, pagecount: 0, limit: 20, total: 0 }),
    );
    vi.stubGlobal('fetch', fetch);
    await call('data', { query: { type_id: 2, year: '2024', class: '', order: 'hits', page: 3, limit: 21 } });
    const url = new URL(String(fetch.mock.calls[0]?.[0]), globalThis.location.origin);
    expect(`${url.pathname}${url.search}`).toBe('/api/vod?type_id=2&year=2024&order=hits&page=3&limit=21');
  });

  it('callRaw resolves to the unread file answer, and reads a failure as the envelope error', async () => {
    useSession.getState().signIn('tok-1', { user_id: 3, user_name: 'bob' } as never);
    const png = reply(200, 'PNG', {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="a.png"',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => png),
    );
    const res = await callRaw('createQrcode');
    expect(res).toBe(png);
    expect(await res.text()).toBe('PNG');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(401, { code: 1401, msg: 'Unauthorized, please log in' })),
    );
    await expect(callRaw('createQrcode')).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized, please log in',
    });
    expect(useSession.getState().token).toBe('');
  });

  it('callAsUser ends the session on a 401 of an open operation; call keeps it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(401, { code: 1401, msg: 'no' })),
    );
    useSession.getState().signIn('tok-2', { user_id: 3, user_name: 'bob' } as never);
    await expect(call('gbookView', { query: { type: 'request', mine: 1 } })).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBe('tok-2');
    await expect(callAsUser('gbookView', { query: { type: 'request', mine: 1 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(useSession.getState().token).toBe('');
  });
});
