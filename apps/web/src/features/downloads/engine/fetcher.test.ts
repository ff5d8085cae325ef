// @vitest-environment node
/** fetcher.ts against a node:http origin: the idle timeout, retries, fail-fast statuses, ranges and abort. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError } from './errors';
import { fetchResource } from './fetcher';
import { HlsServer } from './test/hlsServer';

const server = new HlsServer();
const body = Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251));

beforeAll(() => server.start());
afterAll(() => server.stop());

const fast = { retryDelayMs: 10 };

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DownloadError);
  return error as DownloadError;
}

describe('fetchResource', () => {
  it('no byte within the idle timeout: retried, then failed', async () => {
    server.files.set('/idle', body);
    const release = server.hold('/idle');
    try {
      const error = await failure(
        fetchResource(server.fetch, server.url('/idle'), { ...fast, idleTimeoutMs: 300, retries: 1 }),
      );
      expect(error.kind).toBe('failed');
      expect(server.received.filter((p) => p === '/idle')).toHaveLength(2);
    } finally {
      release();
    }
  });

  it('the timeout is for silence, not for the whole body: a slow but flowing response completes', async () => {
    server.files.set('/slow', body);
    // 20 pieces 150 ms apart (about 3 s in all), each well within the 1.5 s idle limit.
    server.trickle.set('/slow', { chunks: 20, everyMs: 150 });
    const seen: number[] = [];
    const { body: got } = await fetchResource(server.fetch, server.url('/slow'), {
      idleTimeoutMs: 1500,
      retries: 0,
      onBytes: (n) => seen.push(n),
    });
    expect(Buffer.from(got)).toEqual(body);
    expect(seen.reduce((a, b) => a + b, 0)).toBe(body.length);
    expect(server.received.filter((p) => p === '/slow')).toHaveLength(1);
  });

  it('403, 404 and 410 fail at once as bad_address; another 4xx is failed', async () => {
    for (const status of [403, 404, 410, 400]) {
      const path = `/status-${status}`;
      server.failures.set(path, [status, status, status]);
      const error = await failure(fetchResource(server.fetch, server.url(path), fast));
      expect(error.kind).toBe(status === 400 ? 'failed' : 'bad_address');
      expect(server.received.filter((p) => p === path)).toHaveLength(1);
    }
  });

  it('5xx, 408 and 429 are retried (5 times by default), then failed', async () => {
    server.files.set('/flaky', body);
    server.failures.set('/flaky', [503, 408, 429]);
    const { body: got } = await fetchResource(server.fetch, server.url('/flaky'), fast);
    expect(Buffer.from(got)).toEqual(body);
    server.failures.set('/down', [500, 500, 500, 500, 500, 500]);
    const error = await failure(fetchResource(server.fetch, server.url('/down'), fast));
    expect(error.kind).toBe('failed');
    expect(server.received.filter((p) => p === '/down')).toHaveLength(6);
  });

  it('a byte range: 206 as asked, or sliced out of a 200', async () => {
    server.files.set('/ranged', body);
    const range = { offset: 1000, length: 500 };
    const { body: partial } = await fetchResource(server.fetch, server.url('/ranged'), { range });
    expect(Buffer.from(partial)).toEqual(body.subarray(1000, 1500));
    expect(server.served.at(-1)).toMatchObject({ path: '/ranged', status: 206, range: 'bytes=1000-1499' });
    server.files.set('/whole', body);
    server.ignoreRange.add('/whole');
    const { body: sliced } = await fetchResource(server.fetch, server.url('/whole'), { range });
    expect(Buffer.from(sliced)).toEqual(body.subarray(1000, 1500));
  });

  it('abort stops a request at once, also during a back-off wait, with an AbortError', async () => {
    server.files.set('/held', body);
    const release = server.hold('/held');
    const controller = new AbortController();
    const pending = fetchResource(server.fetch, server.url('/held'), { signal: controller.signal });
    await server.when((s) => s.received.includes('/held'));
    controller.abort(new DOMException('Paused', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    release();

    server.failures.set('/backoff', [500, 500]);
    server.files.set('/backoff', body);
    const later = new AbortController();
    const waiting = fetchResource(server.fetch, server.url('/backoff'), { signal: later.signal, retryDelayMs: 60_000 });
    await server.when((s) => s.served.some((x) => x.path === '/backoff'));
    later.abort(new DOMException('Paused', 'AbortError'));
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.received.filter((p) => p === '/backoff')).toHaveLength(1);
  });
});
