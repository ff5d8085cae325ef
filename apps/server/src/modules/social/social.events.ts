/**
 * Events the social module announces (core/events.ts). Subscriber: the points module pays the daily "share" task
 * (plog type 21, modules/points/points.events.ts).
 */
import type { UserRow } from '../accounts/accounts.service.ts';

declare module '../../core/events.ts' {
  interface AppEvents {
    /**
     * A member (not a device's guest account) made a short link to share a page of the app (shortUrl), announced
     * with `announce` after the link is stored: a subscriber's failure never fails the share. `path` is the app
     * page, `code` the link's code.
     */
    'share.created': { user: UserRow; code: string; path: string };
  }
}
