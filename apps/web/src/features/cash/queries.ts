/**
 * Server state of the withdrawal screens (TanStack Query); every key starts with 'cash' so one invalidation refreshes
 * all. Writes go through useMutation; a withdrawal carries one idempotency key per attempt (lib/idempotency), kept
 * when no answer arrived, so pressing again after a timeout reserves nothing twice.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createAttemptKeys } from '../../lib/idempotency';
import { useSession } from '../../lib/session';
import { cashApi } from './cashApi';

export function useCashCenter() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['cash', 'center', userId],
    queryFn: ({ signal }) => cashApi.center(signal),
    staleTime: 0,
  });
}

export function useCashList() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['cash', 'list', userId],
    queryFn: ({ pageParam, signal }) => cashApi.list(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

export function useCashAccount() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['cash', 'account', userId],
    queryFn: ({ signal }) => cashApi.account(signal),
    staleTime: 0,
  });
}

/** Request a withdrawal of `cash_money` fen; the attempt's key is scoped by the amount. */
export function useWithdraw() {
  const client = useQueryClient();
  const [keys] = useState(createAttemptKeys);
  return useMutation({
    mutationFn: (cash_money: number) =>
      keys.run(`alipay:${cash_money}`, (key) => cashApi.withdraw({ cash_money, cash_type: 'alipay' }, key)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cash'] }),
  });
}

export function useCancelWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cashApi.cancel(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cash'] }),
  });
}

export function useSetCashAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { cash_account: string; cash_name: string }) =>
      cashApi.setAccount({ cash_type: 'alipay', ...body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cash'] }),
  });
}
