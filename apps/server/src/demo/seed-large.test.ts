import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../core/db.ts';
import { acquireLock, DataDirLockedError } from '../lib/data-lock.ts';
import { parsePlay } from '../modules/content/play.ts';
import { createTestDb, type TestDb } from '../test/harness.ts';
import {
  countGenerated,
  countsByType,
  GENERATOR_VERSION,
  parseArgs,
  pinyinOf,
  readMarker,
  runSeedLarge,
  SeedRefusedError,
  schemaVersion,
  seedLarge,
} from './seed-large.ts';

const ANCHOR = Date.UTC(2026, 10, 1);
const args = { titles: 600, reset: false, seed: 7, anchor: ANCHOR, batch: 250 };

interface Row {
  vod_id: number;
  type_id: number;
  type_id_1: number;
  vod_name: string;
  vod_sub: string;
  vod_en: string;
  vod_letter: string;
  vod_actor: string;
  vod_class: string;
  vod_area: string;
  vod_year: string;
  vod_level: number;
  vod_hits: number;
  vod_hits_day: number;
  vod_hits_week: number;
  vod_hits_month: number;
  vod_total: number;
  vod_serial: string;
  vod_play_from: string;
  vod_play_server: string;
  vod_play_note: string;
  vod_play_url: string;
  vod_source_id: string;
  vod_time: string | Date;
}

describe('parseArgs', () => {
  it('reads the options and rejects bad ones', () => {
    const a = parseArgs(['--titles', '200000', '--reset', '--seed=3', '--anchor', '2026-01-02']);
    expect(a).toMatchObject({ titles: 200000, reset: true, seed: 3, anchor: Date.UTC(2026, 0, 2), batch: 2000 });
    expect(parseArgs(['--titles', '5', '--database-url', 'postgres://u@h/db']).databaseUrl).toBe('postgres://u@h/db');
    expect(() => parseArgs([])).toThrow(/--titles is required/);
    expect(() => parseArgs(['--titles', 'many'])).toThrow(/whole number/);
    expect(() => parseArgs(['--titles', '0'])).toThrow(/whole number/);
    expect(() => parseArgs(['--titles', '5', '--anchor', 'yesterday'])).toThrow(/YYYY-MM-DD/);
    expect(() => parseArgs(['--titles', '5', '--database-url', 'mysql://x'])).toThrow(/postgres/);
    expect(() => parseArgs(['--titles', '5', '--fast'])).toThrow(/unknown argument "--fast"/);
  });

  it('makes toneless pinyin without separators', () => {
    expect(pinyinOf('霓虹断刃')).toBe('nihongduanren');
    expect(pinyinOf('长安英雄第二季')).toBe('changanyingxiongdierji');
    expect(pinyinOf('The Silent Harbor')).toBe('thesilentharbor');
  });
});

