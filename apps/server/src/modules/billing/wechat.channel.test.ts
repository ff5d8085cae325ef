/**
 * The `wechat` channel (issue 6 item 4) against keys generated here (merchant key pair, "WeChat Pay" platform key
 * pair with id PUB_KEY_ID_TEST…, random APIv3 key) and a local HTTP server playing the WeChat Pay APIv3 endpoints
 * (request Authorization checked with the merchant public key, responses signed with the platform key by
 * wechatpay-axios-plugin's own Rsa/Formatter): Native and H5 ordering, notification verification and decryption
 * (notifications built with the plugin's Rsa.sign and Aes.AesGcm.encrypt), query and close over real HTTP.
 */
import { createVerify, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { type ChannelEnv, type ChannelOrder, NotificationRejected } from './channel.ts';
import { createWechatChannel, decryptResource, WechatChannel, wechatTime } from './wechat.channel.ts';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const stranger = rsa();
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PUB_KEY_ID = 'PUB_KEY_ID_TEST0000000000000000000001';
const APIV3_KEY = randomBytes(16).toString('hex'); // 32 characters, as WeChat Pay issues it

const pem = (k: KeyObject) =>
  k.type === 'private'
    ? k.export({ format: 'pem', type: 'pkcs8' }).toString()
    : k.export({ format: 'pem', type: 'spki' }).toString();

// ---- a local WeChat Pay API ------------------------------------------------------------------------------------

interface Txn {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  amount: { total: number; currency: string };
  success_time?: string;
}
const txns = new Map<string, Txn>();
const requests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
let tamperResponses = false;
let server: http.Server;
let baseUrl = '';

/** Check `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,timestamp=…,serial_no=…`. */
function authorized(req: http.IncomingMessage, body: string): boolean {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return false;
  const f = Object.fromEntries(
    [...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string]),
  ) as Record<string, string>;
  if (f.mchid !== MCHID || f.serial_no !== SERIAL) return false;
  if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
  const message = Formatter.request(req.method ?? '', req.url ?? '', f.timestamp ?? '', f.nonce_str ?? '', body);
  return createVerify('RSA-SHA256')
    .update(message)
    .verify(merchant.publicKey, f.signature ?? '', 'base64');
}

function send(res: http.ServerResponse, status: number, payload?: unknown) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const timestamp = String(Formatter.timestamp());
  const nonce = Formatter.nonce();
  const signature = Rsa.sign(
    Formatter.response(timestamp, nonce, tamperResponses ? `${body} ` : body),
    platform.privateKey,
  );
  res.writeHead(status, {
    ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Serial': PUB_KEY_ID,
    'Wechatpay-Signature': signature,
  });
  res.end(body);
}

