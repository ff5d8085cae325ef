/**
 * The comment calls of the viewer app (spec §7 commentList, commentCount, commentDigg, commentReport, commentDelete,
 * commentSave; the review centre's commentMine, commentReplies, commentReadReplies, commentUserCount) over
 * the typed {@link call} (lib/client.ts).
 */
import type { CommentReportReason } from '@openvod/contract';
import { call, type Res } from '../../lib/client';

type CommentOp =
  | 'commentList'
  | 'commentCount'
  | 'commentDigg'
  | 'commentReport'
  | 'commentDelete'
  | 'commentSave'
  | 'commentMine'
  | 'commentReplies'
  | 'commentReadReplies'
  | 'commentUserCount';
export type CommentRes<K extends CommentOp> = Res<K>;

export type CommentOrder = 'hot' | 'new';
export const PAGE_SIZE = 20;

export const commentsApi = {
  /** A title's top comments (each with its first replies), `order` hot or new, page `page`. */
  titleList: (vodId: number, order: CommentOrder, page: number, limit: number, signal?: AbortSignal) =>
    call('commentList', { query: { rid: vodId, order, page, limit }, signal }),
  /** The shown replies of comment `pid`, oldest first. */
  replies: (pid: number, page: number, signal?: AbortSignal) =>
    call('commentList', { query: { pid, page, limit: PAGE_SIZE }, signal }),
  /** A user's shown comments (personal homepage). */
  userList: (userId: number, page: number, signal?: AbortSignal) =>
    call('commentList', { query: { user_id: userId, page, limit: PAGE_SIZE }, signal }),
  count: (vodId: number, signal?: AbortSignal) => call('commentCount', { query: { rid: vodId }, signal }),
  save: (body: { rid: number; pid?: number; content: string }) => call('commentSave', { body }),
  digg: (id: number) => call('commentDigg', { params: { id } }),
  report: (id: number, reason: CommentReportReason, text: string) =>
    call('commentReport', { params: { id }, query: { reason, text } }),
  remove: (id: number) => call('commentDelete', { params: { id } }),
  mine: (page: number, signal?: AbortSignal) => call('commentMine', { query: { page, limit: PAGE_SIZE }, signal }),
  repliesToMe: (page: number, signal?: AbortSignal) =>
    call('commentReplies', { query: { page, limit: PAGE_SIZE }, signal }),
  readReplies: () => call('commentReadReplies'),
  userCount: (signal?: AbortSignal) => call('commentUserCount', { signal }),
};
