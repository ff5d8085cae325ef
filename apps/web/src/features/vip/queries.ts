/**
 * Server state of the VIP screens (TanStack Query), the payment flow's writes (useMutation, each with the queries it
 * changes invalidated) and the user refresh after a purchase, an upgrade or a redemption: the stored user info
 * (lib/session: group, user_end_time, user_noad_time, points) is replaced by a fresh userInfo so every screen shows
 * the new membership at once.
 */
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../../lib/accountApi';
import { queryClient as defaultClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { type BillingBody, billingApi } from './billingApi';

export const vipKeys = {
  all: ['vip'] as const,
  groups: (userId: number) => ['vip', 'groups', userId] as const,
  fields: ['vip', 'fields'] as const,
  /** Every user's order list (the prefix of {@link vipKeys.orders}). */
  allOrders: ['vip', 'orders'] as const,
  orders: (userId: number) => ['vip', 'orders', userId] as const,
};

export const ORDERS_PAGE_SIZE = 20;

/** groupList: plans with this user's prices (`price_now`, `price_kind`) and the user's membership. */
export function useVipGroups() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: vipKeys.groups(userId),
    queryFn: ({ signal }) => billingApi.groupList(signal),
    staleTime: 0,
  });
}

/** orderField: the channels offered and the minutes an unpaid order stays payable. */
export function useOrderField() {
  return useQuery({ queryKey: vipKeys.fields, queryFn: ({ signal }) => billingApi.orderField(signal) });
}

/** The user's orders, newest first, page by page. */
export function useOrders() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: vipKeys.orders(userId),
    queryFn: ({ pageParam, signal }) => billingApi.orders({ page: pageParam, limit: ORDERS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/**
 * Reload the signed-in user (userInfo) into the session store and drop cached VIP data (prices depend on whether the
 * user has bought). A failed reload keeps the stored user; the next launch check refreshes it.
 */
export async function refreshMembership(client: QueryClient = defaultClient): Promise<void> {
  try {
    const res = await accountApi.userInfo();
    useSession.getState().setUser(res.info);
  } catch {
    // keep the stored user
  }
  // Group rights changed: category permission flags and play data are per group.
  await Promise.all([
    client.invalidateQueries({ queryKey: vipKeys.all }),
    client.invalidateQueries({ queryKey: ['types'] }),
    client.invalidateQueries({ queryKey: ['vod', 'detail'] }),
  ]);
}

/*
 * The payment flow's writes (spec §4; features/vip/PaymentFlow.tsx composes them). Each fails at once when the
 * device is offline (`networkMode: 'always'`: the request itself fails and the flow says so) instead of waiting,
 * paused, behind the flow's progress dialog; none is retried (a payment write is answered or reported, never sent
 * twice by itself).
 */
const PAY_WRITE = { networkMode: 'always', retry: false } as const;

/**
 * buy: create an order for a plan and channel (`{ group_id, long, channel }`); the answer is `{ info: Order,
 * existing }`, `existing: true` when the user's unpaid order blocks a new one (that order is returned). Invalidates
 * the VIP queries (the order list; groupList's prices, which depend on whether the user has bought), without waiting
 * for them, so the payment opens at once. Fails with an ApiError (contract BillingErrorCode, e.g. 3006 bind a phone).
 */
export function useBuyOrder() {
  const client = useQueryClient();
  return useMutation({
    ...PAY_WRITE,
    mutationFn: (body: BillingBody<'buy'>) => billingApi.buy(body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: vipKeys.all });
    },
  });
}

/**
 * gopay: open the payment of an unpaid order (`{ order_code, channel, scene }`); the answer is `{ info: Order,
 * action: PaymentAction }` (payOpen.ts opens it). The order's channel may change: the order lists are invalidated.
 */
export function useGopay() {
  const client = useQueryClient();
  return useMutation({
    ...PAY_WRITE,
    mutationFn: (body: BillingBody<'gopay'>) => billingApi.gopay(body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: vipKeys.allOrders });
    },
  });
}

/**
 * verifyOrder: ask the provider whether an order (its `order_code`) was paid; the answer is `{ info: Order, paid,
 * user: MemberState }`. Paid: the membership is refreshed (user info, VIP queries, group-dependent catalogue data;
 * {@link refreshMembership}) before the mutation settles, so the success dialog shows the new membership. Not paid:
 * the VIP queries are invalidated (the order may have been closed or expired meanwhile).
 */
export function useVerifyOrder() {
  const client = useQueryClient();
  return useMutation({
    ...PAY_WRITE,
    mutationFn: (orderCode: string) => billingApi.verifyOrder(orderCode),
    onSuccess: async (res) => {
      if (res.paid) await refreshMembership(client);
      else void client.invalidateQueries({ queryKey: vipKeys.all });
    },
  });
}

/**
 * cancelOrder: cancel an unpaid order (its `order_code`); the answer is `{ info: Order }`, paid when the provider
 * said so before it could be closed (then the membership is refreshed, {@link refreshMembership}). The VIP queries
 * are invalidated whatever the answer.
 */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    ...PAY_WRITE,
    mutationFn: (orderCode: string) => billingApi.cancelOrder(orderCode),
    onSuccess: async (res) => {
      if (res.info.order_status === 'paid') await refreshMembership(client);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: vipKeys.all });
    },
  });
}
