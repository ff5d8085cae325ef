/**
 * HTTP client of the viewer app (spec §3 headers, §7 timeout and encrypted payloads, §8 error catalogue).
 *
 * Every response is the envelope `{ code, msg, ...payload }`; `code === 1` is success. Anything else becomes an
 * {@link ApiError} whose message is shown to the user as is: the server's (already translated) `msg` when there is
 * one, else the spec's message for the HTTP status, timeout or network failure.
 *
 * Every call sends the spec §3 headers: `i` (the API base address in use), `authorcode`, `version`, `versionCode`,
 * `deviceid`, `imei`, `startupTime`, `platform`, `time` (and the content type when there is a body).
 *
 * Encrypted payloads (spec §7): a call made with `encrypted: true` while a {@link PayloadCodec} is active (the
 * operator turned encryption on, lib/payloadCipher.ts) sends `{ encrypt_data, encrypt_state: 1 }` instead of its
 * JSON body; any answer carrying `encrypt_state` 1 and `encrypt_data` is decrypted before it is read.
 */
import { APP_RELEASE, guestCredentials } from '@openvod/contract';
import { activePayloadCodec } from './payloadCipher';
import { clearSessionIfToken, currentToken } from './session';
import { currentLocale, useSettings } from './settings';
import { getDeviceId } from './storage';

/** The app's release (contract APP_RELEASE, where its meaning is written): sent as the `version` header. */
export const APP_VERSION = APP_RELEASE.version;
/** The release's number, sent as the `versionCode` header (headers are text). */
export const APP_VERSION_CODE = String(APP_RELEASE.version_code);
export const REQUEST_TIMEOUT_MS = 25_000;

export type ApiErrorKind = 'server' | 'http' | 'timeout' | 'network' | 'offline';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** Body code (0 or a catalogue code), or 0 when there was no envelope. */
    readonly code: number,
    /** HTTP status, 0 when no response arrived. */
    readonly status: number,
    readonly kind: ApiErrorKind,
  ) {
    super(message);
  }
}

/** Message keys the client can produce (all present in every locale). */
export type ErrorMessageKey =
  | 'error.unauthorized'
  | 'error.forbidden'
  | 'error.notFound'
  | 'error.timeout'
  | 'error.http500'
  | 'error.http501'
  | 'error.http502'
  | 'error.http503'
  | 'error.http504'
  | 'error.http505'
  | 'error.network'
  | 'error.offline'
  | 'error.dataFetchFailed';

/** The spec §8 message for an HTTP status, if it names one. */
export function statusMessageKey(status: number): ErrorMessageKey | undefined {
  switch (status) {
    case 401:
      return 'error.unauthorized';
    case 403:
      return 'error.forbidden';
    case 404:
      return 'error.notFound';
    case 408:
      return 'error.timeout';
    case 500:
    case 501:
    case 502:
    case 503:
    case 504:
    case 505:
      return `error.http${status}`;
    default:
      return status > 505 ? 'error.http500' : undefined;
  }
}

export type Translate = (key: ErrorMessageKey) => string;

