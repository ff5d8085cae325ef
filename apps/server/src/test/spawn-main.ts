/**
 * The real server (src/main.ts) as its own process, for the tests of what only a whole process shows (roles, the
 * start log): run through tsx with the contract's sources (the `@openvod/source` condition), on a free loopback port,
 * without demo content, logging warnings; `env` comes on top. Output is piped, for the caller to read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { vi } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

export function spawnMain(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--conditions=@openvod/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PORT: '0', HOST: '127.0.0.1', DEMO_CONTENT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A started main.ts process with what it printed so far and its exit. */
export interface MainProcess {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** {@link spawnMain}, collecting its output (both streams) for {@link addressOf} and the assertions. */
export function startMain(env: NodeJS.ProcessEnv): MainProcess {
  const child = spawnMain(env);
  let out = '';
  const append = (c: Buffer) => {
    out += c.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** The base address a started process printed (`pattern` captures it); throws when it exits first (240 s max). */
export function addressOf(p: MainProcess, pattern: RegExp): Promise<string> {
  return vi.waitFor(
    () => {
      if (p.child.exitCode !== null) throw new Error(`exited: ${p.output()}`);
      const m = pattern.exec(p.output());
      if (!m?.[1]) throw new Error('not ready yet');
      return m[1];
    },
    { timeout: 240_000, interval: 200 },
  );
}
