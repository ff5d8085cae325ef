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
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { AppError, badRequest } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { danmaku, danmakuBlock, macUser, macVod } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { DanmakuHub } from './danmaku.hub.ts';

/** Counts hits per key in a fixed window that starts with the first hit; `hit` returns the count including it. */
export interface HitCounter {
  hit(key: string): Promise<number>;
}

/** {@link HitCounter} in this process (an LRU of at most 100 000 keys). */
export class MemoryHitCounter implements HitCounter {
  private hits: LRUCache<string, { n: number }>;
  constructor(windowMs: number) {
    this.hits = new LRUCache({ max: 100_000, ttl: windowMs });
  }
  async hit(key: string): Promise<number> {
    const entry = this.hits.get(key);
    if (entry) return ++entry.n;
    this.hits.set(key, { n: 1 });
    return 1;
  }
}

/**
 * {@link HitCounter} in Redis: INCR plus PEXPIRE NX in one MULTI on `<prefix><key>` (atomic across processes; the
 * window starts at the first hit). Redis errors propagate (the send fails with 500 rather than going unlimited).
 */
export class RedisHitCounter implements HitCounter {
  constructor(
    private redis: Redis,
    private prefix: string,
    private windowMs: number,
  ) {}
  async hit(key: string): Promise<number> {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, this.windowMs, 'NX').exec();
    const err = res?.find(([e]) => e)?.[0];
    if (err) throw err;
    return Number(res?.[0]?.[1] ?? 0);
  }
}

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

/** `%`, `_` and `\` escaped for ILIKE. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  /** Per-user send counter ({@link RedisHitCounter} with REDIS_URL, else {@link MemoryHitCounter}). */
  sendCounter?: HitCounter;
}

