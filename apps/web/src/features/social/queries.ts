/** Server state of the social screens (TanStack Query); every key starts with 'social'. */
import type { DiggState, FollowState, FriendListType } from '@openvod/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { socialApi } from './socialApi';

/** friendCount of a member (the Me page's own counts, a homepage's). */
export function useFriendCount(userId: number) {
  return useQuery({
    queryKey: ['social', 'count', userId],
    queryFn: ({ signal }) => socialApi.count(userId, signal),
    enabled: userId > 0,
    staleTime: 0,
  });
}

/** My follows or fans, page after page. */
export function useFriendList(type: FriendListType) {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['social', 'list', userId, type],
    queryFn: ({ pageParam, signal }) => socialApi.list(type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

/** A member's homepage (publicUserInfo), as the signed-in viewer sees it. */
export function usePublicUser(id: number) {
  const viewer = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['social', 'user', id, viewer],
    queryFn: ({ signal }) => socialApi.publicInfo(id, signal),
    enabled: id > 0,
    staleTime: 0,
  });
}

/** Follow (`on`) or unfollow a member; every social view refetches after (counts on both sides, lists). */
export function useFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, on }: { userId: number; on: boolean }): Promise<{ info: FollowState }> =>
      on ? socialApi.follow(userId) : socialApi.unfollow(userId),
    onSettled: () => client.invalidateQueries({ queryKey: ['social'] }),
  });
}

/** A title's likes and my like (diggState). */
export function useDiggState(vodId: number) {
  const viewer = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['social', 'digg', vodId, viewer],
    queryFn: ({ signal }) => socialApi.diggState(vodId, signal),
    enabled: vodId > 0,
  });
}

/** Like or unlike a title; the answer becomes the cached state. */
export function useDigg(vodId: number) {
  const client = useQueryClient();
  const viewer = useSession((s) => s.user?.user_id ?? 0);
  return useMutation({
    mutationFn: (on: boolean) => socialApi.digg(vodId, on),
    onSuccess: (r: { info: DiggState }) => {
      client.setQueryData(['social', 'digg', vodId, viewer], (old: object | undefined) => ({ ...old, info: r.info }));
    },
  });
}

/** Make the short link of an app page; the share task may be paid by it (the task list refetches). */
export function useShortUrl() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => socialApi.shortUrl(path),
    onSuccess: () => client.invalidateQueries({ queryKey: ['points'] }),
  });
}
