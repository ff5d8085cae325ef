/**
 * Ads (spec §3 "Ad record", §4 "Pre-roll ad", §5 "Ads show only if the ad switch is on and an active h5 ad exists
 * for the slot with ad_show_type above 0", §6 "VIP ... no ads"; issue 5 item 4, the foundation issue 7 extends).
 *
 * - {@link AdsService.forViewer} (adList): the servable ads of a slot for a viewer. The server decides: VIP viewers
 *   (group_id above 2; an expired VIP has already been moved back to group 2 by `authenticate`) and viewers with
 *   `user_noad_time` (seconds) in the future get an empty list, and so does every viewer while the slot's ad switch
 *   is off (the contract's `slotOn`, ads.ts: the same rule the apps read).
 * - The console's editor: list, create, edit, delete (every field validated by the contract; URLs are http(s) or
 *   site paths only, so no `javascript:` link or image source can be stored).
 *
 * The ad switch lives in the app config's `ads.list` (spec §3 "App config ads {list, showGoogle, showVipAd}"): a
 * slot is switched on when the list names it, as a number (`12`), a numeric string (`"12"`) or an object with
 * `ad_local_type` 12 (and `ad_status` other than 0). An empty list switches every slot off; the demo seed switches
 * slot 12 on. `showGoogle`/`showVipAd` are read by issue 7's ad system (network ads, the 'remove ads with VIP'
 * prompt), not here: VIP viewers never get ads from this call.
 *
 * The ad system (issue 7 item 4), everything counted on the server:
 * - Serving applies `showGoogle` (network ads, `ad_type` 0, only while it is on) and the banner caps of spec §4 per
 *   viewer and ad (`ad_show_num` shows a day, the operator's day in the server's TZ; `ad_show_times` minutes since
 *   the last show, across midnight), and signs a show token per served ad ({@link AdsService.forViewer}).
 * - {@link AdsService.impression} counts a show once per token (ad_stat_day, ad_viewer_cap);
 *   {@link AdsService.click} counts a tap once per token and pays the ad-click reward (points, setPlog type 13)
 *   through {@link AdsDeps.rewardClick} ({@link ClickRewarder}) only to the signed-in viewer the token was served to; the points
 *   module's `verifyAdClick` is {@link AdsService.claimClickReward}, a guarded single-use claim, so a setPlog type
 *   13 pays only for an impression this server served and the viewer clicked, once.
 * - The viewer is `u:<user_id>` when signed in, else `d:<device id>` (header `deviceid`), else `ip:<address>`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AD_SLOT,
  AD_TOKEN_TTL_S,
  AD_TYPE,
  type AdItem,
  type AdminAdBody,
  type AdminAdStatsQuery,
  type AdminAdUpdate,
  type AdStatItem,
  type AppConfig,
  slotOn,
} from '@openvod/contract';
import { AppError, badRequest } from '../../core/errors.ts';
import { operatorDay, operatorDayRange } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { adDocument, googleAdCode } from './ad-frame.ts';
import * as repo from './ads.repo.ts';

/** What the ad rules read of a viewer (undefined = a guest). */
export type AdViewer = Pick<UserRow, 'user_id' | 'group_id' | 'user_noad_time'>;

const GROUP_MEMBER = 2;

/** True when the viewer must see no ads: VIP (group_id > 2) or ad-free until a future `user_noad_time`. */
export function adFree(viewer: AdViewer | undefined, now: Date): boolean {
  if (!viewer) return false;
  return viewer.group_id > GROUP_MEMBER || viewer.user_noad_time > Math.floor(now.getTime() / 1000);
}

/**
 * The API shape of a row. `ad_js_code` goes to the console only: viewers draw script ads from the server's
 * sandboxed frame document ({@link AdsService.frame}).
 */
