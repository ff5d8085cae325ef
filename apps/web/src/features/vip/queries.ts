/**
 * Server state of the VIP screens (TanStack Query) and the user refresh after a purchase, an upgrade or a
 * redemption: the stored user info (lib/session: group, user_end_time, user_noad_time, points) is replaced by a fresh
 * userInfo so every screen shows the new membership at once.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { accountApi } from '../../lib/accountApi';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { billingApi } from './billingApi';

export const vipKeys = {
  all: ['vip'] as const,
  groups: (userId: number) => ['vip', 'groups', userId] as const,
  fields: ['vip', 'fields'] as const,
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
export async function refreshMembership(): Promise<void> {
  try {
    const res = await accountApi.userInfo();
    useSession.getState().setUser(res.info);
  } catch {
    // keep the stored user
  }
  // Group rights changed: category permission flags and play data are per group.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: vipKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['types'] }),
    queryClient.invalidateQueries({ queryKey: ['vod', 'detail'] }),
  ]);
}
