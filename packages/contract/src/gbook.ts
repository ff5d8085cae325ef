/**
 * Movie requests and feedback (spec §1 "movie-request community, feedback", §2 seekmovie/index,
 * seekmovie/seek-movie-detail, me/seek-movie, me/my-seek-movie/index, me/feed-back, me/feed-back-list; §3 Movie
 * request; §4 Movie request states; §5 feedback and request rules; §7 gbookView, gbookSave, gbookField, gbookHit).
 * MacCMS's guestbook (`mac_gbook`) holds both; field names are its own (`gbook_id`, `gbook_content`, `gbook_reply`
 * ...), see apps/server/src/db/schema/gbook.ts.
 *
 * Rules shared by the app and the server (the server is the judge):
 * - a request needs a title, a lead actor and 1 to {@link GBOOK_MAX_GENRES} genres, and the form's captcha answer;
 * - feedback needs a clear description: at least {@link FEEDBACK_MIN_CHARS} characters of which at least
 *   {@link FEEDBACK_MIN_DISTINCT} different letters or digits ({@link isClearFeedback}); at most
 *   {@link GBOOK_MAX_PICS} screenshots, uploaded first (gbookUpload) and named by the keys it answered.
 */
import { z } from 'zod';
import { ok, paged } from './envelope.ts';

/** What a gbook row is. */
export const GBOOK_TYPES = ['request', 'feedback'] as const;
export const GbookType = z.enum(GBOOK_TYPES);
export type GbookType = z.infer<typeof GbookType>;
/** A request's state (spec §4): `requesting`, then `resolved` once the operator linked a title. */
export const GBOOK_STATES = ['requesting', 'resolved'] as const;
export const GbookState = z.enum(GBOOK_STATES);
export type GbookState = z.infer<typeof GbookState>;

/** Spec §5 "At most three genres". */
export const GBOOK_MAX_GENRES = 3;
/** Screenshots one feedback may carry. */
export const GBOOK_MAX_PICS = 4;
/** Largest screenshot upload accepted (bytes, before re-encoding). */
export const GBOOK_PIC_MAX_BYTES = 5 * 1024 * 1024;
/** Longest side of a stored screenshot (pixels; larger ones are scaled down). */
export const GBOOK_PIC_MAX_SIDE = 1280;
/** Feedback descriptions shorter than this (characters, trimmed) are not clear enough (spec §5). */
export const FEEDBACK_MIN_CHARS = 5;
/** ... nor those with fewer different letters or digits than this ("aaaaaa", "......"). */
export const FEEDBACK_MIN_DISTINCT = 3;
/** Longest feedback description and request note (characters). */
export const GBOOK_CONTENT_MAX = 1000;
/** Seconds a captcha of the request form stays valid. */
export const GBOOK_CAPTCHA_TTL_S = 300;

/** Spec §5 "Feedback needs a clear description": see the module comment for the rule. */
export function isClearFeedback(text: string): boolean {
  const t = text.trim();
  if ([...t].length < FEEDBACK_MIN_CHARS) return false;
  const distinct = new Set([...t.toLowerCase()].filter((c) => /[\p{L}\p{N}]/u.test(c)));
  return distinct.size >= FEEDBACK_MIN_DISTINCT;
}

const page = z.coerce.number().int().min(1).max(100000).default(1);
const limit = z.coerce.number().int().min(1).max(50).default(20);
const flag = z.coerce.number().int().min(0).max(1).default(0);

/**
 * gbookView: `type=request` lists every shown request (newest first, or most upvoted with `order=hits`), filtered by
 * `state`; `mine=1` lists the caller's own (sign-in required) and marks the listed ones read; `id` gives the one
 * request (the detail page). `type=feedback` is always the caller's own (sign-in required), with the replies.
 */
export const GbookViewQuery = z.object({
  type: GbookType.default('request'),
  mine: flag,
  state: z.enum(['all', ...GBOOK_STATES]).default('all'),
  order: z.enum(['time', 'hits']).default('time'),
  id: z.coerce.number().int().min(1).max(2147483647).optional(),
  page,
  limit,
});

