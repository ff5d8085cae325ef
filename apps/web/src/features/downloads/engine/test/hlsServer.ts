/**
 * Test helpers of the downloader engine (node only): an HTTP origin on 127.0.0.1 that serves HLS files from memory,
 * logs every response it completes, and can fail, withhold or mis-answer chosen paths; a `fetch` that sends the
 * fixtures' remote hosts (media.example.com ...) to it; and the media, made by ffmpeg at setup.
 */
import { execFileSync } from 'node:child_process';
import { createCipheriv } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchLike } from '../fetcher';
import type { DownloadStore } from '../store';
import type { DownloadManager, DownloadRequest, DownloadTask } from '../types';

/** One response the server finished: the path (with query) and the Range header asked. */
export interface Served {
  path: string;
  status: number;
  range?: string;
}

export class HlsServer {
  /** Files by path with query: `/media.example.com/first.ts`, `/priv.example.com/key.php?r=52`. */
  readonly files = new Map<string, Buffer>();
  /** Statuses to answer first for a path (e.g. [500, 500]), used up one per request. */
  readonly failures = new Map<string, number[]>();
  /** Paths whose body is sent in `chunks` pieces `everyMs` apart (a slow but flowing response). */
  readonly trickle = new Map<string, { chunks: number; everyMs: number }>();
  /** Paths answered with 200 and the whole file whatever Range says. */
  readonly ignoreRange = new Set<string>();
  /** Every response completed (the body fully written). */
  readonly served: Served[] = [];
  /** Every request received (path), in order, answered or not. */
  readonly received: string[] = [];
  /** Requests the client gave up (connection closed) before the response was complete. */
  readonly dropped: string[] = [];
  private readonly holds = new Map<string, { promise: Promise<void>; release: () => void }>();
  private readonly waiters = new Set<() => void>();
  private server?: Server;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.answer(req.url ?? '/', req.headers.range, res);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const hold of this.holds.values()) hold.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The local address of a path. */
  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Requests whose path starts with `prefix` wait (no byte sent) until the returned release is called. */
  hold(prefix: string): () => void {
    let release: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entry = {
      promise,
      release: () => {
        this.holds.delete(prefix);
        release();
      },
    };
    this.holds.set(prefix, entry);
    return entry.release;
  }

  /**
   * Resolves once `predicate` holds for the server (checked on every request received, response completed or
   * response dropped by the client).
   */
  when(predicate: (server: HlsServer) => boolean): Promise<void> {
    if (predicate(this)) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!predicate(this)) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  private changed(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** How many completed responses served `path` (with a 2xx status). */
  servedCount(path: string): number {
    return this.served.filter((s) => s.path === path && s.status < 300).length;
  }

  /**
   * A fetch for the engine: `http(s)://host/path?q` of any host but 127.0.0.1 goes to `/host/path?q` here (the
   * fixtures keep their example.com addresses).
   */
  readonly fetch: FetchLike = (input, init) => {
    const url = new URL(input);
    const target = url.hostname === '127.0.0.1' ? url.href : this.url(`/${url.host}${url.pathname}${url.search}`);
    return fetch(target, init);
  };

  private async answer(path: string, range: string | undefined, res: import('node:http').ServerResponse) {
    this.received.push(path);
    let finished = false;
    res.on('close', () => {
      if (finished) return;
      this.dropped.push(path);
      this.changed();
    });
    this.changed();
    for (const [prefix, hold] of this.holds) if (path.startsWith(prefix)) await hold.promise;
    if (res.destroyed) return;
    const done = (status: number) =>
      res.on('finish', () => {
        finished = true;
        this.served.push({ path, status, range });
        this.changed();
      });
    const failure = this.failures.get(path);
    if (failure && failure.length > 0) {
      const status = failure.shift() as number;
      done(status);
      res.writeHead(status).end(`failure ${status}`);
      return;
    }
    const body = this.files.get(path);
    if (!body) {
      done(404);
      res.writeHead(404).end('not found');
      return;
    }
    const match = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
    if (match && !this.ignoreRange.has(path)) {
      const start = Number(match[1]);
      const end = match[2] ? Number(match[2]) : body.length - 1;
      done(206);
      res
        .writeHead(206, {
          'content-range': `bytes ${start}-${end}/${body.length}`,
          'content-length': String(end - start + 1),
        })
        .end(body.subarray(start, end + 1));
      return;
    }
    done(200);
    res.writeHead(200, { 'content-length': String(body.length) });
    const slow = this.trickle.get(path);
    if (!slow) {
      res.end(body);
      return;
    }
    const size = Math.ceil(body.length / slow.chunks);
    for (let at = 0; at < body.length && !res.destroyed; at += size) {
      res.write(body.subarray(at, at + size));
      await new Promise((resolve) => setTimeout(resolve, slow.everyMs));
    }
    res.end();
  }
}

