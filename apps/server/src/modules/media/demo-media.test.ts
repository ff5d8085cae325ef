import { spawnSync } from 'node:child_process';
import { createDecipheriv, createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_FEED_PATH,
  DEMO_MEDIA_VERSION,
  DEMO_SPECIAL_TITLES,
  DEMO_URL_PREFIX,
  type DemoManifest,
  type DemoMediaResult,
  ensureDemoMedia,
  looksLikeClearMpegTs,
} from './demo-media.ts';
import { findFfmpeg } from './ffmpeg.ts';

interface Item {
  vod_id: number;
  type_id: number;
  vod_pic: string;
  vod_pic_slide: string;
  vod_play_url: string;
}
const feed = JSON.parse(readFileSync(DEMO_FEED_PATH, 'utf8')) as { list: Item[] };

function urlsOf(item: Item): string[] {
  return item.vod_play_url
    .split('$$$')
    .flatMap((src) => src.split('#'))
    .map((ep) => ep.split('$')[1] ?? '');
}

/** Width and height from a JPEG's SOF marker. */
function jpegSize(buf: Buffer): { width: number; height: number } {
  expect(buf[0]).toBe(0xff);
  expect(buf[1]).toBe(0xd8);
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) throw new Error('bad JPEG marker');
    const marker = buf[i + 1] ?? 0;
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  throw new Error('no SOF marker');
}

/** Non-comment lines (URIs) of a playlist. */
function uris(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

const hasFfprobe = spawnSync('ffprobe', ['-version'], { stdio: 'ignore' }).status === 0;

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  profile?: string;
  width?: number;
  height?: number;
}

/** The streams of a media file as ffprobe reports them (`-show_entries stream=...`). */
function ffprobeStreams(file: string): ProbedStream[] {
  const out = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,profile,width,height', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  expect(out.status, out.stderr).toBe(0);
  return (JSON.parse(out.stdout) as { streams: ProbedStream[] }).streams;
}

/**
 * The same from the input summary the ffmpeg binary prints while decoding the file (`ffmpeg -i <file> -f null -`),
 * for systems with ffmpeg but no ffprobe (e.g. the npm ffmpeg package). Lines look like
 * `Stream #0:0[0x100]: Video: h264 (Main) ([27][0][0][0] / 0x001B), yuv420p(progressive), 640x360 [SAR 1:1 ...`.
 */