describe('seedLarge', () => {
  let db: TestDb;
  let rows: Row[];
  beforeAll(async () => {
    db = await createTestDb(2);
    const r = await seedLarge(db, args);
    expect(r).toMatchObject({ inserted: 600, existing: 0, deleted: 0 });
    rows = rowsOf<Row>(await db.db.execute(sql`select * from mac_vod order by vod_source_id::int`));
  });
  afterAll(async () => db?.destroy());

  it('loads the titles with the marker and into the demo categories', async () => {
    expect(rows).toHaveLength(600);
    expect(await countGenerated(db)).toBe(600);
    expect(await readMarker(db)).toMatchObject({
      titles: 600,
      seed: 7,
      anchor: '2026-11-01',
      generator: GENERATOR_VERSION,
      migration: schemaVersion(),
    });
    const types = rowsOf<{ type_id: number; type_pid: number; type_sort: number }>(
      await db.db.execute(sql`select type_id, type_pid, type_sort from mac_type`),
    );
    const byId = new Map(types.map((t) => [t.type_id, t]));
    const used = await countsByType(db);
    // Spread over many categories (4 tops + 11 sub-categories in the demo set), none of the special ones.
    expect(used.length).toBeGreaterThanOrEqual(12);
    for (const { type_id } of used) expect(byId.get(type_id)?.type_sort).toBeLessThan(999);
    for (const r of rows) {
      const t = byId.get(r.type_id);
      expect(r.type_id_1).toBe(t?.type_pid === 0 ? r.type_id : t?.type_pid);
    }
    // The new categories are open to the built-in groups (guests included), as the demo seed makes them.
    const tops = types.filter((t) => t.type_pid === 0).map((t) => String(t.type_id));
    const groups = rowsOf<{ group_id: number; group_type: string }>(
      await db.db.execute(
        sql`select group_id, group_type from mac_group where group_id in (1, 2, 3) order by group_id`,
      ),
    );
    expect(groups).toHaveLength(3);
    for (const g of groups) expect(g.group_type.split(',').sort()).toEqual([...tops].sort());
  });

  it('makes realistic names, pinyin, people, filters, hits and play data', () => {
    const latin = rows.filter((r) => /^[A-Za-z]/.test(r.vod_name));
    expect(latin.length).toBeGreaterThan(600 * 0.04);
    expect(latin.length).toBeLessThan(600 * 0.25);
    for (const r of rows) {
      expect(r.vod_en).toMatch(/^[a-z0-9]+$/);
      expect(r.vod_en).toBe(pinyinOf(r.vod_name));
      expect(r.vod_letter).toBe(r.vod_en[0]?.toUpperCase());
      expect(r.vod_actor.split(',').length).toBeGreaterThanOrEqual(1);
      expect(r.vod_area).not.toBe('');
      expect(r.vod_year).toMatch(/^20\d\d$/);
      expect(r.vod_hits_month).toBeLessThanOrEqual(r.vod_hits);
      expect(r.vod_hits_week).toBeLessThanOrEqual(r.vod_hits_month);
      expect(r.vod_hits_day).toBeLessThanOrEqual(r.vod_hits_week);
      expect(new Date(r.vod_time).getTime()).toBeLessThan(ANCHOR + 86_400_000);
      const sources = parsePlay(r);
      expect(sources.length).toBe(r.vod_play_from.split('$$$').length);
      for (const s of sources) {
        expect(s.episodes.length).toBe(Math.max(1, Number(r.vod_serial)));
        for (const e of s.episodes) expect(e.url).toMatch(/^\/media\/demo\/pool\/[a-z0-9]+\/index\.m3u8$/);
      }
    }
    expect(rows.filter((r) => r.vod_sub !== '').length).toBeGreaterThan(600 * 0.2);
    // Skewed popularity: the top 5 % hold far more than 5 % of the views.
    const hits = rows.map((r) => r.vod_hits).sort((a, b) => b - a);
    const top = hits.slice(0, 30).reduce((s, h) => s + h, 0);
    expect(top / hits.reduce((s, h) => s + h, 0)).toBeGreaterThan(0.25);
    // Stars recur: some actor appears in several titles.
    const actorCount = new Map<string, number>();
    for (const r of rows) for (const a of r.vod_actor.split(',')) actorCount.set(a, (actorCount.get(a) ?? 0) + 1);
    expect(Math.max(...actorCount.values())).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.vod_year)).size).toBeGreaterThanOrEqual(6);
    expect(rows.some((r) => r.vod_level > 0)).toBe(true);
  });

  it('goes through the schema: the search trigger filled the tokens of every title', async () => {
    const [empty] = rowsOf<{ n: number }>(
      await db.db.execute(sql`select count(*)::int as n from mac_vod where cardinality(vod_search) = 0`),
    );
    expect(empty?.n).toBe(0);
    const first = rows[0] as Row & { vod_search: string[] };
    expect(first.vod_search).toContain(first.vod_en.slice(0, 4));
  });

  it('refuses a second load, resumes a partial one and is deterministic', async () => {
    await expect(seedLarge(db, args)).rejects.toBeInstanceOf(SeedRefusedError);
    // Delete the last 100 titles: a run resumes from the count and regenerates exactly those.
    await db.db.execute(sql`delete from mac_vod where vod_source_key = 'seed-large' and vod_source_id::int >= 500`);
    const resumed = await seedLarge(db, args);
    expect(resumed).toMatchObject({ existing: 500, inserted: 100 });
    const again = rowsOf<Row>(await db.db.execute(sql`select * from mac_vod order by vod_source_id::int`));
    const strip = ({ vod_id: _a, ...rest }: Row & { vod_time_hits?: unknown }) => {
      const { vod_time_hits: _b, ...stable } = rest as Row & { vod_time_hits?: unknown };
      return stable;
    };
    expect(again.map(strip)).toEqual(rows.map(strip));
  });

  it('--reset deletes the generated titles first, keeping imported ones; bulk mode keeps every index', async () => {
    await db.db.execute(
      sql`insert into mac_vod (type_id, type_id_1, vod_name, vod_source_key, vod_source_id) values (1, 1, '导入的片', 'feed', '1')`,
    );
    const indexes = async () =>
      rowsOf<{ indexname: string; indexdef: string }>(
        await db.db.execute(
          sql`select indexname, indexdef from pg_indexes where tablename = 'mac_vod' order by indexname`,
        ),
      );
    const before = await indexes();
    expect(before.length).toBeGreaterThan(5);
    const r = await seedLarge(db, { ...args, titles: 300, reset: true, bulkFrom: 100 });
    expect(r).toMatchObject({ deleted: 600, existing: 0, inserted: 300 });
    expect(await indexes()).toEqual(before);
    expect(await countGenerated(db)).toBe(300);
    // Rows loaded in bulk are the same as rows loaded batch by batch (the first 300 of the earlier load).
    const bulkRows = rowsOf<Row>(
      await db.db.execute(sql`select * from mac_vod where vod_source_key = 'seed-large' order by vod_source_id::int`),
    );
    const stable = (r: Row) => ({ ...r, vod_id: 0, vod_time_hits: null });
    expect(bulkRows.map(stable)).toEqual(rows.slice(0, 300).map(stable));
    const other = rowsOf<{ n: number }>(
      await db.db.execute(sql`select count(*)::int as n from mac_vod where vod_source_key = 'feed'`),
    );
    expect(other[0]?.n).toBe(1);
  });
});

describe('npm run seed:large on the PGlite data folder', () => {
  const saved = { ...process.env };
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-seed-'));
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dataDir;
  });
  afterAll(() => {
    process.env = { ...saved };
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a folder a server holds, loads it otherwise, and refuses a second identical load', async () => {
    const lock = acquireLock(dataDir, 'server-token-0123456789');
    lock.setPort(18999);
    await expect(runSeedLarge(['--titles', '50'])).rejects.toBeInstanceOf(DataDirLockedError);
    lock.release();
    const lines: string[] = [];
    expect(await runSeedLarge(['--titles', '50', '--anchor', '2026-11-01'], (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toMatch(
      /^seed:large: 50 titles inserted \(50 generated in total, seed 1, anchor 2026-11-01\)/,
    );
    lines.length = 0;
    expect(await runSeedLarge(['--titles', '50'], (l) => lines.push(l))).toBe(3);
    expect(lines.at(-1)).toMatch(/already has 50 generated titles/);
    // The lock was released: a server (or another run) can take the folder.
    acquireLock(dataDir, 'again-0123456789abcdef').release();
  });
});