/** One request or feedback as the app shows it. Times ISO 8601. Text fields are plain text (escape when shown). */
export const GbookItem = z.object({
  gbook_id: z.number().int(),
  gbook_type: GbookType,
  user_id: z.number().int(),
  /** The author's nickname ('' once the author's account was deleted). */
  gbook_name: z.string(),
  gbook_content: z.string(),
  gbook_reply: z.string(),
  gbook_time: z.string(),
  gbook_reply_time: z.string().nullable(),
  gbook_title: z.string(),
  gbook_actor: z.string(),
  gbook_genres: z.array(z.string()),
  gbook_hits: z.number().int(),
  gbook_state: GbookState,
  /** The title that resolved the request (0 none), with its name and picture. */
  vod_id: z.number().int(),
  vod_name: z.string(),
  vod_pic: z.string(),
  /** Addresses of the feedback's screenshots (`/media/gbook/...`). */
  pics: z.array(z.string()),
  gbook_app_version: z.string(),
  gbook_device: z.string(),
  /** The caller upvoted this request. */
  hit: z.boolean(),
  /** The caller's own row has a resolution or reply not seen before this answer. */
  unread: z.boolean(),
});
export type GbookItem = z.infer<typeof GbookItem>;
export const GbookViewResponse = paged(GbookItem);
export type GbookViewResponse = z.infer<typeof GbookViewResponse>;

/** The caller's unread resolutions (requests) and replies (feedback): the Me page's badges. */
export const GbookUnreadResponse = ok({ request: z.number().int(), feedback: z.number().int() });

/**
 * gbookSave. `type=request`: `title`, `actor`, `genres` (1-3) required, `content` an optional note, `captcha_id` +
 * `captcha` the answer to gbookField's picture (one attempt). `type=feedback`: `content` (a clear description),
 * `pics` keys from gbookUpload, `app_version` and `device` filled in by the app. Empty or unclear fields answer the
 * spec's messages (400); a tourist 401; the safety layer's limits 403/429/400.
 */
export const GbookSaveBody = z.object({
  type: GbookType,
  title: z.string().max(100).default(''),
  actor: z.string().max(60).default(''),
  genres: z.array(z.string().max(30)).max(10).default([]),
  content: z.string().max(GBOOK_CONTENT_MAX).default(''),
  captcha_id: z.string().max(32).default(''),
  captcha: z.string().max(16).default(''),
  pics: z.array(z.string().max(128)).max(10).default([]),
  app_version: z.string().max(32).default(''),
  device: z.string().max(128).default(''),
});
export type GbookSaveBody = z.input<typeof GbookSaveBody>;
export const GbookSaveResponse = ok({ info: GbookItem });

/** gbookField: the genres a request may name, and a fresh captcha (an SVG picture as a data: URL). */
export const GbookFieldResponse = ok({
  info: z.object({
    genres: z.array(z.string()),
    max_genres: z.number().int(),
    captcha: z.object({
      captcha_id: z.string(),
      /** `data:image/svg+xml;base64,...` */
      image: z.string(),
      /** Seconds it stays valid. */
      expires_in: z.number().int(),
    }),
  }),
});
export type GbookFieldInfo = z.infer<typeof GbookFieldResponse>['info'];

export const GbookIdParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });
/** gbookHit: the request's upvotes after the caller's (once per member; again: 400 'Do not repeat the operation'). */
export const GbookHitResponse = ok({ info: z.object({ gbook_id: z.number().int(), gbook_hits: z.number().int() }) });

/** gbookUpload: a stored screenshot: `key` to send in gbookSave's `pics`, `url` to show it. */
export const GbookUploadResponse = ok({ info: z.object({ key: z.string(), url: z.string() }) });

// ---- console ----

export const AdminGbookQuery = z.object({
  type: GbookType.default('request'),
  state: z.enum(['all', ...GBOOK_STATES]).default('all'),
  /** 1 shown, 0 hidden; absent both. */
  status: z.coerce.number().int().min(0).max(1).optional(),
  /** Feedback: only those without a reply. */
  unreplied: flag,
  /** Search in title, actor, content and author name. */
  wd: z.string().max(64).optional(),
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminGbookItem = GbookItem.omit({ hit: true, unread: true }).extend({
  gbook_status: z.number().int(),
  gbook_ip: z.string(),
  user_name: z.string(),
});
export type AdminGbookItem = z.infer<typeof AdminGbookItem>;
export const AdminGbookListResponse = paged(AdminGbookItem);
export const AdminGbookResponse = ok({ info: AdminGbookItem });
/** Resolve a request with a title (the requester gets the badge). */
export const AdminGbookResolveBody = z.object({ vod_id: z.number().int().min(1).max(2147483647) });
/** Reply to a request or feedback (the author gets the badge); '' removes the reply. */
export const AdminGbookReplyBody = z.object({ reply: z.string().trim().max(GBOOK_CONTENT_MAX) });
/** Show (1) or hide (0). */
export const AdminGbookStatusBody = z.object({ status: z.number().int().min(0).max(1) });
