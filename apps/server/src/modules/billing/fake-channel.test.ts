/**
 * Verification of the fake gateway's notifications (issue 6 "Proven by tests"): RSA2 signatures made with keys
 * generated here; a valid one passes, a changed byte, a wrong key, a wrong app id or a missing signature fail.
 * (Replays are proven through notify in billing.routes.test.ts and billing.concurrency.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { NotificationRejected } from './channel.ts';
import { fakePayEnabled } from './channel-registry.ts';
import {
  FAKE_APP_ID,
  FakeChannel,
  type FakeTrade,
  fenToYuan,
  generateFakeKeys,
  signNotification,
  yuanToFen,
} from './fake-channel.ts';

const keys = generateFakeKeys();
const other = generateFakeKeys();
// verifyNotification and notificationFor never touch the database.
const channel = new FakeChannel(undefined as unknown as Db, keys, 'http://localhost');
const trade: FakeTrade = {
  order_code: 'ABCDEFGHJKMNPQRSTVWXYZ01',
  trade_no: 'FAKE0123456789',
  amount: 1990,
  subject: 'VIP 30d',
  return_url: 'http://localhost/#/',
  notify_url: 'http://localhost/api/pay/notify/fake',
  status: 'paid',
  expires_at: new Date(),
  paid_at: new Date(),
};
const body = (params: Record<string, string>) => Buffer.from(new URLSearchParams(params).toString());

async function rejected(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotificationRejected);
  expect((err as NotificationRejected).ack).toMatchObject({ status: 400, body: 'fail' });
}

describe('fake gateway notifications', () => {
  it('a valid notification verifies to the order, amount in fen and paid', async () => {
    const v = await channel.verifyNotification(body(channel.notificationFor(trade)));
    expect(v).toMatchObject({
      channel: 'fake',
      providerTxnId: 'FAKE0123456789',
      orderCode: trade.order_code,
      amountFen: 1990,
      status: 'paid',
    });
    expect(v.raw.total_amount).toBe('19.90');
    expect(channel.ack()).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
  });

  it('one changed byte fails', async () => {
    const params = channel.notificationFor(trade);
    await rejected(channel.verifyNotification(body({ ...params, total_amount: '19.91' })));
    await rejected(channel.verifyNotification(body({ ...params, out_trade_no: `${trade.order_code.slice(0, -1)}2` })));
    const sig = params.sign as string;
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    await rejected(channel.verifyNotification(body({ ...params, sign: flipped })));
  });

  it('a notification signed with another key fails', async () => {
    await rejected(channel.verifyNotification(body(channel.notificationFor(trade, other.privateKey))));
  });

  it('a missing signature or another app id fails', async () => {
    const { sign: _sign, ...unsigned } = channel.notificationFor(trade);
    await rejected(channel.verifyNotification(body(unsigned)));
    const params = channel.notificationFor(trade);
    await rejected(
      channel.verifyNotification(body(signNotification({ ...params, app_id: 'someone-else' }, keys.privateKey))),
    );
    expect(params.app_id).toBe(FAKE_APP_ID);
  });

  it('converts fen and yuan without floats', () => {
    expect([fenToYuan(1), fenToYuan(1990), fenToYuan(100000)]).toEqual(['0.01', '19.90', '1000.00']);
    expect([yuanToFen('0.01'), yuanToFen('19.9'), yuanToFen('30'), yuanToFen('1.005')]).toEqual([
      1,
      1990,
      3000,
      Number.NaN,
    ]);
  });
});

describe('when the fake gateway is offered (H10 review)', () => {
  it('never in production (FAKE_PAY=1 there refuses to start); off everywhere with FAKE_PAY=0', () => {
    expect(fakePayEnabled(undefined, 'production')).toBe(false);
    expect(fakePayEnabled('', 'production')).toBe(false);
    expect(fakePayEnabled('true', 'production')).toBe(false);
    expect(fakePayEnabled('0', 'production')).toBe(false);
    expect(() => fakePayEnabled('1', 'production')).toThrow(/FAKE_PAY=1 is for development/);
    expect(fakePayEnabled('0', 'development')).toBe(false);
    expect(fakePayEnabled(undefined, 'development')).toBe(true);
    expect(fakePayEnabled(undefined, 'test')).toBe(true);
  });
});
