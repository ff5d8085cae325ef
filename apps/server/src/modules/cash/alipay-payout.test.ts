/**
 * The payout client (alipay-payout.ts) against a local HTTP server playing Alipay's `gateway.do` with keys generated
 * here: every request's RSA2 signature is checked with the app public key and its biz_content with Alipay's fields,
 * every answer is signed with the test "Alipay" key (one answer tampered: the client must not trust it). Each
 * answer of Alipay's documentation for alipay.fund.trans.uni.transfer and alipay.fund.trans.common.query is sorted
 * into paid / failed / unknown / absent.
 */
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSignContent } from '../billing/index.ts';
import { AlipayPayout, alipayPayoutFromEnv, type Outcome, type TransferRequest } from './alipay-payout.ts';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = rsa();
const alipay = rsa();
const stranger = rsa();
const APP_ID = '2021000000000009';

/** The answer the gateway gives to the next request (method → payload), or 'hang' / 'tamper'. */
let next: { payload?: Record<string, unknown>; mode?: 'hang' | 'tamper' | 'unsigned' } = {};
const seen: Array<{ method: string; biz: Record<string, unknown>; signed: boolean }> = [];
let server: http.Server;
let gateway = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const params: Record<string, string> = Object.fromEntries(url.searchParams);
      for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) params[k] = v;
      const signed =
        params.app_id === APP_ID &&
        params.sign_type === 'RSA2' &&
        createVerify('RSA-SHA256')
          .update(requestSignContent(params), 'utf8')
          .verify(app.publicKey, params.sign ?? '', 'base64');
      const method = params.method ?? '';
      seen.push({ method, biz: JSON.parse(params.biz_content ?? '{}'), signed });
      if (next.mode === 'hang') return; // never answers: the client times out
      const payload = signed
        ? (next.payload ?? { code: '10000', msg: 'Success' })
        : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' };
      const json = JSON.stringify(payload);
      const sign = createSign('RSA-SHA256')
        .update(next.mode === 'tamper' ? `${json} ` : json, 'utf8')
        .sign(alipay.privateKey, 'base64');
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      const key = `${method.replaceAll('.', '_')}_response`;
      res.end(next.mode === 'unsigned' ? `{"${key}":${json}}` : `{"${key}":${json},"sign":"${sign}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (privateKey = app.privateKey) =>
  new AlipayPayout({ appId: APP_ID, privateKey, alipayPublicKey: alipay.publicKey, gateway, timeoutMs: 1500 });

const req: TransferRequest = {
  outBizNo: 'OVC42',
  amountFen: 1234,
  identity: '13800001111',
  name: '张三',
  title: '提现',
};

async function transferWith(payload: Record<string, unknown>, mode?: 'hang' | 'tamper' | 'unsigned'): Promise<Outcome> {
  next = { payload, ...(mode ? { mode } : {}) };
  return client().transfer(req);
}
async function queryWith(payload: Record<string, unknown>): Promise<Outcome> {
  next = { payload };
  return client().query('OVC42');
}

describe('alipay.fund.trans.uni.transfer', () => {
  it('sends a signed request with the documented fields, in yuan with 2 decimals', async () => {
    const r = await transferWith({
      code: '10000',
      msg: 'Success',
      status: 'SUCCESS',
      order_id: '20260101',
      out_biz_no: 'OVC42',
    });
    expect(r).toMatchObject({ kind: 'paid', orderId: '20260101' });
    const last = seen.at(-1);
    expect(last?.signed).toBe(true);
    expect(last?.method).toBe('alipay.fund.trans.uni.transfer');
    expect(last?.biz).toEqual({
      out_biz_no: 'OVC42',
      trans_amount: '12.34',
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
      order_title: '提现',
      payee_info: { identity: '13800001111', identity_type: 'ALIPAY_LOGON_ID', name: '张三' },
    });
  });

  it('sorts every documented answer', async () => {
    expect((await transferWith({ code: '10000', msg: 'Success', status: 'DEALING', order_id: '1' })).kind).toBe(
      'unknown',
    );
    expect(
      await transferWith({ code: '10000', msg: 'Success', status: 'FAIL', fail_reason: '收款账户异常' }),
    ).toMatchObject({
      kind: 'failed',
      reason: '收款账户异常',
    });
    for (const sub of [
      'PAYEE_NOT_EXIST',
      'PAYEE_USER_INFO_ERROR',
      'PAYER_BALANCE_NOT_ENOUGH',
      'EXCEED_LIMIT_SM_AMOUNT',
    ]) {
      const r = await transferWith({ code: '40004', msg: 'Business Failed', sub_code: sub, sub_msg: '失败' });
      expect(r).toMatchObject({ kind: 'failed', code: sub });
    }
    for (const sub of ['SYSTEM_ERROR', 'PAYMENT_INFO_INCONSISTENCY']) {
      expect((await transferWith({ code: '40004', msg: 'Business Failed', sub_code: sub })).kind).toBe('unknown');
    }
    expect(
      (await transferWith({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error' })).kind,
    ).toBe('unknown');
    expect(
      await transferWith({
        code: '40006',
        msg: 'Insufficient Permissions',
        sub_code: 'isv.insufficient-isv-permissions',
      }),
    ).toMatchObject({
      kind: 'failed',
      code: '40006',
    });
  });

  it('does not trust an answer whose signature does not verify, nor a missing one, nor a timeout', async () => {
    expect((await transferWith({ code: '10000', status: 'SUCCESS', order_id: '1' }, 'tamper')).kind).toBe('unknown');
    expect((await transferWith({ code: '10000', status: 'SUCCESS', order_id: '1' }, 'unsigned')).kind).toBe('unknown');
    expect((await transferWith({ code: '10000', status: 'SUCCESS' }, 'hang')).kind).toBe('unknown');
  });

  it('a request signed with another key is refused by the gateway: a definite failure', async () => {
    next = {};
    const r = await client(stranger.privateKey).transfer(req);
    expect(seen.at(-1)?.signed).toBe(false);
    expect(r).toMatchObject({ kind: 'failed', code: '40002' });
  });
});

describe('alipay.fund.trans.common.query', () => {
  it('asks by out_biz_no and sorts every documented answer', async () => {
    expect(
      await queryWith({ code: '10000', status: 'SUCCESS', order_id: '77', pay_date: '2026-01-01 10:00:00' }),
    ).toMatchObject({
      kind: 'paid',
      orderId: '77',
    });
    expect(seen.at(-1)?.biz).toEqual({
      out_biz_no: 'OVC42',
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
    });
    expect(
      await queryWith({ code: '10000', status: 'FAIL', error_code: 'PAYEE_NOT_EXIST', fail_reason: '收款方不存在' }),
    ).toMatchObject({
      kind: 'failed',
      code: 'PAYEE_NOT_EXIST',
    });
    expect((await queryWith({ code: '10000', status: 'REFUND' })).kind).toBe('failed');
    for (const status of ['DEALING', 'WAIT_PAY', 'INIT'])
      expect((await queryWith({ code: '10000', status })).kind).toBe('unknown');
    expect((await queryWith({ code: '40004', msg: 'Business Failed', sub_code: 'ORDER_NOT_EXIST' })).kind).toBe(
      'absent',
    );
    expect((await queryWith({ code: '40004', msg: 'Business Failed', sub_code: 'SYSTEM_ERROR' })).kind).toBe('unknown');
    expect((await queryWith({ code: '20000', msg: 'Service Currently Unavailable' })).kind).toBe('unknown');
  });
});

describe('alipayPayoutFromEnv', () => {
  const pem = (k: typeof app.privateKey) =>
    k.type === 'private'
      ? k.export({ format: 'pem', type: 'pkcs8' }).toString()
      : k.export({ format: 'pem', type: 'spki' }).toString();

  it('is off without the app id and key, needs all three certificates, and takes public-key mode', () => {
    expect(alipayPayoutFromEnv({})).toBeNull();
    expect(alipayPayoutFromEnv({ ALIPAY_APP_ID: APP_ID, ALIPAY_PRIVATE_KEY: pem(app.privateKey) })).toBeNull();
    expect(() =>
      alipayPayoutFromEnv({
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_PRIVATE_KEY: pem(app.privateKey),
        ALIPAY_APP_CERT: '/x.crt',
      }),
    ).toThrow(/ALIPAY_PUBLIC_CERT,ALIPAY_ROOT_CERT/);
    const c = alipayPayoutFromEnv({
      ALIPAY_APP_ID: APP_ID,
      ALIPAY_PRIVATE_KEY: pem(app.privateKey),
      ALIPAY_PUBLIC_KEY: pem(alipay.publicKey),
    });
    expect(c?.id).toBe('alipay');
  });
});
