/**
 * DLNA casting through the server (issue 5 item 5; spec §2 Casting, §3 Player state "cast device, cast params",
 * §4 Casting states; shared/research/player.md §3).
 *
 * - discover(): SSDP M-SEARCH for MediaRenderer:1 on the server's own LAN interfaces (DLNA_INTERFACES, default all
 *   non-internal IPv4 ones); each answer's LOCATION must be an IP literal, equal to the UDP sender, private or
 *   link-local and inside the subnet of the interface it came in on; its description's control URLs must stay on
 *   that host. Devices found are remembered by an opaque id (hash of the UDN); only those can be cast to.
 * - play(): resolves the episode (vod_id, sid, nid) with the caller's group rights (getDetail's rules) to an absolute
 *   URL the TV can reach: the server's address on the TV's subnet and the port it listens on (never localhost).
 *   Local HLS (`/media/...m3u8`) is remuxed once (ffmpeg `-c copy`) into a progressive MP4 under
 *   `<mediaDir>/cast/`, because many renderers reject `.m3u8`; other `/media/` files and absolute http(s) URLs are
 *   handed over as they are. Then SetAVTransportURI (with DIDL-Lite metadata, escaped title) and Play. The remux
 *   cache is kept within its size and age limits by {@link CastService.pruneCache} (cache.ts): at start, hourly and
 *   after every new remux.
 * - control(): Play, Pause, Stop, Seek (REL_TIME seconds). status(): GetTransportInfo + GetPositionInfo.
 *
 * Errors are {@link AppError}s with cast-messages.ts keys: 404 unknown device (search again), 403 a device outside
 * the local network, 502 a renderer that failed or did not answer, 409 a server that listens only on loopback.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CastControlBody, CastDevice, CastPlayBody, CastStatus } from '@openvod/contract';
import { DetailForUserResponse, ErrorCode } from '@openvod/contract';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../core/errors.ts';
import type { Caller, ContentService } from '../content/content.service.ts';
import { findFfmpeg, runFfmpeg } from '../media/index.ts';
import {
  CAST_CACHE_DEFAULT_MAX_AGE_MS,
  CAST_CACHE_DEFAULT_MAX_BYTES,
  type CastCacheLimits,
  type PruneResult,
  pruneCastCache,
} from './cache.ts';
import { interfaceFor, isLanAddress, type LocalInterface, localInterfaces } from './network.ts';
import { mSearch } from './ssdp.ts';
import { AvTransport, didlLite, fetchDescription, UpnpRefusedError } from './upnp.ts';

export interface CastOptions {
  /** DLNA on (DLNA env, default on). */
  enabled: boolean;
  /** Signs a `/media/...` path for the renderer (media/signed-urls.ts MediaSigner.sign); identity without. */
  signMedia?: (pathname: string) => Promise<string>;
  /** Interface names SSDP may use (DLNA_INTERFACES); undefined = every non-internal IPv4 interface. */
  interfaces?: readonly string[];
  /** Also accept renderers on loopback (unit tests only; never from the environment). */
  allowLoopback?: boolean;
  /** `<DATA_DIR>/media`, served at /media/. */
  mediaDir: string;
  /** The address the server is bound to (HOST). */
  host: string;
  /** The port the server actually listens on (undefined before listen). */
  port: () => number | undefined;
  /** Origin of PUBLIC_URL: play URLs on it are this server's own media. */
  publicOrigin?: string;
  /** SSDP listening window in ms (default 2000). */
  searchMs?: number;
  /**
   * Limits of the remux cache `<mediaDir>/cast/` (CAST_CACHE_MAX_MB, CAST_CACHE_MAX_DAYS; defaults 4 GiB, 7 days),
   * enforced by {@link CastService.pruneCache}.
   */
  cache?: Partial<CastCacheLimits>;
  log?: (msg: string, err?: unknown) => void;
}

interface KnownDevice {
  device: CastDevice;
  iface: LocalInterface;
  transport: AvTransport;
}

interface CastSession {
  vod_id: number;
  sid: number;
  nid: number;
  title: string;
  url: string;
}

const MIME: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.ts': 'video/mp2t',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp3': 'audio/mpeg',
};

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(h) && ipaddr.parse(h).range() === 'loopback';
}

function deviceFailed(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const reason = err instanceof Error ? err.message : String(err);
  if (err instanceof UpnpRefusedError) {
    return new AppError(403, ErrorCode.forbidden, 'cast_device_refused', { address: reason });
  }
  return new AppError(502, ErrorCode.generic, 'cast_device_failed', { reason: reason.slice(0, 200) });
}

