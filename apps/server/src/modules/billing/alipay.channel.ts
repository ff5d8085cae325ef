/**
 * The `alipay` payment channel through the official `alipay-sdk` 4.14.0 (issue 6 item 4; research/money.md §1
 * "Alipay"; Alipay docs: alipay.trade.page.pay, alipay.trade.wap.pay, alipay.trade.query, alipay.trade.close,
 * "异步通知验签" https://opendocs.alipay.com/common/02mse7).
 *
 * Environment (read from `ChannelEnv.vars`, validated by config/config.ts; README "Payments"):
 * | variable | meaning |
 * | ALIPAY_APP_ID | the app's id (`app_id`), required |
 * | ALIPAY_PRIVATE_KEY | the app private key (RSA 2048): PEM text, bare base64 (PKCS#8 or PKCS#1) or a file path, required |
 * | ALIPAY_PUBLIC_KEY | the *Alipay* public key shown on the app's page (not the app public key): PEM, base64 or path, required |
 * | ALIPAY_GATEWAY | default https://openapi.alipay.com/gateway.do; sandbox https://openapi-sandbox.dl.alipaydev.com/gateway.do |
 * | ALIPAY_SELLER_ID | optional: the merchant's 2088… PID; a notification for another seller is rejected |
 * None of the three required variables set: the channel is not offered (factory returns null); some: startup fails.
 * Public-key mode only (the certificate mode is needed for payouts, not for payments).
 *
 * Money: OpenVod amounts are integer fen; Alipay's `total_amount` is yuan with 2 decimals, converted here with
 * integer arithmetic only ({@link fenToYuan}, {@link yuanToFen}). Times sent to Alipay are Beijing time (UTC+8).
 */
import type { KeyObject } from 'node:crypto';
import { fenToYuan as formatFen, yuanToFen } from '@openvod/contract';
import type { AlipaySdk } from 'alipay-sdk';
import { paymentChannelsFromEnv } from '../../config/config.ts';
import { lazyAlipaySdk } from '../../lib/alipay-sdk.ts';
import { beijingWallTime, loadRsaKey, privatePem, publicPem, requireAllOrNone } from './alipay-wechat-keys.ts';
import {
  type ChannelFactory,
  type ChannelOrder,
  type NotificationAck,
  NotificationRejected,
  type PaymentAction,
  type PaymentChannel,
  type PayScene,
  type TradeQueryResult,
  type TradeStatus,
  type VerifiedNotification,
} from './channel.ts';

export interface AlipayChannelOptions {
  appId: string;
  /** The app's private key (signs requests). */
  privateKey: KeyObject;
  /** Alipay's public key (verifies notifications and responses). */
  alipayPublicKey: KeyObject;
  /** `gateway.do` URL. */
  gateway: string;
  /** When set, notifications must carry this `seller_id`. */
  sellerId?: string;
  /** Gateway timeout, ms (default 10 000). */
  timeoutMs?: number;
}

/** 1999 fen -> "19.99"; throws RangeError unless `fen` is a safe integer > 0. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new RangeError(`amount must be a positive integer of fen: ${fen}`);
  return formatFen(fen);
}

/**
 * "19.99" / "19.9" / "19" -> 1999 fen; null when the text is not a non-negative yuan amount with <= 2 decimals (the
 * contract's yuanToFen).
 */
export { yuanToFen };

/** A Date as Alipay's `yyyy-MM-dd HH:mm:ss` in Beijing time. */
export function alipayTime(date: Date): string {
  return beijingWallTime(date).replace('T', ' ');
}

/** Alipay's `yyyy-MM-dd HH:mm:ss` (Beijing time) as a Date; undefined when absent or malformed. */
export function parseAlipayTime(text: unknown): Date | undefined {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const d = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** Alipay `trade_status` -> ours. TRADE_FINISHED = paid and no longer refundable. */
function mapTradeStatus(s: unknown): TradeStatus | undefined {
  switch (s) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'paid';
    case 'WAIT_BUYER_PAY':
      return 'unpaid';
    case 'TRADE_CLOSED':
      return 'closed';
    default:
      return undefined;
  }
}

/** Alipay resends a notification (8 times over ~25 h) until it reads exactly `success`. */
const FAIL_ACK: NotificationAck = { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };

