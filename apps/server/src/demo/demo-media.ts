/**
 * Demo media: the HLS streams, posters, slides and wallpapers that `apps/server/demo/demo-feed.json` references.
 *
 * Everything is synthesised with ffmpeg from lavfi test sources (no downloads): H.264 (libx264 main, yuv420p, a key
 * frame every 2 s, no scene-cut key frames) + AAC in MPEG-TS HLS with 2 s segments and `#EXT-X-PLAYLIST-TYPE:VOD`.
 * The feed's URLs are server-relative `/media/demo/...`; the server serves `DATA_DIR/media` at `/media/`, so
 * `/media/demo/x` is `<mediaDir>/demo/x` on disk.
 *
 * Layout of `<mediaDir>/demo/`:
 * - `pool/<name>/index.m3u8`: a small pool of 640×360 (and two 360×640 vertical) streams shared by most titles;
 * - `small/<slug>/index.m3u8`: one 360×640, 7 s vertical clip per small video (小视频) that asks for one;
 * - `playlets/<slug>/epNN/index.m3u8`: 360×640, 6 s vertical episodes of the playlets (短剧), each with its episode
 *   number drawn large (when drawtext is available; digits only, no words on any demo picture) and its own hue;
 * - `changanyexinglu/epNN/index.m3u8`: the 12-episode series, one distinct stream per episode;
 * - `xinghaishiguang/index.m3u8`: master playlist of two renditions `r720p/` (1280×720) and `r360p/` (640×360);
 * - `yuebeihuisheng/index.m3u8`: AES-128 encrypted stream (key `enc.key` next to the playlist);
 * - `posters/<vod_en>.jpg` (300×420; wallpaper titles 540×960 previews), `slides/<vod_en>.jpg` (1280×540, titles
 *   with `vod_level` 9), `wallpapers/<name>.jpg` (1080×1920 JPEG drawn with sharp, wallpapers.ts: the play URL of a
 *   壁纸 title), `stills/live-<channel>.jpg` (1280×720 test card, the poster source of a live channel),
 *   `covers/day.jpg` (1080×1920, the demo day cover, {@link DEMO_DAY_COVER_URL});
 * - `manifest.json`: written last: version, feed hash, the list of files (the cache key of {@link ensureDemoMedia})
 *   and, per generation job, its recipe hash and files, so that a later version only regenerates what changed.
 *
 * Live channels (`/media/live/<channel>/index.m3u8` in the feed) are not generated here: live-demo.ts runs ffmpeg
 * for them while the server runs; this module only makes their posters.
 */

import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSharp } from '../lib/sharp.ts';
import { findFfmpeg, listFfmpegFilters, runFfmpeg } from '../modules/media/index.ts';
import { designFor, renderDayCover, renderWallpaper, WALLPAPER_SIZE } from './wallpapers.ts';

/** Absolute path of the demo feed (a MacCMS `ac=detail` JSON response), `apps/server/demo/demo-feed.json`. */
export const DEMO_FEED_PATH = fileURLToPath(new URL('../../demo/demo-feed.json', import.meta.url));

/** Bump when the generated media change (layout, encoding, sources): cached sets of another version are rebuilt. */
export const DEMO_MEDIA_VERSION = 3;

/** Salt of the per-job recipe hashes: bump when code behind a recipe changes (encoder settings, the wallpaper drawing). */
const JOB_SALT = 'openvod-demo-job-3';

/** URL prefix of the demo media in the feed; maps to `<mediaDir>/demo/`. */
export const DEMO_URL_PREFIX = '/media/demo/';

/** URL prefix of live channels (live-demo.ts): `/media/live/<channel>/index.m3u8` is `<mediaDir>/live/<channel>/`. */
export const LIVE_URL_PREFIX = '/media/live/';

/** Path of the demo day cover inside the demo set, and its URL (seeded into the day-cover table). */
export const DEMO_DAY_COVER_REL = 'covers/day.jpg';
export const DEMO_DAY_COVER_URL = `${DEMO_URL_PREFIX}${DEMO_DAY_COVER_REL}`;

/** `vod_en` of the titles with special streams (also their directory names under `<mediaDir>/demo/`). */
export const DEMO_SPECIAL_TITLES = {
  /** 12 episodes, `<slug>/ep01` … `<slug>/ep12`, each a distinct stream. */
  series12: 'changanyexinglu',
  /** `<slug>/index.m3u8` is a master playlist with renditions `r720p` and `r360p`. */
  master: 'xinghaishiguang',
  /** `<slug>/index.m3u8` is AES-128 encrypted with `<slug>/enc.key`. */
  aes: 'yuebeihuisheng',
} as const;

/** Options of {@link ensureDemoMedia}. */
export interface EnsureDemoMediaOptions {
  /** `DATA_DIR/media`: the demo set lives in `<mediaDir>/demo/`. Created if missing. */
  mediaDir: string;
  /** Progress messages (one line each). */
  log?: (msg: string) => void;
  /** Feed whose references are generated. Default {@link DEMO_FEED_PATH}. */
  feedPath?: string;
}

/** Result of {@link ensureDemoMedia}. */
export interface DemoMediaResult {
  /** True when ffmpeg ran; false when a valid cached set was found. */
  generated: boolean;
  /** Wall-clock duration of the call in milliseconds. */
  ms: number;
  /** Generation jobs run (ffmpeg/sharp) and reused from the previous set (same recipe); 0 when cached. */
  ran?: number;
  reused?: number;
}

