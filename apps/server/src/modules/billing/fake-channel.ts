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

/** Fen -> yuan text with 2 decimals ("30.00"), integer arithmetic only. */
export function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** Yuan text ("30", "30.5", "30.00") -> fen, or NaN when it is not a plain decimal amount. */
export function yuanToFen(yuan: string): number {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return Number.NaN;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
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