function reject(message: string): never {
  throw new NotificationRejected(`alipay notification rejected: ${message}`, FAIL_ACK);
}

type GatewayResult = Record<string, unknown> & { code?: string; msg?: string; sub_code?: string; sub_msg?: string };

/** The Alipay channel. Scenes: `pc` = page pay (FAST_INSTANT_TRADE_PAY), `h5` and `app` = wap pay (QUICK_WAP_WAY). */
export class AlipayChannel implements PaymentChannel {
  readonly id = 'alipay' as const;
  readonly scenes: readonly PayScene[] = ['pc', 'h5', 'app'];
  /** The SDK client, loaded at the first call (lib/alipay-sdk.ts). */
  private readonly sdk: () => Promise<AlipaySdk>;

  constructor(private readonly opts: AlipayChannelOptions) {
    this.sdk = lazyAlipaySdk({
      appId: opts.appId,
      privateKey: privatePem(opts.privateKey),
      keyType: 'PKCS8',
      alipayPublicKey: publicPem(opts.alipayPublicKey),
      gateway: opts.gateway,
      signType: 'RSA2',
      camelcase: false,
      timeout: opts.timeoutMs ?? 10_000,
    });
  }

  /**
   * Build the signed cashier URL (`pageExecute` GET): `pc` -> alipay.trade.page.pay, `h5`/`app` ->
   * alipay.trade.wap.pay with `quit_url` = the return URL. Returns `{kind:'redirect', url, expiresAt}`; no network
   * call is made (Alipay creates the trade when the payer opens the URL). Throws on an unsupported scene or amount.
   */
  async createPayment(order: ChannelOrder, scene: PayScene): Promise<PaymentAction> {
    if (!this.scenes.includes(scene)) throw new Error(`alipay: scene ${scene} is not supported`);
    const pc = scene === 'pc';
    const bizContent: Record<string, string> = {
      out_trade_no: order.orderCode,
      total_amount: fenToYuan(order.amountFen),
      subject: order.subject.slice(0, 256),
      product_code: pc ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
      time_expire: alipayTime(order.expiresAt),
    };
    if (!pc) bizContent.quit_url = order.returnUrl;
    const url = (await this.sdk()).pageExecute(pc ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay', 'GET', {
      bizContent,
      notifyUrl: order.notifyUrl,
      returnUrl: order.returnUrl,
      timestamp: alipayTime(new Date()),
    });
    return { kind: 'redirect', url, expiresAt: order.expiresAt.toISOString() };
  }

  /**
   * Verify an asynchronous notification (POST application/x-www-form-urlencoded, UTF-8): RSA2 over the key-sorted
   * parameters minus `sign` (tried with and without `sign_type`, `checkNotifySignV2`, values not re-decoded), then
   * `app_id`, `seller_id` (if configured), `out_trade_no`, `trade_no`, `total_amount` (-> fen) and `trade_status`.
   * Throws NotificationRejected (ack 400 `fail`) on any failure.
   */
  async verifyNotification(
    rawBody: Buffer,
    _headers: Record<string, string | string[] | undefined> = {},
  ): Promise<VerifiedNotification> {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(rawBody.toString('utf8'))) {
      if (Object.hasOwn(fields, k)) reject(`duplicate field ${k}`);
      fields[k] = v;
    }
    if (!fields.sign) reject('no sign');
    if (fields.sign_type && fields.sign_type !== 'RSA2') reject(`sign_type ${fields.sign_type}`);
    if (fields.charset && fields.charset.toLowerCase() !== 'utf-8') reject(`charset ${fields.charset}`);
    if (!(await this.sdk()).checkNotifySignV2(fields)) reject('bad signature');
    if (fields.app_id !== this.opts.appId) reject('app_id mismatch');
    if (this.opts.sellerId && fields.seller_id !== this.opts.sellerId) reject('seller_id mismatch');
    const orderCode = fields.out_trade_no;
    const tradeNo = fields.trade_no;
    if (!orderCode || !tradeNo) reject('no out_trade_no or trade_no');
    const amountFen = yuanToFen(fields.total_amount ?? '');
    if (amountFen === null || amountFen <= 0) reject('bad total_amount');
    const status = mapTradeStatus(fields.trade_status);
    if (!status) reject(`unknown trade_status ${fields.trade_status}`);
    return {
      channel: 'alipay',
      providerTxnId: tradeNo,
      orderCode,
      amountFen,
      status,
      paidAt: status === 'paid' ? parseAlipayTime(fields.gmt_payment) : undefined,
      raw: { ...fields },
    };
  }

  /** Alipay stops resending only on the exact text `success`. */
  ack(): NotificationAck {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' };
  }

  /**
   * alipay.trade.query by out_trade_no (response signature verified). `ACQ.TRADE_NOT_EXIST` (payer has not opened
   * the cashier yet) -> `not_found`. Throws on any other gateway error.
   */
  async query(orderCode: string): Promise<TradeQueryResult> {
    const res = await this.exec('alipay.trade.query', orderCode);
    if (res.code === '10000') {
      const status = mapTradeStatus(res.trade_status);
      if (!status) throw new Error(`alipay.trade.query: unknown trade_status ${String(res.trade_status)}`);
      return {
        status,
        providerTxnId: typeof res.trade_no === 'string' ? res.trade_no : undefined,
        amountFen: yuanToFen(String(res.total_amount ?? '')) ?? undefined,
        paidAt: status === 'paid' ? parseAlipayTime(res.send_pay_date) : undefined,
        raw: res,
      };
    }
    if (res.sub_code === 'ACQ.TRADE_NOT_EXIST') return { status: 'not_found', raw: res };
    throw gatewayError('alipay.trade.query', res);
  }

  /**
   * alipay.trade.close by out_trade_no. Success -> `closed`; `ACQ.TRADE_NOT_EXIST` -> `not_found` (never opened;
   * the old URL stays payable until time_expire, so a later notification must still win); any other refusal (e.g.
   * `ACQ.TRADE_STATUS_ERROR`, already paid) -> the state from alipay.trade.query, or the error if still unpaid.
   */
  async close(orderCode: string): Promise<TradeQueryResult> {
    const res = await this.exec('alipay.trade.close', orderCode);
    if (res.code === '10000') {
      return { status: 'closed', providerTxnId: typeof res.trade_no === 'string' ? res.trade_no : undefined, raw: res };
    }
    if (res.sub_code === 'ACQ.TRADE_NOT_EXIST') return { status: 'not_found', raw: res };
    const after = await this.query(orderCode);
    if (after.status === 'unpaid') throw gatewayError('alipay.trade.close', res);
    return after;
  }

  private async exec(method: string, orderCode: string): Promise<GatewayResult> {
    // `timestamp` in Beijing time whatever the process's TZ (the SDK would use local time; the gateway refuses a
    // timestamp far from its own clock).
    const params = { bizContent: { out_trade_no: orderCode }, timestamp: alipayTime(new Date()) };
    const res = await (await this.sdk()).exec(method, params, { validateSign: true });
    return res as unknown as GatewayResult;
  }
}

function gatewayError(method: string, res: GatewayResult): Error {
  return new Error(`${method} failed: ${res.code} ${res.msg ?? ''} ${res.sub_code ?? ''} ${res.sub_msg ?? ''}`.trim());
}

/**
 * Channel factory (billing/channel-registry.ts): null when none of ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY,
 * ALIPAY_PUBLIC_KEY is set; throws when only some are, or when a key cannot be parsed.
 */
export const createAlipayChannel: ChannelFactory = (env) => {
  const cfg = paymentChannelsFromEnv(env.vars).alipay;
  const configured = requireAllOrNone('Alipay channel', {
    ALIPAY_APP_ID: cfg.appId,
    ALIPAY_PRIVATE_KEY: cfg.privateKey,
    ALIPAY_PUBLIC_KEY: cfg.publicKey,
  });
  if (!configured) return null;
  return new AlipayChannel({
    appId: cfg.appId!,
    privateKey: loadRsaKey(cfg.privateKey!, 'private', 'ALIPAY_PRIVATE_KEY'),
    alipayPublicKey: loadRsaKey(cfg.publicKey!, 'public', 'ALIPAY_PUBLIC_KEY'),
    gateway: cfg.gateway,
    sellerId: cfg.sellerId,
  });
};