/** Shape of `<mediaDir>/demo/manifest.json`. */
export interface DemoManifest {
  version: number;
  /** SHA-256 (hex) of the feed file the set was generated from. */
  feedSha256: string;
  /** SHA-256 (hex) of the generation plan (all recipes), see planHash. */
  planSha256?: string;
  generatedAt: string;
  /** Files of the set, relative to `<mediaDir>/demo/`, `/`-separated, sorted (the manifest itself excluded). */
  files: string[];
  /** Recipe hash of each generation job -> the files it made (reused by a later run with the same recipe). */
  jobs?: Record<string, string[]>;
}

const FPS = 25;
const GOP = 2 * FPS; // a key frame every 2 s = the HLS segment duration
const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const MAX_PARALLEL = 2;
const STALE_MS = 60 * 60 * 1000;

type StreamKind = 'plain' | 'aes' | 'master';

interface StreamSpec {
  /** Directory relative to the demo root. */
  dir: string;
  kind: StreamKind;
  /** lavfi source graph producing width×height at FPS. */
  source: (w: number, h: number) => string;
  width: number;
  height: number;
  seconds: number;
  /** Sine tone frequency (Hz). */
  tone: number;
  /** The stream's name (its recipe; not drawn: the pictures carry no words). */
  label: string;
  /** Large centred text (episode number). */
  banner?: string;
  /** Show the banner only for the first this many seconds (posters are then cut after it). Default: all along. */
  bannerSeconds?: number;
}

/** lavfi sources. Only filters present in both Debian's ffmpeg 5.1 and the 2018 @ffmpeg-installer build. */
const SOURCES = {
  testsrc2: (w: number, h: number) => `testsrc2=size=${w}x${h}:rate=${FPS}`,
  bars: (w: number, h: number) => `smptehdbars=size=${w}x${h}:rate=${FPS}`,
  mandelbrot: (w: number, h: number) => `mandelbrot=size=${w}x${h}:rate=${FPS}`,
  life: (w: number, h: number) =>
    `life=size=${w / 4}x${h / 4}:rate=${FPS}:seed=7:ratio=0.3:mold=12:life_color=0x7CFC8A:death_color=0x0B2E1A:` +
    `mold_color=0x123044,scale=${w}:${h}:flags=neighbor`,
  cellauto: (w: number, h: number) =>
    `cellauto=size=${w / 2}x${h / 2}:rate=${FPS}:rule=110:seed=11,scale=${w}:${h}:flags=neighbor,format=rgb24,` +
    'lutrgb=r=val*0.25:g=val*0.7:b=val',
  testsrc: (w: number, h: number) => `testsrc=size=${w}x${h}:rate=${FPS}`,
  plasma: (w: number, h: number) =>
    `nullsrc=size=${w / 4}x${h / 4}:rate=${FPS},geq=r='128+127*sin(X/9+T*2)':g='128+127*sin(Y/7-T*1.5+2)':` +
    `b='128+127*sin((X+Y)/11+T+4)',scale=${w}:${h}:flags=bicubic`,
} satisfies Record<string, (w: number, h: number) => string>;

function buildStreamSpecs(): StreamSpec[] {
  const specs: StreamSpec[] = [];
  const pool: [keyof typeof SOURCES, number][] = [
    ['mandelbrot', 330],
    ['life', 523],
    ['plasma', 659],
    ['testsrc2', 440],
    ['bars', 880],
    ['cellauto', 262],
    ['testsrc', 587],
  ];
  for (const [name, tone] of pool) {
    specs.push({
      dir: `pool/${name}`,
      kind: 'plain',
      source: SOURCES[name],
      width: 640,
      height: 360,
      seconds: 12,
      tone,
      label: name,
    });
  }
  specs.push({
    dir: 'pool/vertical-a',
    kind: 'plain',
    source: (w, h) => `${SOURCES.testsrc2(w, h)},hue=h=120`,
    width: 360,
    height: 640,
    seconds: 10,
    tone: 740,
    label: 'vertical-a',
  });
  specs.push({
    dir: 'pool/vertical-b',
    kind: 'plain',
    source: SOURCES.plasma,
    width: 360,
    height: 640,
    seconds: 10,
    tone: 494,
    label: 'vertical-b',
  });
  const { series12, master, aes } = DEMO_SPECIAL_TITLES;
  specs.push({
    dir: master,
    kind: 'master',
    source: (w, h) => `${SOURCES.testsrc2(w, h)},hue=h=200`,
    width: 1280,
    height: 720,
    seconds: 12,
    tone: 392,
    label: master,
  });
  specs.push({
    dir: aes,
    kind: 'aes',
    source: (w, h) =>
      `cellauto=size=${w / 2}x${h / 2}:rate=${FPS}:rule=30:seed=5,scale=${w}:${h}:flags=neighbor,format=rgb24,` +
      'lutrgb=r=val:g=val*0.55:b=val*0.15',
    width: 640,
    height: 360,
    seconds: 12,
    tone: 349,
    label: `${aes} AES-128`,
  });
  for (let ep = 1; ep <= 12; ep++) {
    const nn = String(ep).padStart(2, '0');
    specs.push({
      dir: `${series12}/ep${nn}`,
      kind: 'plain',
      source: (w, h) => `${SOURCES.testsrc2(w, h)}${ep > 1 ? `,hue=h=${(ep - 1) * 30}` : ''}`,
      width: 640,
      height: 360,
      seconds: 8,
      tone: 300 + ep * 30,
      label: `${series12} EP${nn}`,
      banner: nn,
    });
  }
  return specs;
}

/** Playlists (relative to the demo root) that a stream spec produces and the feed may reference. */
function streamPlaylists(spec: StreamSpec): string[] {
  if (spec.kind === 'master') {
    return [`${spec.dir}/index.m3u8`, `${spec.dir}/r720p/index.m3u8`, `${spec.dir}/r360p/index.m3u8`];
  }
  return [`${spec.dir}/index.m3u8`];
}