export function toAdItem(row: repo.AdRow, forConsole = false): AdItem {
  return {
    ad_id: row.ad_id,
    ad_name: row.ad_name,
    ad_local_type: row.ad_local_type,
    ad_status: row.ad_status,
    ad_platform_type: row.ad_platform_type,
    ad_type: row.ad_type,
    ad_width: row.ad_width,
    ad_height: row.ad_height,
    ad_show_type: row.ad_show_type,
    ad_show_num: row.ad_show_num,
    ad_show_times: row.ad_show_times,
    ad_pic_url: row.ad_pic_url,
    ad_url: row.ad_url,
    ad_video_url: row.ad_video_url,
    ad_js_code: forConsole ? row.ad_js_code : '',
    ad_uni_id: row.ad_uni_id,
    ad_google_id: row.ad_google_id,
    ad_sort: row.ad_sort,
    ad_closable: row.ad_closable,
    ad_duration: row.ad_duration,
    ad_start_time: row.ad_start_time ? row.ad_start_time.toISOString() : null,
    ad_end_time: row.ad_end_time ? row.ad_end_time.toISOString() : null,
  };
}

function toDate(v: string | null | undefined): Date | null | undefined {
  if (v === undefined) return undefined;
  return v === null ? null : new Date(v);
}

function checkSchedule(start: Date | null | undefined, end: Date | null | undefined) {
  if (start && end && end.getTime() <= start.getTime()) throw badRequest('ad_schedule_order', {}, 'ad_end_time');
}

/** An ad as adList serves it: the record plus its signed show token. */
export type ServedAd = AdItem & { ad_token: string };

/** Who a serving is for: the cap subject (see the module comment) and the signed-in user (0: none). */
export interface AdSubject {
  subject: string;
  userId: number;
}

/** The cap subject of a request: the signed-in viewer, else the device id, else the address. */
export function subjectOf(viewer: AdViewer | undefined, deviceId: string, ip: string): AdSubject {
  if (viewer && viewer.user_id > 0) return { subject: `u:${viewer.user_id}`, userId: viewer.user_id };
  if (deviceId) return { subject: `d:${deviceId}`.slice(0, 80), userId: 0 };
  return { subject: `ip:${ip}`.slice(0, 80), userId: 0 };
}

/**
 * Whether the banner caps of spec §4 let `ad` be shown to a viewer whose cap row is `cap` at `now` on operator day
 * `today`: hidden when today's shows reached `ad_show_num` (0 = no cap) or the last show was less than
 * `ad_show_times` minutes ago (0 = no gap; the gap spans midnight, the count does not).
 */
export function capAllows(
  ad: Pick<AdItem, 'ad_show_num' | 'ad_show_times'>,
  cap: Pick<repo.CapRow, 'day' | 'shows' | 'last_shown_at'> | undefined,
  now: Date,
  today: string,
): boolean {
  if (!cap) return true;
  if (ad.ad_show_num > 0 && cap.day === today && cap.shows >= ad.ad_show_num) return false;
  if (ad.ad_show_times > 0 && now.getTime() - cap.last_shown_at.getTime() < ad.ad_show_times * 60_000) return false;
  return true;
}