interface Envelope {
  code: number;
  msg?: unknown;
  is_error?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/**
 * Turn an HTTP status and parsed body into the payload, or throw an {@link ApiError}.
 * Pure: the unit tests drive it directly.
 */
export function interpretResponse<T>(status: number, body: unknown, t: Translate): T {
  const statusKey = statusMessageKey(status);
  if (isEnvelope(body) && body.is_error !== 'true' && body.is_error !== true) {
    if (body.code === 1 && status >= 200 && status < 400) return body as T;
    const serverMsg = typeof body.msg === 'string' ? body.msg.trim() : '';
    const message = serverMsg || (statusKey ? t(statusKey) : t('error.dataFetchFailed'));
    throw new ApiError(message, body.code === 1 ? 0 : body.code, status, 'server');
  }
  const serverMsg =
    typeof body === 'object' && body !== null && typeof (body as { msg?: unknown }).msg === 'string'
      ? ((body as { msg: string }).msg.trim() ?? '')
      : '';
  throw new ApiError(
    statusKey ? t(statusKey) : serverMsg || t('error.dataFetchFailed'),
    isEnvelope(body) ? body.code : 0,
    status,
    'http',
  );
}

export type QueryValue = string | number | boolean | null | undefined;

/** `/api/x` + query string, dropping empty values. */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${base.replace(/\/$/, '')}${path}${qs ? `?${qs}` : ''}`;
}

/** DES-ECB of spec §7 under the operator's key (lib/payloadCipher.ts). */
export interface PayloadCodec {
  /** UTF-8 text -> base64 ciphertext. */
  encrypt(text: string): Promise<string>;
  /** base64 ciphertext -> UTF-8 text; rejects on anything else. */
  decrypt(data: string): Promise<string>;
}

function isEncryptedAnswer(body: unknown): body is { encrypt_state: unknown; encrypt_data: string } {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as { encrypt_state?: unknown; encrypt_data?: unknown };
  return Number(b.encrypt_state) === 1 && typeof b.encrypt_data === 'string';
}

export interface ApiClientOptions {
  /** API origin ('' = this origin); a function when it can change (spec §4 Launch picks it from `domain_list`). */
  baseUrl?: string | (() => string);
  /** Session token sent as `authorcode` (spec §3). */
  token?: () => string;
  /** A user-only call (`auth`) was refused with 401 while carrying `token`. */
  onUnauthorized?: (token: string) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
  locale: () => string;
  deviceId: () => string;
  /** The `imei` header (spec §3); default none. */
  imei?: () => string;
  /** The active payload cipher (spec §7), undefined while encryption is off. */
  payloadCodec?: () => PayloadCodec | undefined;
  translate: Translate;
  isOnline?: () => boolean;
  now?: () => number;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, or sent as is when it is a FormData (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /** A user-only call: a 401 answer ends the stored session. */
  auth?: boolean;
  /** A call the contract marks `encrypted` (spec §7): its JSON body is encrypted while encryption is on. */
  encrypted?: boolean;
  /**
   * Extra headers of this call (e.g. `Idempotency-Key`, research/money.md §2). They cannot replace the spec §3
   * headers the client sets itself (a name the client sets, compared case-insensitively, is ignored).
   */
  headers?: Record<string, string>;
  /**
   * The answer is not the JSON envelope (a file download): a 2xx answer resolves to the `Response` itself, unread;
   * any other is read as the envelope's error as usual.
   */
  raw?: boolean;
}

export function createApiClient(options: ApiClientOptions) {
  const {
    baseUrl = '',
    timeoutMs = REQUEST_TIMEOUT_MS,
    locale,
    deviceId,
    translate,
    isOnline = () => globalThis.navigator?.onLine !== false,
    now = () => Date.now(),
    token = () => '',
    onUnauthorized,
    imei = () => '',
    payloadCodec = () => undefined,
  } = options;
  const base = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;
  const startupTime = String(Math.floor(now() / 1000));
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  async function request<T>(path: string, req: RequestOptions = {}): Promise<T> {
    const method = req.method ?? 'GET';
    const baseAddress = base() || globalThis.location?.origin || '';
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': locale(),
      version: APP_VERSION,
      versionCode: APP_VERSION_CODE,
      deviceid: deviceId(),
      platform: 'h5',
      time: String(Math.floor(now() / 1000)),
      startupTime,
    };
    if (baseAddress) headers.i = baseAddress;
    const imeiValue = imei();
    if (imeiValue) headers.imei = imeiValue;
    const authorcode = token();
    if (authorcode) headers.authorcode = authorcode;
    const own = new Set([...Object.keys(headers), 'content-type'].map((h) => h.toLowerCase()));
    for (const [name, value] of Object.entries(req.headers ?? {})) {
      if (!own.has(name.toLowerCase())) headers[name] = value;
    }
    const multipart = typeof FormData !== 'undefined' && req.body instanceof FormData;
    if (req.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    const codec = payloadCodec();
    let payload = req.body === undefined ? undefined : multipart ? (req.body as FormData) : JSON.stringify(req.body);
    if (req.encrypted && codec && typeof payload === 'string') {
      payload = JSON.stringify({ encrypt_data: await codec.encrypt(payload), encrypt_state: 1 });
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const outer = req.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer) {
      if (outer.aborted) controller.abort(outer.reason);
      else outer.addEventListener('abort', onOuterAbort, { once: true });
    }

    try {
      let response: Response;
      try {
        response = await doFetch(buildUrl(base(), path, req.query), {
          method,
          headers,
          body: payload,
          signal: controller.signal,
        });
      } catch (err) {
        if (timedOut) throw new ApiError(translate('error.timeout'), 0, 408, 'timeout');
        if (outer?.aborted) throw err;
        if (!isOnline()) throw new ApiError(translate('error.offline'), 0, 0, 'offline');
        throw new ApiError(translate('error.network'), 0, 0, 'network');
      }
      if (req.raw && response.ok) return response as T;
      let body: unknown;
      try {
        body = await response.json();
      } catch (err) {
        if (timedOut) throw new ApiError(translate('error.timeout'), 0, 408, 'timeout');
        if (outer?.aborted) throw err;
        body = undefined;
      }
      if (isEncryptedAnswer(body)) {
        const cipher = codec ?? payloadCodec();
        try {
          if (!cipher) throw new Error('encrypted answer while encryption is off');
          body = JSON.parse(await cipher.decrypt(body.encrypt_data)) as unknown;
        } catch {
          throw new ApiError(translate('error.dataFetchFailed'), 0, response.status, 'http');
        }
      }
      if (response.status === 401 && req.auth && authorcode) onUnauthorized?.(authorcode);
      return interpretResponse<T>(response.status, body, translate);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let apiTranslate: Translate = (key) => key;

/**
 * Set by `lib/i18n` when it loads. Kept out of this module's imports so the boot script can start requests without
 * waiting for i18next; those early requests fall back to a fresh request on failure (see `app/preload`).
 */
export function setApiTranslator(translate: Translate): void {
  apiTranslate = translate;
}

const defaultBase = import.meta.env.VITE_API_BASE ?? '';

let imeiOf: { deviceId: string; imei: string } | undefined;

/** The `imei` header of this browser: the guest scheme's imei of the device id (spec §3, contract guest.ts). */
export function deviceImei(): string {
  const id = getDeviceId();
  if (imeiOf?.deviceId !== id) imeiOf = { deviceId: id, imei: guestCredentials(id).imei };
  return imeiOf.imei;
}

export const api: ApiClient = createApiClient({
  baseUrl: () => useSettings.getState().apiBase || defaultBase,
  locale: currentLocale,
  deviceId: getDeviceId,
  imei: deviceImei,
  payloadCodec: activePayloadCodec,
  token: currentToken,
  onUnauthorized: clearSessionIfToken,
  translate: (key) => apiTranslate(key),
});
