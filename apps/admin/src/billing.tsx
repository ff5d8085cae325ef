/**
 * Shared pieces of the console's billing pages (issue 6 item 8): yuan <-> fen (prices are edited in yuan and stored
 * as integer fen, spec §9 / DESIGN.md §4; conversion is done on the decimal text, never with float arithmetic), the
 * labels of plan lengths, channels, order states and grants, and the query keys.
 */
import { yuanToFen as parseYuan } from '@openvod/contract';
import { Tag } from 'antd';
import type { MessageKey, Translate } from './i18n.ts';

export const billingKeys = {
  plans: ['admin', 'billing', 'plans'] as const,
  channels: ['admin', 'billing', 'channels'] as const,
  orders: ['admin', 'billing', 'orders'] as const,
  order: (code: string) => ['admin', 'billing', 'order', code] as const,
  batches: ['admin', 'billing', 'code-batches'] as const,
  revenue: ['admin', 'billing', 'revenue'] as const,
};

/** Integer fen -> "19.90" (the contract's). */
export { fenToYuan } from '@openvod/contract';

/**
 * A yuan amount as typed ("19.9", "19.90", "20") -> integer fen (1990, 1990, 2000); `undefined` for anything else
 * (negative, more than 2 decimals, not a number). Parses the text: 0.1 + 0.2 style float errors cannot happen.
 */
export function yuanToFen(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  return parseYuan(String(value), 9) ?? undefined;
}

export const LONGS = ['day', 'week', 'month', 'year'] as const;
export type Long = (typeof LONGS)[number];

export function longLabel(long: string, t: Translate): string {
  switch (long) {
    case 'day':
      return t('billing.long.day');
    case 'week':
      return t('billing.long.week');
    case 'month':
      return t('billing.long.month');
    case 'year':
      return t('billing.long.year');
    default:
      return long;
  }
}

export function channelLabel(channel: string, t: Translate): string {
  switch (channel) {
    case 'alipay':
      return t('billing.channel.alipay');
    case 'wechat':
      return t('billing.channel.wechat');
    case 'fake':
      return t('billing.channel.fake');
    default:
      return channel;
  }
}

const STATUS_COLORS: Record<string, string> = {
  unpaid: 'gold',
  paid: 'green',
  cancelled: 'default',
  expired: 'default',
};

export function statusLabel(status: string, t: Translate): string {
  switch (status) {
    case 'unpaid':
      return t('billing.status.unpaid');
    case 'paid':
      return t('billing.status.paid');
    case 'cancelled':
      return t('billing.status.cancelled');
    case 'expired':
      return t('billing.status.expired');
    default:
      return status;
  }
}

export function StatusTag({ status, t }: { status: string; t: Translate }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="order-status">
      {statusLabel(status, t)}
    </Tag>
  );
}

/** What a code batch grants, e.g. "VIP 30 days (VIP会员)", "100 points". */
export function grantLabel(kind: string, amount: number, groupName: string, t: Translate): string {
  switch (kind) {
    case 'vip':
      return t('billing.grant.vipText', { n: amount, group: groupName });
    case 'points':
      return t('billing.grant.pointsText', { n: amount });
    case 'views':
      return t('billing.grant.viewsText', { n: amount });
    case 'downloads':
      return t('billing.grant.downloadsText', { n: amount });
    default:
      return `${kind} ${amount}`;
  }
}

const PRICE_KINDS = ['original', 'renew', 'new'] as const;
const TRADE_STATES = ['paid', 'unpaid', 'closed', 'not_found'] as const;
const PAYMENT_OUTCOMES = [
  'received',
  'credited',
  'duplicate',
  'duplicate_payment',
  'amount_mismatch',
  'unknown_order',
] as const;
const ASSETS = ['points', 'views', 'downloads', 'cash_fen', 'vip_s', 'noad_s', 'paid_fen'] as const;

/** `t(prefix + value)` when `value` is one of `known`, else the value as it came (a state added later still shows). */
function labelOf<K extends string>(prefix: string, known: readonly K[], value: string, t: Translate): string {
  return (known as readonly string[]).includes(value) ? t(`${prefix}${value}` as MessageKey) : value;
}

/** Which price an order was sold at (`order_price_kind`: original, renew, new). */
export const priceKindLabel = (kind: string, t: Translate) => labelOf('billing.kind.', PRICE_KINDS, kind, t);
/** The provider's state of a trade (a live query: paid, unpaid, closed, not_found). */
export const tradeStateLabel = (state: string, t: Translate) => labelOf('billing.trade.', TRADE_STATES, state, t);
/** What became of a stored payment notification (credited, duplicate, amount_mismatch ...). */
export const paymentOutcomeLabel = (outcome: string, t: Translate) =>
  labelOf('billing.payment.', PAYMENT_OUTCOMES, outcome, t);
/** A ledger asset (points, views, downloads, cash_fen, vip_s, noad_s, paid_fen). */
export const assetLabel = (asset: string, t: Translate) => labelOf('billing.asset.', ASSETS, asset, t);
