/**
 * The user-log list operations of spec/calls.md (`favs`, `downs`; issue 7 item 1): my favourites and my downloads,
 * newest first, paged. `ajaxUlog` and `plays` stay with the player endpoints (issue 5).
 */
import type { Endpoint } from '../endpoint-type.ts';
import * as P from '../player.ts';

export const ulogEndpoints = {
  favs: {
    method: 'GET',
    path: '/api/user/favs',
    query: P.UlogPageQuery,
    response: P.PlaysResponse,
    auth: 'user',
    summary: 'My favourites (ulog type 2) of module mid (1 films, 12 wallpapers), newest first, paged (limit ≤ 500)',
  },
  downs: {
    method: 'GET',
    path: '/api/user/downs',
    query: P.UlogPageQuery,
    response: P.PlaysResponse,
    auth: 'user',
    summary: 'My download log (ulog type 5, one entry per episode), newest first, paged (limit ≤ 500)',
  },
} as const satisfies Record<string, Endpoint>;
