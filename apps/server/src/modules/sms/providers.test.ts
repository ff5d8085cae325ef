/**
 * Provider selection from the environment, the production refusal of every development fake, and the cloud
 * adapters' requests (signed as the vendors document, checked against lib/cloud-sign.ts) on a recorded fetch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { aliyunRpcSignature, tencentTc3Authorization } from '../../lib/cloud-sign.ts';
import { createOAuthProviders, FakeOAuthProvider, OAuthError, WechatOAuthProvider } from '../oauth/oauth.provider.ts';
import { AliyunOneClickProvider, createOneClickProvider, FakeOneClickProvider, OneClickError } from './one-click.ts';
import {
  AliyunSmsProvider,
  ConsoleSmsProvider,
  createSmsProvider,
  type FetchLike,
  readOutbox,
  SmsSendError,
  TencentSmsProvider,
} from './sms.provider.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-sms-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const ALIYUN = {
  ALIYUN_ACCESS_KEY_ID: 'LTAI-test',
  ALIYUN_ACCESS_KEY_SECRET: 'secret-test',
  ALIYUN_SMS_SIGN_NAME: 'OpenVod',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123',
};
const TENCENT = {
  TENCENT_SECRET_ID: 'AKID-test',
  TENCENT_SECRET_KEY: 'key-test',
  TENCENT_SMS_SDK_APP_ID: '1400000000',
  TENCENT_SMS_SIGN_NAME: 'OpenVod',
  TENCENT_SMS_TEMPLATE_ID: '449739',
};

const auth = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).auth;

/** A fetch that records requests and answers `reply`. */
function recorder(reply: unknown | ((url: string) => unknown)) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fetchFn: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const body = typeof reply === 'function' ? (reply as (u: string) => unknown)(url) : reply;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetchFn };
}

