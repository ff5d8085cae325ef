/**
 * Danmaku (spec §3 "Danmaku", §4 "Danmaku send", §5, §7 barrageList / barrageSend, §9; issue 5 items 3 and 6).
 *
 * - {@link DanmakuService.list}: an episode's danmaku (`vod_id` + `nid`, shared by every line `sid`), at most 1000
 *   per page (spec §5). A page holds the newest danmaku (so a busy episode shows its latest 1000), answered in order
 *   of playback time. Empty while the operator has danmaku off (`app_barrage_state` 0).
 * - {@link DanmakuService.send}: refuses, in this order, with the caller's language: danmaku off (403
 *   `danmaku_off`), a user the operator blocked (403 `danmaku_blocked`), empty text (400), text over
 *   {@link DANMAKU_TEXT_MAX} characters (400), more than {@link DANMAKU_USER_MAX} sends in
 *   {@link DANMAKU_USER_WINDOW_MS} by the user (429 `danmaku_too_fast`; shared by every process through Redis when
 *   REDIS_URL is set), an unknown title (404). The sender, its name and avatar come from the session, never from the
 *   body. The saved danmaku is published on the live channel ({@link DanmakuHub}).
 * - Text: stored as typed after {@link normalizeText}; answered HTML-escaped ({@link escapeHtml}) to the app and the
 *   live channel; the console gets the plain text.
 * - Console: search, remove (status 0; also dropped from current viewers' screens), block and unblock users.
 */
import {
  type BarrageItem,
  DANMAKU_TEXT_MAX,
  DANMAKU_USER_MAX,
  DANMAKU_USER_WINDOW_MS,
  ErrorCode,
} from '@openvod/contract';
import { AppError, badRequest } from '../../core/errors.ts';
import { type HitCounter, MemoryHitCounter } from '../../core/hit-counter.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { DanmakuHub } from './danmaku.hub.ts';
import * as repo from './danmaku.repo.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `&`, `<`, `>`, `"`, `'` as HTML entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/**
 * The stored form of a posted text: control and bidi-override characters dropped, runs of white space collapsed
 * to one space, trimmed.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/[\p{Cc}\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

export interface SendInput {
  vodId: number;
  sid: number;
  nid: number;
  /** Seconds. */
  time: number;
  text: string;
  /** `#rrggbb`, lower case. */
  color: string;
}

export interface AdminQuery {
  wd?: string;
  user?: string;
  vod?: string;
  page: number;
  limit: number;
}

export interface DanmakuOptions {
  /** `app_barrage_state` of the operator's app config (1 on, 0 off), read on every call (cached by appconfig). */
  barrageState: () => Promise<number>;
  /** Per-user send counter (RedisHitCounter of core/hit-counter.ts with REDIS_URL, else MemoryHitCounter). */
  sendCounter?: HitCounter;
}

type Row = repo.DanmakuRow;

const item = (r: Pick<Row, 'barrage_id' | 'barrage_time_ms' | 'barrage_text' | 'barrage_color'>): BarrageItem => ({
  barrage_id: r.barrage_id,
  barrage_time: r.barrage_time_ms / 1000,
  barrage_text: escapeHtml(r.barrage_text),
  barrage_color: r.barrage_color,
});

const forbidden = (key: 'danmaku_off' | 'danmaku_blocked') => new AppError(403, ErrorCode.forbidden, key);

export class DanmakuService {
  private counter: HitCounter;

  constructor(
    private db: Db,
    private hub: DanmakuHub,
    private opts: DanmakuOptions,
  ) {
    this.counter = opts.sendCounter ?? new MemoryHitCounter(DANMAKU_USER_WINDOW_MS);
  }