/** Sources of the generated vertical clips (small videos and playlets), picked by a hash of the slug (cheap ones). */
const VERTICAL_SOURCES: Array<(w: number, h: number) => string> = [
  SOURCES.life,
  SOURCES.cellauto,
  (w, h) => `${SOURCES.testsrc2(w, h)},hue=h=140`,
  (w, h) => `${SOURCES.testsrc(w, h)},hue=s=0.6`,
  SOURCES.bars,
];

function slugHash(slug: string): number {
  return createHash('sha256').update(slug).digest().readUInt16LE(0);
}

/** A 360×640, 7 s vertical clip of a small video: `small/<slug>/index.m3u8`. */
function smallClipSpec(slug: string): StreamSpec {
  const h = slugHash(slug);
  const source = VERTICAL_SOURCES[h % VERTICAL_SOURCES.length] ?? SOURCES.plasma;
  return {
    dir: `small/${slug}`,
    kind: 'plain',
    source: (w, hh) => `${source(w, hh)},hue=h=${(h >> 4) % 360}`,
    width: 360,
    height: 640,
    seconds: 7,
    tone: 300 + (h % 500),
    label: slug.slice(0, 18),
  };
}

/**
 * Episode `ep` of a playlet: `playlets/<slug>/epNN/index.m3u8`, 360×640, 6 s, own hue, its number `NN` large for
 * the first 2 s.
 */
function playletEpisodeSpec(slug: string, ep: number): StreamSpec {
  const h = slugHash(slug);
  const source = VERTICAL_SOURCES[h % VERTICAL_SOURCES.length] ?? SOURCES.plasma;
  const nn = String(ep).padStart(2, '0');
  return {
    dir: `playlets/${slug}/ep${nn}`,
    kind: 'plain',
    source: (w, hh) => `${source(w, hh)},hue=h=${((h >> 4) + ep * 47) % 360}`,
    width: 360,
    height: 640,
    seconds: 6,
    tone: 330 + ep * 40,
    label: `${slug.slice(0, 14)} EP${nn}`,
    banner: nn,
    bannerSeconds: 2,
  };
}

/** Pictures made without a video source: wallpapers (sharp), live test cards (ffmpeg) and the day cover (sharp). */
type Still =
  /** A wallpaper and its smaller previews (the titles' posters, resized by sharp: no ffmpeg run per poster). */
  | { kind: 'wallpaper'; name: string; previews: { out: string; width: number; height: number }[] }
  | { kind: 'live'; channel: string }
  | { kind: 'cover' };

interface FeedItem {
  vod_id: number;
  vod_name: string;
  vod_sub: string;
  vod_en: string;
  vod_pic: string;
  vod_pic_slide: string;
  vod_play_url: string;
}

/** Where a poster/slide frame is cut from. */
interface FrameSource {
  /** Input path relative to the demo root. */
  input: string;
  inputArgs: string[];
  frames: number;
  /** Job that must finish first: `stream:<dir>` or `still:<rel>`. */
  after: string;
  /** What the source is: a stream, a wallpaper (posters are previews: no text, 9:16) or another still. */
  kind: 'stream' | 'wallpaper' | 'still';
  /** First frame worth a poster (after a temporary banner). */
  minFrame: number;
}

interface ImageJob {
  out: string;
  width: number;
  height: number;
  frame: number;
  hue: number;
  /** Crop position in [0, 1] along the axis that is cut. */
  pos: number;
}

/** The feed's `/media/demo/...` references, validated against what the generator makes, plus the image jobs. */
interface Plan {
  streams: StreamSpec[];
  stills: Map<string, Still>; // rel -> what to draw
  images: Map<string, { source: FrameSource; jobs: ImageJob[] }>; // keyed by source input
  referenced: Set<string>;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Parse the feed file's items (the fields the generator needs). Throws on a malformed feed. */
function parseFeed(text: string, feedPath: string): FeedItem[] {
  const data = JSON.parse(text) as { list?: unknown };
  if (!Array.isArray(data.list)) throw new Error(`${feedPath}: no "list" array`);
  return data.list.map((raw: unknown, i) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const id = Number(r.vod_id);
    if (!Number.isInteger(id)) throw new Error(`${feedPath}: list[${i}] has no integer vod_id`);
    return {
      vod_id: id,
      vod_name: str(r.vod_name),
      vod_sub: str(r.vod_sub),
      vod_en: str(r.vod_en),
      vod_pic: str(r.vod_pic),
      vod_pic_slide: str(r.vod_pic_slide),
      vod_play_url: str(r.vod_play_url),
    };
  });
}

/** All episode URLs of a MacCMS `vod_play_url` (sources on `$$$`, episodes on `#`, `name$url`). */
function playUrls(playUrl: string): string[] {
  const urls: string[] = [];
  for (const source of playUrl.split('$$$')) {
    for (const token of source.replace(/\r\n|\r|\n/g, '#').split('#')) {
      const t = token.trim();
      if (t === '') continue;
      const parts = t.split('$');
      const url = (parts.length === 1 ? parts[0] : parts[1])?.trim() ?? '';
      if (url !== '') urls.push(url);
    }
  }
  return urls;
}

const REL_RE = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;

/** `/media/demo/a/b` -> `a/b`; throws for anything outside the demo tree. */
function demoRel(url: string, where: string): string {
  if (!url.startsWith(DEMO_URL_PREFIX)) throw new Error(`${where}: ${url} is not under ${DEMO_URL_PREFIX}`);
  const rel = url.slice(DEMO_URL_PREFIX.length);
  if (!REL_RE.test(rel) || rel.includes('..')) throw new Error(`${where}: bad demo media path ${url}`);
  return rel;
}

