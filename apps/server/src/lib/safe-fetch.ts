/**
 * GET of an operator-given URL (collect feeds) that refuses private, loopback and link-local targets unless allowed
 * (DESIGN.md §8). The check runs in the socket's DNS lookup, so a name that resolves to 127.0.0.1 is refused too,
 * and again for every redirect (at most 3). Bodies are capped at `maxBytes`; the whole request at `timeoutMs`.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { FeedKey } from '../core/i18n/feed-messages.ts';
import { t } from '../core/i18n/messages.ts';

/** A refused or failed fetch with a translatable message key; `message` is the English text. */
export class FetchError extends Error {
  override name = 'FetchError';
  constructor(
    public key: FeedKey,
    public params: Record<string, string | number> = {},
  ) {
    super(t('en-us', key, params));
  }
}

export interface SafeFetchOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** Extra request headers (e.g. the User-Agent and Accept-Language a geocoder's usage policy asks for). */
  headers?: Record<string, string>;
}

/** True for addresses a server-side fetch must not reach by default. */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let addr = ipaddr.parse(address);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  return addr.range() !== 'unicast';
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (!allowPrivate && bad) {
        return callback(new FetchError('fetch_private', { address: bad.address }), '', 0);
      }
      const first = list[0];
      if (!first) return callback(new FetchError('fetch_no_address', { host: hostname }), '', 0);
      if ((options as dns.LookupOptions).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

/** Fetch `url` as text. Throws {@link FetchError} on refusal, HTTP status >= 400, timeout or oversize. */
export async function safeGetText(
  url: string,
  opts: SafeFetchOptions,
  redirects = 3,
): Promise<{ text: string; contentType: string }> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FetchError('fetch_scheme');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (!opts.allowPrivate && ipaddr.isValid(host) && isPrivateAddress(host)) {
    throw new FetchError('fetch_private', { address: host });
  }
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxBytes = opts.maxBytes ?? 50 * 1024 * 1024;
  const mod = parsed.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.get(
      parsed,
      {
        lookup: guardedLookup(opts.allowPrivate),
        timeout: timeoutMs,
        headers: { 'user-agent': 'OpenVod-collect/1.0', accept: '*/*', ...opts.headers },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          if (redirects <= 0) return reject(new FetchError('fetch_redirects'));
          const next = new URL(res.headers.location, parsed).toString();
          return safeGetText(next, opts, redirects - 1).then(resolve, reject);
        }
        if (status >= 400) {
          res.resume();
          return reject(new FetchError('fetch_status', { status }));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(new FetchError('fetch_too_large', { bytes: maxBytes }));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            text: Buffer.concat(chunks).toString('utf8'),
            contentType: String(res.headers['content-type'] ?? ''),
          }),
        );
        res.on('error', reject);
      },
    );
    // `timeout` above only covers idle sockets; this bounds the whole request (a slow drip cannot hold it open).
    const overall = setTimeout(() => req.destroy(new FetchError('fetch_timeout', { ms: timeoutMs })), timeoutMs);
    req.on('close', () => clearTimeout(overall));
    req.on('timeout', () => req.destroy(new FetchError('fetch_timeout', { ms: timeoutMs })));
    req.on('error', (err) =>
      reject(err instanceof FetchError ? err : new FetchError('fetch_failed', { detail: err.message })),
    );
  });
}
