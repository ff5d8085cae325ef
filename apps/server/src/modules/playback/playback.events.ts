/**
 * Events the playback module announces (core/events.ts). Subscriber: the points module pays the daily "collect
 * films" task (points.events.ts).
 */
import type { UserRow } from '../accounts/accounts.service.ts';

declare module '../../core/events.ts' {
  interface AppEvents {
    /**
     * A user favourited a film (ulog mid 1, type 2) that was not a favourite: announced with `announce` after the
     * write, so a subscriber's failure never undoes the favourite. `vodId` is the title (mac_vod.vod_id).
     */
    'favourite.added': { user: UserRow; vodId: number };
  }
}