/** ASCII-only text safe inside a quoted drawtext value. */
function drawtextSafe(text: string): string {
  return text
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function buildPlan(items: FeedItem[], feedPath: string): Plan {
  const streams = buildStreamSpecs();
  const byPlaylist = new Map<string, StreamSpec>();
  const addStream = (spec: StreamSpec) => {
    streams.push(spec);
    for (const pl of streamPlaylists(spec)) byPlaylist.set(pl, spec);
  };
  for (const spec of streams) for (const pl of streamPlaylists(spec)) byPlaylist.set(pl, spec);
  /** Streams made on demand for the URLs the feed uses: small-video clips and playlet episodes. */
  const dynamicStream = (rel: string): StreamSpec | undefined => {
    const small = /^small\/([a-z0-9][a-z0-9-]{0,62})\/index\.m3u8$/.exec(rel);
    if (small?.[1]) return smallClipSpec(small[1]);
    const ep = /^playlets\/([a-z0-9][a-z0-9-]{0,62})\/ep(\d{2})\/index\.m3u8$/.exec(rel);
    if (ep?.[1] && Number(ep[2]) >= 1) return playletEpisodeSpec(ep[1], Number(ep[2]));
    return undefined;
  };
  const stills = new Map<string, Still>();
  stills.set(DEMO_DAY_COVER_REL, { kind: 'cover' });
  const images = new Map<string, { source: FrameSource; jobs: ImageJob[] }>();
  const referenced = new Set<string>();
  const outputs = new Set<string>();

  const frameSourceOf = (rel: string): FrameSource => {
    const spec = byPlaylist.get(rel);
    if (spec) {
      const input = spec.kind === 'master' ? `${spec.dir}/r720p/index.m3u8` : `${spec.dir}/index.m3u8`;
      // The hls demuxer refuses the `.key` extension unless allowed (toolchain.md §8).
      const inputArgs = spec.kind === 'aes' ? ['-allowed_extensions', 'ALL'] : [];
      const minFrame = spec.bannerSeconds ? spec.bannerSeconds * FPS + 4 : 8;
      return { input, inputArgs, frames: spec.seconds * FPS, after: `stream:${spec.dir}`, kind: 'stream', minFrame };
    }
    const still = stills.get(rel);
    if (still) {
      const kind = still.kind === 'wallpaper' ? 'wallpaper' : 'still';
      return { input: rel, inputArgs: [], frames: 1, after: `still:${rel}`, kind, minFrame: 0 };
    }
    throw new Error(`no frame source for ${rel}`);
  };
  const addImage = (source: FrameSource, job: ImageJob) => {
    if (outputs.has(job.out)) return;
    outputs.add(job.out);
    let group = images.get(source.input);
    if (!group) {
      group = { source, jobs: [] };
      images.set(source.input, group);
    }
    group.jobs.push(job);
  };

  const urlsOf = new Map<FeedItem, string[]>();
  for (const item of items) {
    const where = `${feedPath}: vod_id ${item.vod_id}`;
    const urls: string[] = [];
    for (const url of playUrls(item.vod_play_url)) {
      if (url.startsWith(LIVE_URL_PREFIX)) {
        // A live channel: streamed by live-demo.ts; its poster is cut from a generated test card.
        const m = /^\/media\/live\/([a-z0-9][a-z0-9-]{0,62})\/index\.m3u8$/.exec(url);
        if (!m?.[1]) throw new Error(`${where}: bad live channel URL ${url}`);
        const rel = `stills/live-${m[1]}.jpg`;
        stills.set(rel, { kind: 'live', channel: m[1] });
        referenced.add(rel);
        urls.push(rel);
        continue;
      }
      const rel = demoRel(url, where);
      if (rel.endsWith('.m3u8')) {
        if (!byPlaylist.has(rel)) {
          const spec = dynamicStream(rel);
          if (!spec) throw new Error(`${where}: the generator makes no stream ${rel}`);
          addStream(spec);
        }
      } else if (/^wallpapers\/[a-z0-9_-]+\.jpg$/.test(rel)) {
        if (!stills.has(rel)) {
          stills.set(rel, { kind: 'wallpaper', name: rel.slice('wallpapers/'.length, -'.jpg'.length), previews: [] });
        }
      } else {
        throw new Error(`${where}: the generator makes no ${rel}`);
      }
      referenced.add(rel);
      urls.push(rel);
    }
    if (urls.length === 0) throw new Error(`${where}: no play URL`);
    urlsOf.set(item, urls);
  }

  for (const item of items) {
    const where = `${feedPath}: vod_id ${item.vod_id}`;
    const urls = urlsOf.get(item) ?? [];
    const first = urls[0] ?? '';
    const source = frameSourceOf(first);
    const gallery = source.kind === 'wallpaper';
    const v = item.vod_id;
    const frameAt = (salt: number) =>
      source.frames <= 16 ? 0 : source.minFrame + ((v * 37 + salt) % (source.frames - source.minFrame - 8));
    const hue = gallery || v % 3 === 0 ? 0 : (v * 67) % 360;
    const pos = ((v * 29) % 101) / 100;

    const pic = demoRel(item.vod_pic, `${where} vod_pic`);
    if (!/^posters\/[a-z0-9_-]+\.jpg$/.test(pic))
      throw new Error(`${where}: vod_pic must be ${DEMO_URL_PREFIX}posters/<slug>.jpg`);
    referenced.add(pic);
    const still = stills.get(first);
    if (still?.kind === 'wallpaper') {
      if (!outputs.has(pic)) still.previews.push({ out: pic, width: 540, height: 960 });
      outputs.add(pic);
    } else {
      addImage(source, { out: pic, width: 300, height: 420, frame: frameAt(0), hue, pos });
    }

    if (item.vod_pic_slide !== '') {
      const slide = demoRel(item.vod_pic_slide, `${where} vod_pic_slide`);
      if (!/^slides\/[a-z0-9_-]+\.jpg$/.test(slide))
        throw new Error(`${where}: vod_pic_slide must be ${DEMO_URL_PREFIX}slides/<slug>.jpg`);
      referenced.add(slide);
      addImage(source, { out: slide, width: 1280, height: 540, frame: frameAt(101), hue, pos: 0.5 });
    }
  }
  referenced.add(DEMO_DAY_COVER_REL);
  return { streams, stills, images, referenced };
}

/** Runs at most `max` tasks at once, FIFO; after {@link abort} queued tasks reject without running. */
class Limiter {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private aborted: Error | undefined;
  constructor(private readonly max: number) {}

  abort(err: Error): void {
    this.aborted ??= err;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++;
    else await new Promise<void>((resolve) => this.queue.push(resolve)); // the slot is handed over, still counted
    try {
      if (this.aborted) throw this.aborted;
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/**
 * H.264 Main + AAC. `ultrafast` needs about half the CPU of `veryfast`; it turns CABAC off, which makes x264 signal
 * Constrained Baseline, so CABAC is turned back on (nearly free) to keep the Main profile.
 */
function codecArgs(preset: 'ultrafast' | 'veryfast'): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    preset,
    ...(preset === 'ultrafast' ? ['-x264-params', 'cabac=1'] : []),
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(GOP),
    '-keyint_min',
    String(GOP),
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-ar',
    '48000',
  ];
}

function hlsArgs(segmentPattern: string, playlist: string): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    '2',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    segmentPattern,
    playlist,
  ];
}

