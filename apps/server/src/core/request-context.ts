/**
 * Per-request context read once (DESIGN.md §3): the caller's locale (`lang` query, `lang` header or
 * Accept-Language, see contract `matchLocale`) and the client headers of spec §3 "Request headers sent"
 * (`i`, `authorcode`, `version`, `versionCode`, `deviceid`, `imei`, `startupTime`, `platform`, `time`),
 * length-checked and reduced to safe characters so later modules can trust them.
 *
 * Old clients send these headers loosely, so a malformed value is never an error: it reads as empty ('' or 0).
 * Rules: `deviceid`, `imei` and `platform` keep [A-Za-z0-9_-] only (64, 16 and 16 characters at most); `i` (the
 * API base address the client chose from `domain_list`) is kept only when it is an absolute http(s) URL of at most
 * 200 characters, normalised without a trailing slash; `time` and `startupTime` are Unix seconds (0 when absent
 * or not a positive integer).
 */
import { type Locale, matchLocale } from '@openvod/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface ClientHeaders {
  version: string;
  versionCode: number;
  deviceid: string;
  /** Device imei (the guest scheme sends the first 16 hex characters of the device id's hash), '' when absent. */
  imei: string;
  platform: string;
  authorcode: string;
  /** `i`: the API base address the client uses (http(s) URL, no trailing slash), '' when absent or invalid. */
  baseUrl: string;
  /** `time`: the client's clock at the request, Unix seconds (0 when absent). */
  time: number;
  /** `startupTime`: when the client app started, Unix seconds (0 when absent). */
  startupTime: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    client: ClientHeaders;
  }
}

function header(value: string | string[] | undefined, max: number): string {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

/** An identifier header: [A-Za-z0-9_-] only, at most `max` characters. */
function ident(value: string | string[] | undefined, max: number): string {
  return header(value, 256)
    .replace(/[^\w-]/g, '')
    .slice(0, max);
}

/** A positive integer header (Unix seconds, version code), else 0. */
function int(value: string | string[] | undefined): number {
  const v = header(value, 16);
  return /^\d{1,15}$/.test(v) ? Number(v) : 0;
}

/** The `i` header: an absolute http(s) URL of at most 200 characters without a trailing slash, else ''. */
export function baseAddress(value: string | string[] | undefined): string {
  const v = header(value, 400);
  if (v.length === 0 || v.length > 200) return '';
  try {
    const url = new URL(v);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return '';
    return url.href.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/**
 * The caller's locale: the `lang` query parameter, else the `lang` header, else Accept-Language (contract
 * `matchLocale`). `query` is the parsed query when Fastify has one; without it (errors raised by the router before
 * a request is routed, core/errors.ts `frameworkErrors`) the query string of `url` is read.
 */
export function localeOf(
  req: { headers: Record<string, string | string[] | undefined>; url?: string },
  query?: unknown,
): Locale {
  let lang = '';
  const q = query as Record<string, unknown> | undefined;
  if (typeof q?.lang === 'string') lang = q.lang;
  else if (!q && req.url?.includes('?')) {
    try {
      lang = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1)).get('lang') ?? '';
    } catch {
      lang = '';
    }
  }
  return matchLocale(lang || header(req.headers.lang, 16) || header(req.headers['accept-language'], 200));
}

export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-cn');
  app.decorateRequest('client', null as unknown as ClientHeaders);
  app.addHook('onRequest', async (req) => {
    req.locale = localeOf(req, req.query ?? {});
    req.client = {
      version: header(req.headers.version, 20),
      versionCode: int(req.headers.versioncode),
      deviceid: ident(req.headers.deviceid, 64),
      imei: ident(req.headers.imei, 16),
      platform: ident(req.headers.platform, 16),
      authorcode: header(req.headers.authorcode, 128),
      baseUrl: baseAddress(req.headers.i),
      time: int(req.headers.time),
      startupTime: int(req.headers.startuptime),
    };
  });
});
