/**
 * Fetching one playlist, key or segment for the downloader (spec §9: 10 s timeout, 5 retries; research/offline.md
 * §5 item 4):
 * - the 10 s is a time-to-first-byte and idle limit (no byte for 10 s), not a deadline for the whole resource;
 * - network errors, timeouts and HTTP 5xx/408/429 are retried up to {@link FetchOptions.retries} times, the waits
 *   doubling from {@link FetchOptions.retryDelayMs} (1 s, 2 s, 4 s ...); then kind `failed`;
 * - 403/404/410 fail at once with kind `bad_address` ('The download address is incorrect'); another 4xx is `failed`;
 * - a byte range is asked with `Range: bytes=a-b`; a server that ignores it (200 with the whole file) is sliced;
 * - `signal` aborts at any point (pause, cancel) with the signal's AbortError, also during a back-off wait.
 */
import { DownloadError } from './errors';

/** The `fetch` the engine uses (window.fetch, or a test's). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface FetchOptions {
  signal?: AbortSignal;
  /** Byte range of the resource to fetch. */
  range?: { offset: number; length: number };
  /** No byte for this long (ms) counts as a network failure. Default 10 000 (spec §9). */
  idleTimeoutMs?: number;
  /** Retries after the first attempt. Default 5 (spec §9). */
  retries?: number;
  /** First back-off wait (ms), doubled after each failure. Default 1 000. */
  retryDelayMs?: number;
  /** Called with the size of every received chunk, in bytes (for the speed). */
  onBytes?: (bytes: number) => void;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRIES = 5;
export const DEFAULT_RETRY_DELAY_MS = 1_000;

/** A failure worth another attempt (network, timeout, 5xx/408/429). */
class Retryable extends Error {}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Aborted', 'AbortError');
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function concat(chunks: Uint8Array[], total: number): ArrayBuffer {
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out.buffer;
}

async function attempt(
  fetchFn: FetchLike,
  url: string,
  options: FetchOptions,
): Promise<{ body: ArrayBuffer; url: string }> {
  const { signal, range, onBytes } = options;
  const idle = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const controller = new AbortController();
  const onAbort = () => controller.abort(abortError(signal as AbortSignal));
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('No data within the timeout', 'TimeoutError'));
    }, idle);
  };
  try {
    arm();
    const headers: Record<string, string> = {};
    if (range) headers.Range = `bytes=${range.offset}-${range.offset + range.length - 1}`;
    let response: Response;
    try {
      response = await fetchFn(url, { signal: controller.signal, headers });
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      throw new Retryable(timedOut ? 'timeout' : `network error: ${(error as Error).message}`);
    }
    const { status } = response;
    if (status === 403 || status === 404 || status === 410) {
      void response.body?.cancel().catch(() => undefined);
      throw new DownloadError('bad_address', `HTTP ${status} for ${url}`);
    }
    if (status >= 500 || status === 408 || status === 429) {
      void response.body?.cancel().catch(() => undefined);
      throw new Retryable(`HTTP ${status}`);
    }
    if (status !== 200 && status !== 206) {
      void response.body?.cancel().catch(() => undefined);
      throw new DownloadError('failed', `HTTP ${status} for ${url}`);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    try {
      const reader = response.body?.getReader();
      if (reader) {
        for (;;) {
          arm();
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          total += value.byteLength;
          onBytes?.(value.byteLength);
        }
      }
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      throw new Retryable(timedOut ? 'timeout' : `network error: ${(error as Error).message}`);
    }
    let body = concat(chunks, total);
    if (range) {
      // 200 = the server ignored Range and sent the whole resource: keep the asked slice.
      if (status === 200) body = body.slice(range.offset, range.offset + range.length);
      if (body.byteLength !== range.length)
        throw new Retryable(`byte range: ${body.byteLength} bytes instead of ${range.length}`);
    }
    return { body, url: response.url || url };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Fetches `url` (or its `range`) whole, with the timeout, retry and failure rules above. Resolves with the bytes and
 * the final address (after redirects). Rejects with a {@link DownloadError} (`bad_address`, `failed`) or, when
 * `signal` aborts, with its reason (an AbortError).
 */
export async function fetchResource(
  fetchFn: FetchLike,
  url: string,
  options: FetchOptions = {},
): Promise<{ body: ArrayBuffer; url: string }> {
  const retries = options.retries ?? DEFAULT_RETRIES;
  let delay = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  for (let tried = 0; ; tried++) {
    if (options.signal?.aborted) throw abortError(options.signal);
    try {
      return await attempt(fetchFn, url, options);
    } catch (error) {
      if (!(error instanceof Retryable)) throw error;
      if (tried >= retries) throw new DownloadError('failed', `${error.message} (${url}, ${tried + 1} attempts)`);
    }
    await wait(delay, options.signal);
    delay *= 2;
  }
}

/** Fetches a text resource (a playlist) with {@link fetchResource}'s rules; resolves with its text and final URL. */
export async function fetchText(
  fetchFn: FetchLike,
  url: string,
  options: FetchOptions = {},
): Promise<{ text: string; url: string }> {
  const { body, url: finalUrl } = await fetchResource(fetchFn, url, options);
  return { text: new TextDecoder().decode(body), url: finalUrl };
}
