/**
 * Comments on titles (spec §1 "comments, reports, likes", §3 `comment_status`, §5 comment rules, §7 commentList ...
 * commentSave, §9 the daily comment reward; MacCMS mac_comment, research/maccms.md §3.7). Rules here, SQL in
 * comments.repo.ts, transport in comments.routes.ts.
 *
 * - Writes (post, reply, report) pass the community safety layer first ({@link CommentDeps.guard}, the
 *   CommunityService's `guardWrite`: sign-in, guest account, mute, `comment_status` off, per-user and per-IP rate
 *   limits, repeats) and store its word-filtered text. Likes need a signed-in member too (no guest account).
 * - Review-first (community settings `review_first`): a new comment is stored with status 0 and shown once the
 *   operator approves it; the answer's `comment_status` 0 lets the app say "awaiting review".
 * - A comment that becomes shown announces `comment.posted` after commit (comments.events.ts): the points module pays
 *   the daily comment task (plog 22) with the comment id as ref, within the task's daily cap.
 * - Counts stay right: `comment_up` moves with its like row in one transaction; `comment_reply` (shown replies) and
 *   `comment_report` are recounted in the transaction that changes their rows; deleting a top comment deletes its
 *   replies (their likes and reports go by cascade).
 * - Text is stored plain (normalised) and answered plain: the app and the console show it as text (React escaping).
 * - While comments are off (`comment_status` 0) lists and counts are empty.
 * - Deleted users: {@link CommentService.forgetUser} (the accounts module's `user.deleted`, inside its transaction)
 *   clears the user link and the name (clients show their localised "deleted user" for `user_id` 0).
 */

import {
  type AdminCommentItem,
  COMMENT_FIRST_REPLIES,
  COMMENT_REPORT_REASONS,
  COMMENT_STATUS,
  COMMENT_TEXT_MAX,
  type CommentItem,
  type CommentMineItem,
  type CommentReportReason,
  type CommentThread,
  ErrorCode,
} from '@openvod/contract';
import { transaction } from '../../core/db.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import * as repo from './comments.repo.ts';

/** The kinds of writes of the safety layer this service uses. */
export type CommentWriteKind = 'comment' | 'report';

export interface CommentDeps {
  /** The safety layer's check of a write (CommunityService.guardWrite); answers the filtered texts. */
  guard: (input: { user: UserRow | null; ip: string; kind: CommentWriteKind; texts: string[] }) => Promise<string[]>;
  /** Community settings' `review_first`. */
  reviewFirst: () => Promise<boolean>;
  /** App config `comment_status` (1 on, 0 off). */
  commentStatus: () => Promise<number>;
  /** Whether `user` is the device's guest account (accounts' isGuestAccount). */
  isGuest: (user: UserRow) => boolean;
  events: EventBus;
}

/**
 * The stored form of a posted text: control and bidi-override characters dropped, runs of white space collapsed
 * to one space, trimmed.
 */
