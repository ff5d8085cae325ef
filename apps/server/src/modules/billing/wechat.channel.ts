/**
 * The `wechat` payment channel: WeChat Pay APIv3 through `wechatpay-axios-plugin` 0.9.6 in platform public-key
 * mode (issue 6 item 4; research/money.md §1 "WeChat Pay APIv3"; WeChat Pay docs: H5下单 /v3/pay/transactions/h5,
 * Native下单 /v3/pay/transactions/native, 查询订单 /v3/pay/transactions/out-trade-no/{no}, 关闭订单 …/close,
 * 支付通知 / 签名验证 / 回调报文解密 (AEAD_AES_256_GCM)).
 *
 * Environment (read from `ChannelEnv.vars`, validated by config/config.ts; README "Payments"):
 * | variable | meaning |
 * | WECHATPAY_MCHID | merchant id (`mchid`) |
 * | WECHATPAY_APPID | the app id bound to the merchant (`appid`: official account / website app) |
 * | WECHATPAY_SERIAL | serial number of the merchant API certificate (signs our requests) |
 * | WECHATPAY_PRIVATE_KEY | merchant API private key `apiclient_key.pem`: PEM text, base64 or a file path |
 * | WECHATPAY_PUBLIC_KEY | the WeChat Pay public key `pub_key.pem` (verifies responses and notifications) |
 * | WECHATPAY_PUBLIC_KEY_ID | its id `PUB_KEY_ID_…` (the `Wechatpay-Serial` WeChat Pay signs with) |
 * | WECHATPAY_APIV3_KEY | the 32-character APIv3 key (decrypts notification resources) |
 * | WECHATPAY_BASE_URL | default https://api.mch.weixin.qq.com |
 * None of the seven required variables set: the channel is not offered (factory returns null); some: startup fails.
 * The legacy platform-certificate mode (/v3/certificates) is not supported: new merchants only get the public key.
 *
 * Money: `amount.total` is integer fen, as OpenVod's amounts. Times sent are RFC 3339 in Beijing time.
 */
import { createDecipheriv, createVerify, type KeyObject } from 'node:crypto';
import { Wechatpay } from 'wechatpay-axios-plugin';
import { paymentChannelsFromEnv } from '../../config/config.ts';
import { beijingWallTime, loadRsaKey, privatePem, requireAllOrNone } from './alipay-wechat-keys.ts';
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

export interface WechatChannelOptions {
  mchid: string;
  appid: string;
  /** Merchant API certificate serial number. */
  serial: string;
  /** Merchant API private key. */
  privateKey: KeyObject;
  /** WeChat Pay public key and its id (`PUB_KEY_ID_…`). */
  platformKey: KeyObject;
  platformKeyId: string;
  /** APIv3 key (32 bytes). */
  apiV3Key: string;
  /** API base, no trailing slash needed. */
  baseUrl: string;
  /** Request timeout, ms (default 10 000). */
  timeoutMs?: number;
}

/** WeChat Pay's allowed clock offset for signed messages (the plugin's MAXIMUM_CLOCK_OFFSET), seconds. */
export const WECHATPAY_MAX_CLOCK_SKEW_S = 300;
/** An `h5_url` is valid for 5 minutes. */
const H5_URL_TTL_MS = 5 * 60 * 1000;

/** A Date as RFC 3339 in Beijing time, e.g. `2026-11-22T21:45:00+08:00` (WeChat `time_expire`). */
export function wechatTime(date: Date): string {
  return `${beijingWallTime(date)}+08:00`;
}

function parseTime(text: unknown): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** WeChat `trade_state` -> ours. REFUND = was paid (then refunded). */
function mapTradeState(s: unknown): TradeStatus | undefined {
  switch (s) {
    case 'SUCCESS':
    case 'REFUND':
      return 'paid';
    case 'NOTPAY':
    case 'USERPAYING':
      return 'unpaid';
    case 'CLOSED':
    case 'REVOKED':
    case 'PAYERROR':
      return 'closed';
    default:
      return undefined;
  }
}

/** WeChat Pay wants 4xx/5xx with `{code, message}` on failure, and retries (up to 15 times) until 200/204. */
function reject(status: number, message: string): never {
  throw new NotificationRejected(`wechat notification rejected: ${message}`, {
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ code: 'FAIL', message }),
  });
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === lower) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

