/**
 * The comment operations of the endpoint table (spec/calls.md community rows commentList, commentCount, commentDigg,
 * commentReport, commentDelete, commentSave; the review centre me/comment/comment-list: commentMine, commentReplies,
 * commentReadReplies, commentUserCount; the console's comments and reports pages). Shapes: ../comments.ts.
 * Writes go through the community safety layer (server modules/community: sign-in, mute, comment_status, rate
 * limits, repeats, word list).
 */
import { OkResponse } from '../admin.ts';
import * as M from '../comments.ts';
import type { Endpoint } from '../endpoint-type.ts';

export const commentEndpoints = {
  commentList: {
    method: 'GET',
    path: '/api/comments',
    query: M.CommentListQuery,
    response: M.CommentListResponse,
    summary:
      "A title's shown top comments (rid, order hot|new, paged) each with its first replies and reply count; or the " +
      "replies of one comment (pid); or a user's public comments (user_id)",
  },
  commentCount: {
    method: 'GET',
    path: '/api/comments/count',
    query: M.CommentCountQuery,
    response: M.CommentCountResponse,
    summary: 'How many shown comments and replies a title has',
  },
  commentDigg: {
    method: 'GET',
    path: '/api/comments/:id/digg',
    params: M.CommentIdParams,
    response: M.CommentDiggResponse,
    auth: 'user',
    summary: "Like a shown comment, once per user (a repeat answers 400 'Do not repeat the operation')",
  },
  commentReport: {
    method: 'GET',
    path: '/api/comments/:id/report',
    params: M.CommentIdParams,
    query: M.CommentReportQuery,
    response: OkResponse,
    auth: 'user',
    summary: 'Report a comment with a reason (and an optional text), once per user; rate-limited like every write',
  },
  commentDelete: {
    method: 'GET',
    path: '/api/comments/:id/delete',
    params: M.CommentIdParams,
    response: OkResponse,
    auth: 'user',
    summary: "Delete one's own comment (a top comment with its replies); 404 for another's",
  },
  commentSave: {
    method: 'POST',
    path: '/api/comments',
    body: M.CommentSaveBody,
    response: M.CommentSaveResponse,
    auth: 'user',
    summary:
      'Post a comment on a title, or a reply (pid). Refused while comments are off (comment_status 0), to tourists, ' +
      'to muted users, past the rate limits and for a repeat; review-first answers comment_status 0',
  },
  commentMine: {
    method: 'GET',
    path: '/api/comments/mine',
    query: M.CommentPagedQuery,
    response: M.CommentMineResponse,
    auth: 'user',
    summary: "The caller's comments and replies, newest first, with their status (review centre)",
  },
  commentReplies: {
    method: 'GET',
    path: '/api/comments/replies',
    query: M.CommentPagedQuery,
    response: M.CommentMineResponse,
    auth: 'user',
    summary: "Shown replies to the caller's comments, newest first, with their read flag (review centre)",
  },
  commentReadReplies: {
    method: 'POST',
    path: '/api/comments/replies/read',
    response: OkResponse,
    auth: 'user',
    summary: 'Mark every reply to the caller as seen (clears the unread badge)',
  },
  commentUserCount: {
    method: 'GET',
    path: '/api/comments/user-count',
    response: M.CommentUserCountResponse,
    auth: 'user',
    summary: "The caller's comment counts: written, replies received, unread replies (Me page)",
  },
  adminListComments: {
    method: 'GET',
    path: '/api/admin/comments',
    query: M.AdminCommentQuery,
    response: M.AdminCommentListResponse,
    auth: 'admin',
    summary: 'Comments, newest first, filtered by title, user and status',
  },
  adminSetCommentStatus: {
    method: 'PUT',
    path: '/api/admin/comments/:id/status',
    params: M.CommentIdParams,
    body: M.AdminCommentStatusBody,
    response: M.AdminCommentResponse,
    auth: 'admin',
    summary: 'Approve (1) or hide (2) a comment',
  },
  adminDeleteComment: {
    method: 'DELETE',
    path: '/api/admin/comments/:id',
    params: M.CommentIdParams,
    response: OkResponse,
    auth: 'admin',
    summary: 'Delete a comment (a top comment with its replies)',
  },
  adminListCommentReports: {
    method: 'GET',
    path: '/api/admin/comment-reports',
    query: M.AdminCommentReportQuery,
    response: M.AdminCommentReportListResponse,
    auth: 'admin',
    summary: 'Reported comments with their reports by reason, most reported first',
  },
  adminResolveCommentReports: {
    method: 'POST',
    path: '/api/admin/comment-reports/:id',
    params: M.CommentIdParams,
    body: M.AdminCommentReportResolveBody,
    response: OkResponse,
    auth: 'admin',
    summary: "Resolve a comment's open reports: hide the comment or dismiss them",
  },
} as const satisfies Record<string, Endpoint>;
