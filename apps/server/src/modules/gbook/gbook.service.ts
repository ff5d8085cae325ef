/**
 * Rules of movie requests and feedback (spec §1, §3 Movie request, §4 "requesting, then resolved", §5 feedback and
 * request rules; issue "community" items 3, 4, 7, 8). No SQL here: gbook.repo.ts.
 *
 * - Writing (gbookSave, gbookHit, gbookUpload) is for members: no session answers 401, the device's guest
 *   account 403 with code 1401 (both 'Unauthorized, please log in', as the safety layer answers).
 *   gbookSave then goes through the community safety layer ({@link WriteGuard}: mutes, per-user and per-IP limits
 *   'Please do not operate frequently', 'Do not repeat the operation', the operator's word list as `***`).
 * - A request names a title, a lead actor, 1-3 genres out of {@link GbookService.genres} and the answer of a captcha
 *   drawn by gbookField for the same member (one attempt, expires after GBOOK_CAPTCHA_TTL_S).
 * - Feedback needs a clear description (contract `isClearFeedback`), may carry up to GBOOK_MAX_PICS screenshots the
 *   member uploaded (re-encoded JPEG on the storage port under `gbook/<user_id>-<hex>.jpg`).
 * - The operator resolves a request with a title, replies to either, hides or shows them; each resolution or reply
 *   sets the author's unread flag (the badge), cleared when the author lists their own.
 */
import { randomBytes } from 'node:crypto';
import {
  type AdminGbookItem,
  type AdminGbookQuery,
  ErrorCode,
  GBOOK_CAPTCHA_TTL_S,
  GBOOK_MAX_GENRES,
  GBOOK_MAX_PICS,
  GBOOK_PIC_MAX_SIDE,
  type GbookFieldInfo,
  type GbookItem,
  type GbookSaveBody,
  type GbookViewQuery,
  type GbookViewResponse,
  isClearFeedback,
} from '@openvod/contract';
import type { z } from 'zod';
import { type Db, transaction } from '../../core/db.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../core/errors.ts';
import type { FileStorage } from '../../core/storage.ts';
import { loadSharp } from '../../lib/sharp.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { drawCaptcha, recordTestAnswer, svgDataUrl } from './gbook.captcha.ts';
import * as repo from './gbook.repo.ts';

/** The part of the community safety layer (modules/community) that gbook writes go through. */
export interface WriteGuard {
  /**
   * Check that `user` may write `kind` now and return `texts` word-filtered; throws the layer's AppError (401 tourist,
   * 403 muted, 429 too frequent, 400 repeat).
   */
  guardWrite(input: {
    user: UserRow | null;
    ip: string;
    kind: 'request' | 'feedback';
    texts: string[];
  }): Promise<string[]>;
}

export interface GbookDeps {
  /** The safety layer, read at call time (late-bound: modules/community). */
  guard: () => WriteGuard;
  /** Whether a user row is the device's automatic guest account (modules/accounts). */
  isGuest: (u: UserRow) => boolean;
  /**
   * The feed-only categories' ids (short video, small video, wallpaper gallery, live TV: spec §3 app_*_typeid,
   * modules/content specialTypes), whose names are no genre of a title one requests. Default none.
   */
  feedTypeIds?: () => Promise<number[]>;
  storage: FileStorage;
  /** TEST_CAPTCHA_FILE (gbook.captcha.ts); undefined in production. */
  captchaFile?: string;
  now?: () => Date;
}

type ViewQuery = z.output<typeof GbookViewQuery>;
type SaveBody = z.output<typeof GbookSaveBody>;
type AdminQuery = z.output<typeof AdminGbookQuery>;

const STATE_OF = { requesting: 0, resolved: 1 } as const;
/** Storage keys of screenshots: `gbook/<user_id>-<16 hex>.jpg`. */
const PIC_KEY = /^gbook\/(\d+)-[0-9a-f]{16}\.jpg$/;

