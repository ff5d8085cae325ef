import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macType, macTypeBind, macVod } from '../../db/schema/index.ts';
import { FetchError } from '../../lib/safe-fetch.ts';
import { createTestDb, type TestDb } from '../../test/harness.ts';
import { collectText, collectUrl, importCollected, toPoints } from './importer.service.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const TZ = 'Asia/Shanghai';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.destroy();
});

describe('importCollected', () => {
  it('adds titles with categories, sanitised text and parsed play data', async () => {
    const result = await importCollected(db.db, collectText(fixture('detail.json'), 'detail.json'), { timeZone: TZ });
    expect(result).toMatchObject({ added: 3, updated: 0, unchanged: 0, pages: 1, types_created: 5 });
    // 103 has a type the feed's class list does not define, but a type_name: a top category is created for it.
    expect(result.skipped).toEqual([]);
    const types = await db.db.select().from(macType);
    const action = types.find((t) => t.type_name === '动作片');
    const movie = types.find((t) => t.type_name === '电影');
    expect(action?.type_pid).toBe(movie?.type_id);
    const [star] = await db.db.select().from(macVod).where(eq(macVod.vod_source_id, '101'));
    expect(star?.vod_name).toBe('星河守望者');
    expect(star?.vod_content).toBe('<p>一支小队守护星河。</p>');
    expect(star?.vod_time.toISOString()).toBe('2024-05-06T05:32:28.000Z');
    expect(star?.type_id_1).toBe(movie?.type_id);
    expect(star?.vod_play_from).toBe('ovhls$$$backup');
    expect(star?.vod_hits).toBe(1200);
    const [street] = await db.db.select().from(macVod).where(eq(macVod.vod_source_id, '102'));
    expect(street?.vod_pic).toBe('');
    expect(street?.vod_play_url).toBe(
      '第01集$https://cdn.example.net/102/1.m3u8#第02集$https://cdn.example.net/102/2.m3u8#第04集$https://cdn.example.net/102/4.m3u8',
    );
  });

  it('is idempotent: the same feed again changes nothing', async () => {
    const before = await db.db.select().from(macVod);
    const result = await importCollected(db.db, collectText(fixture('detail.json'), 'detail.json'), { timeZone: TZ });
    expect(result).toMatchObject({ added: 0, updated: 0, unchanged: 3, types_created: 0 });
    expect(await db.db.select().from(macVod)).toEqual(before);
  });

  it('recognises the same titles imported under another file name', async () => {
    const before = await db.db.select().from(macVod);
    const result = await importCollected(db.db, collectText(fixture('detail.json'), 'renamed-copy.json'), {
      timeZone: TZ,
    });
    expect(result).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    expect(await db.db.select().from(macVod)).toEqual(before);
  });

  it('updates a changed title and leaves a locked one alone', async () => {
    const changed = fixture('detail.json')
      .replace(/"vod_remarks":\s*"HD"/, '"vod_remarks":"蓝光"')
      .replace(/"vod_remarks":\s*"更新至3集"/, '"vod_remarks":"更新至4集"');
    await db.db.update(macVod).set({ vod_lock: 1 }).where(eq(macVod.vod_source_id, '102'));
    const result = await importCollected(db.db, collectText(changed, 'detail.json'), { timeZone: TZ });
    expect(result.updated).toBe(1);
    expect(result.unchanged).toBe(1);
    expect(result.skipped).toEqual([{ vod_name: '长街旧事', reason: 'skip_locked' }]);
    const [star] = await db.db.select().from(macVod).where(eq(macVod.vod_source_id, '101'));
    expect(star?.vod_remarks).toBe('蓝光');
    expect(star?.vod_hits).toBe(1200);
    const [street] = await db.db.select().from(macVod).where(eq(macVod.vod_source_id, '102'));
    expect(street?.vod_remarks).toBe('更新至3集');
  });

  it('imports XML and follows an edited category binding', async () => {
    const first = await importCollected(db.db, collectText(fixture('detail.xml'), 'detail.xml'), { timeZone: TZ });
    expect(first.added).toBe(2);
    const [comedy] = await db.db.select().from(macVod).where(eq(macVod.vod_source_id, '201'));
    expect(comedy?.vod_play_from).toBe('ovhls$$$backup');
    expect(comedy?.vod_play_url).toBe(
      '正片$https://cdn.example.net/201/index.m3u8$$$正片$https://cdn2.example.net/201/index.m3u8',
    );
    expect(comedy?.vod_content).toBe('<p>笑中带泪。</p>');
    // Re-bind remote 7 to the local 动作片 and re-import a changed feed: the title moves.
    const [action] = await db.db.select().from(macType).where(eq(macType.type_name, '动作片'));
    await db.db
      .update(macTypeBind)
      .set({ local_type_id: action?.type_id ?? 0 })
      .where(eq(macTypeBind.remote_type_id, 7));
    const changed = fixture('detail.xml').replace('笑中带泪。', '笑中带泪，泪中带笑。');
    await importCollected(db.db, collectText(changed, 'detail.xml'), { timeZone: TZ });
    const [moved] = await db.db.select().from(macVod).where(eq(macVod.vod_source_id, '201'));
    expect(moved?.type_id).toBe(action?.type_id);
  });

  it('a malformed feed throws and writes nothing', async () => {
    const before = (await db.db.select().from(macVod)).length;
    expect(() => collectText(fixture('malformed.json'), 'malformed.json')).toThrow(/not valid JSON/);
    expect((await db.db.select().from(macVod)).length).toBe(before);
  });

  it('rolls back the whole import when a write fails midway', async () => {
    const before = (await db.db.select().from(macVod)).length;
    const feed = collectText(fixture('detail.json').replace(/"10(\d)"/g, '"9$1"'), 'rollback.json');
    // A name longer than the column after sanitising cannot happen, so break the transaction by a bad type id.
    const item = feed.pages[0]?.list[1];
    if (item) item.vod_total = 'x';
    (feed.pages[0]?.list[0] as Record<string, unknown>).vod_time = {
      toString: () => {
        throw new Error('boom');
      },
    };
    await expect(importCollected(db.db, feed, { timeZone: TZ })).rejects.toThrow('boom');
    expect((await db.db.select().from(macVod)).length).toBe(before);
  });
});

