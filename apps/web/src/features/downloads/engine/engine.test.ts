// @vitest-environment node
/**
 * The downloader against real HLS: the project's fixture playlists (features/downloads/fixtures, copied with their
 * sources) and ffmpeg-made streams, served by a node:http origin; IndexedDB is fake-indexeddb. Each stream is either
 * stored whole (the stored bytes equal the served clear bytes) or refused with the right kind.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type types } from 'hls-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineDownloadManager } from './manager';
import { createOfflineLoader } from './offlineLoader';
import { parsePlaylist, pickVariant } from './playlist';
import { IdbDownloadStore } from './store';
import {
  encryptAes128,
  episode,
  fakeStorage,
  HlsServer,
  makeMedia,
  opensslDecrypt,
  sequenceIvBuffer,
  storedMedia,
  type TestMedia,
  taskOf,
  until,
} from './test/hlsServer';
import type { DownloadQuality, DownloadTask } from './types';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

let media: TestMedia;
const server = new HlsServer();
let dbs = 0;

/** Serves the fixture playlist `name` at http://fixtures.test/<served>. */
function serveText(path: string, text: string): string {
  server.files.set(path, Buffer.from(text));
  return `http://${path.slice(1)}`;
}

beforeAll(async () => {
  media = makeMedia();
  await server.start();
  for (const name of media.names()) server.files.set(`/m/${name}`, media.file(name));
  // RFC 8216 §8.1: first/second/third.ts on media.example.com.
  ['first', 'second', 'third'].forEach((name, i) => {
    server.files.set(`/media.example.com/${name}.ts`, media.file(`plain-${i}.ts`));
  });
  // RFC 8216 §8.4: each variant a media playlist of the plain stream (segments relative to it).
  for (const variant of ['low', 'mid', 'hi', 'audio-only']) {
    server.files.set(`/example.com/${variant}.m3u8`, media.file('plain.m3u8'));
  }
  for (const name of media.names().filter((n) => n.startsWith('plain-'))) {
    server.files.set(`/example.com/${name}`, media.file(name));
  }
  for (const name of [
    'rfc8216-8.1-simple-media.m3u8',
    'rfc8216-8.4-master.m3u8',
    'vjs-aes128-key-rotation.m3u8',
    'vjs-byterange-ts.m3u8',
  ]) {
    serveText(`/fixtures.test/${name}`, fixture(name));
  }
}, 60_000);

afterAll(async () => {
  await server.stop();
  media?.remove();
});

/** The segment files a generated media playlist names, in order. */
function segmentFiles(playlist: string): Buffer[] {
  const names = media
    .file(playlist)
    .toString()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'));
  expect(names.length).toBeGreaterThan(1);
  return names.map((name) => media.file(name));
}

function newManager() {
  const store = new IdbDownloadStore(`engine-${++dbs}`);
  const manager = new EngineDownloadManager({ store, fetch: server.fetch, storage: fakeStorage(), locks: null });
  return { store, manager };
}

/** Downloads `url` as a new task and waits until it is completed or failed. */
async function download(url: string, quality?: DownloadQuality) {
  const { store, manager } = newManager();
  if (quality) await manager.setSettings({ quality });
  const { id } = await manager.add(episode(url));
  await until(manager, () => ['completed', 'error'].includes(taskOf(manager, id).state));
  return { store, manager, task: taskOf(manager, id) };
}

function expectCompleted(task: DownloadTask) {
  expect(task.error).toBeUndefined();
  expect(task.state).toBe('completed');
  expect(task.code).toBe(1);
  expect(task.percent).toBe(100);
  expect(task.tsID).toBe(task.tsCount);
}