/** A screenshot's public address. */
export const picUrl = (key: string) => `/media/${key}`;

/** Formats a screenshot may come in (read by sharp from the bytes, never from the name or declared type). */
const PIC_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Re-encode a screenshot: orientation applied, within GBOOK_PIC_MAX_SIDE a side, flattened on white, JPEG quality
 * 82, metadata (EXIF, GPS, ICC) dropped. 400 gbook_pic_type for anything but JPEG/PNG/WebP, gbook_pic_invalid when
 * it does not decode.
 */
export async function reencodeScreenshot(buf: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw badRequest('gbook_pic_type', {}, 'file');
  }
  if (!format || !PIC_FORMATS.has(format)) throw badRequest('gbook_pic_type', {}, 'file');
  try {
    return await sharp(buf, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(GBOOK_PIC_MAX_SIDE, GBOOK_PIC_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('gbook_pic_invalid', {}, 'file');
  }
}

function toItem(r: repo.GbookJoined, viewer: number): GbookItem {
  const own = viewer > 0 && r.user_id === viewer;
  return {
    gbook_id: r.gbook_id,
    gbook_type: r.gbook_type as GbookItem['gbook_type'],
    user_id: r.user_id,
    gbook_name: r.gbook_name,
    gbook_content: r.gbook_content,
    gbook_reply: r.gbook_reply,
    gbook_time: r.gbook_time.toISOString(),
    gbook_reply_time: r.gbook_reply_time ? r.gbook_reply_time.toISOString() : null,
    gbook_title: r.gbook_title,
    gbook_actor: r.gbook_actor,
    gbook_genres: r.gbook_genres,
    gbook_hits: r.gbook_hits,
    gbook_state: r.gbook_state === 1 ? 'resolved' : 'requesting',
    vod_id: r.vod_name === null ? 0 : r.vod_id,
    vod_name: r.vod_name ?? '',
    vod_pic: r.vod_pic ?? '',
    // Feedback is private: its screenshots, version and device go only to its author (and the console).
    pics: own ? r.gbook_pics.map(picUrl) : [],
    gbook_app_version: own ? r.gbook_app_version : '',
    gbook_device: own ? r.gbook_device : '',
    hit: r.hit,
    unread: own && r.gbook_unread,
  };
}

function toAdminItem(r: repo.GbookJoined): AdminGbookItem {
  const { hit: _h, unread: _u, ...base } = toItem(r, r.user_id || -1);
  return { ...base, gbook_status: r.gbook_status, gbook_ip: r.gbook_ip, user_name: r.user_name ?? '' };
}

const pageOf = (total: number, page: number, limit: number) => ({
  page,
  limit,
  total,
  pagecount: Math.max(1, Math.ceil(total / limit)),
});

export class GbookService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly deps: GbookDeps,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * A member, as the safety layer tells one (modules/community guardWrite): 401 'Unauthorized, please log in' without
   * a session; 403 with code 1401 and the same message for the device's guest account (a 401 would end its session
   * in the app: apps/web/src/lib/api.ts onUnauthorized).
   */
  private member(user: UserRow | undefined | null): UserRow {
    if (!user) throw unauthorized();
    if (this.deps.isGuest(user)) throw new AppError(403, ErrorCode.unauthorized, 'unauthorized');
    return user;
  }

  /**
   * gbookView (see GbookViewQuery): requests of everybody (shown only) or the caller's own; feedback always the
   * caller's own. Own rows listed (mine=1, feedback) are marked read after the answer is built (their `unread`
   * shows in it once); the community list and a single request (`id`) never mark or show them.
   * 401 unauthorized for mine/feedback without a session, 403 (code 1401) for the device's guest; 404
   * gbook_not_found for an unknown `id`.
   */
  async view(user: UserRow | undefined, q: ViewQuery): Promise<GbookViewResponse> {
    const own = q.mine === 1 || q.type === 'feedback';
    const me = own ? this.member(user) : user;
    const viewer = me?.user_id ?? 0;
    const { rows, total } = await repo.listGbook(this.db, {
      type: q.type,
      userId: own ? viewer : undefined,
      status: own ? undefined : 1,
      state: q.state === 'all' ? undefined : STATE_OF[q.state],
      id: q.id,
      order: q.order,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
      viewer,
    });
    if (q.id !== undefined && rows.length === 0) throw notFound('gbook_not_found');
    // Only the caller's own lists (mine, feedback) show and clear the unread marks: the community list and a
    // request's page leave them to "My requests", where the badges lead.
    const list = rows.map((r) => (own ? toItem(r, viewer) : { ...toItem(r, viewer), unread: false }));
    const unread = list.filter((i) => i.unread).map((i) => i.gbook_id);
    if (unread.length && viewer) await repo.markRead(this.db, viewer, unread);
    return { code: 1, msg: 'ok', list, ...pageOf(total, q.page, q.limit) };
  }

  /** The member's unread resolutions and replies (the Me page's badges). */
  async unread(user: UserRow): Promise<{ request: number; feedback: number }> {
    return repo.unreadCounts(this.db, user.user_id);
  }

  /**
   * The genres a request may name: the shown categories' names and the class values of their filters
   * (`type_extend.class`), without repeats, in the catalogue's order; the feed-only categories (and their
   * sub-categories) left out.
   */
  async genres(): Promise<string[]> {
    const out = new Set<string>();
    const feeds = new Set((await this.deps.feedTypeIds?.()) ?? []);
    for (const src of await repo.genreSources(this.db)) {
      if (feeds.has(src.type_id) || feeds.has(src.type_pid)) continue;
      if (src.type_name.trim()) out.add(src.type_name.trim());
      for (const c of src.classes.split(/[,，]/)) if (c.trim()) out.add(c.trim());
    }
    return [...out].slice(0, 200);
  }

  /** gbookField: the genres and a new captcha for member `user` (its answer kept server-side). */
  async field(user: UserRow): Promise<GbookFieldInfo> {
    const me = this.member(user);
    const now = this.now();
    await repo.purgeCaptchas(this.db, now);
    const { svg, answer } = await drawCaptcha();
    const captchaId = randomBytes(12).toString('hex');
    await repo.insertCaptcha(this.db, {
      captcha_id: captchaId,
      user_id: me.user_id,
      answer,
      expires_at: new Date(now.getTime() + GBOOK_CAPTCHA_TTL_S * 1000),
    });
    if (this.deps.captchaFile) recordTestAnswer(this.deps.captchaFile, captchaId, answer);
    return {
      genres: await this.genres(),
      max_genres: GBOOK_MAX_GENRES,
      captcha: { captcha_id: captchaId, image: svgDataUrl(svg), expires_in: GBOOK_CAPTCHA_TTL_S },
    };
  }

  /** Check (and spend) the captcha answer; 400 gbook_captcha_wrong / gbook_captcha_expired. */
  private async checkCaptcha(userId: number, id: string, answer: string): Promise<void> {
    const row = id ? await repo.takeCaptcha(this.db, id, userId) : undefined;
    if (!row) throw badRequest('gbook_captcha_wrong', {}, 'captcha');
    if (row.expires_at.getTime() < this.now().getTime()) throw badRequest('gbook_captcha_expired', {}, 'captcha');
    if (row.answer !== answer.trim().toLowerCase()) throw badRequest('gbook_captcha_wrong', {}, 'captcha');
  }

  /** The request's genres, trimmed and without repeats; 400 when empty, more than three or not offered. */
  private async checkGenres(genres: string[]): Promise<string[]> {
    const picked = [...new Set(genres.map((g) => g.trim()).filter(Boolean))];
    if (!picked.length) throw badRequest('gbook_request_required', {}, 'genres');
    if (picked.length > GBOOK_MAX_GENRES) throw badRequest('gbook_genres_max', {}, 'genres');
    const offered = new Set(await this.genres());
    if (picked.some((g) => !offered.has(g))) throw badRequest('gbook_genre_unknown', {}, 'genres');
    return picked;
  }

  /** The feedback's screenshot keys: the member's own uploads, still stored; 400 otherwise. */
  private async checkPics(userId: number, pics: string[]): Promise<string[]> {
    const keys = [...new Set(pics)];
    if (keys.length > GBOOK_MAX_PICS) throw badRequest('gbook_pics_max', { max: GBOOK_MAX_PICS }, 'pics');
    for (const key of keys) {
      const m = PIC_KEY.exec(key);
      if (!m || Number(m[1]) !== userId) throw badRequest('gbook_pic_unknown', {}, 'pics');
      const obj = await this.deps.storage.get(key);
      if (!obj) throw badRequest('gbook_pic_unknown', {}, 'pics');
      obj.body.destroy();
    }
    return keys;
  }

  /**
   * gbookSave: file a request or feedback for member `user` from `ip` (see the module comment for the rules). The
   * order of checks: member, the spec's field rules, the captcha (spent even when a later check fails), then the
   * safety layer, whose filtered texts are stored. Returns the stored row as the author sees it.
   */
  async save(user: UserRow | undefined, ip: string, body: SaveBody): Promise<GbookItem> {
    const me = this.member(user);
    const content = body.content.trim();
    let row: repo.GbookRow;
    if (body.type === 'request') {
      const title = body.title.trim();
      const actor = body.actor.trim();
      if (!title) throw badRequest('gbook_request_required', {}, 'title');
      if (!actor) throw badRequest('gbook_request_required', {}, 'actor');
      const genres = await this.checkGenres(body.genres);
      await this.checkCaptcha(me.user_id, body.captcha_id, body.captcha);
      const [fTitle = '', fActor = '', fContent = ''] = await this.deps
        .guard()
        .guardWrite({ user: me, ip, kind: 'request', texts: [title, actor, content] });
      row = await repo.insertGbook(this.db, {
        gbook_type: 'request',
        user_id: me.user_id,
        gbook_name: me.user_nick_name || me.user_name,
        gbook_ip: ip.slice(0, 45),
        gbook_title: fTitle.slice(0, 100),
        gbook_actor: fActor.slice(0, 60),
        gbook_genres: genres,
        gbook_content: fContent,
        gbook_time: this.now(),
      });
    } else {
      if (!isClearFeedback(content)) throw badRequest('gbook_feedback_unclear', {}, 'content');
      const pics = await this.checkPics(me.user_id, body.pics);
      const [fContent = ''] = await this.deps.guard().guardWrite({ user: me, ip, kind: 'feedback', texts: [content] });
      row = await repo.insertGbook(this.db, {
        gbook_type: 'feedback',
        user_id: me.user_id,
        gbook_name: me.user_nick_name || me.user_name,
        gbook_ip: ip.slice(0, 45),
        gbook_content: fContent,
        gbook_pics: pics,
        gbook_app_version: body.app_version.trim().slice(0, 32),
        gbook_device: body.device.trim().slice(0, 128),
        gbook_time: this.now(),
      });
    }
    return toItem({ ...row, vod_name: null, vod_pic: null, user_name: me.user_name, hit: false }, me.user_id);
  }

  /**
   * gbookHit: member `user` upvotes shown request `id`, once (concurrent upvotes of one member count once: the
   * (request, member) key). 404 gbook_not_found; 400 conflict ('Do not repeat the operation') when already
   * upvoted. Returns the upvotes after.
   */
  async hit(user: UserRow, id: number): Promise<{ gbook_id: number; gbook_hits: number }> {
    const me = this.member(user);
    const row = await repo.gbookById(this.db, id);
    if (row?.gbook_type !== 'request' || row.gbook_status !== 1) throw notFound('gbook_not_found');
    const r = await transaction(this.db, (tx) => repo.addHit(tx, id, me.user_id));
    if (!r.counted) throw new AppError(400, ErrorCode.conflict, 'conflict');
    return { gbook_id: id, gbook_hits: r.hits };
  }

  /** gbookUpload: re-encode and store one screenshot of member `user`; returns its key and address. */
  async upload(user: UserRow, buf: Buffer): Promise<{ key: string; url: string }> {
    const me = this.member(user);
    const jpeg = await reencodeScreenshot(buf);
    const key = `gbook/${me.user_id}-${randomBytes(8).toString('hex')}.jpg`;
    await this.deps.storage.put(key, jpeg, 'image/jpeg');
    return { key, url: picUrl(key) };
  }

  // ---- console ----

  /** The console's list (every row, hidden ones too). */
  async adminList(q: AdminQuery) {
    const { rows, total } = await repo.listGbook(this.db, {
      type: q.type,
      status: q.status,
      state: q.state === 'all' ? undefined : STATE_OF[q.state],
      unreplied: q.unreplied === 1,
      wd: q.wd?.trim() || undefined,
      order: 'time',
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
      viewer: 0,
    });
    return { list: rows.map(toAdminItem), ...pageOf(total, q.page, q.limit) };
  }

  private async adminItem(id: number): Promise<AdminGbookItem> {
    const { rows } = await repo.listGbook(this.db, {
      type: (await repo.gbookById(this.db, id))?.gbook_type === 'feedback' ? 'feedback' : 'request',
      id,
      order: 'time',
      limit: 1,
      offset: 0,
      viewer: 0,
    });
    const row = rows[0];
    if (!row) throw notFound('gbook_not_found');
    return toAdminItem(row);
  }

  /** Resolve request `id` with title `vodId`: state resolved, the requester's badge. 404 unknown request or title. */
  async resolve(id: number, vodId: number): Promise<AdminGbookItem> {
    const row = await repo.gbookById(this.db, id);
    if (!row) throw notFound('gbook_not_found');
    if (row.gbook_type !== 'request') throw badRequest('gbook_not_request', {}, 'id');
    if (!(await repo.vodExists(this.db, vodId))) throw notFound('vod_not_found');
    await repo.updateGbook(this.db, id, {
      gbook_state: 1,
      vod_id: vodId,
      gbook_resolve_time: this.now(),
      gbook_unread: row.user_id > 0,
    });
    return this.adminItem(id);
  }

  /** Reply to `id` ('' removes the reply): the author's badge when there is a reply. */
  async reply(id: number, reply: string): Promise<AdminGbookItem> {
    const row = await repo.gbookById(this.db, id);
    if (!row) throw notFound('gbook_not_found');
    await repo.updateGbook(this.db, id, {
      gbook_reply: reply,
      gbook_reply_time: reply ? this.now() : null,
      gbook_unread: reply !== '' && row.user_id > 0 ? true : row.gbook_unread,
    });
    return this.adminItem(id);
  }

  /** Show (1) or hide (0) `id`. */
  async setStatus(id: number, status: number): Promise<AdminGbookItem> {
    if (!(await repo.updateGbook(this.db, id, { gbook_status: status }))) throw notFound('gbook_not_found');
    return this.adminItem(id);
  }

  /**
   * Account deletion (accounts.events.ts `user.deleted`, inside the deletion transaction `tx`): the member's
   * requests and feedback are anonymised (repo `anonymiseUser`) and their screenshots removed from storage (a
   * failed removal is logged by the caller's storage and left: the row no longer names the file).
   */
  async forgetUser(tx: Db, userId: number): Promise<void> {
    const keys = await repo.anonymiseUser(tx, userId);
    for (const key of keys) {
      await this.deps.storage.delete(key).catch(() => undefined);
    }
  }
}
