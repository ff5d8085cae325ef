/** Server state of the points screens (TanStack Query); every key starts with 'points' so one invalidation refreshes all. */
import { TASK_PLOG } from '@openvod/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyPointsBalance } from '../../lib/pointsBalance';
import { useSession } from '../../lib/session';
import { toast } from '../../ui/feedback';
import { pointsApi } from './pointsApi';

export function useTasks() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['points', 'task', userId],
    queryFn: ({ signal }) => pointsApi.getTask(signal),
    staleTime: 0,
  });
}

export function usePlogList() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['points', 'log', userId],
    queryFn: ({ pageParam, signal }) => pointsApi.plogList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/** durationList: the user's watched seconds per operator day, newest first (spec §7), page after page. */
export function useDurationList() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['points', 'duration', userId],
    queryFn: ({ pageParam, signal }) => pointsApi.durationList(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/**
 * Today's check-in (setPlog type 10): on success a toast confirms it ("签到成功 +N 积分", N = the points paid, or
 * "今日已签到" when the server paid nothing because today's check-in was already recorded), the answered balance goes
 * to the stored user (the me page) and the points screens refetch. Resolves the answer (`point` 0: already checked in
 * today); a failure rejects with the server's message (the calling page shows it).
 */
export function useCheckIn() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => pointsApi.setPlog(TASK_PLOG.checkIn),
    onSuccess: async (r) => {
      toast(r.point > 0 ? t('points.checkInOk', { count: r.point }) : t('points.checkedIn'), 'success');
      applyPointsBalance(r.user_points, client);
      await client.invalidateQueries({ queryKey: ['points'] });
    },
  });
}

export function useRates() {
  return useQuery({ queryKey: ['points', 'rates'], queryFn: ({ signal }) => pointsApi.rates(signal) });
}