describe('fixture playlists', () => {
  it('RFC 8216 §8.1 simple media playlist: stored whole, absolute URIs rewritten to the local copy', async () => {
    const { store, task } = await download('http://fixtures.test/rfc8216-8.1-simple-media.m3u8');
    expectCompleted(task);
    const stored = await storedMedia(store, task.id);
    expect(stored.segments).toEqual([0, 1, 2].map((i) => media.file(`plain-${i}.ts`)));
    expect(task.fileSize).toBe(stored.segments.reduce((sum, b) => sum + b.length, 0));
    expect(task.totalSize).toBe(task.fileSize);
    expect(stored.text).toContain('#EXT-X-ENDLIST');
    expect(stored.text).not.toContain('example.com');
    const local = parse(stored.text) as types.MediaPlaylist;
    expect(local.segments.map((s) => s.duration)).toEqual([9.009, 9.009, 3.003]);
  });

  it('RFC 8216 §8.4 master: the highest-bandwidth video variant (no RESOLUTION fits every cap), not audio-only', async () => {
    for (const quality of ['standard', 'highest'] as const) {
      const before = server.received.length;
      const { store, task } = await download('http://fixtures.test/rfc8216-8.4-master.m3u8', quality);
      expectCompleted(task);
      const asked = server.received.slice(before).filter((p) => p.endsWith('.m3u8'));
      expect(asked).toEqual(['/fixtures.test/rfc8216-8.4-master.m3u8', '/example.com/hi.m3u8']);
      const stored = await storedMedia(store, task.id);
      expect(stored.segments).toEqual(segmentFiles('plain.m3u8'));
    }
  });

  it('AES-128 key rotation without EXT-X-ENDLIST is live: refused (unsupported) before any segment', async () => {
    const before = server.received.length;
    const { task } = await download('http://fixtures.test/vjs-aes128-key-rotation.m3u8');
    expect(task.state).toBe('error');
    expect(task.error).toBe('unsupported');
    expect(task.code).toBe(2);
    expect(server.received.slice(before)).toEqual(['/fixtures.test/vjs-aes128-key-rotation.m3u8']);
  });

  it('the same key rotation as VOD (ENDLIST added): each key fetched once, IVs from the playlist or the sequence', async () => {
    const keys = ['52', '53', '54'].map((r, i) => {
      const key = Buffer.alloc(16, i + 1);
      server.files.set(`/priv.example.com/key.php?r=${r}`, key);
      return key;
    });
    const explicitIv = Buffer.from('00000000000000000000014BB69D61E4', 'hex');
    const plain = [0, 1, 2, 3, 4].map((i) => media.file(`plain-${i}.ts`));
    const served = [
      encryptAes128(plain[0] as Buffer, keys[0] as Buffer, sequenceIvBuffer(7794)),
      encryptAes128(plain[1] as Buffer, keys[0] as Buffer, sequenceIvBuffer(7795)),
      encryptAes128(plain[2] as Buffer, keys[0] as Buffer, sequenceIvBuffer(7796)),
      encryptAes128(plain[3] as Buffer, keys[1] as Buffer, sequenceIvBuffer(7797)),
      encryptAes128(plain[4] as Buffer, keys[2] as Buffer, explicitIv),
    ];
    ['52-A', '52-B', '52-C', '53-A', '53-B'].forEach((name, i) => {
      server.files.set(`/media.example.com/fileSequence${name}.ts`, served[i] as Buffer);
    });
    const url = serveText(
      '/fixtures.test/vjs-aes128-key-rotation-vod.m3u8',
      `${fixture('vjs-aes128-key-rotation.m3u8')}\n#EXT-X-ENDLIST\n`,
    );
    const { store, task } = await download(url);
    expectCompleted(task);
    const stored = await storedMedia(store, task.id);
    // The last segment is 53-B again under METHOD=NONE: stored as served.
    expect(stored.segments).toEqual([...plain, served[4]]);
    expect(stored.text).not.toContain('EXT-X-KEY');
    for (const r of ['52', '53', '54']) expect(server.servedCount(`/priv.example.com/key.php?r=${r}`)).toBe(1);
  });

  it('byte range on another file without an offset cannot be resolved: refused (unsupported)', async () => {
    const before = server.received.length;
    const { task } = await download('http://fixtures.test/vjs-byterange-ts.m3u8');
    expect(task.error).toBe('unsupported');
    expect(server.received.slice(before)).toEqual(['/fixtures.test/vjs-byterange-ts.m3u8']);
  });
});

describe('refusals', () => {
  const plain = () => media.file('plain.m3u8').toString();
  const withKey = (attributes: string) =>
    plain().replace('#EXTINF', `#EXT-X-KEY:${attributes}\n#EXTINF`).replaceAll('plain-', '/m/plain-');
  const cases: [string, () => string][] = [
    [
      'a live playlist (no ENDLIST)',
      () => plain().replace('#EXT-X-ENDLIST', '').replace('#EXT-X-PLAYLIST-TYPE:VOD', ''),
    ],
    ['an EVENT playlist without ENDLIST', () => plain().replace('#EXT-X-ENDLIST', '').replace(':VOD', ':EVENT')],
    ['SAMPLE-AES', () => withKey('METHOD=SAMPLE-AES,URI="/m/key.bin"')],
    ['AES-256', () => withKey('METHOD=AES-256,URI="/m/key.bin"')],
    [
      'a key format other than identity',
      () => withKey('METHOD=AES-128,URI="skd://x",KEYFORMAT="com.apple.streamingkeydelivery"'),
    ],
    ['not a playlist', () => '<!doctype html><title>Not found</title>'],
  ];
  for (const [name, text] of cases) {
    it(`${name}: error unsupported, no segment fetched`, async () => {
      const url = serveText(`/refuse/${name.replaceAll(' ', '-')}.m3u8`, text());
      const before = server.received.length;
      const { task } = await download(url);
      expect(task.state).toBe('error');
      expect(task.error).toBe('unsupported');
      expect(server.received.slice(before).filter((p) => !p.endsWith('.m3u8'))).toEqual([]);
    });
  }
});