/** The decoded show token. */
export interface AdToken {
  adId: number;
  subject: string;
  userId: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
  nonce: string;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');

/** `v1.<ad>.<subject b64url>.<user>.<exp>.<nonce>.<hmac-sha256 b64url>` signed with `secret`. */
export function signAdToken(secret: Buffer, t: AdToken): string {
  const payload = `v1.${t.adId}.${b64(t.subject)}.${t.userId}.${t.exp}.${t.nonce}`;
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

/** The token's fields when its signature holds (expiry not checked here), else undefined. */
export function verifyAdToken(secret: Buffer, token: string): AdToken | undefined {
  const parts = token.split('.');
  if (parts.length !== 7 || parts[0] !== 'v1') return undefined;
  const [, ad, subj, user, exp, nonce, sig] = parts as [string, string, string, string, string, string, string];
  // Compared as text: base64url's last character carries unused bits, so decoding would accept several spellings
  // of one signature (a changed token string must never verify).
  const expected = Buffer.from(createHmac('sha256', secret).update(parts.slice(0, 6).join('.')).digest('base64url'));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!/^\d{1,10}$/.test(ad) || !/^\d{1,10}$/.test(user) || !/^\d{1,12}$/.test(exp)) return undefined;
  if (!/^[\w-]{16,32}$/.test(nonce)) return undefined;
  return { adId: Number(ad), subject: unb64(subj), userId: Number(user), exp: Number(exp), nonce };
}

/** Pays the ad-click reward (setPlog type 13) of impression `impressionId` to `user`; wired to the points module. */
export type ClickRewarder = (user: UserRow, impressionId: number) => Promise<{ point: number; user_points: number }>;

/** Completed rewarded views per ad over operator days (the rewarded-ad module's count), for the console. */
export type RewardCounter = (adIds: number[], from: string, to: string) => Promise<Map<number, number>>;

export interface AdsDeps {
  /** The app config's `ads` object (the switch, `showGoogle`, `showVipAd`). */
  adsConfig: () => Promise<AppConfig['ads']>;
  /** The key that signs show tokens (a server secret). */
  tokenSecret: () => Promise<Buffer>;
  /** The operator's time zone (days of the caps and the console's numbers). */
  timeZone: string;
  /** Pays the ad-click reward (app.ts: the points module's setPlog type 13); without it a click pays nothing. */
  rewardClick?: ClickRewarder;
  /** Completed rewarded views per ad for the console (app.ts: the rewards module's report); none without it. */
  rewardCounts?: RewardCounter;
}

export class AdsService {
  /** The clock (tests move it). */
  now: () => Date = () => new Date();

  constructor(
    private db: Db,
    private deps: AdsDeps,
  ) {}

  /** Today's operator day. */
  day(now = this.now()): string {
    return operatorDay(now, this.deps.timeZone);
  }

  /**
   * adList: the ads of `slot` the viewer may be shown now, in `ad_sort` order (spec §5), each with a signed show
   * token. Empty for VIP and ad-free viewers and while the slot's switch is off; network ads (`ad_type` 0) only
   * while `showGoogle` is on; ads over the viewer's caps left out ({@link capAllows}). `who` defaults to the viewer.
   */
  async forViewer(slot: number, viewer: AdViewer | undefined, who?: AdSubject): Promise<ServedAd[]> {
    const now = this.now();
    if (adFree(viewer, now)) return [];
    const config = await this.deps.adsConfig();
    if (!slotOn(config, slot)) return [];
    let rows = await repo.servableAds(this.db, slot, now);
    if (!config?.showGoogle) rows = rows.filter((r) => r.ad_type !== AD_TYPE.network);
    // A script ad without code draws nothing.
    rows = rows.filter((r) => r.ad_type !== AD_TYPE.script || r.ad_js_code.trim() !== '');
    const subject = who ?? subjectOf(viewer, '', 'unknown');
    const capped = rows.filter((r) => r.ad_show_num > 0 || r.ad_show_times > 0).map((r) => r.ad_id);
    const caps = new Map((await repo.capsOf(this.db, subject.subject, capped)).map((c) => [c.ad_id, c]));
    const today = this.day(now);
    const ads = rows.filter((r) => capAllows(r, caps.get(r.ad_id), now, today)).map((r) => toAdItem(r));
    const secret = await this.deps.tokenSecret();
    const exp = Math.floor(now.getTime() / 1000) + AD_TOKEN_TTL_S;
    return ads.map((ad) => ({
      ...ad,
      ad_token: signAdToken(secret, {
        adId: ad.ad_id,
        subject: subject.subject,
        userId: subject.userId,
        exp,
        nonce: randomBytes(16).toString('base64url'),
      }),
    }));
  }

  /**
   * Whether `viewer` can be shown (and so click) any ad now: not ad-free, and some slot switched on with an ad it
   * may serve (the points module's ad-click task is offered only then; app.ts `taskAvailable`). Viewer caps are not
   * counted: a capped banner comes back later the same day.
   */
  async clickableFor(viewer: AdViewer | undefined): Promise<boolean> {
    const now = this.now();
    if (adFree(viewer, now)) return false;
    const config = await this.deps.adsConfig();
    for (const slot of Object.values(AD_SLOT)) {
      if (!slotOn(config, slot)) continue;
      const rows = (await repo.servableAds(this.db, slot, now)).filter(
        (r) =>
          (config?.showGoogle || r.ad_type !== AD_TYPE.network) &&
          (r.ad_type !== AD_TYPE.script || r.ad_js_code.trim() !== ''),
      );
      if (rows.length > 0) return true;
    }
    return false;
  }