/**
 * AEAD_AES_256_GCM decryption of a notification `resource`: key = APIv3 key (32 bytes), iv = `nonce`, AAD =
 * `associated_data`, `ciphertext` = base64 of ciphertext || 16-byte tag. Throws when the tag does not verify.
 */
export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string },
  apiV3Key: string,
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

interface WechatErrorBody {
  code?: string;
  message?: string;
}

type Transaction = Record<string, unknown> & {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: unknown; currency?: unknown };
};

/**
 * The WeChat Pay channel. Scenes: `pc` = Native pay (`{kind:'qr', codeUrl}`), `h5` = H5 pay (`{kind:'redirect'}`
 * to `h5_url` + `redirect_url`; mobile browsers outside WeChat, needs the H5 domain configured at WeChat Pay).
 */
export class WechatChannel implements PaymentChannel {
  readonly id = 'wechat' as const;
  readonly scenes: readonly PayScene[] = ['pc', 'h5'];
  private readonly wxpay: Wechatpay;

  constructor(private readonly opts: WechatChannelOptions) {
    if (Buffer.byteLength(opts.apiV3Key, 'utf8') !== 32) throw new Error('WECHATPAY_APIV3_KEY must be 32 bytes');
    this.wxpay = new Wechatpay({
      mchid: opts.mchid,
      serial: opts.serial,
      privateKey: privatePem(opts.privateKey),
      certs: { [opts.platformKeyId]: opts.platformKey },
      baseURL: `${opts.baseUrl.replace(/\/+$/, '')}/`,
      timeout: opts.timeoutMs ?? 10_000,
    });
  }

  /**
   * Create the prepay order: `pc` -> POST /v3/pay/transactions/native -> `code_url` ({kind:'qr'}); `h5` -> POST
   * /v3/pay/transactions/h5 (scene_info.payer_client_ip, h5_info.type Wap) -> `h5_url` ({kind:'redirect'},
   * expiresAt = the earlier of the order's expiry and now + 5 min: ask again after that). The response signature
   * is verified by the plugin. Throws on an unsupported scene or a refusal (`<path> failed: HTTP <s> <code>`).
   */
  async createPayment(order: ChannelOrder, scene: PayScene): Promise<PaymentAction> {
    if (!this.scenes.includes(scene)) throw new Error(`wechat: scene ${scene} is not supported`);
    if (!Number.isSafeInteger(order.amountFen) || order.amountFen <= 0) {
      throw new RangeError(`amount must be a positive integer of fen: ${order.amountFen}`);
    }
    const body: Record<string, unknown> = {
      appid: this.opts.appid,
      mchid: this.opts.mchid,
      description: Array.from(order.subject).slice(0, 127).join(''),
      out_trade_no: order.orderCode,
      time_expire: wechatTime(order.expiresAt),
      notify_url: order.notifyUrl,
      amount: { total: order.amountFen, currency: 'CNY' },
    };
    if (scene === 'pc') {
      const data = await this.call<{ code_url?: string }>('v3/pay/transactions/native', 'post', body);
      if (!data.code_url) throw new Error('v3/pay/transactions/native: no code_url');
      return { kind: 'qr', codeUrl: data.code_url, expiresAt: order.expiresAt.toISOString() };
    }
    body.scene_info = { payer_client_ip: order.clientIp, h5_info: { type: 'Wap' } };
    const data = await this.call<{ h5_url?: string }>('v3/pay/transactions/h5', 'post', body);
    if (!data.h5_url) throw new Error('v3/pay/transactions/h5: no h5_url');
    const sep = data.h5_url.includes('?') ? '&' : '?';
    const expires = Math.min(order.expiresAt.getTime(), Date.now() + H5_URL_TTL_MS);
    return {
      kind: 'redirect',
      url: `${data.h5_url}${sep}redirect_url=${encodeURIComponent(order.returnUrl)}`,
      expiresAt: new Date(expires).toISOString(),
    };
  }

