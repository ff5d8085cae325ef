/**
 * The `alipay` channel (issue 6 item 4) against keys generated here and a local HTTP server playing Alipay's
 * `gateway.do` (request signatures checked with the app public key, responses signed with the test "Alipay" key):
 * cashier URLs, RSA2 notification verification (notifications signed by alipay-sdk's own `sdkExecute` with the
 * test Alipay private key, and by Alipay's documented rule without `sign_type`), trade query and close over real
 * HTTP, key loading and the factory.
 */
import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AlipayChannel,
  alipayTime,
  createAlipayChannel,
  fenToYuan,
  parseAlipayTime,
  yuanToFen,
} from './alipay.channel.ts';
import { loadRsaKey } from './alipay-wechat-keys.ts';
import { type ChannelEnv, type ChannelOrder, NotificationRejected } from './channel.ts';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = rsa(); // the merchant app's key pair (signs requests)
const alipay = rsa(); // "Alipay"'s key pair (signs notifications and responses)
const stranger = rsa(); // a key nobody configured
const APP_ID = '2021000000000001';
const SELLER_ID = '2088000000000001';

const pem = (k: KeyObject) =>
  k.type === 'private'
    ? k.export({ format: 'pem', type: 'pkcs8' }).toString()
    : k.export({ format: 'pem', type: 'spki' }).toString();

// ---- a local Alipay gateway ------------------------------------------------------------------------------------

interface Trade {
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
  totalAmount: string;
  sendPayDate?: string;
}
const trades = new Map<string, Trade>();
const gatewayLog: Array<{ method: string; bizContent: Record<string, unknown> }> = [];
let tamperResponses = false;
let server: http.Server;
let gateway = '';

/** Alipay's request rule: all parameters except `sign` (including `sign_type`), key-sorted, `k=v` joined by `&`. */
function requestSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

function rsa2(content: string, key: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
}

function respond(res: http.ServerResponse, method: string, payload: Record<string, unknown>) {
  const key = `${method.replaceAll('.', '_')}_response`;
  const json = JSON.stringify(payload);
  const sign = rsa2(tamperResponses ? `${json} ` : json, alipay.privateKey);
  res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
  res.end(`{"${key}":${json},"sign":"${sign}"}`);
}

