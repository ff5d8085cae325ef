import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTypes } from '../../demo/demo-types.ts';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../test/harness.ts';

const fixture = (name: string) => fs.readFileSync(new URL(`../importer/fixtures/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoTypes(t.db.db);
  h = await t.adminHeaders();
});
afterAll(() => t.close());

describe('console sessions', () => {
  it('adminLogin refuses a wrong password in the caller language and accepts the right one', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'accept-language': 'en-US' },
      payload: { admin_name: 'admin', admin_pwd: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 0, msg: 'Wrong account name or password' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { admin_name: 'ghost', admin_pwd: 'x' },
    });
    expect(unknown.json().msg).toBe('账号或密码错误');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { admin_name: '', admin_pwd: 'x' },
    });
    expect(empty.json()).toMatchObject({ code: 1001, field: 'admin_name' });
  });

  it('adminMe needs a session; adminLogout ends it', async () => {
    const anon = await t.app.inject({ url: '/api/admin/me', headers: { 'accept-language': 'fr' } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ code: 1401, msg: 'Non autorisé, veuillez vous connecter' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { admin_name: 'admin', admin_pwd: 'test-password-1' },
    });
    const token = login.json().token as string;
    // The operator's time zone, in which the console shows times (the harness runs the server in Asia/Shanghai).
    expect(login.json().time_zone).toBe('Asia/Shanghai');
    const me = await t.app.inject({ url: '/api/admin/me', headers: { authorcode: token } });
    expect(me.json()).toMatchObject({ code: 1, info: { admin_name: 'admin' }, time_zone: 'Asia/Shanghai' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorcode: token } })).json().code,
    ).toBe(1);
    expect((await t.app.inject({ url: '/api/admin/me', headers: { authorcode: token } })).statusCode).toBe(401);
  });

  it('rate-limits sign-in attempts', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: '10.9.9.9',
        // A client cannot dodge the limit by writing its own X-Forwarded-For (TRUST_PROXY is off by default).
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { admin_name: 'admin', admin_pwd: 'wrong' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toContain(429);
  });

  it('counts failed sign-ins per name and address: refused (429) there, slowed down for the name elsewhere', async () => {
    const admin = t.app.services.admin;
    // The test above guessed at 'admin' too: start from no failures.
    await admin.loginGuard.reset('admin', ['10.9.9.9']);
    const waits: number[] = [];
    const realDelay = admin.delay;
    admin.delay = async (ms) => {
      waits.push(ms);
    };
    // Addresses of one IPv6 /64 (one subscriber's network): the per-IP rate limit sees ten addresses, the failure
    // counter one (accounts/limits.ts addressKey).
    const login = (ip: string, pwd: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        headers: { 'accept-language': 'en-US' },
        payload: { admin_name: 'admin', admin_pwd: pwd },
      });
    try {
      for (let i = 1; i <= 10; i++) expect((await login(`2001:db8:7:7::${i}`, 'wrong')).statusCode).toBe(400);
      // Even the right password is refused from that network now, in the caller's language, in the envelope.
      const locked = await login('2001:db8:7:7::99', TEST_ADMIN_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ code: 1429, msg: 'Please do not operate frequently' });
      expect(waits).toEqual([]);
      // The owner elsewhere still signs in, after the slow-down of a name being guessed at.
      const owner = await login('198.51.100.7', TEST_ADMIN_PASSWORD);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().token).toEqual(expect.any(String));
      expect(waits).toEqual([admin.loginGuard.slowDownMs]);
    } finally {
      admin.delay = realDelay;
      await admin.loginGuard.reset('admin', ['2001:db8:7:7::1', '198.51.100.7']);
    }
  });
});

describe('import, titles and categories', () => {
  let starId = 0;

  it('adminImport takes feed text and reports counts; a malformed feed writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: h,
      payload: { content: fixture('detail.json'), filename: 'detail.json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().info).toMatchObject({ added: 3, updated: 0, unchanged: 0, pages: 1 });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: h,
      payload: { content: fixture('detail.json'), filename: 'detail.json' },
    });
    expect(again.json().info).toMatchObject({ added: 0, unchanged: 3 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { ...h, 'accept-language': 'en' },
      payload: { content: fixture('malformed.json'), filename: 'm.json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^Import failed: the feed is not valid JSON/);
    const zhTw = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: { ...h, 'accept-language': 'zh-TW' },
      payload: { url: 'http://127.0.0.1:9/api.php/provide/vod/' },
    });
    expect(zhTw.json().msg).toMatch(/^匯入失敗：/);
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/import', headers: h, payload: {} });
    expect(none.json()).toMatchObject({ code: 1001, field: 'url' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/import', payload: { content: '{}' } })).statusCode,
    ).toBe(401);
  });

  it('adminListVods searches; adminGetVod returns parsed sources', async () => {
    const list = (await t.app.inject({ url: `/api/admin/vods?wd=${encodeURIComponent('星河')}`, headers: h })).json();
    expect(list.total).toBe(1);
    starId = list.list[0].vod_id;
    const one = (await t.app.inject({ url: `/api/admin/vods/${starId}`, headers: h })).json();
    expect(one.info.sources).toHaveLength(2);
    expect((await t.app.inject({ url: '/api/admin/vods/424242', headers: h })).statusCode).toBe(404);
  });

  it('adminUpdateVod edits, sanitises, unpublishes and locks', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/vods/${starId}`,
      headers: h,
      payload: {
        vod_remarks: '<b>4K</b>',
        vod_play_url: '正片$https://cdn.example.net/new.m3u8$$$正片$/media/x.m3u8',
        vod_lock: 1,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().info).toMatchObject({ vod_remarks: '4K', vod_lock: 1 });
    expect(res.json().info.sources).toEqual([
      {
        sid: 1,
        from: 'ovhls',
        server: 'no',
        note: '',
        episodes: [{ nid: 1, name: '正片', url: 'https://cdn.example.net/new.m3u8' }],
      },
      { sid: 2, from: 'backup', server: 'no', note: '', episodes: [{ nid: 1, name: '正片', url: '/media/x.m3u8' }] },
    ]);
    const unsafe = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/vods/${starId}`,
      headers: { ...h, 'accept-language': 'en' },
      payload: { vod_play_url: '正片$https://cdn.example.net/new.m3u8$$$正片$javascript:x()' },
    });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json()).toEqual({
      code: 1001,
      field: 'vod_play_url',
      msg: 'invalid play URL: source 2, episode 1 is not an http(s) URL or a server path',
    });
    // The viewer sees the edit at once (cache dropped).
    expect((await t.app.inject(`/api/vod/${starId}`)).json().info.vod_remarks).toBe('4K');
    await t.app.inject({ method: 'PATCH', url: `/api/admin/vods/${starId}`, headers: h, payload: { vod_status: 0 } });
    expect((await t.app.inject(`/api/vod/${starId}`)).statusCode).toBe(404);
    const hidden = (await t.app.inject({ url: '/api/admin/vods?vod_status=0', headers: h })).json();
    expect(hidden.list.map((v: { vod_id: number }) => v.vod_id)).toEqual([starId]);
    // A locked title is left alone by the next import.
    const reimport = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import',
      headers: h,
      payload: { content: fixture('detail.json'), filename: 'detail.json' },
    });
    expect(reimport.json().info.skipped).toEqual([
      { vod_name: '星河守望者', reason: '已锁定（vod_lock = 1），未更新' },
    ]);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/vods/${starId}`,
      headers: h,
      payload: { vod_level: 12 },
    });
    expect(bad.json()).toMatchObject({ code: 1001, field: 'vod_level' });
    const noName = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/vods/${starId}`,
      headers: { ...h, 'accept-language': 'en' },
      payload: { vod_name: '<b></b>' },
    });
    expect(noName.json()).toEqual({ code: 1001, field: 'vod_name', msg: 'Invalid parameter: vod_name is required' });
    const badType = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/vods/${starId}`,
      headers: h,
      payload: { type_id: 99999 },
    });
    expect(badType.json()).toMatchObject({ code: 1001, field: 'type_id' });
  });

  it('category create, update, delete (refused while not empty)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/types',
      headers: h,
      payload: { type_name: '纪录片', type_en: 'documentary', type_extend: { class: '自然， 历史,,人文' } },
    });
    expect(created.statusCode).toBe(200);
    const doc = created.json().info;
    expect(doc.type_extend.class).toBe('自然,历史,人文');
    const child = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/types',
        headers: h,
        payload: { type_name: '自然纪录', type_pid: doc.type_id },
      })
    ).json().info;
    // Renaming a sub-category keeps it where it is (an edit sends only the changed field).
    const renamedChild = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/types/${child.type_id}`,
      headers: h,
      payload: { type_name: '自然类纪录' },
    });
    expect(renamedChild.json().info).toMatchObject({ type_name: '自然类纪录', type_pid: doc.type_id, type_status: 1 });
    const badParent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/types',
      headers: h,
      payload: { type_name: 'x', type_pid: child.type_id },
    });
    expect(badParent.json()).toMatchObject({ code: 1001, field: 'type_pid' });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/types/${doc.type_id}`,
      headers: h,
      payload: { type_sort: 5, type_name: '纪录' },
    });
    expect(renamed.json().info).toMatchObject({ type_name: '纪录', type_sort: 5 });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/types/${doc.type_id}`,
      headers: { ...h, 'accept-language': 'en' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The category still has sub-categories or titles and cannot be deleted');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/types/${child.type_id}`, headers: h })).json().code,
    ).toBe(1);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/types/${doc.type_id}`, headers: h })).json().code,
    ).toBe(1);
    const all = (await t.app.inject({ url: '/api/admin/types', headers: h })).json();
    expect(all.list.some((c: { type_name: string }) => c.type_name === '纪录')).toBe(false);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/types/${doc.type_id}`, headers: h })).statusCode,
    ).toBe(404);
  });

  it('type bindings list and edit', async () => {
    const list = (await t.app.inject({ url: '/api/admin/type-bindings', headers: h })).json();
    const action = list.list.find((b: { remote_type_id: number }) => b.remote_type_id === 6);
    expect(action).toMatchObject({ bind_key: 'file:detail.json', remote_type_name: '动作片' });
    const types = (await t.app.inject({ url: '/api/admin/types', headers: h })).json();
    const scifi = types.list.find((c: { type_name: string }) => c.type_name === '科幻片');
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/type-bindings',
      headers: h,
      payload: { bind_key: 'file:detail.json', remote_type_id: 6, local_type_id: scifi.type_id },
    });
    expect(set.json().code).toBe(1);
    const after = (await t.app.inject({ url: '/api/admin/type-bindings', headers: h })).json();
    expect(after.list.find((b: { remote_type_id: number }) => b.remote_type_id === 6).local_type_id).toBe(
      scifi.type_id,
    );
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/type-bindings',
      headers: h,
      payload: { bind_key: 'file:detail.json', remote_type_id: 6, local_type_id: 123456 },
    });
    expect(bad.json()).toMatchObject({ code: 1001, field: 'local_type_id' });
  });
});
