/**
 * The start log of `npm start` (main.ts): the console's address is printed whether the console password came from
 * ADMIN_PASSWORD or was generated, and a password from the environment is never printed.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnMain } from './test/spawn-main.ts';

const PUBLIC_URL = 'http://openvod.test:8080';

interface Started {
  child: ChildProcess;
  /** Resolves with everything printed on stdout and stderr up to the ready line (or rejects when the process ends). */
  ready: Promise<{ stdout: string; stderr: string }>;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

/** Start the server (PGlite in a fresh data folder, no demo content) with `env` added. */
function start(env: Record<string, string>): Started {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-main-'));
  dirs.push(dataDir);
  const base = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'ADMIN_PASSWORD', 'ROLE', 'NODE_ENV']) delete base[k];
  const child = spawnMain({ ...base, DATA_DIR: dataDir, PUBLIC_URL, LIVE_DEMO: '0', ...env });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const ready = new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      stdout += d;
      // Ready once the ready line has ended (what main.ts writes with it comes in the same write).
      if (/OpenVod is ready: [^\n]*\n/.test(stdout)) resolve({ stdout, stderr });
    });
    child.stderr?.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (code) =>
      reject(new Error(`server exited (${code}) before it was ready:\n${stdout}\n${stderr}`)),
    );
  });
  return { child, ready };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGTERM');
  await closed;
}

afterEach(async () => {
  for (const c of children.splice(0)) await stop(c);
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the start log', () => {
  it('names the console with ADMIN_PASSWORD set, and never prints that password', async () => {
    const password = 'env-secret-Password-42';
    const { ready } = start({ ADMIN_PASSWORD: password });
    const { stdout, stderr } = await ready;
    expect(stdout).toContain(`  Console: ${PUBLIC_URL}/admin/\n`);
    expect(stdout).not.toContain('Console account created');
    expect(stdout + stderr).not.toContain(password);
  });

  it('names the console once when the password is generated, with the password shown once', async () => {
    const { ready } = start({});
    const { stdout } = await ready;
    expect(stdout).toMatch(/Console account created: user "admin", password "[\w-]{16}"/);
    expect(stdout.split(`Console: ${PUBLIC_URL}/admin/`).length - 1).toBe(1);
  });
});
