/**
 * The `fake` payment channel (issue 6 item 4): OpenVod's own local gateway for development, demos and tests. It
 * behaves like a real provider: it keeps its own trades (`fake_pay_trade`, queries in fake-pay.repo.ts), serves a
 * cashier page (GET /api/pay/fake/:order_code, Pay / Fail buttons), and on Pay sends an asynchronous notification
 * signed exactly like Alipay's (RSA2: RSA-SHA256 over the key-sorted `k=v&...` of every parameter except `sign` and
 * `sign_type`, base64; research/money.md §1) to POST /api/pay/notify/fake, which verifies it like any other channel.
 *
 * Keys: an RSA-2048 "gateway" key pair generated once and kept in DATA_DIR/fakepay/ (gateway-private.pem,
 * gateway-public.pem); tests pass their own. Offered unless FAKE_PAY=0; a production server (NODE_ENV=production)
 * refuses to start with it (channel-registry.ts fakePayEnabled). A server offering it says so in its start log and
 * on every console page (adminMe `fake_pay`).
 *
 * Who may pay: the cashier link that `gopay` returns (only to the order's owner, signed in) carries a token `t`,
 * an HMAC-SHA256 (key derived from the gateway's private key) of the order code, the owner's user id, the trade
 * number and the trade's expiry. The page and its Pay / Fail form require it ({@link FakeChannel.checkToken}): a
 * request without it, with another order's, or for an order that changed hands pays nothing. It is good for the one
 * trade until that trade is paid, closed or expired; a paid trade cannot be paid again, so it is single-use in effect.
 * A token rather than the viewer's session, because the cashier is a top-level page outside the app: it has no
 * `authorcode` header, and the session must not travel in a URL.
 */
import {
  createHash,
  createHmac,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fenToYuan, yuanToFen as parseYuan } from '@openvod/contract';
import type { Db } from '../../db/client.ts';
import {
  type ChannelOrder,
  NotificationRejected,
  type PaymentAction,
  type PaymentChannel,
  type PayScene,
  type TradeQueryResult,
  type TradeStatus,
  type VerifiedNotification,
} from './channel.ts';
import * as repo from './fake-pay.repo.ts';

/** `app_id` of the fake gateway's notifications (checked like Alipay's app_id). */
export const FAKE_APP_ID = 'openvod-fake';

export interface FakeKeys {
  privateKey: string;
  publicKey: string;
}

/** A fresh RSA-2048 key pair (PEM). */
export function generateFakeKeys(): FakeKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** The gateway keys kept in `dataDir/fakepay/` (generated on first use, private key mode 0600). */
export function loadOrCreateFakeKeys(dataDir: string): FakeKeys {
  const dir = path.join(dataDir, 'fakepay');
  const priv = path.join(dir, 'gateway-private.pem');
  const pub = path.join(dir, 'gateway-public.pem');
  if (fs.existsSync(priv) && fs.existsSync(pub)) {
    return { privateKey: fs.readFileSync(priv, 'utf8'), publicKey: fs.readFileSync(pub, 'utf8') };
  }
  const keys = generateFakeKeys();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(priv, keys.privateKey, { mode: 0o600 });
  fs.writeFileSync(pub, keys.publicKey);
  return keys;
}

/** Alipay's signing string: parameters except sign/sign_type with a value, sorted by key, `k=v` joined by `&`. */
export function signContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** RSA2-sign notification parameters: returns them with `sign_type` and `sign`. */
export function signNotification(params: Record<string, string>, privateKey: string): Record<string, string> {
  const withType = { ...params, sign_type: 'RSA2' };
  const sign = createSign('RSA-SHA256').update(signContent(withType), 'utf8').sign(privateKey, 'base64');
  return { ...withType, sign };
}

/** Verify an RSA2 signature over the parameters. */
export function verifyNotificationSign(params: Record<string, string>, publicKey: string): boolean {
  if (!params.sign || params.sign_type !== 'RSA2') return false;
  try {
    return createVerify('RSA-SHA256').update(signContent(params), 'utf8').verify(publicKey, params.sign, 'base64');
  } catch {
    return false;
  }
}

