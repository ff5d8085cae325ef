/**
 * Category-scoped filter facets (`mac_vod.vod_facet_keys`, migration 0004): the trigger keeps them with the title's
 * facets and category, and filtered lists counted and read through them (content.repo.ts `countVods`, `listVodRows`
 * with `viaMatches`) give exactly what the category + `vod_facets` conditions give. PGlite and, with DATABASE_URL,
 * PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db.ts';
import { macType, macVod } from '../../db/schema/index.ts';
import { seedDemoTypes } from '../../demo/demo-types.ts';
import { createTestDb, type TestDb } from '../../test/harness.ts';
import { countVods, listVodRows, type VodFilter } from './content.repo.ts';

let db: TestDb;
const types: Record<string, number> = {};

const keysOf = async (vodId: number) =>
  (await db.db.select({ k: macVod.vod_facet_keys }).from(macVod).where(eq(macVod.vod_id, vodId)))[0]?.k ?? [];

beforeAll(async () => {
  db = await createTestDb();
  await seedDemoTypes(db.db);
  for (const row of await db.db.select().from(macType)) types[row.type_en] = row.type_id;
  // 3000 titles in two sub-categories of 电影 and the top category itself, with classes, areas, languages and years
  // cycling at different periods (so combinations range from common to none); every 13th unpublished.
  await db.db.execute(sql`insert into mac_vod (type_id, vod_name, vod_class, vod_area, vod_lang, vod_year, vod_status,
      vod_time, vod_hits, vod_score)
    select (array[${types.action}, ${types.scifi}, ${types.movie}]::int[])[1 + i % 3], '片' || i,
      (array['动作', '喜剧,爱情', ' 科幻 , 悬疑'])[1 + (i / 5) % 3], (array['大陆', '美国', '香港', '日本'])[1 + (i / 3) % 4],
      (array['国语', '英语'])[1 + i % 2], (2000 + i % 11)::text, case when i % 13 = 0 then 0 else 1 end,
      now() - i * interval '1 minute', (i * 7919) % 1000, ((i * 31) % 100) / 10.0
    from generate_series(1, 3000) as i`);
  await db.db.execute(sql`analyze mac_vod`);
});
afterAll(() => db.destroy());

describe('vod_facet_keys', () => {
  it('holds each facet under the category and the top category, and follows edits and category moves', async () => {
    const [row] = await db.db
      .insert(macVod)
      .values({
        type_id: types.action as number,
        vod_name: '键测试',
        vod_class: '动作, 喜剧',
        vod_area: '美国',
        vod_year: '2020',
      })
      .returning({ vod_id: macVod.vod_id, type_id_1: macVod.type_id_1 });
    const id = row?.vod_id as number;
    expect(row?.type_id_1).toBe(types.movie);
    const t = types.action;
    const top = types.movie;
    expect((await keysOf(id)).sort()).toEqual(
      [
        `t${t}:c:动作`,
        `t${t}:c:喜剧`,
        `t${t}:a:美国`,
        `t${t}:y:2020`,
        `T${top}:c:动作`,
        `T${top}:c:喜剧`,
        `T${top}:a:美国`,
        `T${top}:y:2020`,
      ].sort(),
    );
    await db.db.update(macVod).set({ vod_area: '日本' }).where(eq(macVod.vod_id, id));
    expect(await keysOf(id)).toContain(`t${t}:a:日本`);
    expect(await keysOf(id)).not.toContain(`T${top}:a:美国`);
    await db.db
      .update(macVod)
      .set({ type_id: types.scifi as number })
      .where(eq(macVod.vod_id, id));
    expect(await keysOf(id)).toContain(`t${types.scifi}:a:日本`);
    expect(await keysOf(id)).not.toContain(`t${t}:a:日本`);
    // A title written with its keys set by hand gets them recomputed.
    await db.db
      .update(macVod)
      .set({ vod_facet_keys: ['t1:x'] })
      .where(eq(macVod.vod_id, id));
    expect(await keysOf(id)).toContain(`T${top}:a:日本`);
    await db.db.delete(macVod).where(eq(macVod.vod_id, id));
  });

  it('counts and reads filtered lists exactly as the category and vod_facets conditions do', async () => {
    const filters: VodFilter[] = [];
    for (const [type_id, type_is_top] of [
      [types.movie, true],
      [types.action, false],
      [types.movie, false],
      [types.tv, true],
    ] as const)
      for (const f of [
        { class: '喜剧' },
        { class: '科幻', area: '美国' },
        { area: '香港', lang: '英语', year: '2003' },
        { area: '大陆', lang: '国语' },
        { class: '悬疑', year: '1999' },
        { year: '2004', class: '动作', letter: undefined },
      ])
        filters.push({ type_id, type_is_top, ...f, disabled_types: [] });
    filters.push({ type_id: types.movie, type_is_top: true, class: '动作', disabled_types: [types.action as number] });
    for (const filter of filters) {
      const facets = [
        filter.class && `c:${filter.class}`,
        filter.area && `a:${filter.area}`,
        filter.lang && `l:${filter.lang}`,
        filter.year && `y:${filter.year}`,
      ].filter(Boolean);
      const scope = filter.type_is_top ? sql`type_id_1 = ${filter.type_id}` : sql`type_id = ${filter.type_id}`;
      const disabled = filter.disabled_types?.length
        ? sql` and type_id <> all(${`{${filter.disabled_types.join(',')}}`}::int[]) and type_id_1 <> all(${`{${filter.disabled_types.join(',')}}`}::int[])`
        : sql``;
      const [expected] = rowsOf<{ n: number }>(
        await db.db.execute(
          sql`select count(*)::int as n from mac_vod where vod_status = 1 and ${scope} and vod_facets @> ${`{${facets.join(',')}}`}::text[]${disabled}`,
        ),
      );
      const n = Number(expected?.n);
      expect(await countVods(db.db, filter), JSON.stringify(filter)).toBe(n);
      expect(await countVods(db.db, filter, 20)).toBe(Math.min(n, 20));
      for (const order of ['time', 'hits', 'score'] as const) {
        const walk = await listVodRows(db.db, filter, order, 2, 9);
        const via = await listVodRows(db.db, filter, order, 2, 9, true);
        expect(via.map((r) => r.vod_id)).toEqual(walk.map((r) => r.vod_id));
        expect(walk.length).toBe(Math.max(0, Math.min(9, n - 9)));
      }
    }
    // Some combinations match nothing, some many.
    const counts = await Promise.all(filters.map((f) => countVods(db.db, f)));
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(0);
    expect(Math.max(...counts)).toBeGreaterThan(100);
  });
});