describe('SMS provider selection', () => {
  it('defaults to console outside production and to none in production', () => {
    expect(createSmsProvider(auth({}).sms, { nodeEnv: 'development', dataDir })).toBeInstanceOf(ConsoleSmsProvider);
    const prod = auth({ NODE_ENV: 'production' });
    expect(prod.sms.provider).toBe('none');
    expect(createSmsProvider(prod.sms, { nodeEnv: 'production', dataDir })).toBeUndefined();
    expect(createSmsProvider(auth({ SMS_PROVIDER: 'none' }).sms, { nodeEnv: 'test', dataDir })).toBeUndefined();
  });

  it('the console provider refuses to start in production', () => {
    const cfg = auth({ SMS_PROVIDER: 'console', NODE_ENV: 'production' });
    expect(() => createSmsProvider(cfg.sms, { nodeEnv: 'production', dataDir })).toThrow(/development only/);
  });

  it('picks the cloud adapters and names every missing variable', () => {
    expect(
      createSmsProvider(auth({ SMS_PROVIDER: 'aliyun', ...ALIYUN }).sms, { nodeEnv: 'production', dataDir }),
    ).toBeInstanceOf(AliyunSmsProvider);
    expect(
      createSmsProvider(auth({ SMS_PROVIDER: 'tencent', ...TENCENT }).sms, { nodeEnv: 'production', dataDir }),
    ).toBeInstanceOf(TencentSmsProvider);
    expect(() => createSmsProvider(auth({ SMS_PROVIDER: 'aliyun' }).sms, { nodeEnv: 'test', dataDir })).toThrow(
      /accessKeyId, accessKeySecret, signName, templateCode/,
    );
    expect(() => createSmsProvider(auth({ SMS_PROVIDER: 'tencent' }).sms, { nodeEnv: 'test', dataDir })).toThrow(
      /TENCENT_/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    // Empty means unset.
    expect(auth({ SMS_PROVIDER: '', ENCRYPT_KEY: '' })).toMatchObject({ sms: { provider: 'console' } });
    expect(() => loadConfig({ DATA_DIR: dataDir, ENCRYPT_KEY: 'too-long-key' })).toThrow(
      /ENCRYPT_KEY: must be exactly 8 bytes/,
    );
  });

  it('the console provider writes the outbox line tests read', async () => {
    const logged: string[] = [];
    const p = new ConsoleSmsProvider(dataDir, (m) => logged.push(m));
    await p.send('13800138000', '042137', 'bind');
    expect(readOutbox(dataDir).at(-1)).toMatchObject({ phone: '13800138000', code: '042137', purpose: 'bind' });
    expect(logged[0]).toContain('042137');
  });
});

describe('Aliyun SMS adapter', () => {
  it('sends a signed SendSms GET with the template parameter', async () => {
    const { calls, fetchFn } = recorder({ Code: 'OK', Message: 'OK', BizId: '1' });
    const p = new AliyunSmsProvider(auth({ SMS_PROVIDER: 'aliyun', ...ALIYUN }).sms.aliyun, fetchFn);
    await p.send('13800138000', '123456');
    const url = new URL(calls[0]?.url ?? '');
    expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      AccessKeyId: 'LTAI-test',
      PhoneNumbers: '13800138000',
      SignName: 'OpenVod',
      TemplateCode: 'SMS_123',
      TemplateParam: '{"code":"123456"}',
      SignatureMethod: 'HMAC-SHA1',
      Format: 'JSON',
    });
    const { Signature, ...rest } = params;
    expect(Signature).toBe(aliyunRpcSignature('GET', rest, 'secret-test'));
  });

  it('turns a refusal or a network failure into SmsSendError', async () => {
    const refused = recorder({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limit' });
    const p = new AliyunSmsProvider(auth({ SMS_PROVIDER: 'aliyun', ...ALIYUN }).sms.aliyun, refused.fetchFn);
    await expect(p.send('13800138000', '123456')).rejects.toMatchObject({
      name: 'SmsSendError',
      providerCode: 'isv.BUSINESS_LIMIT_CONTROL',
    });
    const down = new AliyunSmsProvider(auth({ SMS_PROVIDER: 'aliyun', ...ALIYUN }).sms.aliyun, async () => {
      throw new Error('ECONNREFUSED');
    });
    await expect(down.send('13800138000', '123456')).rejects.toBeInstanceOf(SmsSendError);
  });
});

describe('Tencent SMS adapter', () => {
  it('posts a TC3-signed SendSms with the +86 number and the code', async () => {
    const { calls, fetchFn } = recorder({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r' } });
    const p = new TencentSmsProvider(
      auth({ SMS_PROVIDER: 'tencent', ...TENCENT }).sms.tencent,
      fetchFn,
      () => 1_700_000_000_000,
    );
    await p.send('13800138000', '654321');
    const call = calls[0];
    expect(call?.url).toBe('https://sms.tencentcloudapi.com/');
    const headers = call?.init?.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'X-TC-Action': 'SendSms',
      'X-TC-Version': '2021-01-11',
      'X-TC-Timestamp': '1700000000',
      'X-TC-Region': 'ap-guangzhou',
    });
    const body = JSON.parse(String(call?.init?.body));
    expect(body).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400000000',
      SignName: 'OpenVod',
      TemplateId: '449739',
      TemplateParamSet: ['654321'],
    });
    const expected = tencentTc3Authorization({
      secretId: 'AKID-test',
      secretKey: 'key-test',
      service: 'sms',
      host: 'sms.tencentcloudapi.com',
      payload: String(call?.init?.body),
      timestamp: 1_700_000_000,
    });
    expect(headers.Authorization).toBe(expected.authorization);
    expect(headers.Authorization).toContain('Credential=AKID-test/2023-11-14/sms/tc3_request');
  });

  it('reports API errors and failed send statuses', async () => {
    const cfg = auth({ SMS_PROVIDER: 'tencent', ...TENCENT }).sms.tencent;
    const err = recorder({ Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad' } } });
    await expect(new TencentSmsProvider(cfg, err.fetchFn).send('13800138000', '1')).rejects.toMatchObject({
      providerCode: 'AuthFailure.SignatureFailure',
    });
    const status = recorder({ Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit' }] } });
    await expect(new TencentSmsProvider(cfg, status.fetchFn).send('13800138000', '1')).rejects.toMatchObject({
      providerCode: 'LimitExceeded.PhoneNumberDailyLimit',
    });
  });
});

describe('one-click providers', () => {
  it('is off by default; the fake refuses production; aliyun needs its keys', () => {
    expect(createOneClickProvider(auth({}), { nodeEnv: 'development' })).toBeUndefined();
    expect(createOneClickProvider(auth({ ONE_CLICK_PROVIDER: 'fake' }), { nodeEnv: 'test' })).toBeInstanceOf(
      FakeOneClickProvider,
    );
    expect(() => createOneClickProvider(auth({ ONE_CLICK_PROVIDER: 'fake' }), { nodeEnv: 'production' })).toThrow(
      /development only/,
    );
    expect(() => createOneClickProvider(auth({ ONE_CLICK_PROVIDER: 'aliyun' }), { nodeEnv: 'production' })).toThrow(
      /ALIYUN_ACCESS_KEY_ID/,
    );
    expect(
      createOneClickProvider(auth({ ONE_CLICK_PROVIDER: 'aliyun', ...ALIYUN }), { nodeEnv: 'production' }),
    ).toBeInstanceOf(AliyunOneClickProvider);
  });

  it('the fake reads test:<phone>', async () => {
    const p = new FakeOneClickProvider();
    await expect(p.phoneFromToken('test:+8613900000001')).resolves.toBe('13900000001');
    await expect(p.phoneFromToken('13900000001')).rejects.toBeInstanceOf(OneClickError);
    await expect(p.phoneFromToken('test:999')).rejects.toBeInstanceOf(OneClickError);
  });

  it('aliyun: h5 tokens go to GetPhoneWithToken, app tokens to GetMobile', async () => {
    const { calls, fetchFn } = recorder((url: string) =>
      url.includes('Action=GetMobile&')
        ? { Code: 'OK', GetMobileResultDTO: { Mobile: '13900000002' } }
        : { Code: 'OK', Data: { Mobile: '13900000003' } },
    );
    const p = new AliyunOneClickProvider({ accessKeyId: 'id', accessKeySecret: 'sk' }, fetchFn);
    await expect(p.phoneFromToken('sp-token', 'h5')).resolves.toBe('13900000003');
    await expect(p.phoneFromToken('app-token', 'app')).resolves.toBe('13900000002');
    const h5 = Object.fromEntries(new URL(calls[0]?.url ?? '').searchParams);
    expect(h5).toMatchObject({ Action: 'GetPhoneWithToken', SpToken: 'sp-token', Version: '2017-05-25' });
    expect(new URL(calls[0]?.url ?? '').origin).toBe('https://dypnsapi.aliyuncs.com');
    const { Signature, ...rest } = h5;
    expect(Signature).toBe(aliyunRpcSignature('GET', rest, 'sk'));
    expect(Object.fromEntries(new URL(calls[1]?.url ?? '').searchParams)).toMatchObject({
      Action: 'GetMobile',
      AccessToken: 'app-token',
    });
    const refused = new AliyunOneClickProvider(
      { accessKeyId: 'id', accessKeySecret: 'sk' },
      recorder({ Code: 'isv.MOBILE_NUMBER_ILLEGAL' }).fetchFn,
    );
    await expect(refused.phoneFromToken('x', 'h5')).rejects.toBeInstanceOf(OneClickError);
  });
});

describe('third-party sign-in providers', () => {
  const WECHAT = { WECHAT_APP_ID: 'wx123', WECHAT_APP_SECRET: 'wxsecret' };

  it('none by default; wechat when configured; the fake refuses production', () => {
    expect(createOAuthProviders(auth({}).wechat, { nodeEnv: 'development' }).size).toBe(0);
    expect(createOAuthProviders(auth(WECHAT).wechat, { nodeEnv: 'production' }).get('wechat')).toBeInstanceOf(
      WechatOAuthProvider,
    );
    expect(
      createOAuthProviders(auth({ WECHAT_LOGIN_PROVIDER: 'fake' }).wechat, { nodeEnv: 'test' }).get('wechat'),
    ).toBeInstanceOf(FakeOAuthProvider);
    expect(() =>
      createOAuthProviders(auth({ WECHAT_LOGIN_PROVIDER: 'fake' }).wechat, { nodeEnv: 'production' }),
    ).toThrow(/development only/);
    expect(() => createOAuthProviders(auth({ WECHAT_LOGIN_PROVIDER: 'wechat' }).wechat, { nodeEnv: 'test' })).toThrow(
      /WECHAT_APP_ID/,
    );
  });

  it('wechat: QR authorisation URL, then code -> access_token -> userinfo', async () => {
    const cfg = auth({ ...WECHAT, PUBLIC_URL: 'https://tv.example.com' }).wechat;
    const { calls, fetchFn } = recorder((url: string) =>
      url.includes('/sns/oauth2/access_token')
        ? { access_token: 'AT', openid: 'oABC', scope: 'snsapi_login', expires_in: 7200 }
        : { openid: 'oABC', nickname: '小明', headimgurl: 'https://thirdwx.qlogo.cn/x/132' },
    );
    const p = new WechatOAuthProvider(cfg, fetchFn);
    expect(p.authorizeUrl('st8', cfg.redirectUri)).toBe(
      'https://open.weixin.qq.com/connect/qrconnect?appid=wx123&redirect_uri=https%3A%2F%2Ftv.example.com%2F' +
        '&response_type=code&scope=snsapi_login&state=st8#wechat_redirect',
    );
    await expect(p.exchange('CODE1')).resolves.toEqual({
      openid: 'oABC',
      nickname: '小明',
      avatar: 'https://thirdwx.qlogo.cn/x/132',
    });
    expect(Object.fromEntries(new URL(calls[0]?.url ?? '').searchParams)).toEqual({
      appid: 'wx123',
      secret: 'wxsecret',
      code: 'CODE1',
      grant_type: 'authorization_code',
    });
    expect(Object.fromEntries(new URL(calls[1]?.url ?? '').searchParams)).toMatchObject({
      access_token: 'AT',
      openid: 'oABC',
    });
    const inside = new WechatOAuthProvider({ ...cfg, scope: 'snsapi_userinfo' }, fetchFn);
    expect(inside.authorizeUrl('s', cfg.redirectUri)).toMatch(
      /^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?/,
    );
  });

  it('wechat: an errcode answer is an OAuthError', async () => {
    const cfg = auth(WECHAT).wechat;
    const p = new WechatOAuthProvider(cfg, recorder({ errcode: 40029, errmsg: 'invalid code' }).fetchFn);
    await expect(p.exchange('bad')).rejects.toBeInstanceOf(OAuthError);
  });
});
