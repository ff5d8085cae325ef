/**
 * Preflight of the test suite: before any test runs, check that the machine has the system software `npm test`
 * needs and, when something is missing, stop with one message that names it and the Debian package to install
 * (README.md "Test it"; .ci/run installs the same list). Without it a fresh machine failed tests one by one (the 7
 * DLNA tests) instead of saying what to install.
 *
 * Checked: Chromium (the e2e browser, `CHROMIUM_PATH` or /usr/bin/chromium), ffmpeg (demo and test media), Redis
 * reachable at `REDIS_URL` (default redis://127.0.0.1:6379; limits.redis.test.ts), and for the DLNA casting tests
 * (modules/cast/test-renderer.ts) root, `ip` (iproute2), gmediarender and GStreamer's libav/good/bad plugins.
 * `CAST_DLNA_TEST=0` skips the DLNA part (those tests are then skipped); `PREFLIGHT=0` skips the whole check.
 *
 * Used by the server's vitest globalSetup (src/test/global-setup.ts) and by e2e/global-setup.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** One missing piece: what it is, what needs it, and the Debian package that provides it. */
export interface Missing {
  /** What is missing, e.g. "gmediarender". */
  what: string;
  /** Which tests need it. */
  neededBy: string;
  /** Debian/Ubuntu package(s) that provide it (empty when no package fixes it, e.g. root). */
  apt: string[];
  /** Extra advice (start the service, set a variable). */
  hint?: string;
}

/** How the machine is examined; replaced by a fake in preflight.test.ts. */
export interface Probe {
  /** True when `name` is an executable file in a PATH directory (or an absolute path to one). */
  hasCommand(name: string): boolean;
  /** True when the Debian package is installed; undefined when dpkg is not available. */
  debInstalled(pkg: string): boolean | undefined;
  /** True when GStreamer knows the element (gst-inspect-1.0); undefined when gst-inspect-1.0 is not installed. */
  gstElement(element: string): boolean | undefined;
  /** True when running as root. */
  isRoot(): boolean;
  /** True when a TCP connection to host:port opens. */
  tcpOpen(host: string, port: number): Promise<boolean>;
}

/** GStreamer plugin packages the DLNA renderer needs, each with an element it provides (checked when dpkg is absent). */
const GST_PACKAGES: { pkg: string; element: string; role: string }[] = [
  { pkg: 'gstreamer1.0-libav', element: 'avdec_h264', role: 'H.264/AAC decoders' },
  { pkg: 'gstreamer1.0-plugins-good', element: 'qtdemux', role: 'the MP4 demuxer' },
  { pkg: 'gstreamer1.0-plugins-bad', element: 'h264parse', role: 'the H.264 parser' },
];

const DLNA = 'the DLNA casting tests (cast.dlna.test.ts, e2e/tests/cast.spec.ts)';

/** What a caller needs beyond the common list. */
export interface PreflightOptions {
  /** Check that Redis answers at REDIS_URL (default true: the server tests need it; e2e only when REDIS_URL is set). */
  redis?: boolean;
}

/**
 * What the suite needs and this machine lacks, in a fixed order (empty: ready).
 * `env` supplies CHROMIUM_PATH, REDIS_URL, CAST_DLNA_TEST.
 */