type Row = typeof danmaku.$inferSelect;

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
    const where = and(eq(danmaku.vod_id, q.vodId), eq(danmaku.nid, q.nid), eq(danmaku.status, 1));
    const rows = await this.db
      .select({
        barrage_id: danmaku.barrage_id,
        barrage_time_ms: danmaku.barrage_time_ms,
        barrage_text: danmaku.barrage_text,
        barrage_color: danmaku.barrage_color,
      })
      .from(danmaku)
      .where(where)
      .orderBy(desc(danmaku.barrage_id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await this.db.select({ n: count() }).from(danmaku).where(where);
    rows.sort((a, b) => a.barrage_time_ms - b.barrage_time_ms || a.barrage_id - b.barrage_id);
    return { code: 1 as const, msg: 'ok', list: rows.map(item), total: total?.n ?? 0, ...page };
  }

  /** barrageSend as `user` (the session's): validated, rate-limited, saved, published. Returns the item. */
  async send(user: UserRow, input: SendInput): Promise<BarrageItem> {
    if ((await this.opts.barrageState()) !== 1) throw forbidden('danmaku_off');
    const [blocked] = await this.db
      .select({ user_id: danmakuBlock.user_id })
      .from(danmakuBlock)
      .where(eq(danmakuBlock.user_id, user.user_id));
    if (blocked) throw forbidden('danmaku_blocked');
    const text = normalizeText(input.text);
    if (!text) throw badRequest('danmaku_text_empty', {}, 'text');
    if ([...text].length > DANMAKU_TEXT_MAX) throw badRequest('danmaku_text_long', { max: DANMAKU_TEXT_MAX }, 'text');
    if ((await this.counter.hit(`u:${user.user_id}`)) > DANMAKU_USER_MAX) {
      throw new AppError(429, ErrorCode.rateLimited, 'danmaku_too_fast');
    }
    let row: Row | undefined;
    try {
      [row] = await this.db
        .insert(danmaku)
        .values({
          vod_id: input.vodId,
          sid: input.sid,
          nid: input.nid,
          user_id: user.user_id,
          user_name: (user.user_nick_name || user.user_name).slice(0, 32),
          barrage_time_ms: Math.round(input.time * 1000),
          barrage_text: text,
          barrage_color: input.color,
          avatar: user.user_portrait.slice(0, 1024),
        })
        .returning();
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
    const conds: (SQL | undefined)[] = [eq(danmaku.status, 1)];
    const wd = q.wd?.trim();
    if (wd) conds.push(ilike(danmaku.barrage_text, `%${likeEscape(wd)}%`));
    const user = q.user?.trim();
    if (user) {
      conds.push(
        /^\d+$/.test(user)
          ? or(eq(danmaku.user_id, Number(user)), ilike(danmaku.user_name, `%${likeEscape(user)}%`))
          : ilike(danmaku.user_name, `%${likeEscape(user)}%`),
      );
    }
    const vod = q.vod?.trim();
    if (vod) {
      conds.push(
        /^\d+$/.test(vod)
          ? or(eq(danmaku.vod_id, Number(vod)), ilike(macVod.vod_name, `%${likeEscape(vod)}%`))
          : ilike(macVod.vod_name, `%${likeEscape(vod)}%`),
      );
    }
    const where = and(...conds);
    const rows = await this.db
      .select({
        barrage_id: danmaku.barrage_id,
        vod_id: danmaku.vod_id,
        vod_name: macVod.vod_name,
        sid: danmaku.sid,
        nid: danmaku.nid,
        user_id: danmaku.user_id,
        user_name: danmaku.user_name,
        barrage_time_ms: danmaku.barrage_time_ms,
        barrage_text: danmaku.barrage_text,
        barrage_color: danmaku.barrage_color,
        created_at: danmaku.created_at,
        blocked: danmakuBlock.user_id,
      })
      .from(danmaku)
      .innerJoin(macVod, eq(macVod.vod_id, danmaku.vod_id))
      .leftJoin(danmakuBlock, eq(danmakuBlock.user_id, danmaku.user_id))
      .where(where)
      .orderBy(desc(danmaku.barrage_id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const [total] = await this.db
      .select({ n: count() })
      .from(danmaku)
      .innerJoin(macVod, eq(macVod.vod_id, danmaku.vod_id))
      .where(where);
    const n = total?.n ?? 0;
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
    const [row] = await this.db
      .update(danmaku)
      .set({ status: 0 })
      .where(and(eq(danmaku.barrage_id, id), eq(danmaku.status, 1)))
      .returning({ vod_id: danmaku.vod_id, nid: danmaku.nid });
    if (!row) throw new AppError(404, ErrorCode.notFound, 'danmaku_not_found');
    await this.hub.publish({ type: 'delete', vod_id: row.vod_id, nid: row.nid, barrage_id: id });
  }

  /** Blocked users, newest block first. */
  async blocks() {
    const rows = await this.db
      .select({
        user_id: danmakuBlock.user_id,
        user_name: macUser.user_name,
        reason: danmakuBlock.reason,
        created_at: danmakuBlock.created_at,
      })
      .from(danmakuBlock)
      .innerJoin(macUser, eq(macUser.user_id, danmakuBlock.user_id))
      .orderBy(desc(danmakuBlock.created_at), asc(danmakuBlock.user_id));
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }

  /** Block a user from sending (idempotent: a second block keeps the first date and updates the reason). */
  async block(userId: number, reason: string) {
    const [user] = await this.db
      .select({ user_id: macUser.user_id, user_name: macUser.user_name })
      .from(macUser)
      .where(eq(macUser.user_id, userId));
    if (!user) throw new AppError(404, ErrorCode.notFound, 'danmaku_user_not_found');
    const [row] = await this.db
      .insert(danmakuBlock)
      .values({ user_id: userId, reason })
      .onConflictDoUpdate({ target: danmakuBlock.user_id, set: { reason: sql`excluded.reason` } })
      .returning();
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
    const rows = await tx
      .delete(danmaku)
      .where(eq(danmaku.user_id, userId))
      .returning({ barrage_id: danmaku.barrage_id });
    return rows.length;
  }

  /** Lift a block (no-op when the user was not blocked). */
  async unblock(userId: number): Promise<void> {
    await this.db.delete(danmakuBlock).where(eq(danmakuBlock.user_id, userId));
  }
}
