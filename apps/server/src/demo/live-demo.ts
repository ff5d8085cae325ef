/**
 * The demo live channel (issue 4 §3 `live/index`): while the server runs, ffmpeg produces a live HLS stream of a
 * moving test picture with a wall clock into `<mediaDir>/live/<channel>/index.m3u8`, which the server's `/media/`
 * route serves (`/media/live/<channel>/index.m3u8`, the demo feed's live title).
 *
 * The stream is a sliding window: 2 s segments, the last 6 in the playlist (`-hls_list_size 6`), older ones deleted
 * (`delete_segments`), no `#EXT-X-ENDLIST`, real-time pacing (`-re`). Media sequence numbers start at the Unix time
 * (`-hls_start_number_source epoch`), so they keep increasing across ffmpeg restarts.
 *
 * Life cycle: {@link LiveDemo.start} spawns ffmpeg; if it exits on its own it is started again after a back-off
 * (1 s doubling to 30 s; reset after a minute of running). {@link LiveDemo.stop} sends SIGTERM, waits for the exit
 * (SIGKILL after 5 s) and cancels any pending restart. ffmpeg's pid is kept in `<dir>/ffmpeg.pid`; an ffmpeg left
 * behind by a server killed with SIGKILL is ended on the next start (only if its command line writes this very
 * playlist). Set `LIVE_DEMO=0` to turn the channel off ({@link liveDemoEnabled}).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { findFfmpeg, listFfmpegFilters } from '../modules/media/index.ts';

/** The demo feed's live channel: `/media/live/openvod/index.m3u8`. */
export const DEMO_LIVE_CHANNEL = 'openvod';

const FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
/** Frame rate of the live picture: 15 fps keeps the always-on encoder at a few per cent of one core. */
const FPS = 15;

/**
 * Is the demo live channel wanted? `LIVE_DEMO` unset, `1`, `true` or `yes` mean yes; `0`, `false`, `no` or `off`
 * mean no. Anything else is an error (a typo should not silently change behaviour).
 *
 * @throws Error naming the variable and the accepted values.
 */
export function liveDemoEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.LIVE_DEMO?.trim().toLowerCase();
  if (raw === undefined || raw === '' || raw === '1' || raw === 'true' || raw === 'yes' || raw === 'on') return true;
  if (raw === '0' || raw === 'false' || raw === 'no' || raw === 'off') return false;
  throw new Error(`LIVE_DEMO must be 1 or 0 (true/false, yes/no), got "${env.LIVE_DEMO}"`);
}

/** Options of {@link LiveDemo}. */
export interface LiveDemoOptions {
  /** `DATA_DIR/media` (served at `/media/`); the channel writes into `<mediaDir>/live/<channel>/`. */
  mediaDir: string;
  /** Channel directory name, `[a-z0-9-]`; default {@link DEMO_LIVE_CHANNEL}. */
  channel?: string;
  /** Progress and error lines. */
  log?: (msg: string) => void;
  /** IANA zone of the clock drawn on the picture (the operator's `TZ`); default the process's zone. */
  timeZone?: string;
  /** Picture size; default 640×360. */
  width?: number;
  height?: number;
  /** Segment duration in seconds (default 2) and playlist window in segments (default 6). */
  segmentSeconds?: number;
  listSize?: number;
  /** Restart back-off: first delay and cap in milliseconds (default 1000 and 30 000). */
  backoffMinMs?: number;
  backoffMaxMs?: number;
}

/** A running (or stopped) live channel; see the module comment. */
export class LiveDemo {
  /** Directory of the channel: `<mediaDir>/live/<channel>`. */
  readonly dir: string;
  /** The live media playlist: `<dir>/index.m3u8`. */
  readonly playlist: string;
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private started = false;
  private failures = 0;
  private restartCount = 0;
  private readonly log: (msg: string) => void;

