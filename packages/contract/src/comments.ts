/**
 * Schemas of the comment calls (spec §1 "comments, reports, likes", §3 app config `comment_status`, §5 "Comment,
 * report and delete ask for confirmation", 'Do not repeat the operation', 'Please do not operate frequently', §7
 * commentList, commentCount, commentDigg, commentReport, commentDelete, commentSave; MacCMS `mac_comment`,
 * research/maccms.md §3.7).
 *
 * - `comment_mid` 1 = a title (`vod_id` in `comment_rid`); `comment_pid` 0 a top comment, else the top comment a
 *   reply belongs to (one level of replies).
 * - `comment_status`: 0 awaiting review, 1 shown, 2 hidden by the operator ({@link COMMENT_STATUS}).
 * - Text: 1-{@link COMMENT_TEXT_MAX} characters after trimming; control characters dropped, white space collapsed;
 *   words of the operator's list come back as `***`. Answered as plain text: clients show it as text, never as HTML.
 * - Times ISO 8601.
 */
import { z } from 'zod';
import { ok, paged } from './envelope.ts';

/** MacCMS module id of titles (comment_mid). */
export const COMMENT_MID_VOD = 1;
/** Longest comment (characters, after trimming; mac_comment.comment_content is 255). */
export const COMMENT_TEXT_MAX = 255;
/** Replies shown under each top comment of commentList. */
export const COMMENT_FIRST_REPLIES = 3;
export const COMMENT_STATUS = { pending: 0, shown: 1, hidden: 2 } as const;
/** Reasons a comment may be reported for (commentReport `reason`). */
export const COMMENT_REPORT_REASONS = ['spam', 'abuse', 'porn', 'illegal', 'spoiler', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];
/** A report's state: open until the operator hides the comment or dismisses its reports. */
export const COMMENT_REPORT_STATES = ['open', 'hidden', 'dismissed'] as const;
export type CommentReportState = (typeof COMMENT_REPORT_STATES)[number];

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** One comment as the app shows it. `user_id` 0 once its author deleted the account. */
export const CommentItem = z.object({
  comment_id: z.number().int(),
  comment_mid: z.number().int(),
  comment_rid: z.number().int(),
  comment_pid: z.number().int(),
  user_id: z.number().int(),
  comment_name: z.string(),
  /** The author's portrait URL ('' for none). */
  user_portrait: z.string(),
  comment_content: z.string(),
  comment_time: z.string(),
  comment_status: z.number().int(),
  comment_up: z.number().int(),
  comment_reply: z.number().int(),
  /** Name of the author answered by this reply ('' for top comments and replies to the top comment's author). */
  reply_name: z.string(),
  /** 1 when the caller liked it (0 for tourists). */
  digg: z.number().int(),
  /**
   * The title's name, in a user's list only (commentList `user_id`, the personal homepage, where a comment needs
   * the title it is about; '' when the title is gone). Absent from a title's own lists.
   */
  vod_name: z.string().optional(),
});
export type CommentItem = z.infer<typeof CommentItem>;
/** A top comment with its first {@link COMMENT_FIRST_REPLIES} shown replies (oldest first). */
export const CommentThread = CommentItem.extend({ replies: z.array(CommentItem) });
export type CommentThread = z.infer<typeof CommentThread>;

/**
 * commentList query, three uses: a title's shown top comments (`rid`, `mid`, `order` hot = most liked first, new =
 * newest first), the shown replies of one comment (`pid`, oldest first), or a user's shown public comments
 * (`user_id`, newest first; for the personal homepage). `limit` at most 50.
 */