export class CastService {
  private devices = new Map<string, KnownDevice>();
  private sessions = new Map<string, CastSession>();
  private remuxing = new Map<string, Promise<string>>();

  constructor(
    private readonly content: ContentService,
    private readonly opts: CastOptions,
  ) {}

  private assertEnabled() {
    if (!this.opts.enabled) throw new AppError(403, ErrorCode.forbidden, 'cast_disabled');
  }

  private interfaces(): LocalInterface[] {
    return localInterfaces(this.opts.interfaces, this.opts.allowLoopback);
  }

  /**
   * castDiscover: search the LAN for MediaRenderers. Returns the renderers that answered and passed the local-
   * network checks (refused ones are logged and left out). Takes about `searchMs` (2 s).
   */
  async discover(): Promise<CastDevice[]> {
    this.assertEnabled();
    // Only interfaces on a private or link-local subnet: never multicast onto a public network.
    const ifaces = this.interfaces().filter((i) => !i.internal && isLanAddress(i.address));
    const answers = await mSearch({ interfaces: ifaces, mx: 1, timeoutMs: this.opts.searchMs ?? 2000 });
    const found: CastDevice[] = [];
    const seen = new Set<string>();
    await Promise.all(
      answers.map(async (a) => {
        try {
          const known = await this.addByLocation(a.location, a.from);
          if (!seen.has(known.device.id)) {
            seen.add(known.device.id);
            found.push(known.device);
          }
        } catch (err) {
          this.opts.log?.(`cast: renderer at ${a.location} (from ${a.from}) skipped`, err);
        }
      }),
    );
    return found.sort((x, y) => x.name.localeCompare(y.name) || x.ip.localeCompare(y.ip));
  }

  /**
   * Check and remember the renderer described at `location` (an SSDP LOCATION). `from`, when given, is the address
   * the SSDP answer came from and must be the LOCATION's host. Throws 403 `cast_device_refused` for a host outside
   * the server's LAN subnets, 502 when the description cannot be read or has no AVTransport.
   */
  async addByLocation(location: string, from?: string): Promise<KnownDevice> {
    let url: URL;
    try {
      url = new URL(location);
    } catch {
      throw new AppError(403, ErrorCode.forbidden, 'cast_device_refused', { address: location.slice(0, 200) });
    }
    const host = url.hostname;
    const refused = () => new AppError(403, ErrorCode.forbidden, 'cast_device_refused', { address: host });
    if (url.protocol !== 'http:' || !ipaddr.IPv4.isValidFourPartDecimal(host)) throw refused();
    if (from !== undefined && from !== host) throw refused();
    const iface = interfaceFor(host, this.interfaces());
    if (!iface) throw refused();
    let description: Awaited<ReturnType<typeof fetchDescription>>;
    try {
      description = await fetchDescription(url.href);
    } catch (err) {
      throw deviceFailed(err);
    }
    const id = createHash('sha256')
      .update(description.udn || url.href)
      .digest('hex')
      .slice(0, 16);
    const known: KnownDevice = {
      device: { id, name: description.friendlyName, ip: host, model: description.modelName },
      iface,
      transport: new AvTransport(description.avTransportControl),
    };
    this.devices.set(id, known);
    return known;
  }

  private known(id: string): KnownDevice {
    this.assertEnabled();
    const known = this.devices.get(id);
    if (!known) throw new AppError(404, ErrorCode.notFound, 'cast_device_unknown');
    // The interface may have gone since discovery: check the address again.
    const iface = interfaceFor(known.device.ip, this.interfaces());
    if (!iface) throw new AppError(403, ErrorCode.forbidden, 'cast_device_refused', { address: known.device.ip });
    known.iface = iface;
    return known;
  }

  /** The base URL of this server as seen from a device on `iface` (its address there + the listening port). */
  private baseUrlFor(iface: LocalInterface): string {
    const host = this.opts.host;
    const bound =
      host === '0.0.0.0' ||
      host === '::' ||
      host === '' ||
      host === iface.address ||
      host === `::ffff:${iface.address}`;
    const port = this.opts.port();
    if (!bound || !port) throw new AppError(409, ErrorCode.conflict, 'cast_server_unreachable');
    return `http://${iface.address}:${port}`;
  }