/**
 * drawtext overlays of a w×h stream picture: the running time bottom-right and an optional centred banner (an
 * episode number), digits only: the app is shown in nine languages, so the demo's pictures carry no words.
 */
export function overlays(
  font: string | undefined,
  w: number,
  h: number,
  banner?: string,
  bannerSeconds?: number,
): string {
  if (!font) return '';
  const small = Math.max(12, Math.round(Math.min(w, h) / 20));
  const box = 'fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=6';
  let out = `,drawtext=fontfile=${font}:text='%{pts\\:hms}':x=w-tw-${small}:y=h-th-${small}:fontsize=${small}:${box}`;
  if (banner) {
    const big = Math.round(Math.min(w, h) / 4);
    const enable = bannerSeconds ? `:enable='lt(t,${bannerSeconds})'` : '';
    out += `,drawtext=fontfile=${font}:text='${drawtextSafe(banner)}':x=(w-tw)/2:y=(h-th)/2:fontsize=${big}:${box}${enable}`;
  }
  return out;
}

function lavfiInputs(video: string, spec: StreamSpec): string[] {
  return ['-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', `sine=frequency=${spec.tone}:sample_rate=48000`];
}

async function encodeStream(
  bin: string,
  root: string,
  work: string,
  spec: StreamSpec,
  font: string | undefined,
  log: (msg: string) => void,
) {
  const dir = path.join(root, spec.dir);
  await fs.mkdir(dir, { recursive: true });
  const seconds = String(spec.seconds);
  if (spec.kind === 'master') {
    await encodeMaster(bin, dir, spec, font, log);
    return;
  }
  const video =
    spec.source(spec.width, spec.height) + overlays(font, spec.width, spec.height, spec.banner, spec.bannerSeconds);
  const extra: string[] = [];
  if (spec.kind === 'aes') {
    const key = randomBytes(16);
    const iv = randomBytes(16).toString('hex');
    const keyPath = path.join(dir, 'enc.key');
    await fs.writeFile(keyPath, key);
    const keyInfo = path.join(work, `${spec.dir.replace(/\//g, '_')}.keyinfo`);
    // key URI written into the playlist (relative to it), local key file, IV
    await fs.writeFile(keyInfo, `enc.key\n${keyPath}\n${iv}\n`);
    extra.push('-hls_key_info_file', keyInfo);
  }
  await runFfmpeg(bin, [
    ...lavfiInputs(video, spec),
    '-t',
    seconds,
    '-map',
    '0:v:0',
    '-map',
    '1:a:0',
    ...codecArgs('ultrafast'),
    '-crf',
    '23',
    '-maxrate',
    '1200k',
    '-bufsize',
    '2400k',
    ...extra,
    ...hlsArgs(path.join(dir, 'seg_%03d.ts'), path.join(dir, 'index.m3u8')),
  ]);
  if (spec.kind === 'aes') await assertEncrypted(path.join(dir, 'seg_000.ts'));
}

/** Renditions of the master playlist title. */
const RENDITIONS = [
  { name: '720p', width: 1280, height: 720, bitrate: 2500, maxrate: 2800, codecs: 'avc1.4d401f,mp4a.40.2' },
  { name: '360p', width: 640, height: 360, bitrate: 700, maxrate: 800, codecs: 'avc1.4d401e,mp4a.40.2' },
] as const;

/**
 * One ffmpeg run with `-var_stream_map` + `-master_pl_name index.m3u8` (toolchain.md §8). Old ffmpeg builds (the 2018
 * @ffmpeg-installer binary rejects `name:` and crashes without it) fall back to one run per rendition and a master
 * playlist written here.
 */
