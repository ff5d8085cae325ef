/**
 * A change of session (a sign-in, a sign-out, another account) refreshes what belongs to the user at once, without
 * a reload: the VIP and points screens' queries, and the per-user catalogue data (category permission flags, title
 * play data, ads) cached earlier in this page load for the user now signed in, which a guest merge on the server
 * (modules/accounts/guest-merge.ts: the guest's VIP, points and logs moved into the account) has made stale. The
 * user info itself comes with the sign-in answer (lib/session); the per-user stores (favourites, watch records,
 * wallpapers) pull again in their syncs (features/collections/favouriteSync.ts and its siblings).
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryClient as defaultClient } from './queryClient';
import { useSession } from './session';

/** Query families that hold only the signed-in user's state. */
const USER_FAMILIES: ReadonlySet<unknown> = new Set(['vip', 'points']);
/** Query families cached per user id (the id is part of the key). */
const PER_USER_FAMILIES: ReadonlySet<unknown> = new Set(['types', 'vod', 'ads']);

/** Whether a query of `key` is stale once `userId` (0 when signed out) holds the session. */
export function userQueryStale(key: readonly unknown[], userId: number): boolean {
  if (USER_FAMILIES.has(key[0])) return true;
  return PER_USER_FAMILIES.has(key[0]) && key.length > 1 && key[key.length - 1] === userId;
}

/** Refresh the user's queries whenever the session token changes. Returns the unsubscribe function. */
export function installSessionRefresh(client: QueryClient = defaultClient): () => void {
  return useSession.subscribe((state, prev) => {
    if (state.token === prev.token) return;
    const userId = state.user?.user_id ?? 0;
    void client.invalidateQueries({ predicate: (q) => userQueryStale(q.queryKey, userId) });
  });
}
