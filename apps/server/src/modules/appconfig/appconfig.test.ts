import { AdminAppConfig, AppConfig } from '@openvod/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSetting } from '../../db/schema/index.ts';
import { seedDemoTypes } from '../../demo/demo-types.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { APP_CONFIG_TTL_MS, compareVersions, DEFAULT_APP_CONFIG } from './appconfig.service.ts';

let t: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoTypes(t.db.db);
  h = await t.adminHeaders();
});
afterAll(() => t.close());

describe('getAppConfig', () => {
  it('answers every field of the contract with the defaults and what the server offers', async () => {
    const res = await t.app.inject('/api/app/config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    const info = AppConfig.strict().parse(body.info);
    expect(info).toMatchObject({
      tourist_state: '0',
      notice_state: 0,
      app_privacy_policy_alert: 1,
      template: { themeColor: '#14b8a6' },
      scale: 10,
      disCount: 10,
      bindPhonePoint: 2,
      app_short_name: 'OpenVod',
      domain_list: [],
      encrypt_state: 0,
      // Test defaults: console SMS, no one-click, no third-party sign-in.
      sms_enabled: true,
      one_click_enabled: false,
      oauth_providers: [],
    });
    expect(info.app_privacy_policy).toContain('隐私政策');
    expect(info.app_user_agreement).toContain('用户协议');
    // The menu defaults to the four top categories (special ones excluded).
    expect(info.menu.map((m) => (m as { type_name: string }).type_name)).toEqual(['电影', '连续剧', '综艺', '动漫']);
  });
});

describe('third-party sign-in without a provider', () => {
  it('oauth and wxLogin answer the spec message', async () => {
    const msg = 'No third-party login authorization service configured';
    const start = await t.app.inject({ url: '/api/user/oauth', headers: { 'accept-language': 'en' } });
    expect(start.statusCode).toBe(400);
    expect(start.json()).toEqual({ code: 0, msg });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/wx-login',
      headers: { 'accept-language': 'en' },
      payload: { code: 'c', state: 's' },
    });
    expect(login.json()).toEqual({ code: 0, msg });
    const zh = await t.app.inject({ url: '/api/user/oauth?provider=wechat' });
    expect(zh.json().msg).toBe('未配置第三方登录授权服务');
  });
});

describe('console app config', () => {
  it('needs a console session', async () => {
    expect((await t.app.inject('/api/admin/app-config')).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/admin/app-config', payload: { notice_state: 1 } });
    expect(res.statusCode).toBe(401);
    // A viewer session is not a console session.
    expect((await t.app.inject({ url: '/api/admin/app-version', headers: { authorcode: 'x' } })).statusCode).toBe(401);
  });

  it('an edit is stored over the defaults and invalidates the cache at once', async () => {
    const before = (await t.app.inject('/api/app/config')).json().info;
    expect(before.notice_state).toBe(0);
    const get = await t.app.inject({ url: '/api/admin/app-config', headers: h });
    // The console sees the public config plus the server-side accounts settings.
    const { keepalive_points, reg_ip_daily_limit, ...pub } = get.json().info;
    expect(pub).toEqual(before);
    expect({ keepalive_points, reg_ip_daily_limit }).toEqual({ keepalive_points: 1, reg_ip_daily_limit: 10 });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: h,
      payload: {
        notice_state: 1,
        notice_title: '公告',
        notice_desc: '服务器维护',
        tourist_state: '1',
        bindPhonePoint: 5,
        template: { themeColor: '#ff0000' },
        menu: ['{"type_id":1,"type_name":"电影"}'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().info).toMatchObject({ notice_state: 1, bindPhonePoint: 5, scale: 10 });
    const after = (await t.app.inject('/api/app/config')).json().info;
    expect(after).toMatchObject({
      notice_state: 1,
      notice_title: '公告',
      notice_desc: '服务器维护',
      tourist_state: '1',
      template: { themeColor: '#ff0000' },
      menu: ['{"type_id":1,"type_name":"电影"}'],
      app_short_name: 'OpenVod',
    });
    // A second edit keeps the first one's fields.
    await t.app.inject({ method: 'PATCH', url: '/api/admin/app-config', headers: h, payload: { scale: 8 } });
    expect((await t.app.inject('/api/app/config')).json().info).toMatchObject({ scale: 8, notice_state: 1 });
  });

  it('caches for the TTL: a write behind the service is seen only after it', async () => {
    const svc = t.app.services.appConfig;
    let now = Date.now();
    svc.now = () => now;
    svc.invalidate();
    const first = await svc.get();
    // Another process writes the setting directly.
    await t.db.db
      .update(appSetting)
      .set({ value: { ...(await svc.overrides()), notice_title: 'from another node' } })
      .where(eq(appSetting.key, 'app_config'));
    expect((await svc.get()).notice_title).toBe(first.notice_title);
    now += APP_CONFIG_TTL_MS + 1;
    expect((await svc.get()).notice_title).toBe('from another node');
    svc.now = () => Date.now();
  });

  it('validates the edit and refuses to turn encryption on without ENCRYPT_KEY', async () => {
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: { ...h, 'accept-language': 'en-US' },
      payload: { scale: 'big' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 1001, field: 'scale' });
    const enc = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/app-config',
      headers: { ...h, 'accept-language': 'en-US' },
      payload: { encrypt_state: 1 },
    });
    expect(enc.statusCode).toBe(400);
    expect(enc.json()).toEqual({
      code: 1001,
      msg: 'Encryption cannot be turned on: the server has no ENCRYPT_KEY (8 bytes)',
      field: 'encrypt_state',
    });
    expect((await t.app.inject('/api/app/config')).json().info.encrypt_state).toBe(0);
  });

  it('keeps the defaults complete', () => {
    expect(Object.keys(DEFAULT_APP_CONFIG).sort()).toEqual(
      Object.keys(AdminAppConfig.shape)
        .filter((k) => !['sms_enabled', 'one_click_enabled', 'oauth_providers', 'encrypt_key'].includes(k))
        .sort(),
    );
  });
});