async function handleApi(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!authorized(req, raw)) return send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
  const url = new URL(req.url ?? '/', 'http://x');
  const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  requests.push({ method: req.method ?? '', path: url.pathname, body });
  const create = /^\/v3\/pay\/transactions\/(native|h5)$/.exec(url.pathname);
  if (req.method === 'POST' && create) {
    if (body.mchid !== MCHID || body.appid !== APPID) return send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
    const no = String(body.out_trade_no);
    if (!txns.has(no)) {
      txns.set(no, { out_trade_no: no, trade_state: 'NOTPAY', amount: body.amount as Txn['amount'] });
    }
    if (create[1] === 'native') return send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${no}` });
    return send(res, 200, {
      h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${no}&package=2150917749`,
    });
  }
  const one = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
  if (one) {
    const txn = txns.get(decodeURIComponent(one[1] ?? ''));
    if (!txn) return send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    if (req.method === 'GET' && !one[2]) {
      if (url.searchParams.get('mchid') !== MCHID) return send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' });
      return send(res, 200, { appid: APPID, mchid: MCHID, ...txn });
    }
    if (req.method === 'POST' && one[2]) {
      if (txn.trade_state === 'SUCCESS') return send(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      txn.trade_state = 'CLOSED';
      return send(res, 204);
    }
  }
  send(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    handleApi(req, res).catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function channel(extra: Partial<ConstructorParameters<typeof WechatChannel>[0]> = {}) {
  return new WechatChannel({
    mchid: MCHID,
    appid: APPID,
    serial: SERIAL,
    privateKey: merchant.privateKey,
    platformKey: platform.publicKey,
    platformKeyId: PUB_KEY_ID,
    apiV3Key: APIV3_KEY,
    baseUrl,
    ...extra,
  });
}

let seq = 0;
function order(amountFen = 1990, expiresInMs = 15 * 60_000): ChannelOrder {
  seq += 1;
  return {
    orderCode: `W${Date.now()}${seq}`.slice(0, 32),
    amountFen,
    subject: 'VIP 1 month',
    payerId: 1,
    expiresAt: new Date(Date.now() + expiresInMs),
    notifyUrl: 'https://vod.example.com/api/pay/notify/wechat',
    returnUrl: 'https://vod.example.com/#/pages/me/plog/order-list?order_code=x',
    clientIp: '203.0.113.7',
  };
}

// ---- notifications ----------------------------------------------------------------------------------------------

function transaction(o: ChannelOrder, over: Record<string, unknown> = {}) {
  return {
    mchid: MCHID,
    appid: APPID,
    out_trade_no: o.orderCode,
    transaction_id: `4200001234202611${o.orderCode.slice(-8)}`,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    success_time: '2026-11-22T21:49:58+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: o.amountFen, payer_total: o.amountFen, currency: 'CNY', payer_currency: 'CNY' },
    ...over,
  };
}

interface SignOptions {
  key?: KeyObject;
  apiV3Key?: string;
  timestamp?: number;
  serial?: string;
  signature?: string;
}

/** A TRANSACTION.SUCCESS notification encrypted and signed with the plugin's own Aes.AesGcm and Rsa.sign. */
function notification(txn: Record<string, unknown>, opts: SignOptions = {}) {
  const nonce = randomBytes(6).toString('hex'); // 12 characters, as WeChat Pay's resource nonce
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-22T21:49:59+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: Aes.AesGcm.encrypt(JSON.stringify(txn), opts.apiV3Key ?? APIV3_KEY, nonce, 'transaction'),
      associated_data: 'transaction',
      nonce,
    },
  });
  const timestamp = String(opts.timestamp ?? Formatter.timestamp());
  const headerNonce = Formatter.nonce();
  const headers: Record<string, string> = {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': headerNonce,
    'wechatpay-serial': opts.serial ?? PUB_KEY_ID,
    'wechatpay-signature':
      opts.signature ?? Rsa.sign(Formatter.response(timestamp, headerNonce, body), opts.key ?? platform.privateKey),
  };
  return { body: Buffer.from(body), headers };
}

async function rejected(p: Promise<unknown>): Promise<NotificationRejected> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotificationRejected);
  return err as NotificationRejected;
}