  /**
   * Verify a payment notification before anything changes: headers Wechatpay-Timestamp/-Nonce/-Signature/-Serial
   * present; signature probes (`WECHATPAY/SIGNTEST/…`) rejected; |now - timestamp| <= 300 s; serial = our
   * WECHATPAY_PUBLIC_KEY_ID; RSA-SHA256 over `timestamp\nnonce\nbody\n` of the RAW body with the WeChat Pay public
   * key; then AEAD_AES_256_GCM decryption of `resource` and checks of `mchid`, `appid`, `out_trade_no`,
   * `transaction_id`, `amount.total` (integer fen > 0, CNY). status = `paid` only for trade_state SUCCESS.
   * Throws NotificationRejected with a 4xx `{code:'FAIL', message}` ack.
   */
  async verifyNotification(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedNotification> {
    const timestamp = header(headers, 'Wechatpay-Timestamp');
    const nonce = header(headers, 'Wechatpay-Nonce');
    const signature = header(headers, 'Wechatpay-Signature');
    const serial = header(headers, 'Wechatpay-Serial');
    if (!timestamp || !nonce || !signature || !serial) reject(400, 'missing Wechatpay-* headers');
    if (signature.startsWith('WECHATPAY/SIGNTEST/')) reject(400, 'signature probe');
    if (!/^\d{1,12}$/.test(timestamp)) reject(400, 'bad timestamp');
    if (Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) > WECHATPAY_MAX_CLOCK_SKEW_S) {
      reject(400, 'timestamp outside the allowed clock skew');
    }
    if (serial !== this.opts.platformKeyId) reject(400, `unknown Wechatpay-Serial ${serial.slice(0, 64)}`);
    const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), rawBody, Buffer.from('\n')]);
    let valid = false;
    try {
      valid = createVerify('RSA-SHA256').update(message).verify(this.opts.platformKey, signature, 'base64');
    } catch {
      valid = false;
    }
    if (!valid) reject(401, 'bad signature');

    let envelope: { event_type?: unknown; resource?: Record<string, unknown> };
    try {
      envelope = JSON.parse(rawBody.toString('utf8'));
    } catch {
      reject(400, 'body is not JSON');
    }
    const resource = envelope.resource;
    if (
      resource?.algorithm !== 'AEAD_AES_256_GCM' ||
      typeof resource.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string'
    ) {
      reject(400, 'no AEAD_AES_256_GCM resource');
    }
    let txn: Transaction;
    try {
      txn = JSON.parse(
        decryptResource(
          {
            ciphertext: resource.ciphertext as string,
            nonce: resource.nonce as string,
            associated_data: typeof resource.associated_data === 'string' ? resource.associated_data : '',
          },
          this.opts.apiV3Key,
        ),
      );
    } catch {
      reject(400, 'resource does not decrypt');
    }
    if (txn.mchid !== this.opts.mchid) reject(400, 'mchid mismatch');
    if (txn.appid !== this.opts.appid) reject(400, 'appid mismatch');
    if (typeof txn.out_trade_no !== 'string' || !txn.out_trade_no) reject(400, 'no out_trade_no');
    if (typeof txn.transaction_id !== 'string' || !txn.transaction_id) reject(400, 'no transaction_id');
    const total = txn.amount?.total;
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0) reject(400, 'bad amount.total');
    if (txn.amount?.currency !== undefined && txn.amount.currency !== 'CNY') reject(400, 'currency is not CNY');
    const status = txn.trade_state === 'SUCCESS' ? 'paid' : mapTradeState(txn.trade_state);
    if (!status) reject(400, `unknown trade_state ${String(txn.trade_state)}`);
    return {
      channel: 'wechat',
      providerTxnId: txn.transaction_id,
      orderCode: txn.out_trade_no,
      amountFen: total,
      status,
      paidAt: status === 'paid' ? parseTime(txn.success_time) : undefined,
      raw: { event_type: envelope.event_type, ...txn },
    };
  }

  /** WeChat Pay takes 200 or 204 within 5 s as received. */
  ack(): NotificationAck {
    return { status: 204 };
  }

  /** GET /v3/pay/transactions/out-trade-no/{no}?mchid= ; 404 ORDER_NOT_EXIST -> `not_found`; throws otherwise. */
  async query(orderCode: string): Promise<TradeQueryResult> {
    let txn: Transaction;
    try {
      txn = await this.call<Transaction>(
        `v3/pay/transactions/out-trade-no/${encodeURIComponent(orderCode)}`,
        'get',
        undefined,
        { mchid: this.opts.mchid },
      );
    } catch (err) {
      if (err instanceof WechatCallError && err.code === 'ORDER_NOT_EXIST') {
        return { status: 'not_found', raw: err.body ?? {} };
      }
      throw err;
    }
    const status = mapTradeState(txn.trade_state);
    if (!status) throw new Error(`wechat query: unknown trade_state ${String(txn.trade_state)}`);
    const total = txn.amount?.total;
    return {
      status,
      providerTxnId: typeof txn.transaction_id === 'string' ? txn.transaction_id : undefined,
      amountFen: typeof total === 'number' && Number.isSafeInteger(total) ? total : undefined,
      paidAt: status === 'paid' ? parseTime(txn.success_time) : undefined,
      raw: txn,
    };
  }

  /**
   * POST /v3/pay/transactions/out-trade-no/{no}/close {mchid} -> 204 = `closed`. On a refusal (already paid or
   * closed, not found) the state comes from {@link query}; if that still says unpaid, the refusal is thrown.
   */
  async close(orderCode: string): Promise<TradeQueryResult> {
    try {
      await this.call(`v3/pay/transactions/out-trade-no/${encodeURIComponent(orderCode)}/close`, 'post', {
        mchid: this.opts.mchid,
      });
      return { status: 'closed', raw: {} };
    } catch (err) {
      if (!(err instanceof WechatCallError) || err.status === undefined || err.status >= 500) throw err;
      const after = await this.query(orderCode);
      if (after.status === 'unpaid') throw err;
      return after;
    }
  }

  private async call<T>(
    path: string,
    method: 'get' | 'post',
    data?: Record<string, unknown>,
    params?: Record<string, string>,
  ): Promise<T> {
    const resource = this.wxpay.chain(path) as unknown as {
      get(config: Record<string, unknown>): Promise<{ data: T }>;
      post(data: unknown, config: Record<string, unknown>): Promise<{ data: T }>;
    };
    try {
      const res = method === 'get' ? await resource.get({ params }) : await resource.post(data, { params });
      return res.data;
    } catch (err) {
      // An AxiosError: `response` when WeChat Pay answered non-2xx, `code` for network errors and the plugin's
      // response-signature failures (EV3_RES_HEADER_*).
      const e = err as { message: string; code?: string; response?: { status: number; data?: WechatErrorBody } };
      const where = path.replace(/out-trade-no\/[^/]+/, 'out-trade-no/{no}');
      if (e.code?.startsWith('EV3_')) {
        // The plugin refused the answer itself (missing Wechatpay-* headers, clock offset, unknown serial, signature).
        throw new WechatCallError(`${where} failed: response not trusted (${e.code})`, undefined, e.code);
      }
      const body = e.response?.data;
      const parsed = typeof body === 'object' && body ? body : undefined;
      throw new WechatCallError(
        `${where} failed: ${e.response ? `HTTP ${e.response.status}` : (e.code ?? 'error')} ${parsed?.code ?? ''} ${parsed?.message ?? e.message}`.trim(),
        e.response?.status,
        parsed?.code,
        parsed as Record<string, unknown> | undefined,
      );
    }
  }
}

