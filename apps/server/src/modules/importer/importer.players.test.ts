/**
 * The player table (content/players.ts): an import adds the players its feed names (JSON `player`, XML `<player>`)
 * and the codes its titles use; the console lists and edits it; getDetail labels lines with the display names.
 * Fixtures in the MacCMS collect format: fixtures/players.json (detail) and fixtures/players-list.xml (list, `<dt>`).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminHeaders();
});
afterAll(() => t.close());

const importFile = async (name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/import',
    headers: admin,
    payload: { content: fixture(name), filename: name },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info;
};
const players = async () => (await t.app.inject({ url: '/api/admin/players', headers: admin })).json().list;
const detailSources = async (vodId: number) => {
  const res = await t.app.inject({ url: `/api/vod/${vodId}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info.sources as Array<{ sid: number; from: string; show: string }>;
};

describe('player table', () => {
  let vodId = 0;
  it('an import adds the players the feed names and the codes its titles use', async () => {
    const info = await importFile('players.json');
    expect(info.players_added).toEqual([
      { from: 'ovhls', show: '高清线路' },
      { from: 'dplayer', show: 'DPlayer 线路' },
      { from: 'kuyun', show: 'kuyun' },
    ]);
    expect(await players()).toEqual([
      { from: 'ovhls', show: '高清线路', des: '本站 HLS', sort: 1, parse: '' },
      { from: 'dplayer', show: 'DPlayer 线路', des: '', sort: 5, parse: 'https://jx.example.net/?url=' },
      { from: 'kuyun', show: 'kuyun', des: '', sort: 6, parse: '' },
    ]);
    const list = await t.app.inject({ url: `/api/vod?wd=${encodeURIComponent('双线影片')}` });
    vodId = list.json().list[0].vod_id;
    const sources = await detailSources(vodId);
    expect(sources.map((s) => [s.sid, s.from, s.show])).toEqual([
      [1, 'ovhls', '高清线路'],
      [2, 'kuyun', 'kuyun'],
    ]);
  });

  it('the console names a player; getDetail shows the new name at once; a re-import keeps it', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/players/kuyun',
      headers: admin,
      payload: { show: '<b>备用线路</b>', des: '海外 CDN', sort: 2 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().info).toEqual({ from: 'kuyun', show: '备用线路', des: '海外 CDN', sort: 2, parse: '' });
    expect((await detailSources(vodId)).map((s) => s.show)).toEqual(['高清线路', '备用线路']);
    const again = await importFile('players.json');
    expect(again.players_added).toEqual([]);
    expect((await players()).map((p: { from: string; show: string }) => [p.from, p.show])).toEqual([
      ['ovhls', '高清线路'],
      ['kuyun', '备用线路'],
      ['dplayer', 'DPlayer 线路'],
    ]);
  });

  it("getDetail lists a title's lines in the player table's order; sids stay the stored positions", async () => {
    const put = async (from: string, sort: number) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/players/${from}`,
        headers: admin,
        payload: { show: from === 'kuyun' ? '备用线路' : '高清线路', sort },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put('kuyun', 0);
    expect((await detailSources(vodId)).map((s) => [s.sid, s.from])).toEqual([
      [2, 'kuyun'],
      [1, 'ovhls'],
    ]);
    await put('kuyun', 2);
    expect((await detailSources(vodId)).map((s) => [s.sid, s.from])).toEqual([
      [1, 'ovhls'],
      [2, 'kuyun'],
    ]);
  });

  it('an XML list answer adds its <player> names and <dt> codes', async () => {
    const info = await importFile('players-list.xml');
    expect(info.players_added).toEqual([{ from: 'ckm3u8', show: 'CK 线路' }]);
    expect((await players()).find((p: { from: string }) => p.from === 'ckm3u8')).toEqual({
      from: 'ckm3u8',
      show: 'CK 线路',
      des: 'm3u8 播放器',
      sort: 3,
      parse: '',
    });
  });

  it('deletes a player (lines fall back to the code); unknown codes answer 404', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: '/api/admin/players/kuyun', headers: admin });
    expect(del.statusCode).toBe(200);
    expect((await detailSources(vodId)).map((s) => s.show)).toEqual(['高清线路', 'kuyun']);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/admin/players/kuyun', headers: admin });
    expect(gone.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/players' })).statusCode).toBe(401);
  });
});
