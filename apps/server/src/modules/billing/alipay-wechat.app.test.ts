/**
 * The real channels inside the app (issue 6 item 4): with test keys in the environment the app offers `alipay` and
 * `wechat` (orderField), gopay at Alipay hands out a signed cashier URL whose notify_url is the notify route, and
 * provider-signed notifications to POST /api/pay/notify/:channel mark the order paid once (replays and tampered
 * bodies change nothing) and are answered in each provider's form (`success`, 204, 4xx).
 */
import { generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { macUser, paymentEvent } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeMember, nextIp } from './test-helpers.ts';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: KeyObject) =>
  k.type === 'private'
    ? k.export({ format: 'pem', type: 'pkcs8' }).toString()
    : k.export({ format: 'pem', type: 'spki' }).toString();
const alipayApp = rsa();
const alipay = rsa();
const merchant = rsa();
const platform = rsa();
const APP_ID = '2021000000000002';
const PUB_KEY_ID = 'PUB_KEY_ID_TEST0000000000000000000002';
const APIV3_KEY = randomBytes(16).toString('hex');
const GATEWAY = 'http://127.0.0.1:9/gateway.do';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: pem(alipayApp.privateKey),
    ALIPAY_PUBLIC_KEY: pem(alipay.publicKey),
    ALIPAY_GATEWAY: GATEWAY,
    WECHATPAY_MCHID: '1900000109',
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey),
    WECHATPAY_PUBLIC_KEY: pem(platform.publicKey),
    WECHATPAY_PUBLIC_KEY_ID: PUB_KEY_ID,
    WECHATPAY_APIV3_KEY: APIV3_KEY,
    WECHATPAY_BASE_URL: 'http://127.0.0.1:9',
  });
});
afterAll(() => t.close());

async function buy(headers: Record<string, string>, channel: 'alipay' | 'wechat') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/billing/buy',
    headers,
    payload: { group_id: 3, long: 'month', channel },
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info as { order_code: string; order_price: number };
}

async function orderStatus(headers: Record<string, string>, code: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/billing/orders/${code}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().info.order_status as string;
}

async function userRow(id: number) {
  const [u] = await t.db.db.select().from(macUser).where(eq(macUser.user_id, id));
  return u as typeof macUser.$inferSelect;
}

/** An Alipay notification signed by alipay-sdk's own signing with the test "Alipay" private key. */
function alipayNotification(orderCode: string, totalAmount: string, tradeNo: string): string {
  const signer = new AlipaySdk({ appId: APP_ID, privateKey: pem(alipay.privateKey), keyType: 'PKCS8' });
  return signer.sdkExecute('alipay.trade.page.pay', {
    notify_time: '2026-11-22 21:50:00',
    notify_type: 'trade_status_sync',
    notify_id: `n${tradeNo}`,
    trade_no: tradeNo,
    out_trade_no: orderCode,
    trade_status: 'TRADE_SUCCESS',
    total_amount: totalAmount,
    gmt_payment: '2026-11-22 21:49:58',
  });
}

function notify(channel: string, body: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pay/notify/${channel}`,
    headers: {
      'content-type': channel === 'alipay' ? 'application/x-www-form-urlencoded; charset=utf-8' : 'application/json',
      ...headers,
    },
    payload: body,
    remoteAddress: '110.75.0.1',
  });
}

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

describe('real channels in the app', () => {
  it('orderField offers alipay and wechat when their keys are set', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/order-field' });
    expect(res.statusCode).toBe(200);
    const channels = res.json().channels as Array<{ channel: string; scenes: string[] }>;
    expect(channels.map((c) => c.channel)).toEqual(['alipay', 'wechat', 'fake']);
    expect(channels[0]?.scenes).toEqual(['pc', 'h5', 'app']);
    expect(channels[1]?.scenes).toEqual(['pc', 'h5']);
  });

  it('an Alipay-signed notification to the notify route marks the order paid, once', async () => {
    const u = await makeMember(t);
    const order = await buy(u.headers, 'alipay');
    const gopay = await t.app.inject({
      method: 'POST',
      url: '/api/billing/gopay',
      headers: u.headers,
      payload: { order_code: order.order_code, scene: 'pc' },
      remoteAddress: nextIp(),
    });
    expect(gopay.statusCode, gopay.body).toBe(200);
    const action = gopay.json().action;
    expect(action.kind).toBe('redirect');
    const url = new URL(action.url);
    expect(`${url.origin}${url.pathname}`).toBe(GATEWAY);
    expect(url.searchParams.get('notify_url')).toBe(`${t.config.publicUrl}/api/pay/notify/alipay`);
    expect(JSON.parse(url.searchParams.get('biz_content') ?? '')).toMatchObject({
      out_trade_no: order.order_code,
      total_amount: yuan(order.order_price),
    });

    const tradeNo = `2026112222001${order.order_code.slice(-10)}`;
    const body = alipayNotification(order.order_code, yuan(order.order_price), tradeNo);
    // A changed byte: refused in Alipay's form, nothing changes.
    const tampered = await notify(
      'alipay',
      body.replace(`total_amount=${yuan(order.order_price)}`, 'total_amount=0.01'),
    );
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toBe('fail');
    expect(await orderStatus(u.headers, order.order_code)).toBe('unpaid');

    const res = await notify('alipay', body);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect(await orderStatus(u.headers, order.order_code)).toBe('paid');
    const after = await userRow(u.user.user_id);
    expect(after.group_id).toBe(3);
    expect(after.user_end_time).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);

    // Alipay resends: acknowledged again, credited once.
    const replay = await notify('alipay', body);
    expect(replay.body).toBe('success');
    expect((await userRow(u.user.user_id)).user_end_time).toBe(after.user_end_time);
    const events = await t.db.db
      .select()
      .from(paymentEvent)
      .where(and(eq(paymentEvent.channel, 'alipay'), eq(paymentEvent.provider_txn_id, tradeNo)));
    expect(events).toHaveLength(1);
  });

  it('a WeChat Pay notification (signed, encrypted) marks the order paid and is answered 204', async () => {
    const u = await makeMember(t);
    const order = await buy(u.headers, 'wechat');
    const nonce = randomBytes(6).toString('hex');
    const txn = {
      mchid: '1900000109',
      appid: 'wxd678efh567hg6787',
      out_trade_no: order.order_code,
      transaction_id: `42000012342026${order.order_code.slice(-12)}`,
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      success_time: '2026-11-22T21:49:58+08:00',
      amount: { total: order.order_price, payer_total: order.order_price, currency: 'CNY', payer_currency: 'CNY' },
    };
    const body = JSON.stringify({
      id: 'EV-1',
      create_time: '2026-11-22T21:49:59+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(JSON.stringify(txn), APIV3_KEY, nonce, 'transaction'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const ts = String(Formatter.timestamp());
    const hn = Formatter.nonce();
    const headers = {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': hn,
      'wechatpay-serial': PUB_KEY_ID,
      'wechatpay-signature': Rsa.sign(Formatter.response(ts, hn, body), platform.privateKey),
    };
    const probe = await notify('wechat', body, { ...headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' });
    expect(probe.statusCode).toBe(400);
    expect(probe.json()).toMatchObject({ code: 'FAIL' });
    expect(await orderStatus(u.headers, order.order_code)).toBe('unpaid');
    const res = await notify('wechat', body, headers);
    expect(res.statusCode).toBe(204);
    expect(await orderStatus(u.headers, order.order_code)).toBe('paid');
    expect((await userRow(u.user.user_id)).group_id).toBe(3);
  });
});
