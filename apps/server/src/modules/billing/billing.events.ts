/**
 * Events the billing module announces (core/events.ts). Subscriber: the promotion module pays the buyer's inviters
 * their share of the order (spend earnings, depth 1-3, modules/promotion).
 */
import type { Db } from '../../db/client.ts';
import type { OrderRow } from './billing.repo.ts';

declare module '../../core/events.ts' {
  interface AppEvents {
    /**
     * An order was credited as paid (PaymentsService.applyPaymentIn), announced with `emit` inside the payment's
     * transaction `tx`, after the order moved to paid and its plan was granted: a handler's throw rolls the payment
     * back (the provider's notification is then retried). Never announced again for the same order (a replayed
     * notification is a `duplicate` before this point). `order.order_price` is the fen paid.
     */
    'order.paid': { tx: Db; order: OrderRow; now: Date };
  }
}
