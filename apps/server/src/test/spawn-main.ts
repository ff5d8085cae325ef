/**
 * The real server (src/main.ts) as its own process, for the tests of what only a whole process shows (roles, the
 * start log): run through tsx with the contract's sources (the `@openvod/source` condition), on a free loopback port,
 * without demo content, logging warnings; `env` comes on top. Output is piped, for the caller to read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

export function spawnMain(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--conditions=@openvod/source', '--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PORT: '0', HOST: '127.0.0.1', DEMO_CONTENT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