export function normalizeComment(text: string): string {
  return text
    .replace(/[\p{Cc}\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function toItem(r: repo.ItemRow): CommentItem {
  const c = r.row;
  return {
    comment_id: c.comment_id,
    comment_mid: c.comment_mid,
    comment_rid: c.comment_rid,
    comment_pid: c.comment_pid,
    user_id: c.user_id ?? 0,
    comment_name: c.comment_name,
    user_portrait: r.user_portrait ?? '',
    comment_content: c.comment_content,
    comment_time: iso(c.comment_time),
    comment_status: c.comment_status,
    comment_up: c.comment_up,
    comment_reply: c.comment_reply,
    reply_name: c.comment_pid ? (r.reply_name ?? '') : '',
    digg: Number(r.digg ?? 0),
  };
}

function toAdmin(r: { row: repo.CommentRow; vod_name: string }): AdminCommentItem {
  const c = r.row;
  return {
    comment_id: c.comment_id,
    comment_mid: c.comment_mid,
    comment_rid: c.comment_rid,
    comment_pid: c.comment_pid,
    vod_name: r.vod_name ?? '',
    user_id: c.user_id ?? 0,
    comment_name: c.comment_name,
    comment_ip: c.comment_ip,
    comment_content: c.comment_content,
    comment_time: iso(c.comment_time),
    comment_status: c.comment_status,
    comment_up: c.comment_up,
    comment_reply: c.comment_reply,
    comment_report: c.comment_report,
  };
}

const pageOf = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  pagecount: Math.ceil(total / limit),
});
const ok = { code: 1 as const, msg: 'ok' };
/** 400 'Do not repeat the operation' (the safety layer's key and code). */
const repeated = () => new AppError(400, ErrorCode.conflict, 'conflict');

export interface ListQuery {
  rid?: number;
  mid: number;
  pid?: number;
  user_id?: number;
  order: 'hot' | 'new';
  page: number;
  limit: number;
}

export class CommentService {
  constructor(
    private db: Db,
    private deps: CommentDeps,
  ) {}

  /**
   * commentList (see CommentListQuery): a title's page of top comments each with its first replies, the replies of
   * one comment (`pid`), or a user's shown comments (`user_id`). `viewer` (0 for tourists) gets `digg` flags.
   * 400 when none of rid, pid, user_id is given.
   */
  async list(q: ListQuery, viewer: number) {
    const offset = (q.page - 1) * q.limit;
    const empty = { ...ok, list: [] as CommentThread[], ...pageOf(q.page, q.limit, 0) };
    if ((await this.deps.commentStatus()) !== 1) return empty;
    let res: { rows: repo.ItemRow[]; total: number };
    if (q.pid) res = await repo.repliesPage(this.db, { pid: q.pid, limit: q.limit, offset, viewer });
    else if (q.user_id) {
      const mine = await repo.userPage(this.db, { userId: q.user_id, limit: q.limit, offset, viewer });
      return {
        ...ok,
        list: mine.rows.map((r) => ({ ...toItem(r), vod_name: r.vod_name ?? '', replies: [] })),
        ...pageOf(q.page, q.limit, mine.total),
      };
    } else if (q.rid) {
      res = await repo.titlePage(this.db, { mid: q.mid, rid: q.rid, order: q.order, limit: q.limit, offset, viewer });
      const replies = await repo.firstReplies(
        this.db,
        res.rows.map((r) => r.row.comment_id),
        COMMENT_FIRST_REPLIES,
        viewer,
      );
      const byParent = new Map<number, CommentItem[]>();
      for (const r of replies) {
        const list = byParent.get(r.row.comment_pid) ?? [];
        list.push(toItem(r));
        byParent.set(r.row.comment_pid, list);
      }
      return {
        ...ok,
        list: res.rows.map((r) => ({ ...toItem(r), replies: byParent.get(r.row.comment_id) ?? [] })),
        ...pageOf(q.page, q.limit, res.total),
      };
    } else throw badRequest('validation', { field: 'rid', reason: 'rid | pid | user_id' }, 'rid');
    return { ...ok, list: res.rows.map((r) => ({ ...toItem(r), replies: [] })), ...pageOf(q.page, q.limit, res.total) };
  }

  /** commentCount: a title's shown comments and replies (0 while comments are off). */
  async count(mid: number, rid: number): Promise<number> {
    if ((await this.deps.commentStatus()) !== 1) return 0;
    return repo.titleCount(this.db, mid, rid);
  }

  /**
   * commentSave as `user` from `ip`: a top comment on title `rid`, or a reply to comment `pid` (of the same title;
   * a reply to a reply joins the same top comment and answers its author). Refusals: empty text (400
   * comment_empty), too long (400), the safety layer's (401, 403, 429, 400 repeat), an unknown title or comment
   * (404). Returns the saved item; status 0 under review-first.
   */
  async save(
    user: UserRow | null,
    ip: string,
    input: { rid: number; mid: number; pid?: number; content: string },
  ): Promise<CommentItem> {
    const text = normalizeComment(input.content);
    if (!text) throw badRequest('comment_empty', {}, 'content');
    if ([...text].length > COMMENT_TEXT_MAX)
      throw badRequest('validation', { field: 'content', reason: String(COMMENT_TEXT_MAX) }, 'content');
    const [filtered = text] = await this.deps.guard({ user, ip, kind: 'comment', texts: [text] });
    if (!user) throw unauthorized();
    const content = [...filtered].slice(0, COMMENT_TEXT_MAX).join('');
    let pid = 0;
    let replyUid: number | null = null;
    if (input.pid) {
      const parent = await repo.byId(this.db, input.pid);
      if (
        !parent ||
        parent.comment_status !== COMMENT_STATUS.shown ||
        parent.comment_rid !== input.rid ||
        parent.comment_mid !== input.mid
      )
        throw notFound('comment_not_found');
      pid = parent.comment_pid || parent.comment_id;
      replyUid = parent.user_id && parent.user_id !== user.user_id ? parent.user_id : null;
    } else if (input.mid === 1 && !(await repo.vodExists(this.db, input.rid))) throw notFound('vod_not_found');
    const status = (await this.deps.reviewFirst()) ? COMMENT_STATUS.pending : COMMENT_STATUS.shown;
    const row = await transaction(this.db, async (tx) => {
      const r = await repo.insertComment(tx, {
        comment_mid: input.mid,
        comment_rid: input.rid,
        comment_pid: pid,
        user_id: user.user_id,
        comment_reply_uid: replyUid,
        comment_reply_read: replyUid ? 0 : 1,
        comment_status: status,
        comment_name: (user.user_nick_name || user.user_name).slice(0, 64),
        comment_ip: ip.slice(0, 64),
        comment_content: content,
      });
      if (pid && status === COMMENT_STATUS.shown) await repo.refreshReplyCount(tx, pid);
      return r;
    });
    if (status === COMMENT_STATUS.shown) await this.announcePosted(row);
    const item = await repo.itemById(this.db, row.comment_id, user.user_id);
    if (!item) throw notFound('comment_not_found');
    return toItem(item);
  }

  private async announcePosted(row: repo.CommentRow) {
    if (row.user_id) await this.deps.events.announce('comment.posted', { userId: row.user_id, comment: row });
  }

  /**
   * A signed-in member: 401 `unauthorized` without a session; 403 with code 1401 and the same message for the
   * device's guest account (a 401 would end its session in the app, as in community.service.ts guardWrite).
   */
  private member(user: UserRow | null): UserRow {
    if (!user) throw unauthorized();
    if (this.deps.isGuest(user)) throw new AppError(403, ErrorCode.unauthorized, 'unauthorized');
    return user;
  }

  /**
   * commentDigg: `user` likes shown comment `id` once (404 for an unknown or not shown comment, 400 'Do not repeat
   * the operation' for a second like). Concurrent likes by one user count once. Returns the count after.
   */
  async digg(user: UserRow | null, id: number): Promise<{ comment_id: number; comment_up: number }> {
    const u = this.member(user);
    const c = await repo.byId(this.db, id);
    if (!c || c.comment_status !== COMMENT_STATUS.shown) throw notFound('comment_not_found');
    const up = await transaction(this.db, (tx) => repo.digg(tx, id, u.user_id));
    if (up === undefined) throw repeated();
    return { comment_id: id, comment_up: up };
  }

  /**
   * commentReport: `user` reports comment `id` for `reason` (one of COMMENT_REPORT_REASONS) with an optional text
   * (word-filtered), once (400 repeat). Passes the safety layer as kind 'report'. 404 for an unknown comment.
   */
  async report(user: UserRow | null, ip: string, id: number, reason: CommentReportReason, text: string) {
    if (!COMMENT_REPORT_REASONS.includes(reason)) throw badRequest('validation', { field: 'reason', reason }, 'reason');
    const clean = normalizeComment(text).slice(0, 200);
    const [filtered = ''] = await this.deps.guard({
      user,
      ip,
      kind: 'report',
      texts: [clean || `#${id}:${reason}`],
    });
    const u = this.member(user);
    const c = await repo.byId(this.db, id);
    if (!c) throw notFound('comment_not_found');
    const added = await transaction(this.db, (tx) =>
      repo.report(tx, { commentId: id, userId: u.user_id, reason, text: clean ? filtered : '' }),
    );
    if (!added) throw repeated();
  }

  /** commentDelete: `user` deletes their own comment `id` (a top comment with its replies); 404 otherwise. */
  async deleteOwn(user: UserRow | null, id: number): Promise<void> {
    const u = this.member(user);
    await transaction(this.db, async (tx) => {
      const c = await repo.byId(tx, id);
      if (!c || c.user_id !== u.user_id) throw notFound('comment_not_found');
      await repo.deleteComment(tx, id);
      if (c.comment_pid) await repo.refreshReplyCount(tx, c.comment_pid);
    });
  }

  /** commentMine / commentReplies: the review centre's pages. */
  async review(user: UserRow, kind: 'mine' | 'replies', page: number, limit: number) {
    const { rows, total } = await repo.reviewPage(this.db, {
      userId: user.user_id,
      kind,
      limit,
      offset: (page - 1) * limit,
    });
    const list: CommentMineItem[] = rows.map((r) => ({
      ...toItem(r),
      vod_name: r.vod_name ?? '',
      comment_reply_read: r.row.comment_reply_read,
    }));
    return { ...ok, list, ...pageOf(page, limit, total) };
  }

  /** commentReadReplies: every reply to `user` seen. */
  async readReplies(user: UserRow): Promise<void> {
    await repo.markRepliesRead(this.db, user.user_id);
  }

  /** commentUserCount. */
  async userCounts(user: UserRow) {
    return repo.userCounts(this.db, user.user_id);
  }

  /** Console: the comment search. */
  async adminList(q: { vod?: string; user?: string; status?: number; page: number; limit: number }) {
    const { rows, total } = await repo.adminSearch(this.db, { ...q, offset: (q.page - 1) * q.limit });
    return { ...ok, list: rows.map(toAdmin), ...pageOf(q.page, q.limit, total) };
  }

  /**
   * Console: approve (1) or hide (2) comment `id`; the top comment's reply count follows, and a first approval of a
   * comment that waited for review announces `comment.posted` (the task pays once per comment: ledger key).
   */
  async setStatus(id: number, status: 1 | 2): Promise<AdminCommentItem> {
    const before = await transaction(this.db, async (tx) => {
      const c = await repo.byId(tx, id);
      if (!c) throw notFound('comment_not_found');
      const after = await repo.setStatus(tx, id, status);
      if (c.comment_pid) await repo.refreshReplyCount(tx, c.comment_pid);
      if (status === COMMENT_STATUS.hidden) await repo.resolveReports(tx, id, 'hidden');
      return { c, after };
    });
    if (before.c.comment_status === COMMENT_STATUS.pending && status === COMMENT_STATUS.shown && before.after)
      await this.announcePosted(before.after);
    const row = await repo.adminById(this.db, id);
    if (!row) throw notFound('comment_not_found');
    return toAdmin(row);
  }

  /** Console: delete comment `id` (with its replies when it is a top comment). */
  async adminDelete(id: number): Promise<void> {
    await transaction(this.db, async (tx) => {
      const c = await repo.deleteComment(tx, id);
      if (!c) throw notFound('comment_not_found');
      if (c.comment_pid) await repo.refreshReplyCount(tx, c.comment_pid);
    });
  }

  /** Console: the report queue of `state`. */
  async reportQueue(q: { state: string; page: number; limit: number }) {
    const { rows, details, total } = await repo.reportQueue(this.db, { ...q, offset: (q.page - 1) * q.limit });
    const list = rows.map((r) => {
      const mine = details.filter((d) => d.comment_id === r.row.comment_id);
      const reasons = COMMENT_REPORT_REASONS.map((reason) => ({
        reason,
        count: mine.filter((d) => d.reason === reason).length,
      })).filter((x) => x.count > 0);
      return {
        ...toAdmin(r),
        reports: Number(r.reports),
        reasons,
        texts: mine
          .map((d) => d.text)
          .filter(Boolean)
          .slice(0, 5),
      };
    });
    return { ...ok, list, ...pageOf(q.page, q.limit, total) };
  }

  /** Console: resolve comment `id`'s open reports by hiding the comment (status 2) or dismissing them. */
  async resolveReports(id: number, action: 'hide' | 'dismiss'): Promise<void> {
    if (action === 'hide') {
      await this.setStatus(id, COMMENT_STATUS.hidden);
      return;
    }
    const c = await repo.byId(this.db, id);
    if (!c) throw notFound('comment_not_found');
    await repo.resolveReports(this.db, id, 'dismissed');
  }

  /** `user.deleted`: anonymise the user's comments inside the deletion transaction `tx`. */
  async forgetUser(tx: Db, userId: number): Promise<void> {
    await repo.anonymiseUser(tx, userId, '');
  }
}