describe('wechat createPayment', () => {
  it('pc: Native order over HTTP -> QR code_url; the request is signed and in fen', async () => {
    const o = order(1990);
    const action = await channel().createPayment(o, 'pc');
    expect(action).toEqual({
      kind: 'qr',
      codeUrl: `weixin://wxpay/bizpayurl?pr=${o.orderCode}`,
      expiresAt: o.expiresAt.toISOString(),
    });
    const req = requests.find((r) => r.body.out_trade_no === o.orderCode);
    expect(req).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native' });
    expect(req?.body).toEqual({
      appid: APPID,
      mchid: MCHID,
      description: 'VIP 1 month',
      out_trade_no: o.orderCode,
      time_expire: wechatTime(o.expiresAt),
      notify_url: o.notifyUrl,
      amount: { total: 1990, currency: 'CNY' },
    });
    expect(wechatTime(new Date('2026-11-22T13:45:00Z'))).toBe('2026-11-22T21:45:00+08:00');
    expect(wechatTime(new Date('2026-12-31T16:30:05Z'))).toBe('2027-01-01T00:30:05+08:00');
  });

  it('h5: H5 order -> h5_url with redirect_url, valid at most 5 minutes', async () => {
    const o = order(1, 60 * 60_000);
    const before = Date.now();
    const action = await channel().createPayment(o, 'h5');
    if (action.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(action.url);
    expect(url.searchParams.get('prepay_id')).toBe(`wx${o.orderCode}`);
    expect(url.searchParams.get('redirect_url')).toBe(o.returnUrl);
    const expires = Date.parse(action.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 5 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
    const req = requests.find((r) => r.body.out_trade_no === o.orderCode);
    expect(req?.path).toBe('/v3/pay/transactions/h5');
    expect(req?.body.scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
    expect(req?.body.amount).toEqual({ total: 1, currency: 'CNY' });
    // An order expiring sooner keeps its own expiry.
    const soon = order(100, 60_000);
    const a2 = await channel().createPayment(soon, 'h5');
    expect(a2.expiresAt).toBe(soon.expiresAt.toISOString());
  });

  it('throws on other scenes, bad amounts, refusals and responses whose signature fails', async () => {
    const ch = channel();
    await expect(ch.createPayment(order(), 'wechat_browser')).rejects.toThrow(/not supported/);
    await expect(ch.createPayment(order(-5), 'pc')).rejects.toThrow(RangeError);
    await expect(channel({ appid: 'wx-other' }).createPayment(order(), 'pc')).rejects.toThrow(/HTTP 400 PARAM_ERROR/);
    // Our requests signed with a key WeChat Pay does not know: 401 SIGN_ERROR.
    await expect(channel({ privateKey: stranger.privateKey }).createPayment(order(), 'pc')).rejects.toThrow(
      /HTTP 401 SIGN_ERROR/,
    );
    tamperResponses = true;
    try {
      await expect(ch.createPayment(order(), 'pc')).rejects.toThrow(/EV3_RES_HEADER_SIGNATURE_DIGEST/);
    } finally {
      tamperResponses = false;
    }
    // Trusting the wrong platform key: the plugin refuses the genuine answer.
    await expect(channel({ platformKey: stranger.publicKey }).createPayment(order(), 'pc')).rejects.toThrow(
      /EV3_RES_HEADER_SIGNATURE_DIGEST/,
    );
  });
});

describe('wechat notification verification', () => {
  const o = order(1990);

  it('accepts a signed, encrypted TRANSACTION.SUCCESS and returns the decrypted transaction', async () => {
    const { body, headers } = notification(transaction(o));
    const n = await channel().verifyNotification(body, headers);
    expect(n).toMatchObject({
      channel: 'wechat',
      orderCode: o.orderCode,
      amountFen: 1990,
      status: 'paid',
      providerTxnId: transaction(o).transaction_id,
    });
    expect(n.paidAt?.toISOString()).toBe('2026-11-22T13:49:58.000Z');
    expect(n.raw).toMatchObject({
      event_type: 'TRANSACTION.SUCCESS',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    // Headers as Node gives them for repeated fields, in any case.
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), [v]]));
    expect((await channel().verifyNotification(body, upper)).status).toBe('paid');
  });

  it('rejects a changed byte of the raw body (even JSON-equivalent whitespace) and a changed signature', async () => {
    const { body, headers } = notification(transaction(o));
    const text = body.toString();
    const variants = [
      text.replace('"summary":"支付成功"', '"summary":"支付成功 "'),
      `${text} `,
      text.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESs'),
    ];
    for (const v of variants) {
      expect(v).not.toBe(text);
      const err = await rejected(channel().verifyNotification(Buffer.from(v), headers));
      expect(err.message).toMatch(/bad signature/);
      expect(err.ack.status).toBe(401);
      expect(err.ack.contentType).toBe('application/json; charset=utf-8');
      expect(JSON.parse(err.ack.body ?? '')).toEqual({ code: 'FAIL', message: 'bad signature' });
    }
    const sig = headers['wechatpay-signature'] ?? '';
    const flipped = `${sig.slice(0, 20)}${sig[20] === 'A' ? 'B' : 'A'}${sig.slice(21)}`;
    const err = await rejected(channel().verifyNotification(body, { ...headers, 'wechatpay-signature': flipped }));
    expect(err.message).toMatch(/bad signature/);
  });

  it('rejects a wrong key, a stale or future timestamp, a SIGNTEST probe, an unknown serial, missing headers', async () => {
    const ch = channel();
    const wrongKey = notification(transaction(o), { key: stranger.privateKey });
    expect((await rejected(ch.verifyNotification(wrongKey.body, wrongKey.headers))).message).toMatch(/bad signature/);
    const merchantKey = notification(transaction(o), { key: merchant.privateKey });
    expect((await rejected(ch.verifyNotification(merchantKey.body, merchantKey.headers))).message).toMatch(
      /bad signature/,
    );
    const now = Formatter.timestamp();
    const stale = notification(transaction(o), { timestamp: now - 301 });
    const staleErr = await rejected(ch.verifyNotification(stale.body, stale.headers));
    expect(staleErr.message).toMatch(/clock skew/);
    expect(staleErr.ack.status).toBe(400);
    const future = notification(transaction(o), { timestamp: now + 301 });
    expect((await rejected(ch.verifyNotification(future.body, future.headers))).message).toMatch(/clock skew/);
    // Within the window it still passes.
    const recent = notification(transaction(o), { timestamp: now - 290 });
    expect((await ch.verifyNotification(recent.body, recent.headers)).status).toBe('paid');
    const probe = notification(transaction(o), { signature: 'WECHATPAY/SIGNTEST/9ZdX0dZ3a1M=' });
    const probeErr = await rejected(ch.verifyNotification(probe.body, probe.headers));
    expect(probeErr.message).toMatch(/probe/);
    expect(probeErr.ack.status).toBeGreaterThanOrEqual(400);
    const serial = notification(transaction(o), { serial: 'PUB_KEY_ID_OTHER' });
    expect((await rejected(ch.verifyNotification(serial.body, serial.headers))).message).toMatch(/Wechatpay-Serial/);
    const good = notification(transaction(o));
    for (const h of Object.keys(good.headers)) {
      const { [h]: _gone, ...rest } = good.headers;
      expect((await rejected(ch.verifyNotification(good.body, rest))).message).toMatch(/missing/);
    }
  });

  it('rejects a resource encrypted with another APIv3 key, and decrypted transactions for someone else', async () => {
    const ch = channel();
    const otherKey = notification(transaction(o), { apiV3Key: randomBytes(16).toString('hex') });
    expect((await rejected(ch.verifyNotification(otherKey.body, otherKey.headers))).message).toMatch(/decrypt/);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ mchid: '1900000999' }, /mchid/],
      [{ appid: 'wx0000000000000000' }, /appid/],
      [{ amount: { total: 0, currency: 'CNY' } }, /amount/],
      [{ amount: { total: 19.9, currency: 'CNY' } }, /amount/],
      [{ amount: { total: 1990, currency: 'USD' } }, /CNY/],
      [{ out_trade_no: '' }, /out_trade_no/],
      [{ trade_state: 'WHATEVER' }, /trade_state/],
    ];
    for (const [over, msg] of cases) {
      const n = notification(transaction(o, over));
      expect((await rejected(ch.verifyNotification(n.body, n.headers))).message).toMatch(msg);
    }
    const notPaid = notification(transaction(o, { trade_state: 'NOTPAY' }));
    expect(await ch.verifyNotification(notPaid.body, notPaid.headers)).toMatchObject({
      status: 'unpaid',
      paidAt: undefined,
    });
  });

  it('decrypts exactly what the plugin encrypts, and acks with 204', () => {
    const nonce = 'abcdefghijkl';
    const c = Aes.AesGcm.encrypt('{"a":1}', APIV3_KEY, nonce, 'transaction');
    expect(decryptResource({ ciphertext: c, nonce, associated_data: 'transaction' }, APIV3_KEY)).toBe('{"a":1}');
    expect(() => decryptResource({ ciphertext: c, nonce, associated_data: 'other' }, APIV3_KEY)).toThrow();
    expect(channel().ack()).toEqual({ status: 204 });
  });
});

