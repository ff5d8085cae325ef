/**
 * Signed, expiring addresses of the server's own media (`DATA_DIR/media`, served at `/media/`), so the play gate
 * of getDetail (content.service.ts) cannot be skipped by anyone who saw one path.
 *
 * - What is served at all: media files only ({@link MEDIA_EXTENSIONS}: playlists, segments, keys, videos,
 *   pictures); anything else in the folder (ffmpeg.pid, manifests, temporary files) answers 404.
 * - What needs a signature: every video file ({@link VIDEO_EXTENSIONS}) outside `ads/` (ads are for everyone);
 *   pictures (posters, covers, avatars, wallpapers) and ads are public. Unsigned or expired: 403.
 * - The signature is a path-prefix token, as CDNs do it (Akamai token auth `acl=/dir/*`, CloudFront custom-policy
 *   wildcards): `/media/t/<exp>-<depth>-<sig>/<path>` where `<sig>` is HMAC-SHA256 (base64url, 128 bits) of
 *   `<exp>:<prefix>`, `<prefix>` the first `<depth>` folders of `<path>` (the playlist's own folder) and `<exp>` Unix
 *   seconds. An HLS playlist names its segments and variant playlists relatively, so the player's requests for
 *   them resolve under the same token and prefix and carry a valid signature without rewriting the playlist.
 * - The key: `MEDIA_URL_SECRET` from the environment, else one generated once and kept in the database's
 *   app_setting (AppConfigService.secret), like the other secrets.
 * - Expiry: {@link MEDIA_URL_TTL_S} from the hour the address was made in (stable for an hour, so responses and
 *   caches do not change on every request).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { growingLru } from '../../core/lru.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the server's own media addresses (made by app.ts before Fastify: its rewriteUrl takes tokens off). */
    mediaSigner: MediaSigner;
  }
}

/** Lifetime of a signed address: 6 hours after the hour it was made in. */
export const MEDIA_URL_TTL_S = 6 * 3600;

/** Files that play (playlists, segments, keys, progressive video and audio): served with a signature only. */
export const VIDEO_EXTENSIONS = new Set(['.m3u8', '.ts', '.m4s', '.mp4', '.key', '.webm', '.m4a', '.aac', '.mp3']);
/** Pictures the app shows (posters, slides, covers, avatars, wallpapers, ad images): public. */
export const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.avif']);
/** Everything the media folder serves; any other file there answers 404. */
export const MEDIA_EXTENSIONS = new Set([...VIDEO_EXTENSIONS, ...IMAGE_EXTENSIONS]);

/** Folders (first path segment) whose video files are public: ads are meant to be seen by anyone. */
const PUBLIC_FOLDERS = new Set(['ads']);

/** Where {@link MediaSigner.rewrite} leaves the token of a signed address on the raw request. */
export const TOKEN = Symbol('openvod.media.token');

/** A token taken off a `/media/t/<token>/<path>` address, to be checked by {@link MediaSigner.verify}. */
export interface MediaToken {
  exp: number;
  depth: number;
  sig: string;
  /** `<path>` as requested (encoded). */
  rest: string;
}

/** A media file a URL path (relative to `/media/`, decoded) may be served as. */
export function mediaKind(rel: string): 'none' | 'public' | 'signed' {
  const ext = path.posix.extname(rel).toLowerCase();
  if (!MEDIA_EXTENSIONS.has(ext) || path.posix.basename(rel) === 'manifest.json') return 'none';
  if (IMAGE_EXTENSIONS.has(ext)) return 'public';
  return PUBLIC_FOLDERS.has(rel.split('/')[0] ?? '') ? 'public' : 'signed';
}

/** Response texts kept signed by {@link MediaSigner.signTextBytes}: as many as the catalogue keeps titles. */
const SIGNED_TEXTS_MAX = 5000;