  /** A valid, unexpired token's fields. Errors: 400 `ad_token_invalid`, 400 `ad_token_expired`. */
  private async readToken(token: string): Promise<AdToken> {
    const t = verifyAdToken(await this.deps.tokenSecret(), token);
    if (!t) throw badRequest('ad_token_invalid', {}, 'token');
    if (t.exp * 1000 < this.now().getTime()) throw badRequest('ad_token_expired', {}, 'token');
    return t;
  }

  /**
   * adImpression: count the show of a served ad once per token (the ad's day counter, the viewer's cap row).
   * Returns whether this call counted it (false: a replay). Errors: 400 `ad_token_invalid` / `ad_token_expired`.
   */
  async impression(token: string): Promise<boolean> {
    const t = await this.readToken(token);
    const at = this.now();
    const id = await this.db.transaction((tx) =>
      repo.countImpression(tx, {
        nonce: t.nonce,
        adId: t.adId,
        subject: t.subject,
        userId: t.userId,
        day: this.day(at),
        at,
      }),
    );
    return id !== undefined;
  }

  /**
   * adClick: count a tap on a served ad once per token (its show is counted too when the impression report never
   * came), and pay the ad-click reward when the token was served to the signed-in `user` (guests and other users:
   * nothing). Returns the landing address and the points paid now. Errors: 400 `ad_token_invalid` /
   * `ad_token_expired`.
   */
  async click(token: string, user: UserRow | undefined): Promise<{ url: string; point: number; user_points: number }> {
    const t = await this.readToken(token);
    const at = this.now();
    const impressionId = await this.db.transaction(async (tx) => {
      const counted = await repo.countImpression(tx, {
        nonce: t.nonce,
        adId: t.adId,
        subject: t.subject,
        userId: t.userId,
        day: this.day(at),
        at,
      });
      const id = counted ?? (await repo.impressionByNonce(tx, t.nonce))?.id;
      if (id === undefined) throw new Error('ad impression vanished');
      await repo.countClick(tx, id, at);
      return id;
    });
    const ad = await repo.adById(this.db, t.adId);
    let point = 0;
    let userPoints = 0;
    const rewarder = this.deps.rewardClick;
    if (user && t.userId > 0 && user.user_id === t.userId && rewarder) {
      try {
        const r = await rewarder(user, impressionId);
        point = r.point;
        userPoints = r.user_points;
      } catch (err) {
        // The claim was refused (paid before) or the click task is off: the tap still counts, nothing is paid.
        if (!(err instanceof AppError)) throw err;
        userPoints = user.user_points;
      }
    } else if (user) userPoints = user.user_points;
    return { url: ad?.ad_url ?? '', point, user_points: userPoints };
  }

  /**
   * The points module's `verifyAdClick` (setPlog type 13 with `id` = the impression id adClick recorded): true once
   * for an impression served to `userId`, clicked, shown within the token lifetime; false for anything else and
   * for every later claim (guarded update: concurrent claims get one true). Run it in the payment's transaction
   * `tx` so that a payment refused after the claim (the day's cap) rolls the claim back.
   */
  claimClickReward(userId: number, impressionId: number, tx: Db = this.db): Promise<boolean> {
    const now = this.now();
    return repo.claimClickReward(tx, impressionId, userId, now, new Date(now.getTime() - AD_TOKEN_TTL_S * 1000));
  }