describe('ffmpeg streams', () => {
  it('AES-128 with an implicit IV (the media sequence number): stored bytes equal openssl decryption', async () => {
    // ffmpeg 5.1 writes each segment's IV (its sequence number) on a KEY line; without the IV attribute the
    // playlist means the same (RFC 8216 §5.2), and that is the case under test.
    const text = media
      .file('enc.m3u8')
      .toString()
      .replaceAll(/,IV=0x[0-9a-fA-F]+/g, '');
    expect(text).not.toContain('IV=');
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:5');
    const { store, task } = await download(serveText('/m/enc-implicit.m3u8', text));
    expectCompleted(task);
    const stored = await storedMedia(store, task.id);
    const oracle = [5, 6, 7, 8].map((n) =>
      opensslDecrypt(join(media.dir, `enc-${n}.ts`), media.key, sequenceIvBuffer(n)),
    );
    expect(stored.segments).toEqual(oracle);
    expect(stored.segments[0]?.[0]).toBe(0x47);
    expect(server.servedCount('/m/key.bin')).toBe(1);
  });

  it('fMP4 with EXT-X-MAP: the init section is stored once and kept in the local playlist', async () => {
    const { store, task } = await download(serveText('/m/fmp4-copy.m3u8', media.file('fmp4.m3u8').toString()));
    expectCompleted(task);
    const stored = await storedMedia(store, task.id);
    expect(stored.init).toEqual([media.file('init.mp4')]);
    const segments = segmentFiles('fmp4.m3u8');
    expect(stored.segments).toEqual(segments);
    expect(task.tsCount).toBe(segments.length + 1);
  });

  it('one file with byte ranges: each range stored, BYTERANGE rewritten to the local resource', async () => {
    const whole = media.file('single.ts');
    const ranges = [
      ...media
        .file('single.m3u8')
        .toString()
        .matchAll(/#EXT-X-BYTERANGE:(\d+)@(\d+)/g),
    ].map((m) => [Number(m[2]), Number(m[1])]);
    expect(ranges.length).toBeGreaterThan(1);
    const { store, task } = await download(server.url('/m/single.m3u8'));
    expectCompleted(task);
    const stored = await storedMedia(store, task.id);
    expect(stored.segments).toEqual(
      ranges.map(([offset, length]) => whole.subarray(offset, (offset ?? 0) + (length ?? 0))),
    );
    for (const [, length] of ranges) expect(stored.text).toContain(`#EXT-X-BYTERANGE:${length}@0`);
  });

  it('a server that ignores Range (200 with the whole file): the ranges are sliced out', async () => {
    server.files.set('/norange/single.ts', media.file('single.ts'));
    server.ignoreRange.add('/norange/single.ts');
    const url = serveText('/norange/single.m3u8', media.file('single.m3u8').toString());
    const { store, task } = await download(url);
    expectCompleted(task);
    const whole = media.file('single.ts');
    const stored = await storedMedia(store, task.id);
    expect(Buffer.concat(stored.segments)).toEqual(whole);
    expect(server.served.filter((s) => s.path === '/norange/single.ts').every((s) => s.status === 200)).toBe(true);
  });

  it('a master with a demuxed audio rendition: a local master over the video and the default audio playlists', async () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Other",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,URI="audio-fr.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Main",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=160x90,CODECS="avc1.42c00c,mp4a.40.2",AUDIO="aud"',
      'video.m3u8',
      '',
    ].join('\n');
    const before = server.received.length;
    const { store, task } = await download(serveText('/m/demuxed.m3u8', master));
    expectCompleted(task);
    expect(server.received.slice(before)).not.toContain('/m/audio-fr.m3u8');
    const video = await storedMedia(store, task.id, 'video.m3u8');
    expect(video.segments).toEqual(segmentFiles('video.m3u8'));
    const audio = await storedMedia(store, task.id, 'audio.m3u8');
    expect(audio.segments).toEqual(segmentFiles('audio.m3u8'));
    const local = parse((await store.getTask(task.id))?.plan?.playlists['index.m3u8'] ?? '') as types.MasterPlaylist;
    expect(local.isMasterPlaylist).toBe(true);
    expect(local.variants[0]?.uri).toBe(`offline://${task.id}/video.m3u8`);
    expect(local.variants[0]?.audio[0]?.uri).toBe(`offline://${task.id}/audio.m3u8`);
    expect(task.totalSize).toBe(task.fileSize);
  });
});

