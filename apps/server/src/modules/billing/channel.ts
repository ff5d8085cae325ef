/**
 * The payment-channel port (issue 6 item 4; research/money.md §1 "Provider interface"). Every channel — `alipay`
 * (alipay-sdk), `wechat` (wechatpay-axios-plugin) and `fake` (OpenVod's local gateway) — implements it; the billing
 * service knows channels only through it. Amounts are integer fen inside OpenVod; a channel converts at its edge
 * (Alipay `total_amount` is yuan with 2 decimals, WeChat `amount.total` is fen).
 */

/** Channel ids as the client and `gopay` name them. */
export type ChannelId = 'alipay' | 'wechat' | 'fake';

/** Where the payer is: desktop browser, mobile browser, native app shell, WeChat's in-app browser. */
export type PayScene = 'pc' | 'h5' | 'app' | 'wechat_browser';

/** What one order looks like to a channel (a snapshot taken when the order was created). */
export interface ChannelOrder {
  /** Our order number (`out_trade_no`), unique and unguessable, <= 32 chars of [0-9A-Za-z]. */
  orderCode: string;
  /** Price in fen (integer > 0). */
  amountFen: number;
  /** Shown on the cashier page, e.g. "VIP 1 month". */
  subject: string;
  /** Absolute expiry of the order; channels pass it on (`time_expire`). */
  expiresAt: Date;
  /** Absolute URL the provider posts its asynchronous notification to. */
  notifyUrl: string;
  /** Absolute URL the payer's browser returns to (proves nothing). */
  returnUrl: string;
  /** Payer's IP (WeChat H5 `scene_info.payer_client_ip`). */
  clientIp: string;
  /** The order's user (`user_id`): the fake gateway binds its cashier link to them. */
  payerId: number;
}

/** What `gopay` hands the client (spec §4 "open payment"). */
export type PaymentAction =
  | { kind: 'redirect'; url: string; expiresAt: string }
  | { kind: 'form_html'; html: string; expiresAt: string }
  | { kind: 'qr'; codeUrl: string; expiresAt: string }
  | { kind: 'app_sdk'; orderString: string; expiresAt: string };

/** Trade state as a channel reports it, mapped to ours. */
export type TradeStatus = 'paid' | 'unpaid' | 'closed' | 'not_found';

/** A notification that passed verification. */
export interface VerifiedNotification {
  channel: ChannelId;
  /** Provider's transaction id (`trade_no`, `transaction_id`); unique per channel. */
  providerTxnId: string;
  orderCode: string;
  /** Amount the provider says was paid, fen. */
  amountFen: number;
  status: TradeStatus;
  /** When the provider says it was paid, if it says. */
  paidAt?: Date;
  /** The provider's fields as received (after decryption), for the console's "provider's record". */
  raw: Record<string, unknown>;
}

/** What the provider told us about one trade when asked (`query`). */
export interface TradeQueryResult {
  status: TradeStatus;
  providerTxnId?: string;
  amountFen?: number;
  paidAt?: Date;
  raw: Record<string, unknown>;
}

/** The HTTP answer a provider expects to a notification: Alipay the text `success`, WeChat 204, fake `success`. */
export interface NotificationAck {
  status: number;
  contentType?: string;
  body?: string;
}

export class NotificationRejected extends Error {
  constructor(
    message: string,
    /** The answer to give the provider (WeChat wants 4xx/5xx with a JSON body on failure). */
    readonly ack: NotificationAck,
  ) {
    super(message);
  }
}

export interface PaymentChannel {
  readonly id: ChannelId;
  /** Scenes this channel can pay in (as configured). */
  readonly scenes: readonly PayScene[];
  /** Start paying: returns what the client needs. Throws on provider errors (message for logs, not users). */
  createPayment(order: ChannelOrder, scene: PayScene): Promise<PaymentAction>;
  /**
   * Verify a notification before anything changes: signature over the RAW body (and headers for WeChat),
   * timestamp freshness, app id / merchant id; decrypts WeChat's `resource`. Throws NotificationRejected.
   */
  verifyNotification(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<VerifiedNotification>;
  /** The answer for a notification that was processed (or was a duplicate). */
  ack(): NotificationAck;
  /** Ask the provider about a trade (`alipay.trade.query`, WeChat query by out-trade-no). */
  query(orderCode: string): Promise<TradeQueryResult>;
  /** Close an unpaid trade at the provider before cancelling or expiring it locally; returns the state after. */
  close(orderCode: string): Promise<TradeQueryResult>;
}

/**
 * What a channel factory gets (added by issue 6 core, billing-notes.md): the raw environment (each adapter reads
 * its own variables, e.g. ALIPAY_APP_ID), the public base URL (notify URL = `${publicUrl}/api/pay/notify/<id>`),
 * NODE_ENV, DATA_DIR (keys generated for dev/test live here) and a logger.
 */
export interface ChannelEnv {
  vars: Record<string, string | undefined>;
  publicUrl: string;
  nodeEnv: string;
  dataDir: string;
  log: (msg: string, err?: unknown) => void;
}

/** A channel factory: returns null when its keys are not configured (the channel is then not offered). */
export type ChannelFactory = (env: ChannelEnv) => PaymentChannel | null;
