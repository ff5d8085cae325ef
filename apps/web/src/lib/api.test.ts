import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, createApiClient, interpretResponse, statusMessageKey, type Translate } from './api';

const t: Translate = (key) => `t:${key}`;

describe('statusMessageKey', () => {
  it('maps the spec §8 statuses', () => {
    expect(statusMessageKey(401)).toBe('error.unauthorized');
    expect(statusMessageKey(403)).toBe('error.forbidden');
    expect(statusMessageKey(404)).toBe('error.notFound');
    expect(statusMessageKey(408)).toBe('error.timeout');
    expect(statusMessageKey(502)).toBe('error.http502');
    expect(statusMessageKey(599)).toBe('error.http500');
    expect(statusMessageKey(400)).toBeUndefined();
    expect(statusMessageKey(200)).toBeUndefined();
  });
});

describe('interpretResponse', () => {
  it('returns the envelope on code 1', () => {
    const body = { code: 1, msg: 'ok', list: [1] };
    expect(interpretResponse(200, body, t)).toBe(body);
  });

  it('throws the server message on code != 1', () => {
    const err = (() => {
      try {
        interpretResponse(400, { code: 1001, msg: '字段 page 无效' }, t);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: '字段 page 无效', code: 1001, status: 400, kind: 'server' });
  });

  it('throws code 0 failures even with HTTP 200', () => {
    expect(() => interpretResponse(200, { code: 0, msg: 'nope' }, t)).toThrow('nope');
  });

  it('falls back to the status message when the envelope has no msg', () => {
    expect(() => interpretResponse(401, { code: 1401, msg: '' }, t)).toThrow('t:error.unauthorized');
    expect(() => interpretResponse(403, { code: 1403 }, t)).toThrow('t:error.forbidden');
  });

  it('uses the status message when the body is not an envelope', () => {
    expect(() => interpretResponse(404, undefined, t)).toThrow('t:error.notFound');
    expect(() => interpretResponse(502, '<html>', t)).toThrow('t:error.http502');
    expect(() => interpretResponse(200, { list: [] }, t)).toThrow('t:error.dataFetchFailed');
  });

  it('rejects is_error = "true"', () => {
    expect(() => interpretResponse(200, { code: 1, msg: 'ok', is_error: 'true' }, t)).toThrow(ApiError);
  });
});

describe('buildUrl', () => {
  it('drops empty values and encodes the rest', () => {
    expect(buildUrl('', '/api/vod', { type_id: 1, class: '', area: undefined, wd: '爱 情', page: 2 })).toBe(
      '/api/vod?type_id=1&wd=%E7%88%B1+%E6%83%85&page=2',
    );
    expect(buildUrl('http://x/', '/api/types')).toBe('http://x/api/types');
  });
});

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('createApiClient', () => {
  afterEach(() => vi.useRealTimers());

  const base = {
    locale: () => 'fr-fr',
    deviceId: () => 'abc123',
    translate: t,
    now: () => 1_700_000_000_123,
  };
  const base_ = base;

  it('sends the spec §3 headers and Accept-Language', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { code: 1, msg: 'ok' }),
    );
    const client = createApiClient({ ...base, fetch });
    await client.request('/api/home');
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/home');
    expect(init?.headers).toMatchObject({
      'Accept-Language': 'fr-fr',
      version: '1.3.8',
      versionCode: '137',
      deviceid: 'abc123',
      platform: 'h5',
      time: '1700000000',
    });
  });

  it('sends the headers of a call, but never in place of the spec §3 ones', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { code: 1, msg: 'ok' }),
    );
    const client = createApiClient({ ...base, fetch });
    await client.request('/api/billing/upgrade', {
      method: 'POST',
      body: {},
      headers: { 'Idempotency-Key': 'k-123456789', DeviceId: 'forged', 'content-type': 'text/plain' },
    });
    const headers = fetch.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe('k-123456789');
    expect(headers.deviceid).toBe('abc123');
    expect(headers.DeviceId).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['content-type']).toBeUndefined();
  });

  it('sends i (the base address in use) and imei', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { code: 1, msg: 'ok' }),
    );
    let apiBase = 'https://api1.example.com';
    const client = createApiClient({ ...base, fetch, baseUrl: () => apiBase, imei: () => '0123456789abcdef' });
    await client.request('/api/home');
    apiBase = 'https://api2.example.com';
    await client.request('/api/home');
    const headers = fetch.mock.calls.map(([, init]) => init?.headers as Record<string, string>);
    expect(headers.map((h) => [h.i, h.imei])).toEqual([
      ['https://api1.example.com', '0123456789abcdef'],
      ['https://api2.example.com', '0123456789abcdef'],
    ]);
    expect(fetch.mock.calls[1]?.[0]).toBe('https://api2.example.com/api/home');
  });

  it('encrypts only the calls marked encrypted, and only while a codec is active', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { code: 1, msg: 'ok', encrypt_state: 1, encrypt_data: 'CIPHER[{"code":1,"msg":"ok","n":7}]' }),
    );
    // A transparent stand-in codec: the DES itself is tested against Node's OpenSSL in accountApi.test.ts.
    const codec = {
      encrypt: async (text: string) => `CIPHER[${text}]`,
      decrypt: async (data: string) => data.replace(/^CIPHER\[(.*)\]$/, '$1'),
    };
    let active: typeof codec | undefined = codec;
    const client = createApiClient({ ...base, fetch, payloadCodec: () => active });
    const res = await client.request<{ n: number }>('/api/x', { method: 'POST', body: { a: 1 }, encrypted: true });
    expect(res.n).toBe(7);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      encrypt_data: 'CIPHER[{"a":1}]',
      encrypt_state: 1,
    });
    await client.request('/api/y', { method: 'POST', body: { a: 2 } });
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({ a: 2 });
    active = undefined;
    await expect(client.request('/api/x', { method: 'POST', body: { a: 3 }, encrypted: true })).rejects.toMatchObject({
      message: 't:error.dataFetchFailed',
    });
    expect(JSON.parse(String(fetch.mock.calls[2]?.[1]?.body))).toEqual({ a: 3 });
  });

  it('builds the data query', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL) =>
      jsonResponse(200, { code: 1, msg: 'ok', list: [], page: 1, pagecount: 0, limit: 20, total: 0 }),
    );
    const client = createApiClient({ ...base, fetch });
    await client.request('/api/vod', { query: { type_id: 2, year: '2024', order: 'hits', page: 3, limit: 21 } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/vod?type_id=2&year=2024&order=hits&page=3&limit=21');
  });

  it('turns HTTP errors with an envelope into ApiError with the server message', async () => {
    const client = createApiClient({
      ...base,
      fetch: async () => jsonResponse(404, { code: 1004, msg: 'Titre introuvable' }),
    });
    await expect(client.request('/api/vod/9')).rejects.toMatchObject({
      message: 'Titre introuvable',
      status: 404,
      code: 1004,
    });
  });

  it('reports a network failure', async () => {
    const client = createApiClient({
      ...base,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.request('/api/types')).rejects.toMatchObject({ message: 't:error.network', kind: 'network' });
  });

  it('reports no network when offline', async () => {
    const client = createApiClient({
      ...base,
      isOnline: () => false,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.request('/api/types')).rejects.toMatchObject({ message: 't:error.offline', kind: 'offline' });
  });

  it('times out after the configured delay', async () => {
    vi.useFakeTimers();
    const fetch = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const client = createApiClient({ ...base, fetch, timeoutMs: 25_000 });
    const pending = client.request('/api/home');
    const assertion = expect(pending).rejects.toMatchObject({
      message: 't:error.timeout',
      kind: 'timeout',
      status: 408,
    });
    await vi.advanceTimersByTimeAsync(24_999);
    let settled = false;
    pending
      .catch(() => {})
      .finally(() => {
        settled = true;
      });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('reads the base address on every call and sends the token as authorcode', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { code: 1, msg: 'ok' }),
    );
    let base = '';
    let token = '';
    const client = createApiClient({ ...base_, fetch, baseUrl: () => base, token: () => token });
    await client.request('/api/home');
    base = 'https://api2.example';
    token = 'tok';
    await client.request('/api/home');
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/api/home', 'https://api2.example/api/home']);
    const [first, second] = fetch.mock.calls.map((c) => c[1]?.headers as Record<string, string>);
    expect(first?.authorcode).toBeUndefined();
    expect(second).toMatchObject({ authorcode: 'tok', startupTime: '1700000000' });
  });

  it('reports a 401 of a user-only call with the token it carried', async () => {
    const onUnauthorized = vi.fn();
    const client = createApiClient({
      ...base_,
      token: () => 'tok-9',
      onUnauthorized,
      fetch: async () => jsonResponse(401, { code: 1401, msg: '' }),
    });
    await expect(client.request('/api/user/info', { method: 'POST', auth: true })).rejects.toMatchObject({
      status: 401,
      message: 't:error.unauthorized',
    });
    expect(onUnauthorized).toHaveBeenCalledWith('tok-9');
    await expect(client.request('/api/vod')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('lets a caller abort without turning it into an ApiError', async () => {
    const fetch = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const client = createApiClient({ ...base, fetch });
    const controller = new AbortController();
    const pending = client.request('/api/home', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