export async function findMissing(
  probe: Probe,
  env: NodeJS.ProcessEnv = process.env,
  options: PreflightOptions = {},
): Promise<Missing[]> {
  const missing: Missing[] = [];
  const chromium = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!probe.hasCommand(chromium)) {
    missing.push({
      what: `Chromium (${chromium})`,
      neededBy: 'the browser tests (e2e)',
      apt: ['chromium'],
      hint: 'or set CHROMIUM_PATH to a Chromium binary',
    });
  }
  if (!probe.hasCommand('ffmpeg')) {
    missing.push({ what: 'ffmpeg', neededBy: 'the media tests and the demo media', apt: ['ffmpeg'] });
  }
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redis = parseRedisUrl(redisUrl);
  if ((options.redis ?? true) && (!redis || !(await probe.tcpOpen(redis.host, redis.port)))) {
    missing.push({
      what: `Redis at ${redisUrl}`,
      neededBy: 'the shared rate-limit tests (limits.redis.test.ts)',
      apt: ['redis-server'],
      hint: 'start it (service redis-server start) or set REDIS_URL',
    });
  }
  if (env.CAST_DLNA_TEST === '0') return missing;
  const optOut = 'or set CAST_DLNA_TEST=0 to skip those tests';
  if (!probe.isRoot()) {
    missing.push({ what: 'root (ip netns needs it)', neededBy: DLNA, apt: [], hint: `run as root, ${optOut}` });
  }
  if (!probe.hasCommand('ip')) missing.push({ what: 'ip', neededBy: DLNA, apt: ['iproute2'], hint: optOut });
  if (!probe.hasCommand('gmediarender')) {
    missing.push({ what: 'gmediarender', neededBy: DLNA, apt: ['gmediarender'], hint: optOut });
  }
  for (const { pkg, element, role } of GST_PACKAGES) {
    const installed = probe.debInstalled(pkg) ?? probe.gstElement(element);
    if (installed !== true)
      missing.push({ what: `GStreamer ${role} (${element})`, neededBy: DLNA, apt: [pkg], hint: optOut });
  }
  return missing;
}

/** The message printed when something is missing: one line per piece and one `apt-get install` line for all. */
export function preflightMessage(missing: Missing[]): string {
  if (missing.length === 0) return '';
  const lines = ['The test suite cannot run on this machine; missing:'];
  for (const m of missing) {
    const pkg = m.apt.length > 0 ? ` (apt package ${m.apt.join(', ')})` : '';
    lines.push(`  - ${m.what}${pkg}: needed by ${m.neededBy}${m.hint ? `; ${m.hint}` : ''}`);
  }
  const packages = [...new Set(missing.flatMap((m) => m.apt))];
  if (packages.length > 0) lines.push('', 'Install with:', `  sudo apt-get install ${packages.join(' ')}`);
  lines.push('', 'See README.md, "Test it". PREFLIGHT=0 skips this check.');
  return lines.join('\n');
}

/** Host and port of a redis:// or rediss:// URL (undefined when it is not one). */
export function parseRedisUrl(url: string): { host: string; port: number } | undefined {
  try {
    const u = new URL(url);
    if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') return undefined;
    return { host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(u.port || 6379) };
  } catch {
    return undefined;
  }
}

/** The real machine. */
export const systemProbe: Probe = {
  hasCommand(name) {
    const candidates = name.includes('/')
      ? [name]
      : (process.env.PATH ?? '')
          .split(path.delimiter)
          .filter(Boolean)
          .map((dir) => path.join(dir, name));
    return candidates.some((file) => {
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return fs.statSync(file).isFile();
      } catch {
        return false;
      }
    });
  },
  debInstalled(pkg) {
    if (!this.hasCommand('dpkg-query')) return undefined;
    try {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', pkg], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return / installed$/.test(status.trim());
    } catch {
      return false;
    }
  },
  gstElement(element) {
    if (!this.hasCommand('gst-inspect-1.0')) return undefined;
    try {
      execFileSync('gst-inspect-1.0', ['--exists', element], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  },
  isRoot() {
    return process.getuid?.() === 0;
  },
  tcpOpen(host, port) {
    return new Promise((resolve) => {
      const socket = net.connect({ host, port });
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(5000, () => done(false));
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
    });
  },
};

/**
 * Throws an Error whose message is {@link preflightMessage} when anything is missing; does nothing when
 * `PREFLIGHT=0`.
 */
export async function preflight(
  probe: Probe = systemProbe,
  env: NodeJS.ProcessEnv = process.env,
  options: PreflightOptions = {},
): Promise<void> {
  if (env.PREFLIGHT === '0') return;
  const missing = await findMissing(probe, env, options);
  if (missing.length > 0) throw new Error(preflightMessage(missing));
}
