import { spawnSync } from 'node:child_process';
import { createDecipheriv, createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '../modules/media/index.ts';
import {
  DEMO_DAY_COVER_URL,
  DEMO_FEED_PATH,
  DEMO_MEDIA_VERSION,
  DEMO_SPECIAL_TITLES,
  DEMO_URL_PREFIX,
  type DemoManifest,
  type DemoMediaResult,
  ensureDemoMedia,
  LIVE_URL_PREFIX,
  looksLikeClearMpegTs,
} from './demo-media.ts';

interface Item {
  vod_id: number;
  vod_en: string;
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
    // ~40 s on an idle 2-core machine; much longer when the machine is shared.
  }, 600_000);

  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('generates the set on the first call and leaves no staging directory', async () => {
    expect(first.generated).toBe(true);
    expect(first.ms).toBeGreaterThan(0);
    expect((await fs.readdir(mediaDir)).sort()).toEqual(['demo']);
  });

  it('creates every file the feed references (play URLs, posters, slides), the day cover and live test cards', () => {
    const missing: string[] = [];
    for (const item of feed.list) {
      for (const url of [...urlsOf(item), item.vod_pic, item.vod_pic_slide]) {
        if (url === '') continue;
        if (url.startsWith(LIVE_URL_PREFIX)) {
          // Streamed by live-demo.ts while the server runs; the generator makes the channel's test card.
          const channel = url.slice(LIVE_URL_PREFIX.length).split('/')[0];
          if (!existsSync(path.join(mediaDir, 'demo', 'stills', `live-${channel}.jpg`))) missing.push(url);
          continue;
        }
        expect(url.startsWith(DEMO_URL_PREFIX)).toBe(true);
        if (!existsSync(onDisk(url))) missing.push(url);
      }
    }
    expect(missing).toEqual([]);
  });

  it('makes portrait posters, wide slides, 1080×1920 wallpapers with 540×960 previews, and the day cover', () => {
    for (const item of feed.list) {
      const poster = jpegSize(readFileSync(onDisk(item.vod_pic)));
      expect(poster).toEqual(item.type_id === 32 ? { width: 540, height: 960 } : { width: 300, height: 420 });
      if (item.vod_pic_slide)
        expect(jpegSize(readFileSync(onDisk(item.vod_pic_slide)))).toEqual({ width: 1280, height: 540 });
      if (item.type_id === 32) {
        for (const url of urlsOf(item))
          expect(jpegSize(readFileSync(onDisk(url)))).toEqual({ width: 1080, height: 1920 });
      }
    }
    expect(jpegSize(readFileSync(onDisk(DEMO_DAY_COVER_URL)))).toEqual({ width: 1080, height: 1920 });
    // Every wallpaper is a different picture, and not a flat colour (a real JPEG of some size).
    const walls = feed.list.filter((i) => i.type_id === 32).flatMap(urlsOf);
    expect(walls.length).toBeGreaterThanOrEqual(16);
    const wallHashes = new Set(
      walls.map((u) =>
        createHash('sha256')
          .update(readFileSync(onDisk(u)))
          .digest('hex'),
      ),
    );
    expect(wallHashes.size).toBe(walls.length);
    for (const u of walls) expect(statSync(onDisk(u)).size, u).toBeGreaterThan(20_000);
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
    for (const item of feed.list)
      for (const url of urlsOf(item)) if (url.endsWith('.m3u8') && url.startsWith(DEMO_URL_PREFIX)) playlists.add(url);
    expect(playlists.size).toBeGreaterThanOrEqual(40);
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
        // 6 s playlet episodes have 3 segments, the rest 4 to 6.
        expect(segments.length, m).toBeGreaterThanOrEqual(3);
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

  it('gives small videos their own vertical clips and playlets distinct vertical episodes', () => {
    const firstSegment = (url: string) => path.join(path.dirname(onDisk(url)), 'seg_001.ts');
    const small = feed.list.filter((i) => i.type_id === 31).map((i) => urlsOf(i)[0] ?? '');
    expect(small.length).toBeGreaterThanOrEqual(6);
    const playlets = feed.list.filter((i) => i.type_id === 34);
    expect(playlets.length).toBeGreaterThanOrEqual(2);
    const episodes = playlets.flatMap(urlsOf);
    expect(episodes.length).toBeGreaterThanOrEqual(12);
    const all = [...small, ...episodes];
    const hashes = new Set(
      all.map((u) =>
        createHash('sha256')
          .update(readFileSync(firstSegment(u)))
          .digest('hex'),
      ),
    );
    expect(hashes.size).toBe(all.length);
    for (const url of [...small, ...episodes].filter((u) => !u.includes('/pool/'))) {
      const streams = hasFfprobe ? ffprobeStreams(firstSegment(url)) : [];
      if (hasFfprobe)
        expect(
          streams.find((x) => x.codec_type === 'video'),
          url,
        ).toMatchObject({ width: 360, height: 640 });
      const pl = readFileSync(onDisk(url), 'utf8');
      expect(uris(pl).length, url).toBeGreaterThanOrEqual(3);
    }
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
    // Every file belongs to one generation job (by recipe hash).
    const jobFiles = Object.values(manifest.jobs ?? {}).flat();
    expect(new Set(jobFiles)).toEqual(new Set(manifest.files));
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

  it('regenerates only the new parts when the feed changes (the rest is reused from the previous set)', async () => {
    const before = JSON.parse(readFileSync(path.join(mediaDir, 'demo', 'manifest.json'), 'utf8')) as DemoManifest;
    const data = JSON.parse(readFileSync(DEMO_FEED_PATH, 'utf8')) as { list: Record<string, unknown>[] };
    const template = data.list.find((i) => i.type_id === 31) as Record<string, unknown>;
    data.list.push({
      ...template,
      vod_id: 9001,
      vod_name: '新的小视频',
      vod_en: 'xindexiaoshipin',
      vod_pic: `${DEMO_URL_PREFIX}posters/xindexiaoshipin.jpg`,
      vod_play_url: `正片$${DEMO_URL_PREFIX}small/xindexiaoshipin/index.m3u8`,
    });
    const changed = path.join(tmp, 'changed-feed.json');
    await fs.writeFile(changed, JSON.stringify(data));
    const segment = path.join(mediaDir, 'demo', 'pool', 'testsrc2', 'seg_000.ts');
    const inode = statSync(segment).ino;
    const result = await ensureDemoMedia({ mediaDir, feedPath: changed });
    expect(result.generated).toBe(true);
    // Two jobs are new: the clip and the poster cut from it.
    expect(result.ran).toBe(2);
    expect(result.reused).toBe(Object.keys(before.jobs ?? {}).length);
    expect(existsSync(path.join(mediaDir, 'demo', 'small', 'xindexiaoshipin', 'index.m3u8'))).toBe(true);
    expect(existsSync(path.join(mediaDir, 'demo', 'posters', 'xindexiaoshipin.jpg'))).toBe(true);
    // Reused files are hard links of the previous ones (same inode), not re-encodes.
    expect(statSync(segment).ino).toBe(inode);
    // Back to the real feed: nothing to run at all.
    const back = await ensureDemoMedia({ mediaDir });
    expect(back).toMatchObject({ generated: true, ran: 0 });
    expect(existsSync(path.join(mediaDir, 'demo', 'small', 'xindexiaoshipin'))).toBe(false);
  }, 120_000);

  it('rebuilds a set made from other recipes (plan hash), reusing every job whose recipe is unchanged', async () => {
    const file = path.join(mediaDir, 'demo', 'manifest.json');
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as DemoManifest;
    expect(manifest.planSha256).toMatch(/^[0-9a-f]{64}$/);
    // As if written by a generator whose recipes differ in one job: that job's key is unknown to this one.
    const [someKey, someFiles] = Object.entries(manifest.jobs ?? {}).find(([, files]) =>
      files.some((f) => f.startsWith('playlets/')),
    ) as [string, string[]];
    const jobs = { ...manifest.jobs };
    delete jobs[someKey];
    jobs['0'.repeat(32)] = someFiles;
    await fs.writeFile(file, JSON.stringify({ ...manifest, planSha256: 'f'.repeat(64), jobs }));
    const result = await ensureDemoMedia({ mediaDir });
    expect(result).toMatchObject({ generated: true, ran: 1, reused: Object.keys(manifest.jobs ?? {}).length - 1 });
    const after = JSON.parse(readFileSync(file, 'utf8')) as DemoManifest;
    expect(after.planSha256).toBe(manifest.planSha256);
    expect(Object.keys(after.jobs ?? {}).sort()).toEqual(Object.keys(manifest.jobs ?? {}).sort());
  }, 120_000);
});