  constructor(private readonly opts: LiveDemoOptions) {
    const channel = opts.channel ?? DEMO_LIVE_CHANNEL;
    if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(channel)) throw new Error(`bad live channel name "${channel}"`);
    this.dir = path.join(path.resolve(opts.mediaDir), 'live', channel);
    this.playlist = path.join(this.dir, 'index.m3u8');
    this.log = opts.log ?? (() => {});
  }

  /** Pid of the current ffmpeg, or undefined while none runs. */
  get pid(): number | undefined {
    return this.child?.exitCode === null && this.child.signalCode === null ? this.child.pid : undefined;
  }

  /** How many times ffmpeg was started again after exiting on its own. */
  get restarts(): number {
    return this.restartCount;
  }

  /**
   * Start the channel: end a leftover ffmpeg of this channel, empty the directory and spawn ffmpeg. Resolves once
   * ffmpeg is spawned (the playlist appears about one segment later). Calling it again while running does nothing.
   *
   * @throws FfmpegNotFoundError when no ffmpeg is found.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    await this.spawnOnce();
  }

  /** Stop ffmpeg (SIGTERM, SIGKILL after 5 s) and cancel pending restarts. Resolves when ffmpeg has exited. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const child = this.child;
    const exited = this.exited;
    if (child && exited && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    }
    await fs.rm(path.join(this.dir, 'ffmpeg.pid'), { force: true });
  }

  private async spawnOnce(): Promise<void> {
    const bin = await findFfmpeg();
    if (this.stopping) return;
    await this.killLeftover();
    await fs.rm(this.dir, { recursive: true, force: true });
    await fs.mkdir(this.dir, { recursive: true });
    const filters = await listFfmpegFilters(bin);
    const font = existsSync(FONT_FILE) && filters.has('drawtext') ? FONT_FILE : undefined;
    if (this.stopping) return;
    const args = this.args(font);
    const env = this.opts.timeZone ? { ...process.env, TZ: this.opts.timeZone } : process.env;
    const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    this.child = child;
    const startedAt = Date.now();
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    this.exited = new Promise<void>((resolve) => {
      child.on('error', (err) => {
        stderr += `\n${err.message}`;
      });
      child.on('close', (code, signal) => {
        if (this.child === child) this.child = undefined;
        resolve();
        if (this.stopping) return;
        this.failures = Date.now() - startedAt > 60_000 ? 0 : this.failures + 1;
        const min = this.opts.backoffMinMs ?? 1000;
        const delay = Math.min(this.opts.backoffMaxMs ?? 30_000, min * 2 ** Math.max(0, this.failures - 1));
        this.log(
          `live channel: ffmpeg exited (${signal ?? `code ${code}`}): ${stderr.trim().slice(-300)}; restarting in ${delay} ms`,
        );
        this.timer = setTimeout(() => {
          this.timer = undefined;
          if (this.stopping) return;
          this.restartCount++;
          this.spawnOnce().catch((err: unknown) => {
            this.log(`live channel: restart failed: ${err instanceof Error ? err.message : String(err)}`);
          });
        }, delay);
        this.timer.unref();
      });
    });
    if (child.pid !== undefined) await fs.writeFile(path.join(this.dir, 'ffmpeg.pid'), `${child.pid}\n`);
    this.log(`live channel: ffmpeg ${child.pid ?? '?'} streaming into ${this.playlist}`);
  }

  /** End an ffmpeg recorded in `<dir>/ffmpeg.pid` whose command line writes this playlist (left by a killed server). */
  private async killLeftover(): Promise<void> {
    const pidFile = path.join(this.dir, 'ffmpeg.pid');
    let pid: number;
    try {
      pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
    } catch {
      return;
    }
    if (!Number.isInteger(pid) || pid <= 1 || pid === this.child?.pid) return;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return; // not running (or no /proc: nothing we can check safely)
    }
    if (!cmdline.includes(this.playlist)) return;
    try {
      process.kill(pid, 'SIGKILL');
      this.log(`live channel: ended leftover ffmpeg ${pid}`);
    } catch {
      // already gone
    }
  }

  /** ffmpeg's arguments for the live stream (`font`: drawtext's font file, when drawtext is available). */
  args(font: string | undefined): string[] {
    const w = this.opts.width ?? 640;
    const h = this.opts.height ?? 360;
    const seg = this.opts.segmentSeconds ?? 2;
    const list = this.opts.listSize ?? 6;
    const gop = seg * FPS;
    const size = Math.round(h / 14);
    const box = `fontcolor=white:box=1:boxborderw=${Math.round(size / 3)}`;
    // No words on the picture (the app is shown in nine languages): a red "on air" mark and the running clock.
    const text =
      `,drawbox=x=iw-${size * 2}:y=${size}:w=${size}:h=${size}:color=red@0.85:t=fill` +
      (font
        ? `,drawtext=fontfile=${font}:text='%{localtime\\:%Y-%m-%d %X}':x=(w-tw)/2:y=h-th-${size}:fontsize=${Math.round(size * 1.4)}:` +
          `${box}:boxcolor=black@0.6`
        : '');
    return [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${w}x${h}:rate=${FPS}${text}`,
      '-re',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:beep_factor=4:sample_rate=48000',
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-x264-params',
      'cabac=1',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(gop),
      '-keyint_min',
      String(gop),
      '-sc_threshold',
      '0',
      '-b:v',
      '600k',
      '-maxrate',
      '800k',
      '-bufsize',
      '1600k',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-ac',
      '2',
      '-ar',
      '48000',
      '-f',
      'hls',
      '-hls_time',
      String(seg),
      '-hls_list_size',
      String(list),
      '-hls_delete_threshold',
      '2',
      '-hls_flags',
      'delete_segments+temp_file+omit_endlist+program_date_time',
      '-hls_start_number_source',
      'epoch',
      '-hls_segment_filename',
      path.join(this.dir, 'seg_%d.ts'),
      this.playlist,
    ];
  }
}