/** Fen -> yuan text with 2 decimals ("30.00"), integer arithmetic only (the contract's fenToYuan). */
export { fenToYuan };

/** Yuan text ("30", "30.5", "30.00") -> fen, or NaN when it is not a plain decimal amount (at most 9 digits of yuan). */
export function yuanToFen(yuan: string): number {
  return parseYuan(yuan, 9) ?? Number.NaN;
}

const reject = (why: string) =>
  new NotificationRejected(why, { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' });

const pad = (n: number) => String(n).padStart(2, '0');
/** "YYYY-MM-DD HH:mm:ss" in UTC+8 (Alipay's notification time format). */
function beijingTime(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(
    t.getUTCMinutes(),
  )}:${pad(t.getUTCSeconds())}`;
}

export type FakeTrade = repo.FakeTradeRow;

/** Delivers a notification to OpenVod's notify endpoint; returns the HTTP status and body of the answer. */
export type NotificationDelivery = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

const tradeStatus = (s: string): TradeStatus => (s === 'paid' ? 'paid' : s === 'closed' ? 'closed' : 'unpaid');

export class FakeChannel implements PaymentChannel {
  readonly id = 'fake' as const;
  readonly scenes: readonly PayScene[] = ['pc', 'h5', 'app', 'wechat_browser'];
  /** How notifications reach notify (billing.routes.ts sets an in-process HTTP delivery). */
  deliver: NotificationDelivery = async (url, body, headers) => {
    const res = await fetch(url, { method: 'POST', body, headers });
    return { status: res.status, body: await res.text() };
  };

  /** HMAC key of cashier tokens (derived from the gateway's private key: stable across restarts). */
  private readonly tokenKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly keys: FakeKeys,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.tokenKey = createHash('sha256').update('openvod-fake-cashier\n').update(keys.privateKey).digest();
  }

  /** The cashier token of `trade` for its order's owner `userId` (base64url HMAC-SHA256; see the module comment). */
  cashierToken(trade: Pick<FakeTrade, 'order_code' | 'trade_no' | 'expires_at'>, userId: number): string {
    return createHmac('sha256', this.tokenKey)
      .update(`${trade.order_code}|${userId}|${trade.trade_no}|${trade.expires_at.getTime()}`)
      .digest('base64url');
  }

  /** Whether `token` is the cashier token of `trade` for `userId` (constant-time comparison). */
  checkToken(
    trade: Pick<FakeTrade, 'order_code' | 'trade_no' | 'expires_at'>,
    userId: number,
    token: string | undefined,
  ): boolean {
    if (!token) return false;
    const want = Buffer.from(this.cashierToken(trade, userId));
    const got = Buffer.from(token);
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** Open (or reopen) the trade and send the payer to the cashier page (its link carries the cashier token). */
  async createPayment(order: ChannelOrder, _scene: PayScene): Promise<PaymentAction> {
    const values = {
      order_code: order.orderCode,
      trade_no: `FAKE${randomBytes(12).toString('hex').toUpperCase()}`,
      amount: order.amountFen,
      subject: order.subject.slice(0, 128),
      return_url: order.returnUrl.slice(0, 1024),
      notify_url: order.notifyUrl.slice(0, 1024),
      expires_at: order.expiresAt,
    };
    await repo.openTrade(this.db, values);
    const trade = await this.trade(order.orderCode);
    if (!trade) throw new Error(`fake trade ${order.orderCode} missing after upsert`);
    // Relative: the payer stays on the origin they use (PUBLIC_URL may name another host for the same server, and
    // the viewer app's session lives in that origin's storage).
    return {
      kind: 'redirect',
      url: `/api/pay/fake/${encodeURIComponent(order.orderCode)}?t=${this.cashierToken(trade, order.payerId)}`,
      expiresAt: order.expiresAt.toISOString(),
    };
  }

  async verifyNotification(rawBody: Buffer): Promise<VerifiedNotification> {
    const params = Object.fromEntries(new URLSearchParams(rawBody.toString('utf8')));
    if (!verifyNotificationSign(params, this.keys.publicKey)) throw reject('bad signature');
    if (params.app_id !== FAKE_APP_ID) throw reject('wrong app_id');
    const amountFen = yuanToFen(params.total_amount ?? '');
    if (!params.trade_no || !params.out_trade_no || !Number.isSafeInteger(amountFen)) throw reject('missing fields');
    const paid = params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED';
    return {
      channel: 'fake',
      providerTxnId: params.trade_no,
      orderCode: params.out_trade_no,
      amountFen,
      status: paid ? 'paid' : params.trade_status === 'TRADE_CLOSED' ? 'closed' : 'unpaid',
      ...(params.gmt_payment ? { paidAt: this.now() } : {}),
      raw: params,
    };
  }

  ack() {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' };
  }

  async trade(orderCode: string): Promise<FakeTrade | undefined> {
    return repo.tradeOf(this.db, orderCode);
  }

  async query(orderCode: string): Promise<TradeQueryResult> {
    const t = await this.trade(orderCode);
    if (!t) return { status: 'not_found', raw: {} };
    return {
      status: tradeStatus(t.status),
      providerTxnId: t.trade_no,
      amountFen: t.amount,
      ...(t.paid_at ? { paidAt: t.paid_at } : {}),
      raw: { ...t, expires_at: t.expires_at.toISOString(), paid_at: t.paid_at?.toISOString() ?? null },
    };
  }

  async close(orderCode: string): Promise<TradeQueryResult> {
    await repo.closeTrade(this.db, orderCode);
    return this.query(orderCode);
  }

  /** Where the cashier sends the browser back: the trade's return URL, relative when it is on PUBLIC_URL. */
  backUrl(t: FakeTrade): string {
    return t.return_url.startsWith(`${this.publicUrl}/`) ? t.return_url.slice(this.publicUrl.length) : t.return_url;
  }

  /** The signed notification the gateway sends for a paid trade (also used by tests). */
  notificationFor(t: FakeTrade, privateKey: string = this.keys.privateKey): Record<string, string> {
    const now = this.now();
    return signNotification(
      {
        notify_id: randomBytes(16).toString('hex'),
        notify_type: 'trade_status_sync',
        notify_time: beijingTime(now),
        charset: 'utf-8',
        version: '1.0',
        app_id: FAKE_APP_ID,
        trade_no: t.trade_no,
        out_trade_no: t.order_code,
        total_amount: fenToYuan(t.amount),
        trade_status: 'TRADE_SUCCESS',
        gmt_payment: beijingTime(t.paid_at ?? now),
        subject: t.subject,
      },
      privateKey,
    );
  }

  /**
   * The cashier's buttons. `pay`: the trade becomes paid (once; a closed or expired trade cannot be paid) and the
   * notification is delivered to notify; `fail`: the trade is marked failed (the order stays unpaid, as after a
   * declined card). Returns the trade after, and whether notify acknowledged.
   */
  async submit(orderCode: string, action: 'pay' | 'fail'): Promise<{ trade: FakeTrade | undefined; acked: boolean }> {
    const now = this.now();
    if (action === 'fail') {
      await repo.failTrade(this.db, orderCode);
      return { trade: await this.trade(orderCode), acked: false };
    }
    const paid = await repo.payTrade(this.db, orderCode, now);
    const trade = paid ?? (await this.trade(orderCode));
    if (trade?.status !== 'paid') return { trade, acked: false };
    // Paid now or before: (re)send the notification, as a provider does until acknowledged.
    const body = new URLSearchParams(this.notificationFor(trade)).toString();
    const answer = await this.deliver(trade.notify_url, body, {
      'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    });
    return { trade, acked: answer.status === 200 && answer.body === 'success' };
  }
}

// ---- the fake payout gateway ------------------------------------------------------------------------------------

/** The fake gateway's key pair and the fake merchant's (which signs payout requests), both RSA-2048 PEM. */
export interface FakePayoutKeys {
  gateway: FakeKeys;
  merchant: FakeKeys;
}

/**
 * The payout keys kept in `dataDir/fakepay/`: the gateway pair of {@link loadOrCreateFakeKeys} and a merchant pair
 * (merchant-private.pem, merchant-public.pem), generated on first use.
 */
export function loadOrCreateFakePayoutKeys(dataDir: string): FakePayoutKeys {
  const dir = path.join(dataDir, 'fakepay');
  const priv = path.join(dir, 'merchant-private.pem');
  const pub = path.join(dir, 'merchant-public.pem');
  const gateway = loadOrCreateFakeKeys(dataDir);
  if (fs.existsSync(priv) && fs.existsSync(pub)) {
    return {
      gateway,
      merchant: { privateKey: fs.readFileSync(priv, 'utf8'), publicKey: fs.readFileSync(pub, 'utf8') },
    };
  }
  const merchant = generateFakeKeys();
  fs.writeFileSync(priv, merchant.privateKey, { mode: 0o600 });
  fs.writeFileSync(pub, merchant.publicKey);
  return { gateway, merchant };
}

/**
 * Alipay's request signing string (openapi "自行实现签名"): every parameter except `sign` (`sign_type` included)
 * with a non-empty value, key-sorted, `k=v` joined by `&`.
 */
export function requestSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/**
 * What the fake gateway does with a new transfer: `SUCCESS` (paid at once, the default), `DEALING` (accepted,
 * settled later by {@link FakeTransferGateway.settle}), `FAIL:<sub_code>` (refused, e.g. `FAIL:PAYEE_NOT_EXIST`), or
 * `LOST` (paid, but the answer is a `40004 SYSTEM_ERROR`: the caller must query to learn it was paid).
 */
export type FakeTransferOutcome = 'SUCCESS' | 'DEALING' | 'LOST' | `FAIL:${string}`;

const TRANSFER_METHOD = 'alipay.fund.trans.uni.transfer';
const QUERY_METHOD = 'alipay.fund.trans.common.query';

/**
 * The fake gateway's payout side (research/money.md §1.2; Alipay docs alipay.fund.trans.uni.transfer and
 * alipay.fund.trans.common.query): it takes the request exactly as alipay-sdk signs it for `gateway.do`, checks
 * the signature with the fake merchant's public key and `app_id` = {@link FAKE_APP_ID}, records transfers in
 * `fake_transfer` (unique `out_biz_no`: a resend with the same number and content answers the first result and
 * pays nothing more; other content answers `PAYMENT_INFO_INCONSISTENCY`) and answers JSON signed with the gateway's
 * private key the way Alipay signs responses (RSA2 over the text of the `<method>_response` object), so the
 * payout client verifies it with the same code as Alipay's answers (modules/cash/alipay-payout.ts).
 */
export class FakeTransferGateway {
  /** The outcome of each new transfer (tests and demos change it). */
  outcome: (bizContent: Record<string, unknown>) => FakeTransferOutcome = () => 'SUCCESS';

  constructor(
    private readonly db: Db,
    private readonly keys: FakePayoutKeys,
  ) {}

  /** The gateway's public key (the payout client verifies answers with it). */
  get publicKey(): string {
    return this.keys.gateway.publicKey;
  }

  /** The transfer recorded under `outBizNo`, or undefined. */
  transfer(outBizNo: string) {
    return repo.transferOf(this.db, outBizNo);
  }

  /** Settle a DEALING transfer (what Alipay does later); the row after, or undefined when it was not DEALING. */
  settle(outBizNo: string, status: 'SUCCESS' | 'FAIL', failReason = '') {
    return repo.settleTransfer(this.db, outBizNo, status, failReason);
  }

  /** Answer one `gateway.do` request (its parameters, URL and body merged); returns the response text. */
  async handle(params: Record<string, string>): Promise<string> {
    const method = params.method ?? '';
    const valid =
      params.app_id === FAKE_APP_ID &&
      params.sign_type === 'RSA2' &&
      (() => {
        try {
          return createVerify('RSA-SHA256')
            .update(requestSignContent(params), 'utf8')
            .verify(this.keys.merchant.publicKey, params.sign ?? '', 'base64');
        } catch {
          return false;
        }
      })();
    if (!valid) {
      return this.answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
    }
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      return this.answer(method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-parameter' });
    }
    if (method === TRANSFER_METHOD) return this.answer(method, await this.uniTransfer(biz));
    if (method === QUERY_METHOD) return this.answer(method, await this.commonQuery(biz));
    return this.answer(method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
  }

  private async uniTransfer(biz: Record<string, unknown>): Promise<Record<string, unknown>> {
    const payee = (biz.payee_info ?? {}) as Record<string, unknown>;
    const outBizNo = typeof biz.out_biz_no === 'string' ? biz.out_biz_no : '';
    const amount = typeof biz.trans_amount === 'string' ? biz.trans_amount : '';
    const identity = typeof payee.identity === 'string' ? payee.identity : '';
    const name = typeof payee.name === 'string' ? payee.name : '';
    const fen = yuanToFen(amount);
    const bad = (sub: string, msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code: sub, sub_msg: msg });
    if (!outBizNo || outBizNo.length > 64) return bad('INVALID_PARAMETER', 'out_biz_no');
    if (!Number.isSafeInteger(fen) || fen < 10 || !/^\d+\.\d{2}$/.test(amount)) {
      return bad('INVALID_PARAMETER', 'trans_amount');
    }
    if (biz.product_code !== 'TRANS_ACCOUNT_NO_PWD' || biz.biz_scene !== 'DIRECT_TRANSFER') {
      return bad('INVALID_PARAMETER', 'product_code / biz_scene');
    }
    if (payee.identity_type !== 'ALIPAY_LOGON_ID' || !identity || !name) {
      return bad('PAYEE_USER_INFO_ERROR', '支付宝账号和姓名不匹配');
    }
    const outcome = this.outcome(biz);
    const failCode = outcome.startsWith('FAIL:') ? outcome.slice(5) : '';
    const status = failCode ? 'FAIL' : outcome === 'DEALING' ? 'DEALING' : 'SUCCESS';
    const inserted = await repo.insertTransfer(this.db, {
      out_biz_no: outBizNo,
      order_id: `2026${randomBytes(10).toString('hex')}`,
      trans_amount: amount,
      identity,
      name,
      status,
      fail_reason: failCode,
    });
    const row = inserted ?? (await repo.transferOf(this.db, outBizNo));
    if (!row) throw new Error(`fake transfer ${outBizNo} missing after insert`);
    if (!inserted && (row.trans_amount !== amount || row.identity !== identity || row.name !== name)) {
      return bad('PAYMENT_INFO_INCONSISTENCY', '两次请求商户单号一样，但是参数不一致');
    }
    if (inserted && outcome === 'LOST') {
      return { code: '40004', msg: 'Business Failed', sub_code: 'SYSTEM_ERROR', sub_msg: '系统繁忙' };
    }
    if (row.status === 'FAIL') return bad(row.fail_reason || 'PAYEE_NOT_EXIST', '转账失败');
    return {
      code: '10000',
      msg: 'Success',
      out_biz_no: outBizNo,
      order_id: row.order_id,
      pay_fund_order_id: `${row.order_id}F`,
      status: row.status,
      trans_date: beijingTime(row.created_at),
    };
  }

  private async commonQuery(biz: Record<string, unknown>): Promise<Record<string, unknown>> {
    const outBizNo = typeof biz.out_biz_no === 'string' ? biz.out_biz_no : '';
    const row = outBizNo ? await repo.transferOf(this.db, outBizNo) : undefined;
    if (!row) return { code: '40004', msg: 'Business Failed', sub_code: 'ORDER_NOT_EXIST', sub_msg: '转账订单不存在' };
    return {
      code: '10000',
      msg: 'Success',
      out_biz_no: row.out_biz_no,
      order_id: row.order_id,
      pay_fund_order_id: `${row.order_id}F`,
      status: row.status,
      trans_amount: row.trans_amount,
      ...(row.status === 'SUCCESS' ? { pay_date: beijingTime(row.created_at) } : {}),
      ...(row.status === 'FAIL' ? { fail_reason: '转账失败', error_code: row.fail_reason } : {}),
    };
  }

  /** Alipay's response shape, signed over the exact text of the `<method>_response` object. */
  private answer(method: string, payload: Record<string, unknown>): string {
    const json = JSON.stringify(payload);
    const sign = createSign('RSA-SHA256').update(json, 'utf8').sign(this.keys.gateway.privateKey, 'base64');
    return `{"${method.replaceAll('.', '_') || 'error'}_response":${json},"sign":"${sign}"}`;
  }
}
