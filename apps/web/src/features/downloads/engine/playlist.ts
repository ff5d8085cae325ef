/**
 * Reading an episode's HLS address into a download plan (research/offline.md §5 items 1-3 and 7; spec §7 "offline
 * download": playlist and segment files, nested playlists, encryption keys, a local playlist).
 *
 * - A master playlist: the variant with the highest BANDWIDTH whose height fits the user's cap ({@link QUALITY_HEIGHT};
 *   a variant without RESOLUTION counts as fitting; audio-only variants only when nothing else is offered), else the
 *   lowest one; plus its default demuxed AUDIO rendition (one with a URI), if any.
 * - Refused with kind `unsupported` ('This video does not currently support caching!'): not a playlist, a live one
 *   (no EXT-X-ENDLIST), a key method other than NONE/AES-128, a KEYFORMAT other than identity, a byte range whose
 *   offset cannot be resolved (hls-parser's lenient mode leaves it at -1), no segments.
 * - The plan: de-duplicated resources (segments and EXT-X-MAP init sections by URI + byte range + key, keys by URI),
 *   named by position (`res-00042.ts`), and the local playlists (hls-parser `stringify`) that point at
 *   `offline://<taskId>/<name>`: no EXT-X-KEY (segments are decrypted while downloading), MAP, BYTERANGE (rewritten to
 *   the local resource: `length@0`), DISCONTINUITY, MEDIA-SEQUENCE and ENDLIST kept. A master with a demuxed audio
 *   rendition becomes a local master `index.m3u8` over `video.m3u8` and `audio.m3u8`; otherwise `index.m3u8` is the
 *   media playlist itself.
 */
import { parse, setOptions, stringify, types } from 'hls-parser';
import { DownloadError } from './errors';
import type { DownloadQuality } from './types';

/** The highest picture height each cap allows (spec §9 download quality). */
export const QUALITY_HEIGHT: Record<DownloadQuality, number> = {
  standard: 480,
  high: 720,
  highest: Number.POSITIVE_INFINITY,
};

/** The scheme the local playlists use; served by engine/offlineLoader.ts. */
export const OFFLINE_SCHEME = 'offline:';

/** One thing to fetch and store (a segment or an init section). */
export interface PlannedResource {
  /** Absolute remote address. */
  url: string;
  /** The remote byte range (EXT-X-BYTERANGE or MAP BYTERANGE), in bytes. */
  range?: { offset: number; length: number };
  /** Local name under `offline://<taskId>/`, by position: `res-00042.ts`. */
  name: string;
  /** AES-128: index into {@link DownloadPlan.keys}. */
  key?: number;
  /** AES-128: the IV, 32 hex digits (from the playlist, else the media sequence number). */
  iv?: string;
}

/** What a task downloads and the local playlists that play it (stored with the task, see store.ts). */
export interface DownloadPlan {
  resources: PlannedResource[];
  /** AES-128 key addresses, each fetched once per run (the stored copy needs none). */
  keys: string[];
  /** Local playlists by name (`index.m3u8`, and `video.m3u8` + `audio.m3u8` for a stream with demuxed audio). */
  playlists: Record<string, string>;
  /** BANDWIDTH (bit/s) × duration (s) / 8 of the chosen variant, in bytes; 0 when the playlist gives no bandwidth. */
  estimatedBytes: number;
}

/** Loads a playlist's text; resolves with the address relative URIs resolve against (after redirects). */
export type LoadText = (url: string) => Promise<{ text: string; url: string }>;

// Lenient parsing (hls-parser's default), without its console output: the engine validates what it relies on.
setOptions({ silent: true });

function unsupported(why: string): DownloadError {
  return new DownloadError('unsupported', why);
}

