/** Server state of the promotion screens (TanStack Query); every key starts with 'promotion'. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createAttemptKeys } from '../../lib/idempotency';
import { applyPointsBalance } from '../../lib/pointsBalance';
import { useSession } from '../../lib/session';
import { promotionApi } from './promotionApi';

/** The promotion centre (code, totals, standing); the server releases due earnings before answering. */
export function useCenter() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['promotion', 'center', userId],
    queryFn: ({ signal }) => promotionApi.center(signal),
    staleTime: 0,
  });
}

/** The levels and rules (level-config). */
export function useLevels() {
  return useQuery({ queryKey: ['promotion', 'levels'], queryFn: ({ signal }) => promotionApi.levels(signal) });
}

/** Invitees at `depth` (reward-list), page after page. */
export function useRewardList(depth: number) {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['promotion', 'rewards', userId, depth],
    queryFn: ({ pageParam, signal }) => promotionApi.rewardList(depth, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/** The earnings log (revenue-list), page after page. */
export function useRevenueList() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['promotion', 'revenue', userId],
    queryFn: ({ pageParam, signal }) => promotionApi.revenueList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/**
 * Points → promotion money (exchangePointsCash): one idempotency key per attempt (kept when no answer arrived, so
 * pressing again retries the same attempt); on success the points balance goes to the stored user and the promotion
 * screens refetch.
 */
export function useExchangePoints() {
  const client = useQueryClient();
  const [keys] = useState(createAttemptKeys);
  return useMutation({
    mutationFn: (points: number) =>
      keys.run(`points-cash:${points}`, (key) => promotionApi.exchangePoints(points, key)),
    onSuccess: async (r) => {
      applyPointsBalance(r.user_points, client);
      await client.invalidateQueries({ queryKey: ['promotion'] });
    },
  });
}
