/** Server state of the request and feedback screens (TanStack Query); every key starts with 'gbook'. */
import type { GbookSaveBody } from '@openvod/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { gbookApi, type ViewParams } from './gbookApi';
import { useIsMember } from './memberGate';

/** A gbookView list, page after page (`enabled` false for an own list while the viewer is not a member). */
export function useGbookList(p: Omit<ViewParams, 'page'>, enabled = true) {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  const client = useQueryClient();
  // The member's own lists (my requests, my feedback): the server marks the rows it lists read.
  const marksRead = Boolean(p.mine) || p.type === 'feedback';
  return useInfiniteQuery({
    queryKey: ['gbook', 'list', userId, p.type, p.mine ? 1 : 0, p.state ?? 'all', p.order ?? 'time'],
    queryFn: async ({ pageParam, signal }) => {
      const page = await gbookApi.view({ ...p, page: pageParam }, signal);
      // Rows were marked read: the badges refetch.
      if (marksRead) void client.invalidateQueries({ queryKey: ['gbook', 'unread'] });
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pagecount ? last.page + 1 : undefined),
    staleTime: 0,
    enabled,
  });
}

/** One request (the detail page). */
export function useGbookItem(id: number) {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  return useQuery({
    queryKey: ['gbook', 'item', userId, id],
    queryFn: async ({ signal }) => (await gbookApi.view({ type: 'request', id }, signal)).list[0] ?? null,
    enabled: id > 0,
    staleTime: 0,
  });
}

/**
 * The signed-in member's unread resolutions and replies (badges); never asked for a tourist or the device's guest
 * (the server refuses them).
 */
export function useGbookUnread() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  const member = useIsMember();
  return useQuery({
    queryKey: ['gbook', 'unread', userId],
    queryFn: ({ signal }) => gbookApi.unread(signal),
    enabled: member,
    staleTime: 0,
  });
}

/** The request form's genres and captcha (members only); refetch for a new captcha. */
export function useGbookField() {
  const userId = useSession((s) => s.user?.user_id ?? 0);
  const member = useIsMember();
  return useQuery({
    queryKey: ['gbook', 'field', userId],
    queryFn: () => gbookApi.field(),
    enabled: member,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** gbookSave (a request or feedback); the lists and badges refetch after. */
export function useSaveGbook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GbookSaveBody) => gbookApi.save(body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['gbook', 'list'] }),
  });
}

/** gbookHit: upvote a request; the lists and the item refetch after. */
export function useHitGbook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => gbookApi.hit(id),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['gbook', 'list'] }),
        client.invalidateQueries({ queryKey: ['gbook', 'item'] }),
      ]);
    },
  });
}

/** gbookUpload: one screenshot. */
export function useUploadScreenshot() {
  return useMutation({ mutationFn: (file: File) => gbookApi.upload(file, file.name || 'screenshot.jpg') });
}