/** Video URLs under `/media/` inside a response text (JSON strings, MacCMS `name$url#name$url` lists). */
const MEDIA_URL = /\/media\/((?:[\w.~%!*'()+,;=:@-]+\/)*[\w.~%!*'()+,;=:@-]+)(?=["#$?\\\s]|$)/g;

export class MediaSigner {
  private key: Promise<Buffer> | undefined;
  /**
   * {@link signTextBytes}'s answers by response text, with the expiry they were signed for: a text's signed form is
   * the same for the whole hour it is made in, so the hot title pages are signed and encoded once an hour, not on
   * every request. The keys are the catalogue cache's own strings (modules/content/catalogue-cache.ts), so a lookup
   * is one hash already computed and an identity compare.
   */
  private readonly signedTexts = growingLru<string, { exp: number; bytes: Buffer }>(SIGNED_TEXTS_MAX);

  constructor(
    /** The HMAC key, read once on first use (app.ts: MEDIA_URL_SECRET or the generated one in app_setting). */
    private readonly keySource: () => Promise<Buffer>,
    /** The clock (ms); tests move it. */
    public now: () => number = Date.now,
    readonly ttlSeconds = MEDIA_URL_TTL_S,
  ) {}

  private async sig(exp: number, prefix: string): Promise<string> {
    if (!this.key) {
      this.key = this.keySource();
      // A failed read (database down) is tried again by the next use.
      this.key.catch(() => {
        this.key = undefined;
      });
    }
    return createHmac('sha256', await this.key)
      .update(`${exp}:${prefix}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /**
   * `/media/<path>` (or an absolute URL whose path is that) with a token over `<path>`'s folder; unchanged when the
   * file needs no signature (pictures, ads, other URLs). Query and fragment are kept.
   */
  async sign(url: string): Promise<string> {
    const at = url.indexOf('/media/');
    if (at < 0) return url;
    const end = url.slice(at).search(/[?#]/);
    const pathname = end < 0 ? url.slice(at) : url.slice(at, at + end);
    const rel = pathname.slice('/media/'.length);
    if (rel.startsWith('t/')) return url;
    let decoded: string;
    try {
      decoded = decodeURIComponent(rel);
    } catch {
      return url;
    }
    if (mediaKind(decoded) !== 'signed') return url;
    const folders = rel.split('/').slice(0, -1);
    const prefix = folders.length ? `${folders.join('/')}/` : '';
    const exp = this.expiry();
    const token = `${exp}-${folders.length}-${await this.sig(exp, prefix)}`;
    return `${url.slice(0, at)}/media/t/${token}/${rel}${end < 0 ? '' : url.slice(at + end)}`;
  }

  /** The expiry (Unix seconds) of an address made now: {@link ttlSeconds} after the end of the current hour. */
  private expiry(): number {
    return (Math.floor(this.now() / 3_600_000) + 1) * 3600 + this.ttlSeconds;
  }

  /**
   * {@link signText} of `text` as UTF-8 bytes, ready to send (core/routes.ts sends a Buffer as is), from a cache
   * while the hour's expiry holds; the text and its signed form are the same for every caller the play gate let in.
   */
  async signTextBytes(text: string): Promise<Buffer> {
    const exp = this.expiry();
    const hit = this.signedTexts.get(text);
    if (hit && hit.exp === exp) return hit.bytes;
    const bytes = Buffer.from(await this.signText(text));
    this.signedTexts.set(text, { exp, bytes });
    return bytes;
  }

  /** Every video URL under `/media/` in `text` (a JSON response) signed with {@link sign}. */
  async signText(text: string): Promise<string> {
    const found = [...new Set(text.match(MEDIA_URL) ?? [])];
    if (found.length === 0) return text;
    const signed = new Map(await Promise.all(found.map(async (u) => [u, await this.sign(u)] as const)));
    return text.replace(MEDIA_URL, (m) => signed.get(m) ?? m);
  }

  /**
   * Fastify's `rewriteUrl` step for `/media/t/<token>/<path>`: the URL without the token, which is left on the raw
   * request ({@link TOKEN}) for {@link verify}. Other URLs are returned as is.
   */
  rewrite(req: { url?: string; [TOKEN]?: MediaToken }): string {
    const url = req.url ?? '/';
    const m = /^\/media\/t\/(\d{1,12})-(\d{1,2})-([\w-]{22})\/([^?#]*)(.*)$/s.exec(url);
    if (!m) return url;
    const [, exp, depth, sig, rest, tail] = m as unknown as [string, string, string, string, string, string];
    req[TOKEN] = { exp: Number(exp), depth: Number(depth), sig, rest };
    return `/media/${rest}${tail}`;
  }

  /** True when the request came with a token that is unexpired and signed for the folder it asks in. */
  async verify(req: { [TOKEN]?: MediaToken }): Promise<boolean> {
    const token = req[TOKEN];
    if (!token || token.exp * 1000 <= this.now()) return false;
    const segments = token.rest.split('/');
    if (token.depth >= segments.length) return false;
    if (segments.some((s) => s === '' || s === '.' || s === '..' || /%2e%2e|%2f|%5c/i.test(s))) return false;
    const prefix = token.depth ? `${segments.slice(0, token.depth).join('/')}/` : '';
    return safeEqual(token.sig, await this.sig(token.exp, prefix));
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