  /**
   * The play URL of episode `nid` of source `sid`, with getDetail's rules for `caller` (group rights and the play gate:
   * 403 `cast_play_locked` until the caller has taken a view of the title in the app); plus the title to show.
   */
  private async episode(body: CastPlayBody, caller: Caller | undefined): Promise<{ url: string; title: string }> {
    const { raw } = await this.content.detail(body.vod_id, caller);
    const detail = DetailForUserResponse.parse(JSON.parse(raw)).info;
    if (detail.permission !== 1) throw new AppError(403, ErrorCode.forbidden, 'forbidden');
    if (detail.play_locked === 1) throw new AppError(403, ErrorCode.forbidden, 'cast_play_locked');
    const source = detail.sources.find((s) => s.sid === body.sid);
    const ep = source?.episodes.find((e) => e.nid === body.nid);
    if (!ep) throw new AppError(404, ErrorCode.notFound, 'cast_episode_missing');
    const multi = (source?.episodes.length ?? 0) > 1;
    return { url: ep.url, title: multi ? `${detail.vod_name} ${ep.name}` : detail.vod_name };
  }

  /**
   * The file under mediaDir a server-relative `/media/...` URL names, or undefined when it leaves mediaDir or does
   * not exist.
   */
  private mediaFile(pathname: string): string | undefined {
    const rel = decodeURIComponent(pathname.slice('/media/'.length));
    const file = path.resolve(this.opts.mediaDir, rel);
    if (!file.startsWith(path.resolve(this.opts.mediaDir) + path.sep)) return undefined;
    return fs.existsSync(file) ? file : undefined;
  }