/** Parses a playlist's text; anything that is not an HLS playlist is refused (`unsupported`). */
export function parsePlaylist(text: string): types.MasterPlaylist | types.MediaPlaylist {
  if (!/^\uFEFF?\s*#EXTM3U/.test(text)) throw unsupported('not an HLS playlist');
  try {
    return parse(text);
  } catch (error) {
    throw unsupported(`unreadable playlist: ${(error as Error).message}`);
  }
}

const VIDEO_CODEC = /avc|hvc|hev|vp0?8|vp0?9|av01|dvh|dva|mp4v/i;

function isAudioOnly(variant: types.Variant): boolean {
  return !variant.resolution && Boolean(variant.codecs) && !VIDEO_CODEC.test(variant.codecs ?? '');
}

/**
 * The variant to download under `quality`: the highest BANDWIDTH whose height is at most the cap (no RESOLUTION
 * counts as fitting), else the lowest BANDWIDTH of all. I-frame variants never; audio-only ones only if nothing else.
 */
export function pickVariant(master: types.MasterPlaylist, quality: DownloadQuality): types.Variant {
  const playable = master.variants.filter((v) => !v.isIFrameOnly && v.uri);
  const withVideo = playable.filter((v) => !isAudioOnly(v));
  const pool = withVideo.length > 0 ? withVideo : playable;
  if (pool.length === 0) throw unsupported('master playlist without variants');
  const cap = QUALITY_HEIGHT[quality];
  const fits = pool.filter((v) => (v.resolution?.height ?? 0) <= cap);
  const byBandwidth = (a: types.Variant, b: types.Variant) => (a.bandwidth ?? 0) - (b.bandwidth ?? 0);
  const sorted = [...(fits.length > 0 ? fits : pool)].sort(byBandwidth);
  return (fits.length > 0 ? sorted.at(-1) : sorted[0]) as types.Variant;
}

/** The variant's demuxed audio rendition to download: the default one of its group with a URI, else the first. */
export function pickAudio(variant: types.Variant): types.Rendition | undefined {
  const withUri = variant.audio.filter((r) => r.uri);
  return withUri.find((r) => r.isDefault) ?? withUri[0];
}

/** The media sequence number as a 128-bit big-endian IV, 32 hex digits (RFC 8216 §5.2). */
export function sequenceIv(sequence: number): string {
  return BigInt(sequence).toString(16).padStart(32, '0');
}

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** Refuses what the engine cannot store (see the module comment). */
export function validateMedia(playlist: types.MediaPlaylist): void {
  if (!playlist.endlist) throw unsupported('live playlist (no EXT-X-ENDLIST)');
  if (playlist.segments.length === 0) throw unsupported('playlist without segments');
  for (const segment of playlist.segments) {
    const key = segment.key;
    if (key && key.method !== 'NONE') {
      if (key.method !== 'AES-128') throw unsupported(`key method ${key.method}`);
      if (key.format && key.format !== 'identity') throw unsupported(`key format ${key.format}`);
      if (!key.uri) throw unsupported('AES-128 key without URI');
    }
    for (const range of [segment.byterange, segment.map?.byterange]) {
      if (range && !(range.offset >= 0 && range.length > 0)) throw unsupported('unresolvable byte range');
    }
    if (!segment.uri) throw unsupported('segment without URI');
  }
}

function extension(url: string, fallback: string): string {
  const match = /\.([a-z0-9]{2,4})$/i.exec(new URL(url).pathname);
  return match ? (match[1] as string).toLowerCase() : fallback;
}

/** Collects de-duplicated resources and keys over one or more media playlists. */
class PlanBuilder {
  readonly resources: PlannedResource[] = [];
  readonly keys: string[] = [];
  private readonly byId = new Map<string, number>();
  private readonly keyIndex = new Map<string, number>();

  constructor(private readonly base: string) {}

  local(name: string): string {
    return `${this.base}${name}`;
  }

  key(url: string): number {
    let index = this.keyIndex.get(url);
    if (index === undefined) {
      index = this.keys.length;
      this.keys.push(url);
      this.keyIndex.set(url, index);
    }
    return index;
  }

  resource(
    url: string,
    range: types.Byterange | undefined,
    crypt: { key: number; iv: string } | undefined,
    ext: string,
  ) {
    const id = `${url}|${range ? `${range.offset}:${range.length}` : ''}|${crypt ? `${crypt.key}:${crypt.iv}` : ''}`;
    let index = this.byId.get(id);
    if (index === undefined) {
      index = this.resources.length;
      const name = `res-${String(index).padStart(5, '0')}.${ext}`;
      const entry: PlannedResource = { url, name };
      if (range) entry.range = { offset: range.offset, length: range.length };
      if (crypt) {
        entry.key = crypt.key;
        entry.iv = crypt.iv;
      }
      this.resources.push(entry);
      this.byId.set(id, index);
    }
    return this.resources[index] as PlannedResource;
  }

  /** Plans one validated media playlist (fetched from `url`) and returns its local text. */
  media(playlist: types.MediaPlaylist, url: string): string {
    validateMedia(playlist);
    const segments = playlist.segments.map((segment) => {
      const key = segment.key && segment.key.method === 'AES-128' ? segment.key : undefined;
      const keyIndex = key?.uri ? this.key(new URL(key.uri, url).href) : undefined;
      const crypt =
        keyIndex === undefined
          ? undefined
          : { key: keyIndex, iv: key?.iv ? hex(key.iv) : sequenceIv(segment.mediaSequenceNumber) };
      const remote = new URL(segment.uri, url).href;
      const stored = this.resource(remote, segment.byterange, crypt, extension(remote, 'ts'));
      let map: types.MediaInitializationSection | undefined;
      if (segment.map) {
        const mapUrl = new URL(segment.map.uri, url).href;
        // An encrypted init section must carry an explicit IV (RFC 8216 §4.3.2.4); a key without one is the
        // segments' only (ffmpeg writes its EXT-X-KEY after the MAP).
        const mapCrypt = crypt && key?.iv ? crypt : undefined;
        const init = this.resource(mapUrl, segment.map.byterange, mapCrypt, extension(mapUrl, 'mp4'));
        map = new types.MediaInitializationSection({
          uri: this.local(init.name),
          byterange: init.range ? { offset: 0, length: init.range.length } : undefined,
        });
      }
      return new types.Segment({
        uri: this.local(stored.name),
        duration: segment.duration,
        title: segment.title,
        byterange: stored.range ? { offset: 0, length: stored.range.length } : undefined,
        discontinuity: segment.discontinuity,
        mediaSequenceNumber: segment.mediaSequenceNumber,
        discontinuitySequence: segment.discontinuitySequence,
        map,
        programDateTime: segment.programDateTime,
      });
    });
    const local = new types.MediaPlaylist({
      // hls-parser writes EXTINF as integers below version 3.
      version: Math.max(3, playlist.version ?? 0),
      independentSegments: playlist.independentSegments,
      targetDuration: playlist.targetDuration,
      mediaSequenceBase: playlist.mediaSequenceBase,
      discontinuitySequenceBase: playlist.discontinuitySequenceBase,
      playlistType: 'VOD',
      endlist: true,
      segments,
    });
    return stringify(local);
  }
}

function duration(playlist: types.MediaPlaylist): number {
  return playlist.segments.reduce((sum, segment) => sum + (segment.duration || 0), 0);
}

async function loadMedia(load: LoadText, url: string): Promise<{ playlist: types.MediaPlaylist; url: string }> {
  const { text, url: base } = await load(url);
  const playlist = parsePlaylist(text);
  if (playlist.isMasterPlaylist) throw unsupported('a variant playlist is itself a master playlist');
  return { playlist, url: base };
}

/**
 * Reads `address` (master or media playlist) and plans the task `taskId`. Errors: {@link DownloadError} `unsupported`
 * as above, and whatever `load` throws (`bad_address`, `failed`; see fetcher.ts).
 */
export async function planDownload(
  address: string,
  quality: DownloadQuality,
  taskId: string,
  load: LoadText,
): Promise<DownloadPlan> {
  const builder = new PlanBuilder(`offline://${taskId}/`);
  const top = await load(address);
  const parsed = parsePlaylist(top.text);
  if (!parsed.isMasterPlaylist) {
    const index = builder.media(parsed, top.url);
    return { resources: builder.resources, keys: builder.keys, playlists: { 'index.m3u8': index }, estimatedBytes: 0 };
  }
  const variant = pickVariant(parsed, quality);
  const rendition = pickAudio(variant);
  const video = await loadMedia(load, new URL(variant.uri, top.url).href);
  const audio = rendition?.uri ? await loadMedia(load, new URL(rendition.uri, top.url).href) : undefined;
  const videoText = builder.media(video.playlist, video.url);
  const estimatedBytes = Math.round(((variant.bandwidth ?? 0) * duration(video.playlist)) / 8);
  if (!audio || !rendition) {
    return {
      resources: builder.resources,
      keys: builder.keys,
      playlists: { 'index.m3u8': videoText },
      estimatedBytes,
    };
  }
  const audioText = builder.media(audio.playlist, audio.url);
  const localAudio = new types.Rendition({
    type: 'AUDIO',
    uri: builder.local('audio.m3u8'),
    groupId: rendition.groupId,
    name: rendition.name,
    language: rendition.language,
    channels: rendition.channels,
    isDefault: true,
    autoselect: true,
    forced: undefined as unknown as boolean,
  });
  const master = new types.MasterPlaylist({
    version: parsed.version,
    independentSegments: parsed.independentSegments,
    variants: [
      new types.Variant({
        uri: builder.local('video.m3u8'),
        bandwidth: variant.bandwidth,
        averageBandwidth: variant.averageBandwidth,
        codecs: variant.codecs,
        resolution: variant.resolution,
        frameRate: variant.frameRate,
        audio: [localAudio],
      }),
    ],
  });
  return {
    resources: builder.resources,
    keys: builder.keys,
    playlists: { 'index.m3u8': stringify(master), 'video.m3u8': videoText, 'audio.m3u8': audioText },
    estimatedBytes,
  };
}