describe('points prices (vod_points_play / vod_points_down)', () => {
  const prices = async () => {
    const rows = await db.db
      .select({ id: macVod.vod_source_id, play: macVod.vod_points_play, down: macVod.vod_points_down })
      .from(macVod)
      .where(eq(macVod.vod_source_key, 'file:points.json'));
    return Object.fromEntries(rows.map((r) => [r.id, [r.play, r.down]]));
  };

  it('imports numbers and digit strings on create; bad or empty prices become 0', async () => {
    const result = await importCollected(db.db, collectText(fixture('points.json'), 'points.json'), { timeZone: TZ });
    expect(result).toMatchObject({ added: 5, updated: 0, skipped: [] });
    expect(await prices()).toEqual({
      '401': [20, 30],
      '402': [15, 8],
      // -5 and "abc"; 1.5 and 99,999,999 (above the console's 1,000,000); null and absent.
      '403': [0, 0],
      '404': [0, 0],
      '405': [0, 0],
    });
  });

  it('updates changed prices, and the same prices again are unchanged', async () => {
    const changed = fixture('points.json')
      .replace('"vod_points_play": 20', '"vod_points_play": 25')
      .replace('"vod_points_down": " 8 "', '"vod_points_down": "0"');
    const result = await importCollected(db.db, collectText(changed, 'points.json'), { timeZone: TZ });
    expect(result).toMatchObject({ added: 0, updated: 2, unchanged: 3 });
    expect(await prices()).toMatchObject({ '401': [25, 30], '402': [15, 0] });
    const again = await importCollected(db.db, collectText(changed, 'points.json'), { timeZone: TZ });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
  });

  it('a feed without prices keeps the prices a title has; a locked title keeps its own', async () => {
    await db.db.update(macVod).set({ vod_points_play: 7 }).where(eq(macVod.vod_source_id, '405'));
    await db.db.update(macVod).set({ vod_lock: 1 }).where(eq(macVod.vod_source_id, '402'));
    const withoutPrices = fixture('points.json').replace(/\s*"vod_points(_play|_down)?": [^,]*,/g, '');
    expect(withoutPrices).not.toContain('vod_points');
    const result = await importCollected(db.db, collectText(withoutPrices, 'points.json'), { timeZone: TZ });
    expect(result.skipped).toEqual([{ vod_name: '付费影片乙', reason: 'skip_locked' }]);
    expect(await prices()).toEqual({
      '401': [25, 30],
      '402': [15, 0],
      '403': [0, 0],
      '404': [0, 0],
      '405': [7, 0],
    });
    // A locked title is not repriced by a feed either.
    const repriced = fixture('points.json').replace('"vod_points_play": "15"', '"vod_points_play": "50"');
    await importCollected(db.db, collectText(repriced, 'points.json'), { timeZone: TZ });
    expect((await prices())['402']).toEqual([15, 0]);
  });

  it('toPoints accepts whole numbers 0..1,000,000 only', () => {
    expect([0, 1, 1_000_000, '12', ' 3 '].map(toPoints)).toEqual([0, 1, 1_000_000, 12, 3]);
    for (const bad of [
      -1,
      1_000_001,
      2.5,
      Number.NaN,
      '',
      '-3',
      '1e3',
      '0x10',
      '4.0',
      'ten',
      null,
      undefined,
      {},
      true,
    ])
      expect(toPoints(bad)).toBe(0);
  });
});