  /**
   * A progressive MP4 of a local HLS playlist for renderers (ffmpeg `-c copy`, cached by playlist path and mtime
   * in `<mediaDir>/cast/`); returns its `/media/cast/<hash>.mp4` path. Concurrent casts of one stream share a remux.
   */
  private remux(playlist: string): Promise<string> {
    const stat = fs.statSync(playlist);
    const key = createHash('sha256').update(`${playlist}\n${stat.mtimeMs}`).digest('hex').slice(0, 24);
    const name = `${key}.mp4`;
    const out = path.join(this.opts.mediaDir, 'cast', name);
    const rel = `/media/cast/${name}`;
    if (fs.existsSync(out)) {
      // A use: the cache's cleanup removes the least recently used files (last use = mtime).
      try {
        const now = new Date();
        fs.utimesSync(out, now, now);
        return Promise.resolve(rel);
      } catch {
        // Removed by the cleanup meanwhile: made again below.
      }
    }
    const running = this.remuxing.get(key);
    if (running) return running;
    const job = (async () => {
      fs.mkdirSync(path.dirname(out), { recursive: true });
      const tmp = `${out}.${process.pid}.tmp.mp4`;
      try {
        const bin = await findFfmpeg();
        await runFfmpeg(
          bin,
          ['-allowed_extensions', 'ALL', '-i', playlist, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy'].concat([
            '-bsf:a',
            'aac_adtstoasc',
            '-movflags',
            '+faststart',
            tmp,
          ]),
          { timeoutMs: 600_000 },
        );
        fs.renameSync(tmp, out);
        // The cache grew: back within its limits (the new file is kept).
        this.pruneCache(name).catch((err: unknown) => this.opts.log?.('cast: cache cleanup failed', err));
        return rel;
      } catch (err) {
        fs.rmSync(tmp, { force: true });
        this.opts.log?.(`cast: remuxing ${playlist} failed`, err);
        throw new AppError(500, ErrorCode.internal, 'cast_media_failed');
      } finally {
        this.remuxing.delete(key);
      }
    })();
    this.remuxing.set(key, job);
    return job;
  }

  /** The remux cache's limits: the configured ones, else 4 GiB and 7 days. */
  get cacheLimits(): CastCacheLimits {
    return {
      maxBytes: this.opts.cache?.maxBytes ?? CAST_CACHE_DEFAULT_MAX_BYTES,
      maxAgeMs: this.opts.cache?.maxAgeMs ?? CAST_CACHE_DEFAULT_MAX_AGE_MS,
    };
  }

  /**
   * Prune the remux cache `<mediaDir>/cast/` to {@link cacheLimits} ({@link pruneCastCache}): stale temporary files,
   * MP4s unused for longer than the age limit, then the least recently used ones over the size cap. What a renderer
   * is being given right now (the current cast sessions, remuxes running, `alsoKeep`) stays.
   */
  pruneCache(...alsoKeep: string[]): Promise<PruneResult> {
    const keep = new Set(alsoKeep);
    for (const session of this.sessions.values()) {
      // `/media/cast/<file>`, or signed: `/media/t/<token>/cast/<file>`.
      const m = /\/media\/(?:t\/[^/]+\/)?cast\/([^/?#]+\.mp4)(?:[?#]|$)/.exec(session.url);
      if (m?.[1]) keep.add(m[1]);
    }
    for (const key of this.remuxing.keys()) keep.add(`${key}.mp4`);
    return pruneCastCache(path.join(this.opts.mediaDir, 'cast'), this.cacheLimits, { keep });
  }

  /** The absolute URL and MIME type a renderer on `iface` is given for an episode's play URL. */
  async mediaFor(playUrl: string, iface: LocalInterface): Promise<{ url: string; mime: string }> {
    if (/^https?:\/\//i.test(playUrl)) {
      const abs = new URL(playUrl);
      // This server's own media under its public or a loopback address: serve it on the LAN address instead.
      const own = abs.origin === this.opts.publicOrigin || abs.hostname === 'localhost' || isLoopback(abs.hostname);
      if (own && abs.pathname.startsWith('/media/')) return this.mediaFor(abs.pathname, iface);
      const ext = path.extname(abs.pathname).toLowerCase();
      return { url: playUrl, mime: MIME[ext] ?? 'video/mp4' };
    }
    if (!playUrl.startsWith('/media/')) throw new AppError(404, ErrorCode.notFound, 'cast_episode_missing');
    const pathname = playUrl.split(/[?#]/)[0] ?? playUrl;
    const file = this.mediaFile(pathname);
    if (!file) throw new AppError(404, ErrorCode.notFound, 'cast_episode_missing');
    const ext = path.extname(file).toLowerCase();
    const rel = ext === '.m3u8' ? await this.remux(file) : pathname;
    const base = this.baseUrlFor(iface);
    const signed = this.opts.signMedia ? await this.opts.signMedia(rel) : rel;
    return { url: `${base}${signed}`, mime: ext === '.m3u8' ? 'video/mp4' : (MIME[ext] ?? 'video/mp4') };
  }

  /**
   * castPlay: cast an episode to a discovered renderer: SetAVTransportURI + Play, then Seek to `position` when
   * given (> 0). Returns the renderer's status right after.
   */
  async play(body: CastPlayBody, caller: Caller | undefined): Promise<CastStatus> {
    const known = this.known(body.device_id);
    const ep = await this.episode(body, caller);
    // Fail early (before a remux) when the TV could not reach this server at all.
    this.baseUrlFor(known.iface);
    const media = await this.mediaFor(ep.url, known.iface);
    try {
      // A renderer that is playing may refuse a new URI until stopped (AVTransport 705 "transport locked").
      await known.transport.stop().catch(() => undefined);
      await known.transport.setUri(media.url, didlLite({ title: ep.title, url: media.url, mime: media.mime }));
      await known.transport.play();
    } catch (err) {
      throw deviceFailed(err);
    }
    this.sessions.set(body.device_id, {
      vod_id: body.vod_id,
      sid: body.sid,
      nid: body.nid,
      title: ep.title,
      url: media.url,
    });
    if (body.position && body.position > 0) await this.seekWhenReady(known, body.position);
    return this.status(body.device_id);
  }

  /**
   * Seek once the renderer accepts it (many refuse a seek while still loading): retried every 250 ms for 10 s, then
   * given up (logged) without failing the cast.
   */
  private async seekWhenReady(known: KnownDevice, seconds: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await known.transport.seek(seconds);
        return;
      } catch (err) {
        // The cast itself runs: a renderer that cannot seek just starts from the beginning.
        if (Date.now() > deadline) {
          this.opts.log?.('cast: seeking to the start position failed', err);
          return;
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** castControl: play, pause, stop (ends the cast: spec §4 "exit") or seek to `position` seconds. */
  async control(body: CastControlBody): Promise<CastStatus> {
    const known = this.known(body.device_id);
    if (body.action === 'seek' && body.position === undefined) {
      throw new AppError(400, ErrorCode.validation, 'cast_seek_position', {}, 'position');
    }
    try {
      if (body.action === 'play') await known.transport.play();
      else if (body.action === 'pause') await known.transport.pause();
      else if (body.action === 'stop') await known.transport.stop();
      else await known.transport.seek(body.position ?? 0);
    } catch (err) {
      throw deviceFailed(err);
    }
    const status = await this.status(body.device_id);
    if (body.action === 'stop') this.sessions.delete(body.device_id);
    return status;
  }

  /** castStatus: GetTransportInfo + GetPositionInfo of a discovered renderer. */
  async status(deviceId: string): Promise<CastStatus> {
    const known = this.known(deviceId);
    try {
      const state = await known.transport.transportState();
      const pos = await known.transport.position();
      const session = this.sessions.get(deviceId);
      return {
        device: known.device,
        state,
        position: pos.position,
        duration: pos.duration,
        vod_id: session?.vod_id ?? 0,
        sid: session?.sid ?? 0,
        nid: session?.nid ?? 0,
        title: session?.title ?? '',
        url: session?.url ?? pos.uri,
      };
    } catch (err) {
      throw deviceFailed(err);
    }
  }
}
