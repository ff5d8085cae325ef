/**
 * What the billing services share (billing.service.ts builds it once): the database, the ledger, the offered payment
 * channels, the options, one clock and one log, and the errors every part of billing answers with.
 */
import { BillingErrorCode } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import type { MessageKey } from '../../core/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import type { FailureCounter } from '../accounts/accounts.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { OrderRow } from './billing.repo.ts';
import type { ChannelRegistry } from './channel-registry.ts';

/** Default minutes an unpaid order stays payable (ORDER_EXPIRE_MINUTES). */
export const DEFAULT_ORDER_EXPIRE_MINUTES = 15;
/** Wrong / used / expired codes allowed per user and per IP per hour before 429. */
export const REDEEM_FAILURES_PER_HOUR = 10;

export interface BillingOptions {
  publicUrl: string;
  timeZone: string;
  orderExpireMinutes: number;
  /** Where the payer's browser returns after paying (the app's order list). */
  returnPath?: string;
  /** Per-user / per-IP counter of failed redemptions (Redis when REDIS_URL is set). */
  redeemFailures?: FailureCounter;
  log?: (msg: string, data?: unknown) => void;
  /**
   * A user's group and VIP end changed (grantVip, inside its transaction): index.ts publishes it on the `user` topic
   * of core/invalidation.ts, so every process drops the user's cached sessions (accounts/session-cache.ts).
   */
  onVipChanged?: (userId: number) => void;
  /**
   * An order was credited as paid, inside the payment's transaction `tx` (PaymentsService.applyPaymentIn): index.ts
   * announces it as `order.paid` (billing.events.ts) with `emit`, so its handlers commit with the payment.
   */
  onOrderPaid?: (tx: Db, order: OrderRow, now: Date) => Promise<void>;
}

/** The billing services' shared state; `now` is the one clock they all read (tests move it). */
export interface BillingContext {
  readonly db: Db;
  readonly ledger: LedgerService;
  readonly channels: ChannelRegistry;
  readonly opts: BillingOptions;
  now: () => Date;
  readonly log: (msg: string, data?: unknown) => void;
}

/** An {@link AppError} with a billing message. */
export const fail = (status: number, code: number, key: MessageKey) => new AppError(status, code, key);
/** 404 1004: no such order, or another user's. */
export const notFoundOrder = () => fail(404, 1004, 'billing_order_not_found');
/** 400 3001: the order is no longer unpaid (paid, cancelled or expired). */
export const notPayable = () => fail(400, BillingErrorCode.orderNotPayable, 'billing_order_not_payable');
/** 400 3002: the channel is not offered (or not for this scene). */
export const channelUnavailable = () => fail(400, BillingErrorCode.channelUnavailable, 'billing_channel_unavailable');

/** Seconds since the epoch (MacCMS time columns). */
export const nowSec = (d: Date) => Math.floor(d.getTime() / 1000);
/** ISO 8601, or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