/** What Alipay does when a payer opens a cashier URL, pays, or the trade is queried / closed. */
async function handleGateway(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params[k] = v;
  const method = params.method ?? '';
  // Alipay refuses a timestamp (Beijing time) far from its clock.
  const skew = Math.abs((parseAlipayTime(params.timestamp)?.getTime() ?? 0) - Date.now());
  if (skew > 15 * 60_000) {
    return respond(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-timestamp' });
  }
  const valid =
    params.app_id === APP_ID &&
    params.sign_type === 'RSA2' &&
    createVerify('RSA-SHA256')
      .update(requestSignContent(params), 'utf8')
      .verify(app.publicKey, params.sign ?? '', 'base64');
  if (!valid) {
    return respond(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
  }
  const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
  gatewayLog.push({ method, bizContent: biz });
  const no = biz.out_trade_no ?? '';
  const trade = trades.get(no);
  if (method === 'alipay.trade.page.pay' || method === 'alipay.trade.wap.pay') {
    // The payer opened the cashier: Alipay creates the trade now.
    if (!trade) trades.set(no, { status: 'WAIT_BUYER_PAY', tradeNo: `2026${no}`, totalAmount: biz.total_amount ?? '' });
    res.writeHead(200, { 'content-type': 'text/html' });
    return res.end('<html>cashier</html>');
  }
  const notExist = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
  if (method === 'alipay.trade.query') {
    if (!trade) return respond(res, method, notExist);
    return respond(res, method, {
      code: '10000',
      msg: 'Success',
      out_trade_no: no,
      trade_no: trade.tradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      ...(trade.sendPayDate ? { send_pay_date: trade.sendPayDate } : {}),
    });
  }
  if (method === 'alipay.trade.close') {
    if (!trade) return respond(res, method, notExist);
    if (trade.status !== 'WAIT_BUYER_PAY') {
      return respond(res, method, {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.TRADE_STATUS_ERROR',
        sub_msg: '交易状态不合法',
      });
    }
    trade.status = 'TRADE_CLOSED';
    return respond(res, method, { code: '10000', msg: 'Success', out_trade_no: no, trade_no: trade.tradeNo });
  }
  respond(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_METHOD' });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    handleGateway(req, res).catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function channel(extra: Partial<ConstructorParameters<typeof AlipayChannel>[0]> = {}) {
  return new AlipayChannel({
    appId: APP_ID,
    privateKey: app.privateKey,
    alipayPublicKey: alipay.publicKey,
    gateway,
    ...extra,
  });
}

let seq = 0;
function order(amountFen = 1990): ChannelOrder {
  seq += 1;
  return {
    orderCode: `T${Date.now()}${seq}`.slice(0, 32),
    amountFen,
    subject: 'VIP 1 month',
    payerId: 1,
    expiresAt: new Date(Date.now() + 15 * 60_000),
    notifyUrl: 'https://vod.example.com/api/pay/notify/alipay',
    returnUrl: 'https://vod.example.com/#/pages/me/plog/order-list',
    clientIp: '203.0.113.7',
  };
}

// ---- notifications ----------------------------------------------------------------------------------------------

function notifyFields(o: ChannelOrder, over: Record<string, string> = {}): Record<string, string> {
  return {
    notify_time: '2026-11-22 21:50:00',
    notify_type: 'trade_status_sync',
    notify_id: `ac05${o.orderCode}`,
    app_id: APP_ID,
    charset: 'utf-8',
    version: '1.0',
    trade_no: `2026112222001400001${o.orderCode.slice(-6)}`,
    out_trade_no: o.orderCode,
    buyer_id: '2088102177846880',
    seller_id: SELLER_ID,
    trade_status: 'TRADE_SUCCESS',
    total_amount: fenToYuan(o.amountFen),
    receipt_amount: fenToYuan(o.amountFen),
    subject: o.subject,
    gmt_create: '2026-11-22 21:49:40',
    gmt_payment: '2026-11-22 21:49:58',
    fund_bill_list: '[{"amount":"19.90","fundChannel":"ALIPAYACCOUNT"}]',
    ...over,
  };
}

/**
 * A notification body signed by alipay-sdk's own signing (`sdkExecute`, key-sorted `k=v&…` with `sign_type`,
 * RSA-SHA256) with the given private key. sdkExecute adds `method`, `timestamp` and `version` to what it signs.
 */
function sdkSignedNotification(fields: Record<string, string>, signer = alipay.privateKey): Buffer {
  const sdk = new AlipaySdk({ appId: fields.app_id ?? APP_ID, privateKey: pem(signer), keyType: 'PKCS8' });
  const { app_id: _a, charset: _c, version: _v, ...rest } = fields;
  return Buffer.from(sdk.sdkExecute('alipay.trade.page.pay', rest));
}

/** A notification signed as Alipay documents for async notifications: sorted params minus `sign` and `sign_type`. */
function docSignedNotification(fields: Record<string, string>, signer = alipay.privateKey): Buffer {
  const content = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  const body = new URLSearchParams({ ...fields, sign_type: 'RSA2', sign: rsa2(content, signer) });
  return Buffer.from(body.toString());
}

async function rejected(p: Promise<unknown>): Promise<NotificationRejected> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotificationRejected);
  return err as NotificationRejected;
}

describe('alipay amounts and times', () => {
  it('converts fen to yuan and back with integers only', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(1990)).toBe('19.90');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(123456789)).toBe('1234567.89');
    expect(() => fenToYuan(0)).toThrow(RangeError);
    expect(() => fenToYuan(19.9)).toThrow(RangeError);
    expect(yuanToFen('19.90')).toBe(1990);
    expect(yuanToFen('19.9')).toBe(1990);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('20')).toBe(2000);
    expect(yuanToFen('0.1')! + yuanToFen('0.2')!).toBe(30);
    for (const bad of ['', '-1.00', '1.001', '1e3', 'abc', '1,00']) expect(yuanToFen(bad)).toBeNull();
  });

  it('formats and parses Beijing time', () => {
    expect(alipayTime(new Date('2026-11-22T13:45:00Z'))).toBe('2026-11-22 21:45:00');
    // Past 16:00 UTC it is already the next day (and year) in Beijing, whatever the server's TZ.
    expect(alipayTime(new Date('2026-12-31T16:30:05Z'))).toBe('2027-01-01 00:30:05');
    expect(parseAlipayTime('2026-11-22 21:45:00')?.toISOString()).toBe('2026-11-22T13:45:00.000Z');
    expect(parseAlipayTime('22/11/2026')).toBeUndefined();
  });
});