async function encodeMaster(
  bin: string,
  dir: string,
  spec: StreamSpec,
  font: string | undefined,
  log: (msg: string) => void,
) {
  const [hi, lo] = RENDITIONS;
  const src = spec.source(spec.width, spec.height);
  const graph =
    `[0:v]split=2[a][b];[a]null${overlays(font, hi.width, hi.height)}[v0];` +
    `[b]scale=${lo.width}:${lo.height}${overlays(font, lo.width, lo.height)}[v1]`;
  for (const r of RENDITIONS) await fs.mkdir(path.join(dir, `r${r.name}`), { recursive: true });
  try {
    await runFfmpeg(bin, [
      ...lavfiInputs(src, spec),
      '-t',
      String(spec.seconds),
      '-filter_complex',
      graph,
      '-map',
      '[v0]',
      '-map',
      '[v1]',
      '-map',
      '1:a:0',
      '-map',
      '1:a:0',
      ...codecArgs('veryfast'),
      ...RENDITIONS.flatMap((r, i) => [
        `-b:v:${i}`,
        `${r.bitrate}k`,
        `-maxrate:v:${i}`,
        `${r.maxrate}k`,
        `-bufsize:v:${i}`,
        `${r.maxrate * 2}k`,
      ]),
      '-master_pl_name',
      'index.m3u8',
      '-var_stream_map',
      RENDITIONS.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(' '),
      ...hlsArgs(path.join(dir, 'r%v', 'seg_%03d.ts'), path.join(dir, 'r%v', 'index.m3u8')),
    ]);
    return;
  } catch (err) {
    log(`demo media: -var_stream_map failed (${(err as Error).message.slice(0, 200)}), encoding renditions one by one`);
    await fs.rm(dir, { recursive: true, force: true });
  }
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const r of RENDITIONS) {
    const out = path.join(dir, `r${r.name}`);
    await fs.mkdir(out, { recursive: true });
    const video = `${src},scale=${r.width}:${r.height}${overlays(font, r.width, r.height)}`;
    await runFfmpeg(bin, [
      ...lavfiInputs(video, spec),
      '-t',
      String(spec.seconds),
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      ...codecArgs('veryfast'),
      '-b:v',
      `${r.bitrate}k`,
      '-maxrate',
      `${r.maxrate}k`,
      '-bufsize',
      `${r.maxrate * 2}k`,
      ...hlsArgs(path.join(out, 'seg_%03d.ts'), path.join(out, 'index.m3u8')),
    ]);
    let peak = 0;
    for (const f of await fs.readdir(out)) {
      if (f.endsWith('.ts')) peak = Math.max(peak, (await fs.stat(path.join(out, f))).size);
    }
    const bandwidth = Math.round((peak * 8) / 2);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}"`,
      `r${r.name}/index.m3u8`,
    );
  }
  await fs.writeFile(path.join(dir, 'index.m3u8'), `${lines.join('\n')}\n`);
}

/**
 * True when the buffer starts like a clear MPEG-TS stream: sync byte 0x47 at offsets 0, 188 and 376. An AES-128
 * encrypted segment has this pattern with probability 2^-24.
 */
export function looksLikeClearMpegTs(buf: Uint8Array): boolean {
  return buf.length >= 377 && buf[0] === 0x47 && buf[188] === 0x47 && buf[376] === 0x47;
}

async function assertEncrypted(segment: string) {
  const buf = await fs.readFile(segment);
  if (looksLikeClearMpegTs(buf)) throw new Error(`${segment} is not encrypted (MPEG-TS sync bytes in clear)`);
}

/**
 * The lavfi graph of a live channel's test card: a red "on air" block centred (no words), small enough to survive
 * the portrait crop of the poster (its middle 514 px).
 */
export function liveStillGraph(): string {
  return `testsrc2=size=1280x720:rate=${FPS},drawbox=x=(iw-240)/2:y=(ih-120)/2:w=240:h=120:color=red@0.85:t=fill`;
}

/** Draw one still into `<root>/<rel>`: a wallpaper or the day cover (sharp), or a live channel's test card (ffmpeg). */
async function makeStill(bin: string, root: string, rel: string, still: Still) {
  const out = path.join(root, rel);
  await fs.mkdir(path.dirname(out), { recursive: true });
  if (still.kind === 'wallpaper') {
    await renderWallpaper(still.name, out, WALLPAPER_SIZE);
    for (const p of still.previews) {
      const to = path.join(root, p.out);
      await fs.mkdir(path.dirname(to), { recursive: true });
      await (await loadSharp())(out).resize(p.width, p.height, { fit: 'cover' }).jpeg({ quality: 82 }).toFile(to);
    }
  } else if (still.kind === 'cover') {
    await renderDayCover(out);
  } else {
    await runFfmpeg(bin, ['-f', 'lavfi', '-i', liveStillGraph(), '-frames:v', '1', '-q:v', '3', out]);
  }
}

/** Cut all posters/slides of one frame source in a single ffmpeg run (split → trim one frame → hue → cover crop). */
async function cutImages(bin: string, root: string, source: FrameSource, jobs: ImageJob[]): Promise<void> {
  const labels = jobs.map((_, i) => `p${i}`);
  const chains = jobs.map((job, i) => {
    const w = job.width;
    const h = job.height;
    let chain = `[s${i}]trim=start_frame=${job.frame}:end_frame=${job.frame + 1},setpts=PTS-STARTPTS`;
    // Streams carry a clock (bottom): keep the middle 72 % of the height.
    if (source.frames > 1) chain += ',crop=iw:ih*0.72:0:ih*0.14';
    if (job.hue !== 0) chain += `,hue=h=${job.hue}`;
    chain += `,scale=${w}:${h}:force_original_aspect_ratio=increase`;
    chain += `,crop=${w}:${h}:(in_w-out_w)*${job.pos}:(in_h-out_h)*${job.pos}`;
    return `${chain}[${labels[i]}]`;
  });
  const graph = `[0:v]split=${jobs.length}${jobs.map((_, i) => `[s${i}]`).join('')};${chains.join(';')}`;
  const args = [...source.inputArgs, '-i', path.join(root, source.input), '-filter_complex', graph];
  for (const [i, job] of jobs.entries()) {
    const out = path.join(root, job.out);
    await fs.mkdir(path.dirname(out), { recursive: true });
    args.push('-map', `[${labels[i]}]`, '-frames:v', '1', '-update', '1', '-q:v', '3', out);
  }
  await runFfmpeg(bin, args);
}