  /** barrageList: page `page` of at most `limit` (≤ 1000) of the newest danmaku, ordered by playback time. */
  async list(q: { vodId: number; nid: number; page: number; limit: number }) {
    const page = { page: q.page, limit: q.limit };
    if ((await this.opts.barrageState()) !== 1) return { code: 1 as const, msg: 'ok', list: [], total: 0, ...page };
    const { rows, total } = await repo.episodePage(this.db, {
      vodId: q.vodId,
      nid: q.nid,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    rows.sort((a, b) => a.barrage_time_ms - b.barrage_time_ms || a.barrage_id - b.barrage_id);
    return { code: 1 as const, msg: 'ok', list: rows.map(item), total, ...page };
  }

  /** barrageSend as `user` (the session's): validated, rate-limited, saved, published. Returns the item. */
  async send(user: UserRow, input: SendInput): Promise<BarrageItem> {
    if ((await this.opts.barrageState()) !== 1) throw forbidden('danmaku_off');
    if (await repo.isBlocked(this.db, user.user_id)) throw forbidden('danmaku_blocked');
    const text = normalizeText(input.text);
    if (!text) throw badRequest('danmaku_text_empty', {}, 'text');
    if ([...text].length > DANMAKU_TEXT_MAX) throw badRequest('danmaku_text_long', { max: DANMAKU_TEXT_MAX }, 'text');
    if ((await this.counter.hit(`u:${user.user_id}`)) > DANMAKU_USER_MAX) {
      throw new AppError(429, ErrorCode.rateLimited, 'danmaku_too_fast');
    }
    let row: Row | undefined;
    try {
      row = await repo.insertDanmaku(this.db, {
        vod_id: input.vodId,
        sid: input.sid,
        nid: input.nid,
        user_id: user.user_id,
        user_name: (user.user_nick_name || user.user_name).slice(0, 32),
        barrage_time_ms: Math.round(input.time * 1000),
        barrage_text: text,
        barrage_color: input.color,
        avatar: user.user_portrait.slice(0, 1024),
      });
    } catch (err) {
      // The title does not exist (foreign key danmaku_vod_id_mac_vod_vod_id_fk).
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23503') throw new AppError(404, ErrorCode.notFound, 'vod_not_found');
      throw err;
    }
    if (!row) throw new Error('insert returned no row');
    const out = item(row);
    await this.hub.publish({ type: 'barrage', vod_id: row.vod_id, nid: row.nid, item: out });
    return out;
  }

  /** Console search, newest first. */
  async adminList(q: AdminQuery) {
    const { rows, total: n } = await repo.search(this.db, {
      wd: q.wd?.trim(),
      user: q.user?.trim(),
      vod: q.vod?.trim(),
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return {
      code: 1 as const,
      msg: 'ok',
      list: rows.map(({ barrage_time_ms, blocked, created_at, ...r }) => ({
        ...r,
        barrage_time: barrage_time_ms / 1000,
        created_at: created_at.toISOString(),
        user_blocked: blocked !== null,
      })),
      page: q.page,
      pagecount: Math.ceil(n / q.limit),
      limit: q.limit,
      total: n,
    };
  }

  /** Remove a danmaku (status 0) and drop it from current viewers' screens. 404 when there is no such shown one. */
  async remove(id: number): Promise<void> {
    const row = await repo.hide(this.db, id);
    if (!row) throw new AppError(404, ErrorCode.notFound, 'danmaku_not_found');
    await this.hub.publish({ type: 'delete', vod_id: row.vod_id, nid: row.nid, barrage_id: id });
  }

  /** Blocked users, newest block first. */
  async blocks() {
    const rows = await repo.blocks(this.db);
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }

  /** Block a user from sending (idempotent: a second block keeps the first date and updates the reason). */
  async block(userId: number, reason: string) {
    const user = await repo.userName(this.db, userId);
    if (!user) throw new AppError(404, ErrorCode.notFound, 'danmaku_user_not_found');
    const row = await repo.upsertBlock(this.db, userId, reason);
    if (!row) throw new Error('block returned no row');
    return {
      user_id: row.user_id,
      user_name: user.user_name,
      reason: row.reason,
      created_at: row.created_at.toISOString(),
    };
  }

  /**
   * Account deletion (the `user.deleted` event, inside the deletion transaction `tx`; spec §4 "Account deletion"):
   * every danmaku the user sent goes, with the name and avatar copied into it. Idempotent (a retried deletion finds
   * none). Returns how many were removed. Viewers already playing the episode keep them on screen until they reload;
   * the operator's block of the user (danmaku_block) stays with the anonymised account.
   */
  async forgetUser(tx: Db, userId: number): Promise<number> {
    return repo.deleteByUser(tx, userId);
  }

  /** Lift a block (no-op when the user was not blocked). */
  async unblock(userId: number): Promise<void> {
    await repo.deleteBlock(this.db, userId);
  }
}