/** A refused or failed WeChat Pay API call (status undefined = no HTTP answer, or a response signature failure). */
export class WechatCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'WechatCallError';
  }
}

/**
 * Channel factory (billing/channel-registry.ts): null when none of the seven required WECHATPAY_* variables is
 * set; throws when only some are, or when a key cannot be parsed.
 */
export const createWechatChannel: ChannelFactory = (env) => {
  const cfg = paymentChannelsFromEnv(env.vars).wechat;
  const configured = requireAllOrNone('WeChat Pay channel', {
    WECHATPAY_MCHID: cfg.mchid,
    WECHATPAY_APPID: cfg.appid,
    WECHATPAY_SERIAL: cfg.serial,
    WECHATPAY_PRIVATE_KEY: cfg.privateKey,
    WECHATPAY_PUBLIC_KEY: cfg.publicKey,
    WECHATPAY_PUBLIC_KEY_ID: cfg.publicKeyId,
    WECHATPAY_APIV3_KEY: cfg.apiV3Key,
  });
  if (!configured) return null;
  return new WechatChannel({
    mchid: cfg.mchid!,
    appid: cfg.appid!,
    serial: cfg.serial!,
    privateKey: loadRsaKey(cfg.privateKey!, 'private', 'WECHATPAY_PRIVATE_KEY'),
    platformKey: loadRsaKey(cfg.publicKey!, 'public', 'WECHATPAY_PUBLIC_KEY'),
    platformKeyId: cfg.publicKeyId!,
    apiV3Key: cfg.apiV3Key!,
    baseUrl: cfg.baseUrl,
  });
};
