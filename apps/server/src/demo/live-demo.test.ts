import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_LIVE_CHANNEL, LiveDemo, liveDemoEnabled } from './live-demo.ts';

interface LivePlaylist {
  text: string;
  sequence: number;
  segments: string[];
  targetDuration: number;
}

/** The live playlist as written now, or undefined while it does not exist yet. */
function readPlaylist(file: string): LivePlaylist | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const seq = /^#EXT-X-MEDIA-SEQUENCE:(\d+)$/m.exec(text);
  const target = /^#EXT-X-TARGETDURATION:(\d+)$/m.exec(text);
  const segments = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  if (!seq || !target || segments.length === 0) return undefined;
  return { text, sequence: Number(seq[1]), segments, targetDuration: Number(target[1]) };
}

/** Wait (polling every 250 ms) until the playlist's media sequence is above `than`; at most `timeout` ms. */
function waitForSequenceAbove(file: string, than: number, timeout: number): Promise<LivePlaylist> {
  return vi.waitFor(
    () => {
      const pl = readPlaylist(file);
      if (!pl || pl.sequence <= than) throw new Error(`media sequence not above ${than} yet (${pl?.sequence})`);
      return pl;
    },
    { timeout, interval: 250 },
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** ffprobe's view of a segment: codecs and the decoded video frame count (`-count_frames`). */
function probeSegment(file: string): { codecs: string[]; frames: number } {
  const out = spawnSync(
    'ffprobe',
    ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,nb_read_frames', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  expect(out.status, out.stderr).toBe(0);
  const streams = (JSON.parse(out.stdout) as { streams: { codec_name: string; nb_read_frames?: string }[] }).streams;
  const video = streams.find((s) => s.codec_name === 'h264');
  return { codecs: streams.map((s) => s.codec_name).sort(), frames: Number(video?.nb_read_frames ?? 0) };
}

describe('liveDemoEnabled (LIVE_DEMO)', () => {
  it('is on by default and for 1/true/yes, off for 0/false/no/off, and rejects anything else', () => {
    expect(liveDemoEnabled({})).toBe(true);
    for (const v of ['1', 'true', 'YES', 'on']) expect(liveDemoEnabled({ LIVE_DEMO: v })).toBe(true);
    for (const v of ['0', 'false', 'no', 'off']) expect(liveDemoEnabled({ LIVE_DEMO: v })).toBe(false);
    expect(() => liveDemoEnabled({ LIVE_DEMO: 'maybe' })).toThrow(/LIVE_DEMO must be 1 or 0/);
  });

  it('refuses a channel name that is not a plain directory name', () => {
    expect(() => new LiveDemo({ mediaDir: os.tmpdir(), channel: '../x' })).toThrow(/bad live channel/);
  });
});

describe('LiveDemo (ffmpeg live HLS)', () => {
  let mediaDir: string;
  let live: LiveDemo;

  beforeAll(async () => {
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'openvod-live-'));
    // A leftover of an earlier (killed) run: it must be emptied on start.
    await fs.mkdir(path.join(mediaDir, 'live', DEMO_LIVE_CHANNEL), { recursive: true });
    await fs.writeFile(path.join(mediaDir, 'live', DEMO_LIVE_CHANNEL, 'seg_1.ts'), 'stale');
    live = new LiveDemo({ mediaDir, backoffMinMs: 200, backoffMaxMs: 1000, timeZone: 'Asia/Shanghai' });
    await live.start();
  });

  afterAll(async () => {
    await live?.stop();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  it('writes a sliding-window live playlist whose media sequence advances', async () => {
    expect(live.playlist).toBe(path.join(mediaDir, 'live', DEMO_LIVE_CHANNEL, 'index.m3u8'));
    // The clock on the picture is in the operator's zone.
    expect(readFileSync(`/proc/${live.pid}/environ`, 'utf8').split('\0')).toContain('TZ=Asia/Shanghai');
    const first = await vi.waitFor(
      () => {
        const pl = readPlaylist(live.playlist);
        if (!pl) throw new Error('no playlist yet');
        return pl;
      },
      { timeout: 30_000, interval: 250 },
    );
    // Epoch-based numbering: the sequence is near the current Unix time.
    expect(Math.abs(first.sequence - Date.now() / 1000)).toBeLessThan(3600);
    expect(first.text).not.toMatch(/EXT-X-ENDLIST/);
    expect(first.text).not.toMatch(/EXT-X-PLAYLIST-TYPE/);
    expect(first.targetDuration).toBeLessThanOrEqual(3);
    // Wait until the window is full and slides: 6 segments, and the sequence moved on.
    const later = await vi.waitFor(
      () => {
        const pl = readPlaylist(live.playlist);
        if (!pl || pl.segments.length < 6 || pl.sequence <= first.sequence) throw new Error('window not sliding yet');
        return pl;
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(later.segments).toHaveLength(6);
    expect(later.text).not.toMatch(/EXT-X-ENDLIST/);
    // Segments are named after their sequence number; the stale file of the earlier run is gone.
    expect(later.segments[0]).toBe(`seg_${later.sequence}.ts`);
    expect(await fs.readdir(live.dir)).not.toContain('seg_1.ts');
  }, 90_000);

  it('keeps old segments off disk (delete_segments) and writes decodable H.264 + AAC segments', async () => {
    const pl = readPlaylist(live.playlist);
    expect(pl).toBeDefined();
    const files = (await fs.readdir(live.dir)).filter((f) => /^seg_\d+\.ts$/.test(f));
    // The window plus the delete threshold (2) and the segment being written.
    expect(files.length).toBeLessThanOrEqual(6 + 3);
    const newest = pl?.segments.at(-1) ?? '';
    const probed = probeSegment(path.join(live.dir, newest));
    expect(probed.codecs).toEqual(['aac', 'h264']);
    // ~2 s at 15 fps.
    expect(probed.frames).toBeGreaterThanOrEqual(24);
  }, 30_000);

  it('restarts ffmpeg after it dies, and the media sequence keeps increasing', async () => {
    const pid = live.pid;
    expect(pid).toBeDefined();
    const before = readPlaylist(live.playlist);
    expect(before).toBeDefined();
    process.kill(pid as number, 'SIGKILL');
    await vi.waitFor(
      () => {
        if (live.restarts < 1 || live.pid === undefined || live.pid === pid) throw new Error('not restarted yet');
      },
      { timeout: 20_000, interval: 100 },
    );
    const after = await waitForSequenceAbove(live.playlist, before?.sequence ?? 0, 30_000);
    expect(after.text).not.toMatch(/EXT-X-ENDLIST/);
    expect(isAlive(pid as number)).toBe(false);
  }, 60_000);

  it('stops ffmpeg on stop() (no orphan process) and does not restart it', async () => {
    const pid = live.pid as number;
    expect(isAlive(pid)).toBe(true);
    await live.stop();
    expect(isAlive(pid)).toBe(false);
    expect(live.pid).toBeUndefined();
    const restarts = live.restarts;
    const seq = readPlaylist(live.playlist)?.sequence ?? 0;
    // Restart back-off is at most 1 s here: were a restart scheduled, a new segment would appear within 2 s of it.
    // Wait for a fresh ffmpeg to show up (it must not) by polling past that window.
    await expect(
      vi.waitFor(
        () => {
          if (live.restarts === restarts && live.pid === undefined) throw new Error('still stopped');
        },
        { timeout: 4000, interval: 200 },
      ),
    ).rejects.toThrow('still stopped');
    expect(readPlaylist(live.playlist)?.sequence ?? 0).toBe(seq);
  }, 20_000);
});