export const CommentListQuery = z.object({
  rid: id.optional(),
  mid: z.coerce.number().int().min(1).max(99).default(COMMENT_MID_VOD),
  pid: id.optional(),
  user_id: id.optional(),
  order: z.enum(['hot', 'new']).default('new'),
  page,
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const CommentListResponse = paged(CommentThread);
export type CommentListResponse = z.infer<typeof CommentListResponse>;

/** commentCount query: a title's (`rid`, `mid`) shown comments, replies included. */
export const CommentCountQuery = z.object({
  rid: id,
  mid: z.coerce.number().int().min(1).max(99).default(COMMENT_MID_VOD),
});
export const CommentCountResponse = ok({ info: z.object({ total: z.number().int() }) });

/** The signed-in user's comment counts (Me page, review centre badge). */
export const CommentUserCountResponse = ok({
  info: z.object({
    /** Comments and replies the user wrote (every status). */
    comment_num: z.number().int(),
    /** Shown replies others wrote to the user. */
    reply_num: z.number().int(),
    /** Of those, not yet seen in the review centre. */
    unread: z.number().int(),
  }),
});

/** commentSave body: `rid` (+ `mid`) for a top comment, `pid` (a comment of the same title) for a reply. */
export const CommentSaveBody = z.object({
  rid: id,
  mid: z.coerce.number().int().min(1).max(99).default(COMMENT_MID_VOD),
  pid: id.optional(),
  content: z.string().max(2000),
});
/** The saved comment; `comment_status` 0 means it waits for the operator's review (the app says so). */
export const CommentSaveResponse = ok({ info: CommentItem });

export const CommentIdParams = z.object({ id });
/** commentDigg: the comment's like count after the caller's like. A second like answers 400 'Do not repeat'. */
export const CommentDiggResponse = ok({
  info: z.object({ comment_id: z.number().int(), comment_up: z.number().int() }),
});
/** commentReport query: a reason and an optional text (at most 200 characters). */
export const CommentReportQuery = z.object({
  reason: z.enum(COMMENT_REPORT_REASONS),
  text: z.string().max(200).default(''),
});
export const CommentPagedQuery = z.object({ page, limit: z.coerce.number().int().min(1).max(50).default(20) });
/** commentMine / commentReplies: the user's own comments (any status) or the replies to them. */
export const CommentMineResponse = paged(
  CommentItem.extend({
    /** The title's name ('' when unknown). */
    vod_name: z.string(),
    /** commentReplies: 0 while unseen. */
    comment_reply_read: z.number().int(),
  }),
);
export type CommentMineItem = z.infer<typeof CommentMineResponse>['list'][number];

/** Console: comments filtered by title (id or part of its name), user (id or part of the name) and status. */
export const AdminCommentQuery = z.object({
  vod: z.string().max(100).optional(),
  user: z.string().max(100).optional(),
  status: z.coerce.number().int().min(0).max(2).optional(),
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminCommentItem = z.object({
  comment_id: z.number().int(),
  comment_mid: z.number().int(),
  comment_rid: z.number().int(),
  comment_pid: z.number().int(),
  vod_name: z.string(),
  user_id: z.number().int(),
  comment_name: z.string(),
  comment_ip: z.string(),
  comment_content: z.string(),
  comment_time: z.string(),
  comment_status: z.number().int(),
  comment_up: z.number().int(),
  comment_reply: z.number().int(),
  comment_report: z.number().int(),
});
export type AdminCommentItem = z.infer<typeof AdminCommentItem>;
export const AdminCommentListResponse = paged(AdminCommentItem);
export const AdminCommentStatusBody = z.object({ status: z.union([z.literal(1), z.literal(2)]) });
export const AdminCommentResponse = ok({ info: AdminCommentItem });

/** Console report queue: one row per reported comment with its open (or resolved) reports by reason. */
export const AdminCommentReportQuery = z.object({
  state: z.enum(COMMENT_REPORT_STATES).default('open'),
  page,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const AdminCommentReportItem = AdminCommentItem.extend({
  /** Reports of this comment in the asked state. */
  reports: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(COMMENT_REPORT_REASONS), count: z.number().int() })),
  /** Texts the reporters added (at most 5, newest first). */
  texts: z.array(z.string()),
});
export type AdminCommentReportItem = z.infer<typeof AdminCommentReportItem>;
export const AdminCommentReportListResponse = paged(AdminCommentReportItem);
/** Resolve a comment's open reports: hide the comment (status 2) or dismiss the reports. */
export const AdminCommentReportResolveBody = z.object({ action: z.enum(['hide', 'dismiss']) });
