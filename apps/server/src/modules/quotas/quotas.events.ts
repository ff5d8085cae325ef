/**
 * Events the quotas module announces (core/events.ts). Subscriber: the promotion module counts the viewer active
 * that operator day (its inviter's daily-activity reward, modules/promotion).
 */
import type { UserRow } from '../accounts/accounts.service.ts';

declare module '../../core/events.ts' {
  interface AppEvents {
    /**
     * A view of a title was taken from the viewer's free views or extra views (QuotasService.take, a watch entry
     * of ajaxUlog), announced with `announce` after its commit; a replay of the same title that day announces
     * nothing. `day` is the operator day (YYYY-MM-DD) the view counts on.
     */
    'view.claimed': { user: UserRow; vodId: number; day: string };
  }
}
