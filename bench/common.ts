/**
 * Helpers shared by the bench parts: the repository root, progress output, the Chromium flags, and starting or
 * stopping the real server as its own process.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** One progress line on stdout (the last line of a run is the JSON of results). */
export const log = (msg: string) => process.stdout.write(`${msg}\n`);

let built = false;

/**
 * The environment variables and Node flags of the server's production command, read from apps/server/package.json's
 * `start` script (`VAR=value ... node <flags> dist/main.js`), so the bench measures the process `npm start` runs:
 * `MALLOC_ARENA_MAX=2` and glibc's mmap and trim thresholds (docs/operations.md "Memory") and
 * `--max-semi-space-size` (V8's young generation).
 */
export function productionCommand(): { env: Record<string, string>; flags: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const m = /^((?:\w+=\S+\s+)*)node\s+((?:--\S+\s+)*)dist\/main\.js$/.exec(pkg.scripts.start.trim());
  if (!m) throw new Error(`apps/server's start script is not "VAR=v node --flags dist/main.js": ${pkg.scripts.start}`);
  const env = Object.fromEntries(
    (m[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((kv) => kv.split('=', 2) as [string, string]),
  );
  return { env, flags: (m[2] ?? '').trim().split(/\s+/).filter(Boolean) };
}

/**
 * Start the compiled server (apps/server/dist/main.js with the environment and flags of `npm start` in production,
 * {@link productionCommand}; built first with scripts/build.mjs --if-changed, once per bench run) on
 * 127.0.0.1:`port` with `env`; resolves once /readyz answers 200 (240 s max).
 */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  if (!built) {
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-changed'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) throw new Error(`build failed (${build.status})`);
    built = true;
  }
  const production = productionCommand();
  const child = spawn(process.execPath, [...production.flags, path.join(ROOT, 'apps/server/dist/main.js')], {
    env: { ...process.env, ...production.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready in 240 s');
}

/** SIGTERM the server and wait for it to exit. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}

/** Nearest-rank percentile of `xs` (`p` in 0..100); NaN for no samples. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const round1 = (x: number) => Math.round(x * 10) / 10;

/** A bench member's session: its token and user info (the login or registration answer). */
export interface BenchMember {
  token: string;
  info: { user_id: number; user_name: string } & Record<string, unknown>;
}

/**
 * Sign in bench member `name` (password bench123), registering it the first time. The bench keeps its members across
 * runs: the server allows a few registrations per network and day (the accounts setting `reg_ip_daily_limit`), and
 * every bench request comes from 127.0.0.1.
 */
export async function benchMember(base: string, name: string): Promise<BenchMember> {
  const body = { user_name: name, user_pwd: 'bench123', user_pwd2: 'bench123' };
  const post = (p: string) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let res = await post('/api/user/login');
  if (!res.ok) res = await post('/api/user/reg');
  const json = (await res.json()) as BenchMember & { code: number; msg: string };
  if (json.code !== 1) throw new Error(`bench user ${name}: ${json.msg}`);
  return { token: json.token, info: json.info };
}
