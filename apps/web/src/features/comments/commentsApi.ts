/**
 * The comment calls of the viewer app (spec §7 commentList, commentCount, commentDigg, commentReport, commentDelete,
 * commentSave; the review centre's commentMine, commentReplies, commentReadReplies, commentUserCount) over
 * {@link api}. Method and path mirror the contract's endpoint table at the type level (a wrong one fails tsc).
 */
import type { CommentReportReason, endpoints } from '@openvod/contract';
import { api, type QueryValue } from '../../lib/api';

type Table = typeof endpoints;
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
const routes: { [K in CommentOp]: Pick<Table[K], 'method' | 'path'> & { auth?: true } } = {
  commentList: { method: 'GET', path: '/api/comments' },
  commentCount: { method: 'GET', path: '/api/comments/count' },
  commentDigg: { method: 'GET', path: '/api/comments/:id/digg', auth: true },
  commentReport: { method: 'GET', path: '/api/comments/:id/report', auth: true },
  commentDelete: { method: 'GET', path: '/api/comments/:id/delete', auth: true },
  commentSave: { method: 'POST', path: '/api/comments', auth: true },
  commentMine: { method: 'GET', path: '/api/comments/mine', auth: true },
  commentReplies: { method: 'GET', path: '/api/comments/replies', auth: true },
  commentReadReplies: { method: 'POST', path: '/api/comments/replies/read', auth: true },
  commentUserCount: { method: 'GET', path: '/api/comments/user-count', auth: true },
};
type Output<S> = S extends { _output: infer O } ? O : never;
export type CommentRes<K extends CommentOp> = Output<Table[K]['response']>;

function call<K extends CommentOp>(
  op: K,
  opts: { id?: number; body?: unknown; query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<CommentRes<K>> {
  const r: { method: string; path: string; auth?: true } = routes[op];
  return api.request<CommentRes<K>>(r.path.replace(':id', String(opts.id ?? 0)), {
    method: r.method as 'GET' | 'POST',
    auth: r.auth,
    body: opts.body,
    query: opts.query,
    signal: opts.signal,
  });
}

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
  digg: (id: number) => call('commentDigg', { id }),
  report: (id: number, reason: CommentReportReason, text: string) =>
    call('commentReport', { id, query: { reason, text } }),
  remove: (id: number) => call('commentDelete', { id }),
  mine: (page: number, signal?: AbortSignal) => call('commentMine', { query: { page, limit: PAGE_SIZE }, signal }),
  repliesToMe: (page: number, signal?: AbortSignal) =>
    call('commentReplies', { query: { page, limit: PAGE_SIZE }, signal }),
  readReplies: () => call('commentReadReplies'),
  userCount: (signal?: AbortSignal) => call('commentUserCount', { signal }),
};
