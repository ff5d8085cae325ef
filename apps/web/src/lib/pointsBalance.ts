/**
 * The points balance after a write that can pay points (spec §4 "points are updated if a point value returns"): a
 * watch entry (ajaxUlog type 4 pays the "watch films" task), a favourite, the watch-time report (setDuration), a
 * share or check-in (setPlog) and an ad click all answer the user's new balance. It goes into the stored user (the
 * me page reads it there) and the points screens' queries (keys starting with 'points') are refetched, so no screen
 * shows the old balance until a reload.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryClient as defaultClient } from './queryClient';
import { useSession } from './session';

/**
 * Store `balance` (the user's points after a write; integers) in the session's user and refresh the points queries
 * when it changed. Nothing happens when nobody is signed in or `balance` is not a number.
 */
export function applyPointsBalance(balance: number | undefined, client: QueryClient = defaultClient): void {
  const { user, setUser } = useSession.getState();
  if (!user || typeof balance !== 'number' || !Number.isFinite(balance) || user.user_points === balance) return;
  setUser({ ...user, user_points: balance });
  void client.invalidateQueries({ queryKey: ['points'] });
}
