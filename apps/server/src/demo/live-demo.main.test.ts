/**
 * The demo live channel inside the real server process (main.ts): started after the server is ready, served at
 * /media/live/openvod/index.m3u8 without caching, stopped with the server on SIGTERM; off with LIVE_DEMO=0.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MediaSigner } from '../modules/media/index.ts';
import { ensureDemoMedia } from './demo-media.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
// The media URL key of the servers started here, so the test can sign the live playlist's address (signed-urls.ts).
const MEDIA_URL_SECRET = 'live-demo-main-test-media-key';
const signer = new MediaSigner(async () => Buffer.from(MEDIA_URL_SECRET, 'utf8'));
const LIVE_PLAYLIST = await signer.sign('/media/live/openvod/index.m3u8');
// The same cache as the seed test: generated once per machine.
const MEDIA_CACHE = path.join(os.tmpdir(), 'openvod-seed-test-media');

/** Hard-link every file of `from` into `to` (a cheap copy of the demo media set). */
async function linkTree(from: string, to: string): Promise<void> {
  await fs.mkdir(to, { recursive: true });
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const a = path.join(from, entry.name);
    const b = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(a, b);
    else await fs.link(a, b);
  }
}

interface Server {
  child: ChildProcess;
  base: string;
  dataDir: string;
  exited: Promise<number | null>;
}

/** Start main.ts on a free port with a data dir holding the demo media; resolves once it printed "ready". */
async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'openvod-live-main-'));
  await linkTree(path.join(MEDIA_CACHE, 'demo'), path.join(dataDir, 'media', 'demo'));
  const child = spawn(process.execPath, ['--conditions=@openvod/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'test-password-1',
      LOG_LEVEL: 'warn',
      MEDIA_URL_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const base = await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m?.[1]) throw new Error('not ready yet');
      return m[1];
    },
    { timeout: 240_000, interval: 200 },
  );
  return { child, base, dataDir, exited };
}

/** Pids of the direct children of `pid` whose command is ffmpeg (from /proc). */
async function ffmpegChildren(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && stat.includes('(ffmpeg)')) out.push(Number(name));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  await ensureDemoMedia({ mediaDir: MEDIA_CACHE });
}, 600_000);

describe('main.ts with the demo live channel (LIVE_DEMO unset)', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer({});
  }, 300_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (server) await fs.rm(server.dataDir, { recursive: true, force: true });
  });

  it('serves an advancing live playlist without caching, and SIGTERM stops ffmpeg with the server', async () => {
    const url = `${server.base}${LIVE_PLAYLIST}`;
    const sequenceNow = async () => {
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`status ${res.status}`);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toContain('mpegurl');
      const m = /#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(await res.text());
      if (!m) throw new Error('no media sequence');
      return Number(m[1]);
    };
    const first = await vi.waitFor(sequenceNow, { timeout: 60_000, interval: 500 });
    await vi.waitFor(
      async () => {
        if ((await sequenceNow()) <= first) throw new Error('not advanced yet');
      },
      { timeout: 60_000, interval: 500 },
    );
    const pid = server.child.pid as number;
    const ffmpeg = await ffmpegChildren(pid);
    expect(ffmpeg).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(alive(ffmpeg[0] as number)).toBe(false);
  }, 180_000);
});

describe('main.ts with LIVE_DEMO=0', () => {
  let server: Server;

  beforeAll(async () => {
    server = await startServer({ LIVE_DEMO: '0' });
  }, 300_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    if (server) await fs.rm(server.dataDir, { recursive: true, force: true });
  });

  it('runs no ffmpeg and has no live playlist', async () => {
    const types = await fetch(`${server.base}/api/types`);
    expect(types.status).toBe(200);
    // With the channel on, the playlist appears within a few seconds of "ready"; watch for it (it must not come).
    await expect(
      vi.waitFor(
        async () => {
          const res = await fetch(`${server.base}${LIVE_PLAYLIST}`);
          expect(res.status).toBe(404);
          throw new Error('no live playlist');
        },
        { timeout: 10_000, interval: 500 },
      ),
    ).rejects.toThrow('no live playlist');
    expect(await ffmpegChildren(server.child.pid as number)).toEqual([]);
  }, 30_000);
});

describe('main.ts with a bad LIVE_DEMO', () => {
  it('refuses to start and names the variable', async () => {
    const child = spawn(process.execPath, ['--conditions=@openvod/source', '--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, LIVE_DEMO: 'sometimes', DATA_DIR: path.join(os.tmpdir(), 'openvod-never-created') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain('LIVE_DEMO must be 1 or 0');
  }, 60_000);
});
