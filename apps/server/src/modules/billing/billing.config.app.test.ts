/**
 * Billing as an operator configures it (issue 6 items 3 and 4, README "Payments" and "VIP plans, orders…"):
 * - a channel whose variables are only partly set (or whose key does not parse) is not offered to viewers, and the
 *   console's channel list says why, naming variables only, never their values;
 * - ORDER_EXPIRE_MINUTES sets how long an unpaid order stays payable, and the minute job (billing.jobs.ts) expires
 *   the orders past it, closing them at the gateway first, while an order still inside it stays payable.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { macOrder } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orderExpiryJob } from './billing.jobs.ts';
import type { FakeChannel } from './fake-channel.ts';
import { buyFake, makeMember, openFake } from './test-helpers.ts';

const APP_ID_VALUE = '2021000000000077';
const APIV3_VALUE = 'k'.repeat(32);

let t: TestApp;
let fake: FakeChannel;
beforeAll(async () => {
  t = await createTestApp({
    // Alipay half set: the app id without its keys.
    ALIPAY_APP_ID: APP_ID_VALUE,
    // WeChat Pay: all seven set, but the private key is not a key.
    WECHATPAY_MCHID: '1900000109',
    WECHATPAY_APPID: 'wxd678efh567hg6787',
    WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY: 'not-a-key',
    WECHATPAY_PUBLIC_KEY: 'not-a-key-either',
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_TEST0000000000000000000077',
    WECHATPAY_APIV3_KEY: APIV3_VALUE,
    ORDER_EXPIRE_MINUTES: '5',
  });
  fake = t.app.services.billing.channels.get('fake') as FakeChannel;
});
afterAll(() => t.close());

describe('the test payment channel in production', () => {
  it('a production server refuses to start with FAKE_PAY=1', async () => {
    await expect(createTestApp({ NODE_ENV: 'production', FAKE_PAY: '1' })).rejects.toThrow(
      /FAKE_PAY=1 is for development and demos only/,
    );
  });
});

describe('channels an operator configured wrongly', () => {
  it('are not offered to viewers, and the console says which variables to fix (names, never values)', async () => {
    const field = await t.app.inject({ method: 'POST', url: '/api/billing/order-field' });
    expect(field.json().channels.map((c: { channel: string }) => c.channel)).toEqual(['fake']);

    const admin = await t.adminHeaders();
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/billing/channels', headers: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json().list as { channel: string; configured: boolean; problem: string | null }[];
    const by = Object.fromEntries(list.map((c) => [c.channel, c]));
    expect(by.alipay).toMatchObject({ configured: false });
    expect(by.alipay?.problem).toContain('ALIPAY_PRIVATE_KEY');
    expect(by.alipay?.problem).toContain('ALIPAY_PUBLIC_KEY');
    expect(by.wechat).toMatchObject({ configured: false });
    expect(by.wechat?.problem).toMatch(/WECHATPAY_(PRIVATE|PUBLIC)_KEY/);
    expect(by.fake).toMatchObject({ configured: true, problem: null });
    expect(res.body).not.toContain(APP_ID_VALUE);
    expect(res.body).not.toContain(APIV3_VALUE);
    expect(res.body).not.toContain('not-a-key');

    const buy = await t.app.inject({
      method: 'POST',
      url: '/api/billing/buy',
      headers: { ...(await makeMember(t)).headers, 'accept-language': 'en-US' },
      payload: { group_id: 3, long: 'month', channel: 'alipay' },
    });
    expect(buy.statusCode).toBe(400);
    expect(buy.json()).toMatchObject({ code: 3002 });
  });
});

describe('ORDER_EXPIRE_MINUTES and the expiry job', () => {
  it('an order is payable for the configured minutes; the job then closes it at the gateway and expires it', async () => {
    const field = await t.app.inject({ method: 'POST', url: '/api/billing/order-field' });
    expect(field.json().order_expire_minutes).toBe(5);

    const billing = t.app.services.billing;
    const a = await makeMember(t);
    const codeA = await buyFake(t, a.headers, 'day');
    await openFake(t, a.headers, codeA);
    const [orderA] = await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, codeA));
    if (!orderA) throw new Error('no order');
    expect(orderA.order_expire_time.getTime() - orderA.order_time.getTime()).toBe(5 * 60_000);

    // B is ordered 4 minutes after A: when A's 5 minutes are up, B has 4 left.
    const b = await makeMember(t);
    const fourLater = new Date(orderA.order_time.getTime() + 4 * 60_000);
    billing.now = () => fourLater;
    const logs: string[] = [];
    const jobs = orderExpiryJob(billing, (m) => logs.push(m));
    try {
      const codeB = await buyFake(t, b.headers, 'day');
      // Four minutes in, the job expires nothing of these two.
      await jobs.handler();
      const status = async (code: string) =>
        (await t.db.db.select().from(macOrder).where(eq(macOrder.order_code, code)))[0]?.order_status;
      expect([await status(codeA), await status(codeB)]).toEqual(['unpaid', 'unpaid']);

      const justAfter = new Date(orderA.order_expire_time.getTime() + 1000);
      billing.now = () => justAfter;
      await jobs.handler();
      expect([await status(codeA), await status(codeB)]).toEqual(['expired', 'unpaid']);
      expect((await fake.trade(codeA))?.status).toBe('closed');
      expect(logs.some((m) => m.includes('expired'))).toBe(true);

      // A expired order cannot be paid any more; the member may buy again.
      const gopay = await t.app.inject({
        method: 'POST',
        url: '/api/billing/gopay',
        headers: a.headers,
        payload: { order_code: codeA },
      });
      expect(gopay.json()).toMatchObject({ code: 3001 });
    } finally {
      billing.now = () => new Date();
    }
  });
});