/** Relative (`/`-separated) paths of all files under `dir`, sorted. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/**
 * SHA-256 of everything the plan would run (stream filter graphs, stills, image cuts, the job salt): a generator
 * change that alters any recipe invalidates the cached set even when the feed is the same.
 */
function planHash(plan: Plan): string {
  const streams = plan.streams.map(({ source, ...rest }) => ({ ...rest, video: source(rest.width, rest.height) }));
  return createHash('sha256')
    .update(JSON.stringify([JOB_SALT, streams, [...plan.stills], [...plan.images.values()], liveStillGraph()]))
    .digest('hex');
}

/** True when `<demoDir>/manifest.json` has the current version, feed hash and plan hash, and all its files exist. */
async function cacheValid(demoDir: string, feedSha256: string, planSha256?: string): Promise<boolean> {
  let manifest: Partial<DemoManifest>;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(demoDir, 'manifest.json'), 'utf8')) as Partial<DemoManifest>;
  } catch {
    return false;
  }
  if (manifest.version !== DEMO_MEDIA_VERSION || manifest.feedSha256 !== feedSha256) return false;
  if (planSha256 !== undefined && manifest.planSha256 !== planSha256) return false;
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) return false;
  const checks = await Promise.all(
    manifest.files.map((f) =>
      typeof f === 'string'
        ? fs.stat(path.join(demoDir, f)).then(
            (s) => s.isFile(),
            () => false,
          )
        : false,
    ),
  );
  return checks.every(Boolean);
}

/** Remove `.demo-staging-*` / `.demo-old-*` directories left by crashed runs (older than an hour). */
async function removeStale(mediaDir: string) {
  const now = Date.now();
  for (const name of await fs.readdir(mediaDir)) {
    if (!/^\.demo-(staging|old)-/.test(name)) continue;
    const full = path.join(mediaDir, name);
    const st = await fs.stat(full).catch(() => undefined);
    if (st && now - st.mtimeMs > STALE_MS) await fs.rm(full, { recursive: true, force: true });
  }
}

/** The generator's previous manifest in `demoDir` (any version), or undefined. */
async function readManifest(demoDir: string): Promise<Partial<DemoManifest> | undefined> {
  try {
    return JSON.parse(await fs.readFile(path.join(demoDir, 'manifest.json'), 'utf8')) as Partial<DemoManifest>;
  } catch {
    return undefined;
  }
}

function recipeKey(kind: string, recipe: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([JOB_SALT, kind, recipe]))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Hard-link (else copy) the files of a job of the previous set into the staging set. False when any is missing, in
 * which case the job runs again.
 */
async function reuseFiles(fromDir: string, toDir: string, files: readonly string[]): Promise<boolean> {
  for (const rel of files) {
    if (typeof rel !== 'string' || !REL_RE.test(rel)) return false;
    const from = path.join(fromDir, rel);
    const st = await fs.stat(from).catch(() => undefined);
    if (!st?.isFile()) return false;
  }
  for (const rel of files) {
    const to = path.join(toDir, rel);
    await fs.mkdir(path.dirname(to), { recursive: true });
    await fs.link(path.join(fromDir, rel), to).catch(() => fs.copyFile(path.join(fromDir, rel), to));
  }
  return true;
}