describe('wechat query and close over HTTP', () => {
  it('not created -> not_found; created -> unpaid; paid -> paid; close paid -> paid wins', async () => {
    const ch = channel();
    const o = order(2500);
    expect((await ch.query(o.orderCode)).status).toBe('not_found');
    expect((await ch.close(o.orderCode)).status).toBe('not_found');
    await ch.createPayment(o, 'pc');
    expect(await ch.query(o.orderCode)).toMatchObject({ status: 'unpaid', amountFen: 2500 });
    const txn = txns.get(o.orderCode)!;
    Object.assign(txn, {
      trade_state: 'SUCCESS',
      transaction_id: '4200009999202611220000000001',
      success_time: '2026-11-22T22:00:01+08:00',
    });
    const paid = await ch.query(o.orderCode);
    expect(paid).toMatchObject({ status: 'paid', amountFen: 2500, providerTxnId: '4200009999202611220000000001' });
    expect(paid.paidAt?.toISOString()).toBe('2026-11-22T14:00:01.000Z');
    expect((await ch.close(o.orderCode)).status).toBe('paid');
    const query = requests.find((r) => r.method === 'GET' && r.path.endsWith(o.orderCode));
    expect(query?.path).toBe(`/v3/pay/transactions/out-trade-no/${o.orderCode}`);
  });

  it('closes an unpaid order (204, response signature verified)', async () => {
    const ch = channel();
    const o = order();
    await ch.createPayment(o, 'h5');
    expect((await ch.close(o.orderCode)).status).toBe('closed');
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: { mchid: MCHID } });
    expect((await ch.query(o.orderCode)).status).toBe('closed');
    tamperResponses = true;
    try {
      await expect(ch.query(o.orderCode)).rejects.toThrow(/EV3_RES_HEADER_SIGNATURE_DIGEST/);
    } finally {
      tamperResponses = false;
    }
  });
});