/** AES-128-CBC with PKCS#7 padding, as an HLS packager encrypts a segment. */
export function encryptAes128(data: Buffer, key: Buffer, iv: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** The media sequence number as a 16-byte IV. */
export function sequenceIvBuffer(sequence: number): Buffer {
  return Buffer.from(sequence.toString(16).padStart(32, '0'), 'hex');
}

/**
 * The outputs of {@link makeMedia}, by file name:
 * - plain.m3u8 + plain-0.ts ... plain-5.ts: TS with audio and video, 6 × 1 s;
 * - enc.m3u8 + enc-5.ts ... enc-8.ts: AES-128 with key.bin (`key`), MEDIA-SEQUENCE 5, each segment's IV its
 *   sequence number (ffmpeg 5.1 writes it as an explicit IV on a KEY line per segment);
 * - single.m3u8 + single.ts: one file, a byte range per segment (4);
 * - fmp4.m3u8 + init.mp4 + v-0.m4s ...: fMP4 video with an EXT-X-MAP (3);
 * - video.m3u8 (+ vid-N.ts) and audio.m3u8 (+ aud-N.ts): demuxed video and audio (3 each).
 */
export interface TestMedia {
  dir: string;
  file(name: string): Buffer;
  key: Buffer;
  names(): string[];
  remove(): void;
}

/** Runs ffmpeg (small 160x90 streams, 1 s segments) into a temporary folder. */
export function makeMedia(): TestMedia {
  const dir = mkdtempSync(join(tmpdir(), 'ov-hls-'));
  const key = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
  writeFileSync(join(dir, 'key.bin'), key);
  // No IV line: ffmpeg uses the media sequence number (with periodic_rekey, each segment's own number).
  writeFileSync(join(dir, 'keyinfo'), `key.bin\n${join(dir, 'key.bin')}\n`);
  const video = ['-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10'];
  const audio = ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'];
  const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', '-pix_fmt', 'yuv420p'];
  const aac = ['-c:a', 'aac', '-b:a', '32k'];
  const hls = (seconds: number) => ['-t', String(seconds), '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod'];
  const run = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { cwd: dir });
  run([...video, ...audio, ...h264, ...aac, ...hls(6), '-hls_segment_filename', 'plain-%d.ts', 'plain.m3u8']);
  run([
    ...video,
    ...audio,
    ...h264,
    ...aac,
    ...hls(4),
    '-start_number',
    '5',
    '-hls_flags',
    'periodic_rekey',
    '-hls_key_info_file',
    'keyinfo',
    '-hls_segment_filename',
    'enc-%d.ts',
    'enc.m3u8',
  ]);
  run([...video, ...audio, ...h264, ...aac, ...hls(4), '-hls_flags', 'single_file', 'single.m3u8']);
  run([
    ...video,
    ...h264,
    ...hls(3),
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    'v-%d.m4s',
    'fmp4.m3u8',
  ]);
  run([...video, ...h264, '-an', ...hls(3), '-hls_segment_filename', 'vid-%d.ts', 'video.m3u8']);
  run([...audio, ...aac, '-vn', ...hls(3), '-hls_segment_filename', 'aud-%d.ts', 'audio.m3u8']);
  return {
    dir,
    key,
    file: (name) => readFileSync(join(dir, name)),
    names: () => readdirSync(dir),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Decrypts a file with the openssl command line (the oracle of the AES-128 test). */
export function opensslDecrypt(file: string, key: Buffer, iv: Buffer): Buffer {
  return execFileSync('openssl', [
    'aes-128-cbc',
    '-d',
    '-K',
    key.toString('hex'),
    '-iv',
    iv.toString('hex'),
    '-in',
    file,
  ]);
}

/**
 * Resolves once `predicate` holds for the manager's tasks (checked on every notification); rejects after
 * `ceilingMs` (a ceiling for a stuck run on a busy machine, not a timing assertion) with the tasks' states.
 */
export function until(
  manager: DownloadManager,
  predicate: (tasks: readonly DownloadTask[]) => boolean,
  ceilingMs = 45_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      unsubscribe();
    };
    const check = () => {
      if (!predicate(manager.tasks())) return;
      cleanup();
      resolve();
    };
    const timer = setTimeout(() => {
      cleanup();
      const states = manager.tasks().map((t) => `${t.id}:${t.state}:${t.error ?? ''}:${t.tsID}/${t.tsCount}`);
      reject(new Error(`condition not met; tasks ${states.join(', ')}`));
    }, ceilingMs);
    const unsubscribe = manager.subscribe(check);
    check();
  });
}

/** The task `id` of the manager (throws if missing). */
export function taskOf(manager: DownloadManager, id: string): DownloadTask {
  const task = manager.tasks().find((t) => t.id === id);
  if (!task) throw new Error(`no task ${id}`);
  return task;
}

/** A download request for episode `nid` of title `vodId` at `url`. */
export function episode(url: string, nid = 1, vodId = 1): DownloadRequest {
  return { vod_id: vodId, vod_name: 'Test title', name: `Episode ${nid}`, vod_pic: '', sid: 1, nid, play: 'm3u8', url };
}

/** The local playlist `name` of a task and the stored bytes of the resources it names, in playlist order. */
export async function storedMedia(
  store: DownloadStore,
  id: string,
  name = 'index.m3u8',
): Promise<{ text: string; init: Buffer[]; segments: Buffer[] }> {
  const text = (await store.getTask(id))?.plan?.playlists[name];
  if (text === undefined) throw new Error(`no playlist ${name}`);
  const read = async (uri: string) => {
    const match = new RegExp(`^offline://${id}/res-(\\d+)\\.`).exec(uri);
    if (!match) throw new Error(`not a local resource: ${uri}`);
    const data = await store.getResource(id, Number(match[1]));
    if (!data) throw new Error(`missing resource ${uri}`);
    return Buffer.from(data);
  };
  const lines = text.split('\n');
  const init = await Promise.all(
    lines.flatMap((line) => {
      const match = /^#EXT-X-MAP:URI="([^"]+)"/.exec(line);
      return match ? [read(match[1] as string)] : [];
    }),
  );
  const segments = await Promise.all(lines.filter((l) => l && !l.startsWith('#')).map(read));
  return { text, init, segments };
}

/** A navigator.storage with plenty of room (or the given usage/quota), counting persist() calls. */
export function fakeStorage(usage = 0, quota = 10 * 1024 ** 3) {
  const storage = {
    persisted: 0,
    estimate: async () => ({ usage, quota }),
    persist: async () => {
      storage.persisted++;
      return true;
    },
  };
  return storage;
}