function ffmpegStreams(bin: string, file: string): ProbedStream[] {
  const out = spawnSync(bin, ['-hide_banner', '-nostdin', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  expect(out.status, out.stderr).toBe(0);
  const input = out.stderr.split(/^(?:Stream mapping|Output #)/m)[0] ?? '';
  return [...input.matchAll(/^\s*Stream #\d+:\d+\S*: (Video|Audio): (\w+)(?: \(([^)]*)\))?(.*)$/gm)].map((m) => {
    const size = /, (\d+)x(\d+)\b/.exec(m[4] ?? '');
    return {
      codec_type: (m[1] as string).toLowerCase(),
      codec_name: m[2] as string,
      ...(m[3] ? { profile: m[3] } : {}),
      ...(size ? { width: Number(size[1]), height: Number(size[2]) } : {}),
    };
  });
}

describe('ensureDemoMedia', () => {
  let tmp = '';
  let mediaDir = '';
  let first: DemoMediaResult;
  const onDisk = (url: string) => path.join(mediaDir, url.slice('/media/'.length));

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'openvod-demo-test-'));
    mediaDir = path.join(tmp, 'media');
    first = await ensureDemoMedia({ mediaDir });
  }, 180_000);

  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('generates the set on the first call and leaves no staging directory', async () => {
    expect(first.generated).toBe(true);
    expect(first.ms).toBeGreaterThan(0);
    expect((await fs.readdir(mediaDir)).sort()).toEqual(['demo']);
  });

  it('creates every file the feed references (play URLs, posters, slides)', () => {
    const missing: string[] = [];
    for (const item of feed.list) {
      for (const url of [...urlsOf(item), item.vod_pic, item.vod_pic_slide]) {
        if (url === '') continue;
        expect(url.startsWith(DEMO_URL_PREFIX)).toBe(true);
        if (!existsSync(onDisk(url))) missing.push(url);
      }
    }
    expect(missing).toEqual([]);
  });

  it('makes portrait posters, wide slides and large gallery images', () => {
    for (const item of feed.list) {
      const poster = jpegSize(readFileSync(onDisk(item.vod_pic)));
      expect(poster).toEqual(item.type_id === 32 ? { width: 600, height: 840 } : { width: 300, height: 420 });
      if (item.vod_pic_slide)
        expect(jpegSize(readFileSync(onDisk(item.vod_pic_slide)))).toEqual({ width: 1280, height: 540 });
      if (item.type_id === 32) {
        for (const url of urlsOf(item))
          expect(jpegSize(readFileSync(onDisk(url)))).toEqual({ width: 1920, height: 1080 });
      }
    }
    // Posters differ from one another.
    const hashes = new Set(
      feed.list.map((i) =>
        createHash('sha256')
          .update(readFileSync(onDisk(i.vod_pic)))
          .digest('hex'),
      ),
    );
    expect(hashes.size).toBeGreaterThan(feed.list.length * 0.8);
  });

  it('writes VOD media playlists with 2 s target duration whose segments exist', () => {
    const playlists = new Set<string>();
    for (const item of feed.list) for (const url of urlsOf(item)) if (url.endsWith('.m3u8')) playlists.add(url);
    expect(playlists.size).toBeGreaterThanOrEqual(20);
    for (const url of playlists) {
      const file = onDisk(url);
      const text = readFileSync(file, 'utf8');
      const media = text.includes('#EXT-X-STREAM-INF')
        ? uris(text).map((u) => path.join(path.dirname(file), u))
        : [file];
      for (const m of media) {
        const pl = readFileSync(m, 'utf8');
        expect(pl, m).toContain('#EXT-X-TARGETDURATION:2\n');
        expect(pl, m).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
        expect(pl, m).toContain('#EXT-X-ENDLIST');
        const segments = uris(pl);
        expect(segments.length, m).toBeGreaterThanOrEqual(4);
        for (const seg of segments) expect(statSync(path.join(path.dirname(m), seg)).size, seg).toBeGreaterThan(1000);
      }
    }
  });

  it('gives the 12-episode series 12 different streams', () => {
    const hashes = new Set<string>();
    for (let ep = 1; ep <= 12; ep++) {
      const dir = path.join(mediaDir, 'demo', DEMO_SPECIAL_TITLES.series12, `ep${String(ep).padStart(2, '0')}`);
      hashes.add(
        createHash('sha256')
          .update(readFileSync(path.join(dir, 'seg_001.ts')))
          .digest('hex'),
      );
    }
    expect(hashes.size).toBe(12);
  });

  it('writes a master playlist with two renditions (720p, 360p)', () => {
    const text = readFileSync(path.join(mediaDir, 'demo', DEMO_SPECIAL_TITLES.master, 'index.m3u8'), 'utf8');
    expect(text.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
    expect(text).toContain('RESOLUTION=1280x720');
    expect(text).toContain('RESOLUTION=640x360');
    expect(uris(text).sort()).toEqual(['r360p/index.m3u8', 'r720p/index.m3u8']);
  });

  it('encrypts the AES-128 title: EXT-X-KEY, 16-byte key, segments not clear MPEG-TS but decryptable', () => {
    const dir = path.join(mediaDir, 'demo', DEMO_SPECIAL_TITLES.aes);
    const text = readFileSync(path.join(dir, 'index.m3u8'), 'utf8');
    const m = /#EXT-X-KEY:METHOD=AES-128,URI="enc\.key",IV=0x([0-9a-fA-F]{32})/.exec(text);
    expect(m).not.toBeNull();
    const key = readFileSync(path.join(dir, 'enc.key'));
    expect(key).toHaveLength(16);
    const segments = uris(text);
    expect(segments.length).toBeGreaterThanOrEqual(4);
    for (const seg of segments) {
      const data = readFileSync(path.join(dir, seg));
      expect(looksLikeClearMpegTs(data), seg).toBe(false);
      const decipher = createDecipheriv('aes-128-cbc', key, Buffer.from(m?.[1] ?? '', 'hex'));
      const clear = Buffer.concat([decipher.update(data), decipher.final()]);
      expect(looksLikeClearMpegTs(clear), seg).toBe(true);
    }
    // Clear streams are clear.
    const plain = readFileSync(path.join(mediaDir, 'demo', 'pool', 'testsrc2', 'seg_000.ts'));
    expect(looksLikeClearMpegTs(plain)).toBe(true);
  });

  it('encodes H.264 (Main) + AAC segments (ffmpeg, and ffprobe when installed)', async () => {
    const seg = path.join(mediaDir, 'demo', 'pool', 'testsrc2', 'seg_000.ts');
    const expected = expect.arrayContaining([
      expect.objectContaining({ codec_type: 'video', codec_name: 'h264', profile: 'Main', width: 640, height: 360 }),
      expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
    ]);
    // The ffmpeg binary the generator uses is always there (findFfmpeg throws otherwise), so this always runs.
    const fromFfmpeg = ffmpegStreams(await findFfmpeg(), seg);
    expect(fromFfmpeg).toEqual(expected);
    expect(fromFfmpeg).toHaveLength(2);
    if (hasFfprobe) expect(ffprobeStreams(seg)).toEqual(expected);
  });

  it('records a manifest and returns generated:false quickly on the next call', async () => {
    const manifest = JSON.parse(readFileSync(path.join(mediaDir, 'demo', 'manifest.json'), 'utf8')) as DemoManifest;
    expect(manifest.version).toBe(DEMO_MEDIA_VERSION);
    expect(manifest.files.length).toBeGreaterThan(100);
    expect(manifest.files).not.toContain('manifest.json');
    const again = await ensureDemoMedia({ mediaDir });
    expect(again.generated).toBe(false);
    expect(again.ms).toBeLessThan(2000);
  });

  it('rejects a feed that references media the generator does not make, without touching the set', async () => {
    const bad = path.join(tmp, 'bad-feed.json');
    const text = readFileSync(DEMO_FEED_PATH, 'utf8').replace('/media/demo/pool/testsrc2/', '/media/demo/pool/nope/');
    await fs.writeFile(bad, text);
    await expect(ensureDemoMedia({ mediaDir, feedPath: bad })).rejects.toThrow(/makes no stream pool\/nope/);
    expect(existsSync(path.join(mediaDir, 'demo', 'manifest.json'))).toBe(true);
  });
});
