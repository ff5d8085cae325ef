/**
 * What the promotion module does when other modules announce something (core/events.ts); the module announces
 * nothing itself.
 * - `user.registered` (accounts, inside the sign-up / guest phone-bind transaction): the inviter's registration
 *   reward, its standing, the registration's fraud signals — committed with the account or not at all.
 * - `view.claimed` (quotas, after commit) and `watch.reported` (points, after the write): the viewer counts as
 *   active that operator day (the inviter's daily-activity reward, once per invitee per day).
 * - `order.paid` (billing, inside the payment transaction): depth 1-3 spend earnings, committed with the payment.
 * - `user.merged` (accounts, inside the merge transaction): the guest's earnings follow its moved balances.
 */
import type { EventBus } from '../../core/events.ts';
import type { PromotionService } from './promotion.service.ts';

/** Subscribe the promotion module's handlers on `events`. */
export function subscribePromotion(events: EventBus, promotion: PromotionService): void {
  events.on('user.registered', ({ tx, user }) => promotion.onRegistered(tx, user, promotion.now()));
  events.on('view.claimed', ({ user, day }) => promotion.onActive(user, day));
  events.on('watch.reported', ({ user, day }) => promotion.onActive(user, day));
  events.on('order.paid', ({ tx, order }) => promotion.onOrderPaid(tx, order, promotion.now()));
  events.on('user.merged', async ({ tx, merge }) => {
    const n = await promotion.onMerged(tx, merge.guest.user_id, merge.target.user_id);
    if (n) merge.moved.promo_earnings = n;
  });
}
