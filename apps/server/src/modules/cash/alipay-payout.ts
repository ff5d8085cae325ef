/**
 * The payout client: Alipay's single transfer to an account through the official `alipay-sdk` 4.14.0
 * (research/money.md §1.2 "Payout uni.transfer"; Alipay docs alipay.fund.trans.uni.transfer, "单笔转账接口",
 * and alipay.fund.trans.common.query, "转账业务单据查询接口").
 *
 * A transfer is identified by its `out_biz_no` (the withdrawal's, cash.service.ts `outBizNo`); Alipay pays one
 * `out_biz_no` once, so resending the identical request is safe. Every answer is sorted into one {@link Outcome}:
 * - `paid`: `code 10000` with `status SUCCESS`;
 * - `failed` (a definite refusal, nothing paid; the reason is kept): `status FAIL`, or `code 40004` with a sub_code
 *   outside {@link UNKNOWN_SUB_CODES}, or a refused request (40001 missing parameter, 40002 invalid parameter or
 *   signature, 40006 no permission, 20001 no authority), decided on `sub_code`, never on `sub_msg`;
 * - `unknown` (the transfer may or may not be made): `status DEALING`, `code 20000`, `40004 SYSTEM_ERROR` and the
 *   other {@link UNKNOWN_SUB_CODES}, a timeout, a network error, an answer whose signature does not verify. The
 *   caller keeps the withdrawal `paying` and asks again later with {@link AlipayPayout.query}, never with a new
 *   `out_biz_no`;
 * - `absent` (query only: `40004 ORDER_NOT_EXIST`): Alipay never took the order; the caller resends the identical
 *   transfer request.
 *
 * Environment (README "Payments"; the payment variables of config/config.ts): ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and
 * either the three certificates of Alipay's public-key certificate mode, which fund APIs require,
 * | ALIPAY_APP_CERT | the app's public key certificate appCertPublicKey_<appid>.crt (PEM text or a file path) |
 * | ALIPAY_PUBLIC_CERT | Alipay's public key certificate alipayCertPublicKey_RSA2.crt (PEM text or a file path) |
 * | ALIPAY_ROOT_CERT | Alipay's root certificate alipayRootCert.crt (PEM text or a file path) |
 * (the SDK sends `app_cert_sn` and `alipay_root_cert_sn` and verifies answers with the key of ALIPAY_PUBLIC_CERT), or,
 * for the sandbox and tests, ALIPAY_PUBLIC_KEY (public-key mode). ALIPAY_GATEWAY is shared with the payment channel.
 *
 * Money: `trans_amount` is yuan with 2 decimals of the payee's amount in fen (integer arithmetic, billing's
 * fenToYuan); Alipay takes 0.10 to 100,000,000 yuan.
 */