describe('alipay createPayment', () => {
  it('pc: a page-pay URL to the gateway, signed with the app key, that the gateway accepts', async () => {
    const o = order(1990);
    const action = await channel().createPayment(o, 'pc');
    expect(action.kind).toBe('redirect');
    if (action.kind !== 'redirect') return;
    expect(action.expiresAt).toBe(o.expiresAt.toISOString());
    const url = new URL(action.url);
    expect(`${url.origin}${url.pathname}`).toBe(gateway);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: o.notifyUrl,
      return_url: o.returnUrl,
    });
    expect(
      createVerify('RSA-SHA256')
        .update(requestSignContent(params))
        .verify(app.publicKey, params.sign ?? '', 'base64'),
    ).toBe(true);
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: o.orderCode,
      total_amount: '19.90',
      subject: 'VIP 1 month',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: alipayTime(o.expiresAt),
    });
    // The payer's browser opens it: the gateway verifies our signature and creates the trade.
    const res = await fetch(action.url);
    expect(await res.text()).toBe('<html>cashier</html>');
    expect(trades.get(o.orderCode)?.status).toBe('WAIT_BUYER_PAY');
  });

  it('h5 and app: wap pay with quit_url; other scenes and bad amounts throw', async () => {
    const ch = channel();
    for (const scene of ['h5', 'app'] as const) {
      const o = order(1);
      const action = await ch.createPayment(o, scene);
      if (action.kind !== 'redirect') throw new Error('expected a redirect');
      const params = Object.fromEntries(new URL(action.url).searchParams);
      expect(params.method).toBe('alipay.trade.wap.pay');
      expect(JSON.parse(params.biz_content ?? '')).toMatchObject({
        product_code: 'QUICK_WAP_WAY',
        quit_url: o.returnUrl,
        total_amount: '0.01',
      });
    }
    await expect(ch.createPayment(order(), 'wechat_browser')).rejects.toThrow(/not supported/);
    await expect(ch.createPayment(order(0), 'pc')).rejects.toThrow(RangeError);
    await expect(ch.createPayment(order(10.5), 'pc')).rejects.toThrow(RangeError);
  });
});

