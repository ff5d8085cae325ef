/**
 * Locating and running ffmpeg.
 *
 * Debian's ffmpeg (on PATH) is preferred; the npm package `@ffmpeg-installer/ffmpeg` (a static 2018 build shipped
 * inside the registry package, shared/research/toolchain.md §8) is the fallback. `FFMPEG_PATH` overrides both.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** Thrown by {@link findFfmpeg} when no working ffmpeg binary is available. */
export class FfmpegNotFoundError extends Error {
  override name = 'FfmpegNotFoundError';
}

/** Thrown by {@link runFfmpeg} when ffmpeg cannot be started or exits with a non-zero status. */
export class FfmpegError extends Error {
  override name = 'FfmpegError';
  constructor(
    message: string,
    /** Exit code, or null when ffmpeg was killed by a signal or could not be started. */
    readonly exitCode: number | null,
    /** The last part of ffmpeg's stderr (at most 4000 characters). */
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** True when `bin -version` can be run and exits with status 0 (within 15 s). */
function runsVersion(bin: string): Promise<boolean> {
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(bin, ['-version'], { stdio: 'ignore' });
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/** The binary path of `@ffmpeg-installer/ffmpeg`, or undefined when the package (or its platform binary) is missing. */
function installerPath(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const mod = require('@ffmpeg-installer/ffmpeg') as { path?: unknown };
    return typeof mod.path === 'string' ? mod.path : undefined;
  } catch {
    return undefined;
  }
}

async function locateFfmpeg(): Promise<string> {
  const tried: string[] = [];
  const override = process.env.FFMPEG_PATH?.trim();
  if (override) {
    if (await runsVersion(override)) return override;
    throw new FfmpegNotFoundError(`FFMPEG_PATH=${override} does not run (\`${override} -version\` failed)`);
  }
  if (await runsVersion('ffmpeg')) return 'ffmpeg';
  tried.push('`ffmpeg` on PATH');
  const fallback = installerPath();
  if (fallback !== undefined) {
    if (await runsVersion(fallback)) return fallback;
    tried.push(`@ffmpeg-installer/ffmpeg (${fallback})`);
  } else {
    tried.push('@ffmpeg-installer/ffmpeg (not installed)');
  }
  throw new FfmpegNotFoundError(
    `ffmpeg not found (tried ${tried.join(', ')}): install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH`,
  );
}

let located: Promise<string> | undefined;

/**
 * Find a working ffmpeg binary: `FFMPEG_PATH` when set (it must work), else `ffmpeg` on PATH, else the binary of the
 * npm package `@ffmpeg-installer/ffmpeg`. A candidate counts only if `<bin> -version` exits with status 0.
 *
 * The result is cached for the process (a failure is not cached).
 *
 * @returns the command to spawn: `'ffmpeg'` (resolved through PATH) or an absolute path.
 * @throws FfmpegNotFoundError when no candidate works.
 */
export function findFfmpeg(): Promise<string> {
  if (located === undefined) {
    located = locateFfmpeg().catch((err: unknown) => {
      located = undefined;
      throw err;
    });
  }
  return located;
}

/** Options of {@link runFfmpeg}. */
export interface RunFfmpegOptions {
  /** Kill ffmpeg (SIGKILL) and reject after this many milliseconds. Default 120 000. */
  timeoutMs?: number;
  /** Working directory of the process. */
  cwd?: string;
}

/**
 * Run ffmpeg with `-hide_banner -nostdin -loglevel error -y` followed by `args` (no shell: arguments are passed as is).
 *
 * @param bin the command returned by {@link findFfmpeg}.
 * @param args ffmpeg arguments (inputs, filters, outputs).
 * @returns resolves when ffmpeg exits with status 0.
 * @throws FfmpegError when ffmpeg cannot be started, exits non-zero, is killed by a signal or times out; the message
 *   carries the tail of stderr.
 */
export function runFfmpeg(bin: string, args: readonly string[], options: RunFfmpegOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
      cwd: options.cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let timedOut = false;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new FfmpegError(`cannot start ${bin}: ${err.message}`, null, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        resolve();
        return;
      }
      const why = timedOut ? `timed out after ${timeoutMs} ms` : signal ? `killed by ${signal}` : `exit code ${code}`;
      reject(new FfmpegError(`ffmpeg failed (${why}): ${stderr.trim().slice(-1500)}`, code, stderr));
    });
  });
}

/**
 * The names of the filters the given ffmpeg binary provides (`ffmpeg -filters`), e.g. to check for `drawtext`
 * (needs libfreetype). Resolves to an empty set when the listing cannot be obtained.
 */
export function listFfmpegFilters(bin: string): Promise<Set<string>> {
  return new Promise((resolve) => {
    const names = new Set<string>();
    let out = '';
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(bin, ['-hide_banner', '-nostdin', '-filters'], { stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      resolve(names);
      return;
    }
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', () => resolve(names));
    child.on('close', () => {
      // Lines look like " T.C drawtext          V->V       Draw text on top of video frames using libfreetype library."
      for (const line of out.split('\n')) {
        const m = /^\s*[A-Z.|]{2,3}\s+(\S+)\s+\S*->\S*/.exec(line);
        if (m?.[1]) names.add(m[1]);
      }
      resolve(names);
    });
  });
}