describe('variant choice', () => {
  const master = parsePlaylist(
    [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=854x480',
      '480.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1920x1080',
      '1080.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=426x240',
      '240.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1500000,RESOLUTION=1280x720',
      '720.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=1280x720',
      '720b.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,RESOLUTION=426x240,URI="iframe.m3u8"',
    ].join('\n'),
  ) as types.MasterPlaylist;

  it('the highest bandwidth under the cap: standard 480, high 720, highest any', () => {
    expect(pickVariant(master, 'standard').uri).toBe('480.m3u8');
    expect(pickVariant(master, 'high').uri).toBe('720.m3u8');
    expect(pickVariant(master, 'highest').uri).toBe('1080.m3u8');
  });

  it('falls back to the lowest bandwidth when nothing fits the cap', () => {
    const big = parsePlaylist(
      [
        '#EXTM3U',
        '#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080',
        'a.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720',
        'b.m3u8',
      ].join('\n'),
    ) as types.MasterPlaylist;
    expect(pickVariant(big, 'standard').uri).toBe('b.m3u8');
  });
});

describe('offline loader', () => {
  interface Recorded {
    url: string;
    data?: string | ArrayBuffer;
    error?: { code: number; text: string };
    stats?: { loaded: number; loading: { start: number; first: number; end: number } };
  }

  /** Runs one load through the loader class and resolves with what hls.js would have been told. */
  function load(Loader: ReturnType<typeof createOfflineLoader>, context: Record<string, unknown>): Promise<Recorded> {
    return new Promise((resolve) => {
      // biome-ignore lint/suspicious/noExplicitAny: hls.js's config is not needed by the offline path
      const loader = new Loader({} as any);
      loader.load({ responseType: 'arraybuffer', type: 'media-fragment', ...context } as never, {} as never, {
        onSuccess: (response, stats) => resolve({ url: response.url, data: response.data as never, stats }),
        onError: (error) => resolve({ url: String(context.url), error }),
        onTimeout: () => resolve({ url: String(context.url), error: { code: 0, text: 'timeout' } }),
      });
    });
  }

  it('serves a stored playlist, a resource, an exclusive byte range, and passes http addresses on', async () => {
    const { store, task } = await download(serveText('/m/loader.m3u8', media.file('fmp4.m3u8').toString()));
    expectCompleted(task);
    const passed: string[] = [];
    class DefaultLoader {
      stats = { loaded: 0 };
      load(context: { url: string }) {
        passed.push(context.url);
      }
      abort() {}
      destroy() {}
    }
    const Loader = createOfflineLoader({ DefaultConfig: { loader: DefaultLoader } }, store);

    const playlist = await load(Loader, {
      url: `offline://${task.id}/index.m3u8`,
      responseType: 'text',
      type: 'manifest',
    });
    const text = (await store.getTask(task.id))?.plan?.playlists['index.m3u8'];
    expect(playlist.data).toBe(text);

    const initUri = /#EXT-X-MAP:URI="([^"]+)"/.exec(text ?? '')?.[1] as string;
    const whole = await load(Loader, { url: initUri });
    expect(Buffer.from(whole.data as ArrayBuffer)).toEqual(media.file('init.mp4'));
    expect(whole.stats?.loaded).toBe(media.file('init.mp4').length);
    expect(whole.stats?.loading.end).toBeGreaterThanOrEqual(whole.stats?.loading.start ?? Number.NaN);

    // hls.js's rangeEnd is exclusive: bytes 100..199.
    const range = await load(Loader, { url: initUri, rangeStart: 100, rangeEnd: 200 });
    expect(Buffer.from(range.data as ArrayBuffer)).toEqual(media.file('init.mp4').subarray(100, 200));

    const missing = await load(Loader, { url: `offline://${task.id}/res-99999.ts` });
    expect(missing.error?.code).toBe(404);

    const online = new Loader({} as never);
    online.load(
      { url: 'https://cdn.example.com/a.ts', responseType: 'arraybuffer' } as never,
      {} as never,
      {} as never,
    );
    expect(passed).toEqual(['https://cdn.example.com/a.ts']);
  });
});
