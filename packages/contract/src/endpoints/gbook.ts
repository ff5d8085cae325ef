/**
 * The movie-request and feedback operations of the endpoint table (spec/calls.md "community" rows gbookView,
 * gbookSave, gbookField, gbookHit; spec §1, §2 seekmovie/*, me/seek-movie, me/my-seek-movie, me/feed-back,
 * me/feed-back-list; §5) with the screenshot upload and the badge counts, and the console's requests and feedback.
 * Shapes: ../gbook.ts.
 */

import type { Endpoint } from '../endpoint-type.ts';
import * as G from '../gbook.ts';

export const gbookEndpoints = {
  gbookView: {
    method: 'GET',
    path: '/api/gbook',
    query: G.GbookViewQuery,
    response: G.GbookViewResponse,
    summary:
      'Movie requests (all shown ones with upvotes and state, or mine=1 the caller’s own) or the caller’s feedback ' +
      'with replies; mine=1 and feedback need a session (401 otherwise); listing one’s own marks it read',
  },
  gbookUnread: {
    method: 'GET',
    path: '/api/gbook/unread',
    response: G.GbookUnreadResponse,
    auth: 'user',
    summary: 'The caller’s requests resolved and feedback replied since last seen (badges)',
  },
  gbookSave: {
    method: 'POST',
    path: '/api/gbook',
    body: G.GbookSaveBody,
    response: G.GbookSaveResponse,
    auth: 'user',
    summary:
      'File a movie request (title, lead actor, 1-3 genres, captcha) or feedback (clear description, screenshots, ' +
      'app version, device); members only (401 for the device’s guest), word-filtered, rate-limited (429), ' +
      'repeats refused (400)',
  },
  gbookField: {
    method: 'POST',
    path: '/api/gbook/field',
    response: G.GbookFieldResponse,
    auth: 'user',
    summary: 'The request form’s genres and a new captcha picture (one attempt, expires)',
  },
  gbookHit: {
    method: 'POST',
    path: '/api/gbook/:id/hit',
    params: G.GbookIdParams,
    response: G.GbookHitResponse,
    auth: 'user',
    summary: 'Upvote a request, once per member (again: 400 "Do not repeat the operation")',
  },
  gbookUpload: {
    method: 'POST',
    path: '/api/gbook/upload',
    response: G.GbookUploadResponse,
    auth: 'user',
    multipart: true,
    summary:
      'Upload one feedback screenshot (form field "file": JPEG, PNG or WebP, at most 5 MB), re-encoded to JPEG ' +
      'without metadata, at most 1280 px a side',
  },
  adminGbookList: {
    method: 'GET',
    path: '/api/admin/gbook',
    query: G.AdminGbookQuery,
    response: G.AdminGbookListResponse,
    auth: 'admin',
    summary: 'Requests or feedback, by state, shown/hidden, unreplied, search',
  },
  adminGbookResolve: {
    method: 'POST',
    path: '/api/admin/gbook/:id/resolve',
    params: G.GbookIdParams,
    body: G.AdminGbookResolveBody,
    response: G.AdminGbookResponse,
    auth: 'admin',
    summary: 'Resolve a movie request with a title; the requester sees the badge and the link',
  },
  adminGbookReply: {
    method: 'POST',
    path: '/api/admin/gbook/:id/reply',
    params: G.GbookIdParams,
    body: G.AdminGbookReplyBody,
    response: G.AdminGbookResponse,
    auth: 'admin',
    summary: 'Reply to a request or feedback; the author sees the badge and the reply',
  },
  adminGbookStatus: {
    method: 'POST',
    path: '/api/admin/gbook/:id/status',
    params: G.GbookIdParams,
    body: G.AdminGbookStatusBody,
    response: G.AdminGbookResponse,
    auth: 'admin',
    summary: 'Show or hide a request or feedback',
  },
} as const satisfies Record<string, Endpoint>;
