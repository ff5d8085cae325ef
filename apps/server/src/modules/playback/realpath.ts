/**
 * getJsonRealPath (spec §7 "getJsonRealPath: resolve a play address to a playable one"; research/maccms.md §1.1).
 *
 * MacCMS registers players (`vodplayer`: code -> {status, parse, ps, ...}); a source's `from` names one. OpenVod
 * keeps that map in the app config's `player` field: `{ "<from>": { "parse": "<JSON parse API>", "ps": 1 } }`.
 * When an episode's address is not directly playable (not .m3u8/.mp4) and its player has a parse API (`parse` set,
 * `ps` not 0), the server calls the API with the address - `{url}` in the API URL is replaced by the encoded
 * address, otherwise the encoded address is appended - and returns the playable address from its JSON answer
 * (`url`, `data.url` or `data` as a string; `code`, when present, must be 1, 200 or 0 with a url).
 *
 * The call runs through lib/safe-fetch.ts: http(s) only, loopback/private/link-local targets refused (also after DNS
 * and on redirects) unless ALLOW_PRIVATE_FEEDS=1, 10 s, 256 KiB. The resolved address must be http(s) too.
 */
import type { AppConfig, RealPathQuery, RealPathResponse } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import { t } from '../../core/i18n/messages.ts';
import { FetchError, safeGetText } from '../../lib/safe-fetch.ts';

export const REALPATH_TIMEOUT_MS = 10_000;
export const REALPATH_MAX_BYTES = 256 * 1024;

export type PlayType = RealPathResponse['type'];

/** hls / mp4 by the address's path (query and fragment ignored), else other. */
export function playTypeOf(url: string): PlayType {
  const path = url.split(/[?#]/, 1)[0]?.toLowerCase() ?? '';
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.mp4')) return 'mp4';
  return 'other';
}

/** True when a browser can play the address without a parse step (an http(s) or site-path .m3u8/.mp4). */
export function directlyPlayable(url: string): boolean {
  if (playTypeOf(url) === 'other') return false;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The parse API URL of player `from` in the app config's `player` map, or undefined. */
export function parseApiOf(players: AppConfig['player'] | undefined, from: string): string | undefined {
  const entry = players?.[from];
  if (!entry || typeof entry !== 'object') return undefined;
  const e = entry as Record<string, unknown>;
  const parse = typeof e.parse === 'string' ? e.parse.trim() : '';
  if (!parse || e.ps === 0 || e.ps === '0' || e.status === 0 || e.status === '0') return undefined;
  return parse;
}

/** The request URL of a parse call. */
export function parseRequestUrl(api: string, url: string): string {
  const encoded = encodeURIComponent(url);
  return api.includes('{url}') ? api.replaceAll('{url}', encoded) : `${api}${encoded}`;
}

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The playable address in a parse API answer, or an error reason. */
export function addressFromAnswer(text: string, base: string): { url: string } | { reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { reason: 'not JSON' };
  }
  if (!json || typeof json !== 'object') return { reason: 'not a JSON object' };
  const j = json as Record<string, unknown>;
  const data = j.data && typeof j.data === 'object' ? (j.data as Record<string, unknown>) : undefined;
  const candidate =
    typeof j.url === 'string'
      ? j.url
      : typeof data?.url === 'string'
        ? data.url
        : typeof j.data === 'string'
          ? j.data
          : '';
  const code = j.code;
  if (code !== undefined && !['1', '200', '0'].includes(String(code))) return { reason: `code ${String(code)}` };
  if (!candidate.trim()) return { reason: 'no url' };
  let resolved: string;
  try {
    resolved = new URL(candidate.trim(), base).toString();
  } catch {
    return { reason: 'bad url' };
  }
  if (!isHttpUrl(resolved)) return { reason: 'not http(s)' };
  return { url: resolved };
}

export interface RealPathDeps {
  players: () => Promise<AppConfig['player']>;
  allowPrivate: boolean;
  /** Test hook: a shorter timeout. */
  timeoutMs?: number;
}

/**
 * Resolve `q.url` of player `q.from`. A directly playable address comes back as is (`parsed` false).
 * Errors: 400 `realpath_no_parse` (not playable and no parse API for the player); 403 `realpath_refused` (the API
 * or a redirect points at a refused address or scheme); 502 `realpath_failed` (the API failed or answered without
 * a playable address).
 */
export async function resolveRealPath(q: RealPathQuery, deps: RealPathDeps): Promise<RealPathResponse> {
  const api = parseApiOf(await deps.players(), q.from);
  if (!api) {
    if (directlyPlayable(q.url)) return { code: 1, msg: 'ok', url: q.url, type: playTypeOf(q.url), parsed: false };
    throw new AppError(400, 1001, 'realpath_no_parse', {}, 'from');
  }
  if (directlyPlayable(q.url)) return { code: 1, msg: 'ok', url: q.url, type: playTypeOf(q.url), parsed: false };
  const target = parseRequestUrl(api, q.url);
  let text: string;
  try {
    ({ text } = await safeGetText(target, {
      allowPrivate: deps.allowPrivate,
      timeoutMs: deps.timeoutMs ?? REALPATH_TIMEOUT_MS,
      maxBytes: REALPATH_MAX_BYTES,
    }));
  } catch (err) {
    if (err instanceof FetchError) {
      const refused = err.key === 'fetch_private' || err.key === 'fetch_scheme';
      const reason = (locale: Parameters<typeof t>[0]) => t(locale, err.key, err.params);
      throw new AppError(refused ? 403 : 502, refused ? 1403 : 0, refused ? 'realpath_refused' : 'realpath_failed', {
        reason,
      });
    }
    if (err instanceof TypeError) {
      throw new AppError(403, 1403, 'realpath_refused', { reason: 'invalid URL' });
    }
    throw err;
  }
  const answer = addressFromAnswer(text, target);
  if ('reason' in answer) throw new AppError(502, 0, 'realpath_failed', { reason: answer.reason });
  return { code: 1, msg: 'ok', url: answer.url, type: playTypeOf(answer.url), parsed: true };
}