describe('app version and checkUpdate', () => {
  it('compares dotted versions numerically', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.3.8', '1.3.8')).toBe(0);
    expect(compareVersions('1.3', '1.3.1')).toBeLessThan(0);
  });

  it('starts at 1.3.8 / 137 and tells a current client there is nothing new', async () => {
    const v = await t.app.inject({ url: '/api/admin/app-version', headers: h });
    expect(v.json().info).toEqual({ version: '1.3.8', version_code: 137, notes: '', url: '', force: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/app/check-update', payload: { versionCode: 137 } });
    expect(res.json()).toMatchObject({ code: 1, has_update: false, info: { version: '1.3.8', version_code: 137 } });
    const old = await t.app.inject({ method: 'POST', url: '/api/app/check-update', payload: { versionCode: 136 } });
    expect(old.json().has_update).toBe(true);
    const none = await t.app.inject({ method: 'POST', url: '/api/app/check-update', payload: {} });
    expect(none.json().has_update).toBe(false);
  });

  it('publishing needs a newer version; then older clients see it, by body or header', async () => {
    const en = { ...h, 'accept-language': 'en-US' };
    for (const payload of [
      { version: '1.3.8', version_code: 138 },
      { version: '1.3.9', version_code: 137 },
      { version: '1.2.0', version_code: 200 },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/app-version', headers: en, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The published version must be newer than the current one (1.3.8 / 137)');
    }
    const badFormat = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/app-version',
      headers: h,
      payload: { version: 'v2', version_code: 200 },
    });
    expect(badFormat.json()).toMatchObject({ code: 1001, field: 'version' });
    const pub = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/app-version',
      headers: h,
      payload: { version: '1.4.0', version_code: 140, notes: '修复若干问题', url: 'https://example.com/app.apk' },
    });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().info).toEqual({
      version: '1.4.0',
      version_code: 140,
      notes: '修复若干问题',
      url: 'https://example.com/app.apk',
      force: false,
    });
    const body = await t.app.inject({ method: 'POST', url: '/api/app/check-update', payload: { versionCode: 137 } });
    expect(body.json()).toMatchObject({ has_update: true, info: { version: '1.4.0', notes: '修复若干问题' } });
    const header = await t.app.inject({
      method: 'POST',
      url: '/api/app/check-update',
      headers: { versionCode: '140' },
      payload: {},
    });
    expect(header.json().has_update).toBe(false);
    const byName = await t.app.inject({
      method: 'POST',
      url: '/api/app/check-update',
      headers: { version: '1.3.8' },
      payload: {},
    });
    expect(byName.json().has_update).toBe(true);
    expect((await t.app.inject({ url: '/api/admin/app-version', headers: h })).json().info.version).toBe('1.4.0');
  });
});