describe('alipay notification verification', () => {
  const o = order(1990);

  it('accepts a notification signed by alipay-sdk with the Alipay key (sign_type included)', async () => {
    const n = await channel({ sellerId: SELLER_ID }).verifyNotification(sdkSignedNotification(notifyFields(o)), {});
    expect(n).toMatchObject({
      channel: 'alipay',
      orderCode: o.orderCode,
      amountFen: 1990,
      status: 'paid',
      providerTxnId: notifyFields(o).trade_no,
    });
    expect(n.paidAt?.toISOString()).toBe('2026-11-22T13:49:58.000Z');
    expect(n.raw).toMatchObject({ buyer_id: '2088102177846880', fund_bill_list: notifyFields(o).fund_bill_list });
  });

  it("accepts one signed by Alipay's documented rule (sign_type excluded) and maps the other states", async () => {
    const ch = channel();
    expect(await ch.verifyNotification(docSignedNotification(notifyFields(o)), {})).toMatchObject({ status: 'paid' });
    const finished = docSignedNotification(notifyFields(o, { trade_status: 'TRADE_FINISHED' }));
    expect((await ch.verifyNotification(finished, {})).status).toBe('paid');
    const waiting = docSignedNotification(notifyFields(o, { trade_status: 'WAIT_BUYER_PAY' }));
    expect(await ch.verifyNotification(waiting, {})).toMatchObject({ status: 'unpaid', paidAt: undefined });
    const closed = docSignedNotification(notifyFields(o, { trade_status: 'TRADE_CLOSED' }));
    expect((await ch.verifyNotification(closed, {})).status).toBe('closed');
  });

  it('rejects a changed byte anywhere in the body', async () => {
    const ch = channel();
    const good = sdkSignedNotification(notifyFields(o)).toString();
    expect(good).toContain('total_amount=19.90');
    const cases = [
      good.replace('total_amount=19.90', 'total_amount=19.91'),
      good.replace('trade_status=TRADE_SUCCESS', 'trade_status=TRADE_SUCCESs'),
      good.replace(`out_trade_no=${o.orderCode}`, `out_trade_no=${o.orderCode.slice(0, -1)}X`),
    ];
    // Flip one character of the signature itself.
    const signAt = good.indexOf('sign=') + 'sign='.length + 10;
    cases.push(`${good.slice(0, signAt)}${good[signAt] === 'A' ? 'B' : 'A'}${good.slice(signAt + 1)}`);
    for (const body of cases) {
      expect(body).not.toBe(good);
      const err = await rejected(ch.verifyNotification(Buffer.from(body), {}));
      expect(err.message).toMatch(/bad signature/);
      expect(err.ack).toEqual({ status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' });
    }
  });

  it('rejects a wrong key, another app, another seller, RSA (SHA-1), no sign, duplicate fields', async () => {
    const ch = channel({ sellerId: SELLER_ID });
    expect(
      (await rejected(ch.verifyNotification(sdkSignedNotification(notifyFields(o), stranger.privateKey), {}))).message,
    ).toMatch(/bad signature/);
    // Signed by the app's own key (what a caller who only knows our app key could do).
    expect(
      (await rejected(ch.verifyNotification(docSignedNotification(notifyFields(o), app.privateKey), {}))).message,
    ).toMatch(/bad signature/);
    expect(
      (
        await rejected(
          ch.verifyNotification(docSignedNotification(notifyFields(o, { app_id: '2021000000000999' })), {}),
        )
      ).message,
    ).toMatch(/app_id/);
    expect(
      (
        await rejected(
          ch.verifyNotification(docSignedNotification(notifyFields(o, { seller_id: '2088999999999999' })), {}),
        )
      ).message,
    ).toMatch(/seller_id/);
    const rsa1 = sdkSignedNotification(notifyFields(o)).toString().replace('sign_type=RSA2', 'sign_type=RSA');
    expect((await rejected(ch.verifyNotification(Buffer.from(rsa1), {}))).message).toMatch(/sign_type/);
    const unsigned = new URLSearchParams(notifyFields(o)).toString();
    expect((await rejected(ch.verifyNotification(Buffer.from(unsigned), {}))).message).toMatch(/no sign/);
    const dup = `${sdkSignedNotification(notifyFields(o)).toString()}&total_amount=0.01`;
    expect((await rejected(ch.verifyNotification(Buffer.from(dup), {}))).message).toMatch(/duplicate/);
    const zero = docSignedNotification(notifyFields(o, { total_amount: '0.00' }));
    expect((await rejected(ch.verifyNotification(zero, {}))).message).toMatch(/total_amount/);
  });

  it('answers success as the ack', () => {
    expect(channel().ack()).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
  });
});

describe('alipay query and close over HTTP', () => {
  it('not opened -> not_found; opened -> unpaid; paid -> paid; close paid -> paid wins', async () => {
    const ch = channel();
    const o = order(2500);
    expect((await ch.query(o.orderCode)).status).toBe('not_found');
    expect((await ch.close(o.orderCode)).status).toBe('not_found');
    const action = await ch.createPayment(o, 'h5');
    if (action.kind !== 'redirect') throw new Error('expected a redirect');
    await fetch(action.url);
    const unpaid = await ch.query(o.orderCode);
    expect(unpaid).toMatchObject({ status: 'unpaid', amountFen: 2500, providerTxnId: `2026${o.orderCode}` });
    const trade = trades.get(o.orderCode)!;
    trade.status = 'TRADE_SUCCESS';
    trade.sendPayDate = '2026-11-22 22:00:01';
    const paid = await ch.query(o.orderCode);
    expect(paid).toMatchObject({ status: 'paid', amountFen: 2500 });
    expect(paid.paidAt?.toISOString()).toBe('2026-11-22T14:00:01.000Z');
    expect(paid.raw).toMatchObject({ trade_status: 'TRADE_SUCCESS', out_trade_no: o.orderCode });
    // Close refused (ACQ.TRADE_STATUS_ERROR): the query says paid, and paid wins.
    expect((await ch.close(o.orderCode)).status).toBe('paid');
    expect(gatewayLog.filter((l) => l.bizContent.out_trade_no === o.orderCode).map((l) => l.method)).toEqual([
      'alipay.trade.query',
      'alipay.trade.close',
      'alipay.trade.wap.pay',
      'alipay.trade.query',
      'alipay.trade.query',
      'alipay.trade.close',
      'alipay.trade.query',
    ]);
  });

  it('closes an unpaid trade', async () => {
    const ch = channel();
    const o = order();
    const action = await ch.createPayment(o, 'pc');
    if (action.kind !== 'redirect') throw new Error('expected a redirect');
    await fetch(action.url);
    expect((await ch.close(o.orderCode)).status).toBe('closed');
    expect((await ch.query(o.orderCode)).status).toBe('closed');
  });

  it('throws on a response whose signature does not verify, or when the gateway refuses our signature', async () => {
    tamperResponses = true;
    try {
      await expect(channel().query(order().orderCode)).rejects.toThrow(/验签失败/);
    } finally {
      tamperResponses = false;
    }
    await expect(channel({ privateKey: stranger.privateKey }).query(order().orderCode)).rejects.toThrow(
      /isv.invalid-signature/,
    );
    // A channel that trusts the wrong Alipay key does not believe the gateway's answers.
    await expect(channel({ alipayPublicKey: stranger.publicKey }).query(order().orderCode)).rejects.toThrow(/验签失败/);
  });
});

describe('alipay keys and factory', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvod-alipay-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const env = (vars: Record<string, string>): ChannelEnv => ({
    vars,
    publicUrl: 'https://vod.example.com',
    nodeEnv: 'test',
    dataDir: dir,
    log: () => {},
  });

  it('is not offered without keys, and names the missing variables when half-configured', () => {
    expect(createAlipayChannel(env({}))).toBeNull();
    expect(createAlipayChannel(env({ ALIPAY_APP_ID: '', ALIPAY_GATEWAY: gateway }))).toBeNull();
    expect(() => createAlipayChannel(env({ ALIPAY_APP_ID: APP_ID }))).toThrow(/ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY/);
    expect(() =>
      createAlipayChannel(
        env({ ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY: 'nonsense', ALIPAY_PUBLIC_KEY: pem(alipay.publicKey) }),
      ),
    ).toThrow(/ALIPAY_PRIVATE_KEY: expected PEM/);
  });

  it('takes keys as PEM text, one-line PEM with \\n, bare base64 (PKCS#1 / PKCS#8 / SPKI) or a file path', async () => {
    const pkcs1Base64 = (app.privateKey.export({ format: 'der', type: 'pkcs1' }) as Buffer).toString('base64');
    const spkiBase64 = (alipay.publicKey.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64');
    const keyFile = path.join(dir, 'alipay_public.pem');
    fs.writeFileSync(keyFile, pem(alipay.publicKey));
    const privFile = path.join(dir, 'app_private.txt');
    fs.writeFileSync(privFile, pkcs1Base64);
    const variants: Array<[string, string]> = [
      [pem(app.privateKey), pem(alipay.publicKey)],
      [pem(app.privateKey).replace(/\n/g, '\\n'), spkiBase64],
      [pkcs1Base64, keyFile],
      [privFile, `file://${keyFile}`],
    ];
    for (const [priv, pub] of variants) {
      const ch = createAlipayChannel(
        env({ ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY: priv, ALIPAY_PUBLIC_KEY: pub, ALIPAY_GATEWAY: gateway }),
      );
      expect(ch).toBeInstanceOf(AlipayChannel);
      const o = order();
      // The public key verifies notifications; the private key signs requests the gateway accepts.
      expect((await ch!.verifyNotification(docSignedNotification(notifyFields(o)), {})).status).toBe('paid');
      expect((await ch!.query(o.orderCode)).status).toBe('not_found');
    }
    expect(loadRsaKey(pem(app.publicKey), 'public', 'X').equals(app.publicKey)).toBe(true);
    expect(() => loadRsaKey(path.join(dir, 'missing.pem'), 'public', 'ALIPAY_PUBLIC_KEY')).toThrow(
      /ALIPAY_PUBLIC_KEY: cannot read the key file .*missing\.pem \(ENOENT\)/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => loadRsaKey(pem(ec.publicKey), 'public', 'ALIPAY_PUBLIC_KEY')).toThrow(/not an RSA key/);
  });
});