async function generate(
  mediaDir: string,
  demoDir: string,
  plan: Plan,
  feedSha256: string,
  planSha256: string,
  log: (msg: string) => void,
): Promise<{ reused: number; ran: number }> {
  const bin = await findFfmpeg();
  const filters = await listFfmpegFilters(bin);
  const font = existsSync(FONT_FILE) && filters.has('drawtext') ? FONT_FILE : undefined;
  log(`demo media: generating with ${bin}${font ? '' : ' (no drawtext: font or filter missing)'}`);
  await removeStale(mediaDir);
  const previous = await readManifest(demoDir);
  const oldJobs =
    previous?.version !== undefined && previous.jobs && typeof previous.jobs === 'object' ? previous.jobs : {};
  const staging = await fs.mkdtemp(path.join(mediaDir, '.demo-staging-'));
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'openvod-demo-'));
  let reused = 0;
  let ran = 0;
  try {
    const limiter = new Limiter(MAX_PARALLEL);
    const done = new Map<string, Promise<void>>();
    const keys = new Map<string, string>(); // job id -> recipe key
    const jobs: Record<string, string[]> = {};
    const all: Promise<void>[] = [];
    /**
     * Run a job unless the previous set has its files under the same recipe key (then they are linked in).
     * `outputs` lists the job's files after it ran.
     */
    const track = (
      id: string,
      key: string,
      deps: Promise<void>,
      run: () => Promise<void>,
      outputs: () => Promise<string[]>,
    ) => {
      keys.set(id, key);
      const p = deps.then(async () => {
        const old = oldJobs[key];
        if (Array.isArray(old) && old.length > 0 && (await reuseFiles(demoDir, staging, old))) {
          jobs[key] = old;
          reused++;
          return;
        }
        await limiter.run(run);
        jobs[key] = await outputs();
        ran++;
      });
      const guarded = p.catch((err: unknown) => {
        limiter.abort(err instanceof Error ? err : new Error(String(err)));
        throw err;
      });
      done.set(id, guarded);
      all.push(guarded);
    };
    const ready = Promise.resolve();
    // Longest jobs first so that the two slots stay busy.
    const order = [...plan.streams].sort((a, b) => cost(b) - cost(a));
    for (const spec of order) {
      const { source, ...rest } = spec;
      const recipe = { ...rest, video: source(spec.width, spec.height), font: font !== undefined };
      track(
        `stream:${spec.dir}`,
        recipeKey('stream', recipe),
        ready,
        async () => {
          const t = Date.now();
          await encodeStream(bin, staging, work, spec, font, log);
          log(`demo media: ${spec.dir} (${Date.now() - t} ms)`);
        },
        async () => (await listFiles(path.join(staging, spec.dir))).map((f) => `${spec.dir}/${f}`),
      );
    }
    for (const [rel, still] of plan.stills) {
      const design = still.kind === 'wallpaper' ? designFor(still.name) : undefined;
      track(
        `still:${rel}`,
        recipeKey('still', {
          rel,
          still,
          design,
          graph: still.kind === 'live' ? liveStillGraph() : undefined,
          font: font !== undefined,
        }),
        ready,
        () => makeStill(bin, staging, rel, still),
        async () => [rel, ...(still.kind === 'wallpaper' ? still.previews.map((p) => p.out) : [])],
      );
    }
    for (const { source, jobs: cuts } of plan.images.values()) {
      const dep = done.get(source.after) ?? Promise.reject(new Error(`unknown dependency ${source.after}`));
      track(
        `images:${source.input}`,
        recipeKey('images', { source, cuts, from: keys.get(source.after), font: font !== undefined }),
        dep,
        () => cutImages(bin, staging, source, cuts),
        async () => cuts.map((c) => c.out),
      );
    }
    const results = await Promise.allSettled(all);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;

    const files = await listFiles(staging);
    const have = new Set(files);
    const missing = [...plan.referenced].filter((rel) => !have.has(rel));
    if (missing.length > 0) throw new Error(`demo media: not generated: ${missing.join(', ')}`);
    const manifest: DemoManifest = {
      version: DEMO_MEDIA_VERSION,
      feedSha256,
      planSha256,
      generatedAt: new Date().toISOString(),
      files,
      jobs,
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    // Swap into place: the previous set (if any) is moved aside first, so demo/ is always complete or absent.
    let old: string | undefined;
    if (existsSync(demoDir)) {
      old = `${staging.replace('.demo-staging-', '.demo-old-')}`;
      await fs.rename(demoDir, old);
    }
    try {
      await fs.rename(staging, demoDir);
    } catch (err) {
      // Another process installed a set in between: keep it if valid.
      if (!(await cacheValid(demoDir, feedSha256, planSha256))) throw err;
    }
    if (old) await fs.rm(old, { recursive: true, force: true });
    return { reused, ran };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(work, { recursive: true, force: true });
  }
}

function cost(spec: StreamSpec): number {
  const pixels = spec.width * spec.height * spec.seconds;
  return spec.kind === 'master' ? pixels * 1.25 : spec.source === SOURCES.mandelbrot ? pixels * 2 : pixels;
}

const inflight = new Map<string, Promise<DemoMediaResult>>();

/**
 * Make sure `<mediaDir>/demo/` holds every file the demo feed references (streams, posters, slides, wallpapers).
 *
 * If `<mediaDir>/demo/manifest.json` has the current {@link DEMO_MEDIA_VERSION}, the hash of the current feed and of
 * the generation plan (every recipe) and all its files exist, nothing is run (`generated: false`). Otherwise the set
 * is built into `<mediaDir>/.demo-staging-*` and renamed into place, so a crash never leaves a partial `demo/`: jobs
 * whose recipe hash is in the previous manifest are hard-linked from the previous set, the others run (ffmpeg, at
 * most 2 processes at once, or sharp; the whole set is ~60 CPU-seconds, ~35–45 s on 2 idle cores). Concurrent calls
 * for the same directory in one process share one run.
 *
 * @returns `generated` (whether ffmpeg ran) and `ms` (wall-clock duration of the call).
 * @throws when the feed references a file the generator does not make (the feed and this module disagree), when no
 *   ffmpeg is found ({@link findFfmpeg}), or when an ffmpeg run fails (FfmpegError with stderr).
 */
export function ensureDemoMedia(opts: EnsureDemoMediaOptions): Promise<DemoMediaResult> {
  const key = path.resolve(opts.mediaDir);
  let running = inflight.get(key);
  if (!running) {
    running = ensureDemoMediaOnce({ ...opts, mediaDir: key }).finally(() => inflight.delete(key));
    inflight.set(key, running);
  }
  return running;
}

async function ensureDemoMediaOnce(opts: EnsureDemoMediaOptions): Promise<DemoMediaResult> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const feedPath = opts.feedPath ?? DEMO_FEED_PATH;
  const feedText = await fs.readFile(feedPath, 'utf8');
  const feedSha256 = createHash('sha256').update(feedText).digest('hex');
  const demoDir = path.join(opts.mediaDir, 'demo');
  const plan = buildPlan(parseFeed(feedText, feedPath), feedPath);
  const planSha256 = planHash(plan);
  if (await cacheValid(demoDir, feedSha256, planSha256)) {
    return { generated: false, ms: Date.now() - started };
  }
  await fs.mkdir(opts.mediaDir, { recursive: true });
  const { reused, ran } = await generate(opts.mediaDir, demoDir, plan, feedSha256, planSha256, log);
  const ms = Date.now() - started;
  log(`demo media: ready in ${ms} ms (${ran} jobs run, ${reused} reused from the previous set) (${demoDir})`);
  return { generated: true, ms, ran, reused };
}
