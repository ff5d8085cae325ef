import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openPglite } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { acquireLock, DataDirLockedError, LOCK_FILE, readLock } from '../lib/data-lock.ts';
import { parseArgs, runImport } from './import.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../modules/importer/fixtures');
let dataDir: string;
const saved = { ...process.env };

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-cli-'));
  // These cases are about the PGlite data folder; the PostgreSQL path is the same importer.
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = dataDir;
  process.env.INIT_CWD = FIXTURES;
});
afterEach(() => {
  process.env = { ...saved };
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run import', () => {
  it('parses sources and --hours', () => {
    expect(parseArgs(['a.json', '--hours', '24', 'https://x/api.php/provide/vod/'])).toEqual({
      sources: ['a.json', 'https://x/api.php/provide/vod/'],
      hours: 24,
    });
    expect(() => parseArgs([])).toThrow(/usage/);
    expect(() => parseArgs(['a.json', '--hours', 'soon'])).toThrow(/whole number/);
  });

  it('imports files into the data folder when no server runs, idempotently', async () => {
    const lines: string[] = [];
    expect(await runImport(['detail.json', 'detail.xml'], (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toMatch(/^detail\.json: 3 added, 0 updated, 0 unchanged, 0 skipped/);
    expect(lines[1]).toMatch(/^detail\.xml: 2 added/);
    lines.length = 0;
    expect(await runImport(['detail.json'], (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toMatch(/0 added, 0 updated, 3 unchanged/);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('names the new categories with the rights they got and the players new to the player table', async () => {
    const lines: string[] = [];
    expect(await runImport(['detail.json'], (l) => lines.push(l))).toBe(0);
    const out = lines.join('\n');
    expect(out).toMatch(/new categories got the default rights of new categories/);
    // The catalogue settings' defaults (packages/contract admin.ts DEFAULT_NEW_TYPE_RIGHTS), per group by name.
    expect(out).toMatch(
      /\n {4}"动作片" #\d+: 游客: list, detail, play; 默认会员: list, detail, play; VIP会员: list, detail, play, download\n/,
    );
    expect(out).toMatch(/\n {4}"电影" #\d+: /);
    expect(out).toMatch(
      /\n {2}players not in the player table, added: ovhls, backup \(name them in the console under Players\)/,
    );
    // A second run creates nothing and meets only known players: neither is mentioned again.
    lines.length = 0;
    expect(await runImport(['detail.json'], (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).not.toMatch(/default rights|player table/);
  });

  it('reports a malformed feed and a missing file clearly', async () => {
    const lines: string[] = [];
    expect(await runImport(['malformed.json'], (l) => lines.push(l))).toBe(1);
    expect(lines[0]).toMatch(/^malformed\.json: import failed: the feed is not valid JSON/);
    await expect(runImport(['nope.json'])).rejects.toThrow('no such file: nope.json');
  });

  it('goes through the running server when it holds the data folder', async () => {
    const token = 'local-token-for-test-0123456789abcdef';
    const db = await openPglite(path.join(dataDir, 'pglite'));
    await runMigrations(db);
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir }),
      db,
      localToken: token,
      webDist: '/x',
      adminDist: '/x',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    // Taken once the server listens: the migrations above can hold this process's event loop on a busy machine
    // past the lock's stale time (lib/data-lock.ts), and the CLI would then rightly take a stale lock over.
    const lock = acquireLock(dataDir, token);
    lock.setPort(typeof address === 'object' && address ? address.port : 0);
    try {
      const lines: string[] = [];
      expect(await runImport(['detail.json'], (l) => lines.push(l))).toBe(0);
      expect(lines[0]).toMatch(/^OpenVod is running/);
      expect(lines[1]).toMatch(/^detail\.json: 3 added/);
      const list = (await app.inject('/api/vod?limit=50')).json();
      expect(list.total).toBe(3);
    } finally {
      await app.close();
      await db.close();
      lock.release();
    }
  });
});

describe('data folder lock', () => {
  const LOCK_DIR = 'openvod.lock.d';
  const DATA_LOCK = path.resolve(import.meta.dirname, '../lib/data-lock.ts');
  const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

  /** Run `code` (an ES module importing data-lock.ts as `lock`) in a second real process. */
  function inOtherProcess(code: string, env: Record<string, string> = {}) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          '--conditions=@openvod/source',
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import * as lock from ${JSON.stringify(pathToFileURL(DATA_LOCK).href)};\n${code}`,
        ],
        { cwd: SERVER_DIR, env: { ...process.env, DIR: dataDir, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('error', reject);
      child.on('close', (exit) => resolve({ code: exit, stdout, stderr }));
    });
  }
  const TRY_ACQUIRE = `
    try {
      lock.acquireLock(process.env.DIR, 'other').release();
      console.log('acquired');
    } catch (err) {
      process.stderr.write(err.name + ': ' + err.message);
      process.exit(2);
    }`;

  it('refuses a second owner while held, shows the holder, and is free again after release', () => {
    const lock = acquireLock(dataDir, 'mine');
    lock.setPort(8080);
    try {
      expect(fs.statSync(path.join(dataDir, LOCK_DIR)).isDirectory()).toBe(true);
      expect(fs.statSync(path.join(dataDir, LOCK_FILE)).mode & 0o777).toBe(0o600);
      expect(readLock(dataDir)).toEqual({
        pid: process.pid,
        port: 8080,
        token: 'mine',
        started: expect.any(String),
      });
      expect(() => acquireLock(dataDir, 'x')).toThrow(DataDirLockedError);
      expect(() => acquireLock(dataDir, 'x')).toThrow(
        `The data folder ${dataDir} is in use by another OpenVod process (pid ${process.pid}, port 8080). ` +
          'Stop it first, or use another DATA_DIR.',
      );
      // A refused attempt leaves the holder's lock and info alone.
      expect(readLock(dataDir)?.token).toBe('mine');
    } finally {
      lock.release();
    }
    lock.release(); // idempotent
    expect(readLock(dataDir)).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, LOCK_DIR))).toBe(false);

    const again = acquireLock(dataDir, 'again');
    expect(readLock(dataDir)?.token).toBe('again');
    again.release();
    expect(readLock(dataDir)).toBeUndefined();
  });

  it('takes over a stale lock (not refreshed for an hour) left without an info file', () => {
    const dir = path.join(dataDir, LOCK_DIR);
    fs.mkdirSync(dir);
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(dir, hourAgo, hourAgo);
    expect(readLock(dataDir)).toBeUndefined();
    const lock = acquireLock(dataDir, 'mine');
    try {
      expect(readLock(dataDir)).toMatchObject({ pid: process.pid, port: 0, token: 'mine' });
      expect(fs.readdirSync(dataDir).filter((f) => f.includes('stale'))).toEqual([]);
    } finally {
      lock.release();
    }
  });

  it('gives a lock back untouched when it turns fresh between the stale check and the claim', () => {
    const holder = acquireLock(dataDir, 'holder');
    const dir = path.join(dataDir, LOCK_DIR);
    const before = fs.statSync(dir);
    // The thief's stale check sees an old lock (as if it looked just before the holder took the lock over).
    const realStat = fs.statSync;
    const spy = vi
      .spyOn(fs, 'statSync')
      .mockImplementation(((p: fs.PathLike, o?: fs.StatSyncOptions) =>
        p === dir
          ? Object.assign(realStat(p), { mtimeMs: Date.now() - 3_600_000 })
          : realStat(p, o)) as typeof fs.statSync);
    try {
      expect(() => acquireLock(dataDir, 'thief')).toThrow(DataDirLockedError);
      expect(spy).toHaveBeenCalledWith(dir);
    } finally {
      spy.mockRestore();
    }
    const after = fs.statSync(dir);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(readLock(dataDir)?.token).toBe('holder');
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('stale'))).toEqual([]);
    holder.release();
  });

  it('refuses a fresh lock whose holder has not written its info (pid 0, port 0)', () => {
    fs.mkdirSync(path.join(dataDir, LOCK_DIR));
    expect(readLock(dataDir)).toBeUndefined();
    expect(() => acquireLock(dataDir, 'x')).toThrow(/in use by another OpenVod process \(pid 0, port 0\)/);
    expect(fs.existsSync(path.join(dataDir, LOCK_DIR))).toBe(true);
  });

  it('refuses a second process while this one holds the folder, and lets it in afterwards', async () => {
    const lock = acquireLock(dataDir, 'mine');
    lock.setPort(4321);
    try {
      const seen = await inOtherProcess(`console.log(JSON.stringify(lock.readLock(process.env.DIR)));${TRY_ACQUIRE}`);
      expect(seen.code).toBe(2);
      expect(JSON.parse(seen.stdout)).toMatchObject({ pid: process.pid, port: 4321, token: 'mine' });
      expect(seen.stderr).toBe(
        `DataDirLockedError: The data folder ${dataDir} is in use by another OpenVod process ` +
          `(pid ${process.pid}, port 4321). Stop it first, or use another DATA_DIR.`,
      );
      expect(readLock(dataDir)?.token).toBe('mine');
    } finally {
      lock.release();
    }
    const after = await inOtherProcess(TRY_ACQUIRE);
    expect(after).toMatchObject({ code: 0, stdout: 'acquired\n' });
  });

  it('stops a holder whose lock was taken away instead of letting it keep writing', async () => {
    const child = inOtherProcess(`
      lock.acquireLock(process.env.DIR, 'child');
      setTimeout(() => process.exit(3), 30_000);`);
    // The child holds the folder once its lock file names it (a child process starts in seconds on a busy machine).
    await vi.waitFor(() => expect(readLock(dataDir)?.token).toBe('child'), { timeout: 10_000, interval: 50 });
    fs.rmSync(path.join(dataDir, LOCK_DIR), { recursive: true });
    const result = await child;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/OpenVod lost the lock on the data folder .*Stopping to avoid corrupting it/);
  });

  it('lets exactly one of several processes racing for a stale lock take it over', async () => {
    const dir = path.join(dataDir, LOCK_DIR);
    fs.mkdirSync(dir);
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(dir, hourAgo, hourAgo);
    const sync = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-race-'));
    const count = 6;
    // Processes report ready, start together on a "go" file, and a winner holds the lock until every process has
    // tried: the outcome does not depend on how fast this machine starts them.
    const race = `
      import fs from 'node:fs';
      const sync = process.env.SYNC;
      fs.writeFileSync(sync + '/ready-' + process.pid, '');
      while (!fs.existsSync(sync + '/go'));
      let held, out;
      try {
        held = lock.acquireLock(process.env.DIR, 'p' + process.pid);
        out = 'acquired';
      } catch (err) {
        out = err.name;
      }
      fs.writeFileSync(sync + '/tried-' + process.pid, '');
      const t0 = Date.now();
      while (held && fs.readdirSync(sync).filter((f) => f.startsWith('tried-')).length < ${count} && Date.now() - t0 < 60000);
      held?.release();
      console.log(out);`;
    const runs = Array.from({ length: count }, () => inOtherProcess(race, { SYNC: sync }));
    await expect
      .poll(() => fs.readdirSync(sync).filter((f) => f.startsWith('ready-')).length, { timeout: 60_000, interval: 50 })
      .toBe(count);
    fs.writeFileSync(path.join(sync, 'go'), '');
    const results = await Promise.all(runs);
    fs.rmSync(sync, { recursive: true, force: true });
    const outcomes = results.map((r) => r.stdout.trim()).sort();
    expect(results.map((r) => r.stderr)).toEqual(Array(count).fill(''));
    expect(outcomes).toEqual([...Array(count - 1).fill('DataDirLockedError'), 'acquired']);
    expect(readLock(dataDir)).toBeUndefined();
  });
});