import type { KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { AlipaySdk, AlipaySdkConfig } from 'alipay-sdk';
import { paymentChannelsFromEnv } from '../../config/config.ts';
import { lazyAlipaySdk } from '../../lib/alipay-sdk.ts';
import { alipayTime, fenToYuan, loadRsaKey, privatePem, publicPem } from '../billing/index.ts';

/** One transfer: `out_biz_no`, the payee's amount in fen, the Alipay account (phone or e-mail) and its real name. */
export interface TransferRequest {
  outBizNo: string;
  amountFen: number;
  identity: string;
  name: string;
  /** `order_title`, shown to the payee. */
  title: string;
}

/** What an answer means for the withdrawal (see the module comment). */
export type Outcome =
  | { kind: 'paid'; orderId: string; raw: Record<string, unknown> }
  | { kind: 'failed'; code: string; reason: string; raw: Record<string, unknown> }
  | { kind: 'unknown'; reason: string; raw?: Record<string, unknown> }
  | { kind: 'absent'; raw: Record<string, unknown> };

/** A payout channel: Alipay, or the fake gateway through the same client. */
export interface PayoutChannel {
  readonly id: 'alipay' | 'fake';
  /** alipay.fund.trans.uni.transfer; never throws (a lost answer is `unknown`). */
  transfer(req: TransferRequest): Promise<Outcome>;
  /** alipay.fund.trans.common.query by `out_biz_no`; never throws. */
  query(outBizNo: string): Promise<Outcome>;
}

/** `40004` sub_codes that do not say the transfer was refused: the outcome is unknown until a query. */
export const UNKNOWN_SUB_CODES: ReadonlySet<string> = new Set([
  'SYSTEM_ERROR',
  'aop.SYSTEM_ERROR',
  'ACQ.SYSTEM_ERROR',
  'isp.unknow-error',
  // The out_biz_no was used with other content: the first request's transfer may have been made.
  'PAYMENT_INFO_INCONSISTENCY',
]);
/** Gateway codes that mean the request was refused before it was processed (nothing was paid). */
const REFUSED_CODES: ReadonlySet<string> = new Set(['40001', '40002', '40006', '20001']);

type GatewayResult = Record<string, unknown> & { code?: string; msg?: string; sub_code?: string; sub_msg?: string };

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const reasonOf = (r: GatewayResult) =>
  [text(r.sub_code), text(r.sub_msg) || text(r.msg)].filter(Boolean).join(': ').slice(0, 240);

/** Sort a uni.transfer answer (see the module comment). */
export function transferOutcome(r: GatewayResult): Outcome {
  if (r.code === '10000') {
    if (r.status === 'SUCCESS') return { kind: 'paid', orderId: text(r.order_id), raw: r };
    if (r.status === 'FAIL') return { kind: 'failed', code: 'FAIL', reason: text(r.fail_reason) || 'FAIL', raw: r };
    return { kind: 'unknown', reason: `status ${text(r.status) || '?'}`, raw: r };
  }
  if (r.code === '40004') {
    const sub = text(r.sub_code);
    if (UNKNOWN_SUB_CODES.has(sub)) return { kind: 'unknown', reason: reasonOf(r), raw: r };
    return { kind: 'failed', code: sub || '40004', reason: reasonOf(r), raw: r };
  }
  if (REFUSED_CODES.has(text(r.code))) return { kind: 'failed', code: text(r.code), reason: reasonOf(r), raw: r };
  return { kind: 'unknown', reason: `${text(r.code)} ${reasonOf(r)}`.trim(), raw: r };
}

/** Sort a common.query answer: SUCCESS paid; FAIL or REFUND (returned to the payer) failed; ORDER_NOT_EXIST absent. */
export function queryOutcome(r: GatewayResult): Outcome {
  if (r.code === '10000') {
    if (r.status === 'SUCCESS') return { kind: 'paid', orderId: text(r.order_id), raw: r };
    if (r.status === 'FAIL' || r.status === 'REFUND') {
      const code = text(r.error_code) || text(r.status);
      return { kind: 'failed', code, reason: [code, text(r.fail_reason)].filter(Boolean).join(': '), raw: r };
    }
    return { kind: 'unknown', reason: `status ${text(r.status) || '?'}`, raw: r };
  }
  if (r.code === '40004' && r.sub_code === 'ORDER_NOT_EXIST') return { kind: 'absent', raw: r };
  return { kind: 'unknown', reason: `${text(r.code)} ${reasonOf(r)}`.trim(), raw: r };
}

/**
 * How a signed request reaches a gateway and comes back: the parameters alipay-sdk signed (`sdkExecute`) in, the
 * response text out. Used for the in-process fake gateway; without it the SDK posts to `gateway` itself (`exec`).
 */
export type GatewayTransport = (params: Record<string, string>) => Promise<string>;

export interface AlipayPayoutOptions {
  appId: string;
  privateKey: KeyObject;
  /** Public-key mode: Alipay's public key. */
  alipayPublicKey?: KeyObject;
  /** Certificate mode (fund APIs): the PEM texts of the app, Alipay public key and Alipay root certificates. */
  certs?: { app: string; alipayPublic: string; alipayRoot: string };
  gateway: string;
  /** Gateway timeout, ms (default 10 000): past it the outcome is unknown. */
  timeoutMs?: number;
  transport?: GatewayTransport;
  /** Channel id reported (`fake` when the transport is the fake gateway). */
  id?: 'alipay' | 'fake';
}

/** The payout client over alipay-sdk (see the module comment). */
export class AlipayPayout implements PayoutChannel {
  readonly id: 'alipay' | 'fake';
  /** The SDK client, loaded at the first call (lib/alipay-sdk.ts). */
  private readonly sdk: () => Promise<AlipaySdk>;

  constructor(private readonly opts: AlipayPayoutOptions) {
    this.id = opts.id ?? 'alipay';
    const config: AlipaySdkConfig = {
      appId: opts.appId,
      privateKey: privatePem(opts.privateKey),
      keyType: 'PKCS8',
      gateway: opts.gateway,
      signType: 'RSA2',
      camelcase: false,
      timeout: opts.timeoutMs ?? 10_000,
    };
    if (opts.certs) {
      config.appCertContent = opts.certs.app;
      config.alipayPublicCertContent = opts.certs.alipayPublic;
      config.alipayRootCertContent = opts.certs.alipayRoot;
    } else if (opts.alipayPublicKey) {
      config.alipayPublicKey = publicPem(opts.alipayPublicKey);
    } else {
      throw new Error('alipay payout: give Alipay public key or the three certificates');
    }
    this.sdk = lazyAlipaySdk(config);
  }

  /** alipay.fund.trans.uni.transfer of `req` (TRANS_ACCOUNT_NO_PWD, DIRECT_TRANSFER, payee by ALIPAY_LOGON_ID). */
  async transfer(req: TransferRequest): Promise<Outcome> {
    const bizContent = {
      out_biz_no: req.outBizNo,
      trans_amount: fenToYuan(req.amountFen),
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
      order_title: req.title.slice(0, 128),
      payee_info: { identity: req.identity, identity_type: 'ALIPAY_LOGON_ID', name: req.name },
    };
    const r = await this.call('alipay.fund.trans.uni.transfer', bizContent);
    return 'error' in r ? { kind: 'unknown', reason: r.error } : transferOutcome(r.result);
  }

  /** alipay.fund.trans.common.query by `out_biz_no`. */
  async query(outBizNo: string): Promise<Outcome> {
    const bizContent = { out_biz_no: outBizNo, product_code: 'TRANS_ACCOUNT_NO_PWD', biz_scene: 'DIRECT_TRANSFER' };
    const r = await this.call('alipay.fund.trans.common.query', bizContent);
    return 'error' in r ? { kind: 'unknown', reason: r.error } : queryOutcome(r.result);
  }

  /** One signed call whose answer's signature is verified; a throw (network, timeout, bad signature) is an `error`. */
  private async call(
    method: string,
    bizContent: Record<string, unknown>,
  ): Promise<{ result: GatewayResult } | { error: string }> {
    // `timestamp` in Beijing time whatever the process's TZ (the gateway refuses one far from its clock).
    const params = { bizContent, timestamp: alipayTime(new Date()) };
    try {
      const sdk = await this.sdk();
      if (!this.opts.transport) {
        const res = await sdk.exec(method, params, { validateSign: true });
        return { result: res as unknown as GatewayResult };
      }
      const signed = Object.fromEntries(new URLSearchParams(sdk.sdkExecute(method, params)));
      const body = await this.opts.transport(signed);
      const key = `${method.replaceAll('.', '_')}_response`;
      const parsed = JSON.parse(body) as Record<string, unknown>;
      // The SDK's own check of an answer (the text of the `<method>_response` object against `sign`).
      sdk.checkResponseSign(body, key, String(parsed.sign ?? ''), '');
      const result = (parsed[key] ?? parsed.error_response) as GatewayResult | undefined;
      if (!result) return { error: `no ${key} in the answer` };
      return { result };
    } catch (err) {
      return { error: err instanceof Error ? err.message.slice(0, 240) : String(err) };
    }
  }
}

/** A certificate variable: PEM text (literal `\n` allowed) or a path to a PEM file. */
function loadCert(value: string, name: string): string {
  const v = value.trim().replace(/\\n/g, '\n');
  if (v.includes('-----BEGIN CERTIFICATE-----')) return v;
  const file = v.startsWith('file://') ? v.slice('file://'.length) : v;
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${name}: not a PEM certificate nor a readable file (${(err as NodeJS.ErrnoException).code})`);
  }
}

/**
 * The Alipay payout client from the payment variables (see the module comment), or null when ALIPAY_APP_ID or
 * ALIPAY_PRIVATE_KEY is unset, or neither the certificates nor ALIPAY_PUBLIC_KEY are. Throws when only some of
 * the three certificates are set or a key or certificate does not parse (the message names the variable).
 */
export function alipayPayoutFromEnv(vars: Record<string, string | undefined>): AlipayPayout | null {
  const cfg = paymentChannelsFromEnv(vars).alipay;
  const certVars = ['ALIPAY_APP_CERT', 'ALIPAY_PUBLIC_CERT', 'ALIPAY_ROOT_CERT'] as const;
  const certsSet = certVars.filter((k) => vars[k]);
  if (certsSet.length && certsSet.length < 3) {
    throw new Error(`Alipay payout: set all of ${certVars.join(', ')} (missing ${certVars.filter((k) => !vars[k])})`);
  }
  if (!cfg.appId || !cfg.privateKey || (!certsSet.length && !cfg.publicKey)) return null;
  return new AlipayPayout({
    appId: cfg.appId,
    privateKey: loadRsaKey(cfg.privateKey, 'private', 'ALIPAY_PRIVATE_KEY'),
    ...(certsSet.length
      ? {
          certs: {
            app: loadCert(vars.ALIPAY_APP_CERT as string, 'ALIPAY_APP_CERT'),
            alipayPublic: loadCert(vars.ALIPAY_PUBLIC_CERT as string, 'ALIPAY_PUBLIC_CERT'),
            alipayRoot: loadCert(vars.ALIPAY_ROOT_CERT as string, 'ALIPAY_ROOT_CERT'),
          },
        }
      : { alipayPublicKey: loadRsaKey(cfg.publicKey as string, 'public', 'ALIPAY_PUBLIC_KEY') }),
    gateway: cfg.gateway,
  });
}
