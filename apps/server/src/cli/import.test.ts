import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openPglite } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { acquireLock, DataDirLockedError, LOCK_FILE } from '../lib/data-lock.ts';
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

  it('reports a malformed feed and a missing file clearly', async () => {
    const lines: string[] = [];
    expect(await runImport(['malformed.json'], (l) => lines.push(l))).toBe(1);
    expect(lines[0]).toMatch(/^malformed\.json: import failed: the feed is not valid JSON/);
    await expect(runImport(['nope.json'])).rejects.toThrow('no such file: nope.json');
  });

  it('goes through the running server when it holds the data folder', async () => {
    const token = 'local-token-for-test-0123456789abcdef';
    const lock = acquireLock(dataDir, token);
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
  it('refuses a second owner while the first is alive and takes over a stale lock', () => {
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, port: 8080, token: 't', started: '' }),
    );
    expect(() => acquireLock(dataDir, 'x')).toThrow(DataDirLockedError);
    expect(() => acquireLock(dataDir, 'x')).toThrow(/in use by another OpenVod process \(pid \d+, port 8080\)/);
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: 999999999, port: 1, token: 't', started: '' }),
    );
    const lock = acquireLock(dataDir, 'mine');
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).token).toBe('mine');
    lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