describe('collectUrl', () => {
  let server: http.Server;
  let base: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/feed.xml') {
        res.setHeader('content-type', 'application/xml');
        return res.end(fixture('detail.xml'));
      }
      if (u.pathname !== '/api.php/provide/vod/') {
        res.statusCode = 404;
        return res.end('not found');
      }
      const pg = Number(u.searchParams.get('pg') ?? '1');
      const list = [1, 2].map((i) => ({
        vod_id: pg * 10 + i,
        vod_name: `分页影片${pg}-${i}`,
        type_id: 6,
        type_name: '动作片',
        vod_time: '2024-03-01 12:00:00',
        vod_play_from: 'ovhls',
        vod_play_url: `正片$https://cdn.example.net/${pg}/${i}.m3u8`,
      }));
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          code: 1,
          msg: '数据列表',
          page: pg,
          pagecount: 3,
          limit: '2',
          total: 6,
          list,
          class: [{ type_id: 6, type_pid: 0, type_name: '动作片' }],
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('pages through a provide/vod API with ac=detail and h=', async () => {
    const feed = await collectUrl(`${base}/api.php/provide/vod/`, { allowPrivate: true, hours: 24 });
    expect(feed.pages).toHaveLength(3);
    expect(requests.filter((r) => r.includes('ac=detail') && r.includes('h=24'))).toHaveLength(3);
    expect(feed.bindKey).toBe(`127.0.0.1:${new URL(base).port}/api.php/provide/vod/`);
    const result = await importCollected(db.db, feed, { timeZone: TZ });
    expect(result).toMatchObject({ added: 6, pages: 3 });
  });

  it('fetches a single feed file by URL', async () => {
    const feed = await collectUrl(`${base}/feed.xml`, { allowPrivate: true });
    expect(feed.pages[0]?.list).toHaveLength(2);
  });

  it('refuses loopback and private targets unless allowed', async () => {
    await expect(collectUrl(`${base}/feed.xml`, { allowPrivate: false })).rejects.toThrow(FetchError);
    await expect(collectUrl('http://localhost:1/feed.xml', { allowPrivate: false })).rejects.toThrow(
      /private or loopback/,
    );
    await expect(collectUrl('http://10.1.2.3/feed.xml', { allowPrivate: false })).rejects.toThrow(
      /private or loopback/,
    );
  });

  it('reports HTTP errors', async () => {
    await expect(collectUrl(`${base}/missing.json`, { allowPrivate: true })).rejects.toThrow(/HTTP 404/);
  });
});