  /** adminAdStats: impressions, clicks, paid clicks and completed rewarded views per ad over operator days. */
  async stats(q: AdminAdStatsQuery): Promise<{ from: string; to: string; list: AdStatItem[] }> {
    const { from, to } = operatorDayRange(this.now(), this.deps.timeZone, q, 7);
    const ads = await repo.listAds(this.db, q.ad_local_type);
    const ids = ads.map((a) => a.ad_id);
    const { counts, paid } = await repo.statsBetween(this.db, from, to, ids);
    const rewards = this.deps.rewardCounts ? await this.deps.rewardCounts(ids, from, to) : undefined;
    const byAd = new Map(counts.map((c) => [c.ad_id, c]));
    const paidBy = new Map(paid.map((p) => [p.ad_id, p.n]));
    return {
      from,
      to,
      list: ids.map((id) => ({
        ad_id: id,
        impressions: Number(byAd.get(id)?.impressions ?? 0),
        clicks: Number(byAd.get(id)?.clicks ?? 0),
        paid_clicks: Number(paidBy.get(id) ?? 0),
        rewards: rewards ? (rewards.get(id) ?? 0) : null,
      })),
    };
  }

  /**
   * adminReorderAds: `ids` are every ad of slot `slot`, in the new order (ad_sort 10, 20, ...). Errors: 400
   * `ad_order_mismatch` when the ids are not exactly the slot's ads.
   */
  async reorder(slot: number, ids: number[]): Promise<AdItem[]> {
    const current = (await repo.listAds(this.db, slot)).map((a) => a.ad_id);
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== current.length || current.some((id) => !given.has(id))) {
      throw badRequest('ad_order_mismatch', {}, 'ids');
    }
    await this.db.transaction((tx) => repo.setOrder(tx, ids));
    return this.adminList(slot);
  }

  /**
   * adFrame: the HTML document of script ad `id` (its code) or network ad `id` (the Google loader of its unit id),
   * for the sandboxed frame of ad-frame.ts. Errors: 404 `ad_not_found` for other ads, an empty script, or an
   * ill-formed unit id.
   */
  async frame(id: number): Promise<string> {
    const row = await repo.adById(this.db, id);
    let code: string | undefined;
    if (row?.ad_type === AD_TYPE.script && row.ad_js_code.trim() !== '') code = row.ad_js_code;
    if (row?.ad_type === AD_TYPE.network) code = googleAdCode(row.ad_google_id);
    if (code === undefined) throw new AppError(404, 1004, 'ad_not_found');
    return adDocument(code);
  }

  /** adminListAds: every ad (of one slot), with script code. */
  async adminList(slot?: number): Promise<AdItem[]> {
    return (await repo.listAds(this.db, slot)).map((r) => toAdItem(r, true));
  }

  /** adminCreateAd. Errors: 400 `ad_schedule_order` when the end is not after the start. */
  async create(body: AdminAdBody): Promise<AdItem> {
    const start = toDate(body.ad_start_time) ?? null;
    const end = toDate(body.ad_end_time) ?? null;
    checkSchedule(start, end);
    const row = await repo.insertAd(this.db, { ...body, ad_start_time: start, ad_end_time: end });
    return toAdItem(row, true);
  }

  /** adminUpdateAd. Errors: 404 `ad_not_found`; 400 `ad_schedule_order`. */
  async update(id: number, patch: AdminAdUpdate): Promise<AdItem> {
    const current = await repo.adById(this.db, id);
    if (!current) throw new AppError(404, 1004, 'ad_not_found');
    const start = toDate(patch.ad_start_time);
    const end = toDate(patch.ad_end_time);
    checkSchedule(start === undefined ? current.ad_start_time : start, end === undefined ? current.ad_end_time : end);
    const values: Partial<repo.AdInsert> = { ...patch, ad_start_time: start, ad_end_time: end };
    for (const k of Object.keys(values) as (keyof typeof values)[]) if (values[k] === undefined) delete values[k];
    const row = Object.keys(values).length > 0 ? await repo.updateAd(this.db, id, values) : current;
    if (!row) throw new AppError(404, 1004, 'ad_not_found');
    return toAdItem(row, true);
  }

  /** adminDeleteAd. Errors: 404 `ad_not_found`. */
  async remove(id: number): Promise<void> {
    if (!(await repo.deleteAd(this.db, id))) throw new AppError(404, 1004, 'ad_not_found');
  }
}