describe('wechat factory', () => {
  const full = (): Record<string, string> => ({
    WECHATPAY_MCHID: MCHID,
    WECHATPAY_APPID: APPID,
    WECHATPAY_SERIAL: SERIAL,
    WECHATPAY_PRIVATE_KEY: pem(merchant.privateKey),
    WECHATPAY_PUBLIC_KEY: pem(platform.publicKey).replace(/\n/g, '\\n'),
    WECHATPAY_PUBLIC_KEY_ID: PUB_KEY_ID,
    WECHATPAY_APIV3_KEY: APIV3_KEY,
    WECHATPAY_BASE_URL: baseUrl,
  });
  const env = (vars: Record<string, string>): ChannelEnv => ({
    vars,
    publicUrl: 'https://vod.example.com',
    nodeEnv: 'test',
    dataDir: '/nonexistent',
    log: () => {},
  });

  it('is offered with all seven variables, not offered with none, and refuses half a configuration', async () => {
    const ch = createWechatChannel(env(full()));
    expect(ch).toBeInstanceOf(WechatChannel);
    const o = order();
    expect((await ch!.createPayment(o, 'pc')).kind).toBe('qr');
    const { body, headers } = notification(transaction(o));
    expect((await ch!.verifyNotification(body, headers)).status).toBe('paid');
    expect(createWechatChannel(env({ WECHATPAY_BASE_URL: baseUrl }))).toBeNull();
    const { WECHATPAY_APIV3_KEY: _k, WECHATPAY_SERIAL: _s, ...half } = full();
    expect(() => createWechatChannel(env(half))).toThrow(/WECHATPAY_SERIAL, WECHATPAY_APIV3_KEY/);
    expect(() => createWechatChannel(env({ ...full(), WECHATPAY_APIV3_KEY: 'short' }))).toThrow(/32 bytes/);
  });
});
