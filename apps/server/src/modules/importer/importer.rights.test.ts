/**
 * Categories an import creates get the operator's default rights for new categories (catalogue settings
 * `new_type_rights`, accounts/group-rights.ts), and the import result names them; a guest may then play a title of
 * such a category (checkBuyPopedom), which it could not when the new category belonged to no group.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macGroup, macType } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { collectText, importCollected } from './importer.service.ts';

const TZ = 'Asia/Shanghai';

/** A detail feed of one title in remote category `typeId` named `typeName` (optionally under `pid`). */
function feed(vodId: string, typeId: number, typeName: string, classes: object[] = []) {
  return JSON.stringify({
    code: 1,
    msg: 'ok',
    page: 1,
    pagecount: 1,
    total: 1,
    list: [
      {
        vod_id: vodId,
        type_id: typeId,
        type_name: typeName,
        vod_name: `影片${vodId}`,
        vod_play_from: 'ovhls',
        vod_play_url: `正片$https://cdn.example.net/${vodId}.m3u8`,
      },
    ],
    class: classes,
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const groups = () => t.db.db.select().from(macGroup).orderBy(macGroup.group_id);
const typeId = async (name: string) =>
  (await t.db.db.select().from(macType).where(eq(macType.type_name, name)))[0]?.type_id ?? 0;

describe('new categories from an import', () => {
  it('get the default rights in every group, and the result says which', async () => {
    const result = await importCollected(t.db.db, collectText(feed('1', 40, '纪录片'), 'docs.json'), { timeZone: TZ });
    const id = await typeId('纪录片');
    expect(result.types_created).toBe(1);
    expect(result.types_new).toEqual([
      {
        type_id: id,
        type_name: '纪录片',
        type_pid: 0,
        groups: [
          { group_id: 1, group_name: '游客', rights: [1, 2, 3] },
          { group_id: 2, group_name: '默认会员', rights: [1, 2, 3] },
          { group_id: 3, group_name: 'VIP会员', rights: [1, 2, 3, 4] },
        ],
      },
    ]);
    for (const g of await groups()) {
      expect(g.group_type.split(',')).toContain(String(id));
      expect(g.group_popedom[String(id)]).toEqual(g.group_id >= 3 ? [1, 2, 3, 4] : [1, 2, 3]);
    }
  });

  it('a guest may play a title of the new category (checkBuyPopedom)', async () => {
    const vod = await t.app.inject({ method: 'GET', url: '/api/vod?wd=影片1' });
    const id = vod.json().list[0]?.vod_id as number;
    expect(id).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: `/api/popedom?id=${id}&type=4` });
    // Without a session outside tourist mode the answer is "log in" (the rights passed); before: no_right.
    expect(res.json()).toMatchObject({ allowed: false, reason: 'login' });
  });

  it("follow the operator's setting; a sub-category only where its parent is open", async () => {
    const headers = await t.adminHeaders();
    const put = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/catalogue-settings',
      headers,
      payload: { new_type_rights: { guest: [], member: [2, 1, 1], vip: [1, 2, 3, 4, 5] } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().info.new_type_rights).toEqual({ guest: [], member: [1, 2], vip: [1, 2, 3, 4, 5] });
    const classes = [
      { type_id: 50, type_pid: 0, type_name: '少儿' },
      { type_id: 51, type_pid: 50, type_name: '动画片' },
    ];
    const result = await importCollected(t.db.db, collectText(feed('2', 51, '动画片', classes), 'kids.json'), {
      timeZone: TZ,
    });
    const kids = await typeId('少儿');
    const cartoon = await typeId('动画片');
    expect(result.types_new.map((n) => [n.type_name, n.groups.map((g) => g.rights)])).toEqual([
      ['少儿', [[], [1, 2], [1, 2, 3, 4, 5]]],
      ['动画片', [[], [1, 2], [1, 2, 3, 4, 5]]],
    ]);
    const [guest, member, vip] = await groups();
    expect(guest?.group_type.split(',')).not.toContain(String(kids));
    expect(guest?.group_popedom[String(cartoon)]).toBeUndefined();
    expect(member?.group_popedom[String(kids)]).toEqual([1, 2]);
    expect(vip?.group_popedom[String(cartoon)]).toEqual([1, 2, 3, 4, 5]);
  });
});
