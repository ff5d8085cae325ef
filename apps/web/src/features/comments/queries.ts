/** Server state of the comment screens (TanStack Query); every key starts with 'comments'. */
import type { CommentReportReason } from '@openvod/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { type CommentOrder, commentsApi, PAGE_SIZE } from './commentsApi';

const nextPage = (last: { page: number; pagecount: number }) =>
  last.page < last.pagecount ? last.page + 1 : undefined;

/** A title's shown comment count. */
export function useCommentCount(vodId: number) {
  return useQuery({
    queryKey: ['comments', 'count', vodId],
    queryFn: ({ signal }) => commentsApi.count(vodId, signal),
    select: (r) => r.info.total,
  });
}

/** The first `limit` top comments of a title by `order` (the title page's preview). */
export function useCommentPreview(vodId: number, order: CommentOrder, limit: number) {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['comments', 'title', vodId, order, 'preview', limit, userId],
    queryFn: ({ signal }) => commentsApi.titleList(vodId, order, 1, limit, signal),
  });
}

/** A title's top comments by `order`, page after page (the full list). */
export function useCommentThreads(vodId: number, order: CommentOrder, enabled = true) {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['comments', 'title', vodId, order, 'all', userId],
    queryFn: ({ pageParam, signal }) => commentsApi.titleList(vodId, order, pageParam, PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** Every shown reply of comment `pid` (opened under a thread), page after page. */
export function useReplies(pid: number, enabled: boolean) {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['comments', 'replies', pid, userId],
    queryFn: ({ pageParam, signal }) => commentsApi.replies(pid, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** A user's public comments (personal homepage). */
export function useUserComments(userId: number) {
  return useInfiniteQuery({
    queryKey: ['comments', 'user', userId],
    queryFn: ({ pageParam, signal }) => commentsApi.userList(userId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** The review centre's tab: the user's own comments or the replies to them. */
export function useReviewList(kind: 'mine' | 'replies') {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useInfiniteQuery({
    queryKey: ['comments', 'review', kind, userId],
    queryFn: ({ pageParam, signal }) =>
      kind === 'mine' ? commentsApi.mine(pageParam, signal) : commentsApi.repliesToMe(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });
}

/** The signed-in user's comment counts (Me page entry, review centre badge); off for tourists. */
export function useCommentUserCount() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['comments', 'user-count', userId],
    queryFn: ({ signal }) => commentsApi.userCount(signal),
    select: (r) => r.info,
    enabled: userId > 0,
  });
}

/** After any comment write: every comment list and count refetches. */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['comments'] });
}

/** Post a comment or a reply. */
export function useSaveComment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { rid: number; pid?: number; content: string }) => commentsApi.save(body),
    onSuccess: invalidate,
  });
}

/** Like a comment. */
export function useDiggComment() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => commentsApi.digg(id), onSuccess: invalidate });
}

/** Report a comment. */
export function useReportComment() {
  return useMutation({
    mutationFn: (v: { id: number; reason: CommentReportReason; text: string }) =>
      commentsApi.report(v.id, v.reason, v.text),
  });
}

/** Delete one's own comment. */
export function useDeleteComment() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => commentsApi.remove(id), onSuccess: invalidate });
}

/** Mark the replies to me as seen (the review centre's replies tab). */
export function useReadReplies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => commentsApi.readReplies(),
    onSuccess: () => client.invalidateQueries({ queryKey: ['comments', 'user-count'] }),
  });
}
