/**
 * Free views and downloads, per-title rights and points prices (issue 7 item 2; spec §4 "Free-view flow", §5 "When
 * views or downloads run out", §7 checkBuyPopedom / ajaxBuyPopedom; research/maccms.md §1.2 and §3 "Access",
 * "Purchase"). The server decides; the client only shows what it is told.
 *
 * Access to play (log type 4) or download (type 5) a title, in this order ({@link QuotasService.evaluate}):
 * 1. Rights: the caller's group (no session = group 1) needs right 3 (play) / 4 (download) of the title's top
 *    category in `group_popedom`; a category of `group_type` without a `group_popedom` entry has every right (not
 *    configured = not restricted); a missing or disabled group has group 1's rights. Else `no_right`.
 * 2. VIP (group ≥ 3) never pays and is never metered (MacCMS "group ≥ 3 never pays"). Titles of the special feed
 *    categories (small/short video, gallery, live, playlet: swipe feeds of previews) are never metered either
 *    (`feed`); operators restrict them with category rights.
 * 3. Price: `vod_points_play` / `vod_points_down` > 0 needs a purchase (ajaxBuyPopedom): without a session `login`,
 *    not bought `buy`, bought `bought`. Prices are per title (MacCMS vod_points_type 1, its default).
 * 4. The free-view rule of spec §4 ({@link freeViewRule}, quotas.rule.ts) for free titles: blocked → `blocked`,
 *    otherwise `tourist`, `existed`, `free` or `extra`. In tourist mode (`tourist_state` '1') nobody is metered
 *    (`tourist`); outside it a caller without a session gets `login` (see quotas.rule.ts).
 *
 * The play gate ({@link QuotasService.playOpen}, installed into ContentService): getDetail hands out play addresses
 * only when the answer needs no view to be taken (`vip`, `bought`, `tourist`, `existed`); for `free`/`extra` the
 * app first writes the watch entry (which takes the view) and asks getDetail again; for refusals it shows the
 * blocked screen. So skipping the entry write, dropping the session or casting from the server grants nothing.
 *
 * Who is "logged in" and which quota applies: every request with a valid session is logged in. The device's
 * automatic guest account (spec §4 Auto login: user name derived from the device id, no phone; see
 * {@link isGuestAccount}) is logged in too and is metered against the guest group's quota (`points_quota` of group
 * 1, seeded 3 views / 0 downloads); members below VIP against their own group's (group 2: 5 / 2). Logging in to a
 * member account is therefore one of the ways out of a block, as spec §5 says.
 *
 * Taking a use ({@link QuotasService.hook}, run by ajaxUlog `ac=set` before the entry is written), in ONE
 * transaction: claim the (user, operator day, type, title[, episode]) row of `quota_use` (a replay or a parallel
 * write of the same title finds it taken and takes nothing); then take a free use with the guarded counter of
 * `points_user_day` (PointsService.consumeFree: succeeds only while below the day's total, so N parallel plays of the
 * last free view let exactly one through); else debit one extra view/download on the ledger (asset views/downloads,
 * key `quota:<type>:<user>:<title>:<sid>:<nid>:<day>`, guarded at ≥ 0); else roll back and refuse with 403
 * `quotaUsedUp`. Days are the operator's (TZ), so the free totals reset at the operator's midnight whatever the
 * client's clock says.
 */
import {
  type CheckBuyPopedomResponse,
  PLOG_TYPE,
  type PopedomChoice,
  type PopedomQuery,
  type PopedomReason,
  QUOTA_CODE,
  TASK_PLOG,
} from '@openvod/contract';
import { LRUCache } from 'lru-cache';
import { AppError, notFound } from '../../core/errors.ts';
import { growingLru } from '../../core/lru.ts';
import type { Db } from '../../db/client.ts';
import { GROUP_GUEST, type UserRow } from '../accounts/accounts.service.ts';
import { effectiveRights, isGuestAccount, quotaGroupOf } from '../accounts/index.ts';
import { InsufficientBalance, type LedgerService } from '../ledger/ledger.service.ts';
import type { UlogQuotaHook } from '../playback/playback.service.ts';
import type { PointsService } from '../points/points.service.ts';
import * as repo from './quotas.repo.ts';
import { freeViewRule } from './quotas.rule.ts';

/** What the quotas module needs of the ledger (modules/ledger); the module's plugin reaches it lazily. */
export type QuotasLedger = Pick<LedgerService, 'post' | 'balance'>;

/** How long the group rights read by the rules are kept in this process (ms); see QuotasService.forgetGroupRights. */
export const GROUP_RIGHTS_TTL_MS = 10_000;
/** How long a found watch record is kept by the play gate (ms); see QuotasService.forgetWatchRecords. */
export const WATCH_RECORD_TTL_MS = 10_000;

export interface QuotasDeps {
  points: PointsService;
  ledger: QuotasLedger;
  /** The app config's `tourist_state` ('1' = tourist mode), read live. */
  touristState: () => Promise<string>;
  /**
   * Ids of the special feed categories (spec §3: small/short video, gallery, live, playlet), whose titles are never
   * metered (reason `feed`) and never locked by getDetail (ContentService). None when absent.
   */
  feedTypes?: () => Promise<Set<number>>;
  /** Where unexpected failures of side effects (task points) are logged. */
  log?: (msg: string, err: unknown) => void;
  /**
   * A view was taken (free or extra) for `user` on operator day `day`, after its commit: index.ts announces it as
   * `view.claimed` (quotas.events.ts). Awaited; its failure is the bus's to log.
   */
  viewClaimed?: (user: UserRow, vodId: number, day: string) => Promise<void>;
}

/** What {@link QuotasService.evaluate} found (the checkBuyPopedom payload without the envelope). */
export type Access = Omit<CheckBuyPopedomResponse, 'code' | 'msg'>;

const PLAY = 4;
const RIGHT_OF_TYPE: Record<number, number> = { 4: 3, 5: 4 };
const BLOCKED_CHOICES: PopedomChoice[] = ['ad', 'login', 'vip'];

const REFUSALS: Partial<Record<PopedomReason, () => AppError>> = {
  no_right: () => new AppError(403, QUOTA_CODE.noRight, 'quota_no_right'),
  login: () => new AppError(403, QUOTA_CODE.loginRequired, 'quota_login_required'),
  blocked: () => new AppError(403, QUOTA_CODE.quotaUsedUp, 'quota_used_up'),
};

export class QuotasService {
  /** (user, operator day, title) whose watch-film task this process already tried (see payWatchFilm). */
  private readonly watchPaid = growingLru<string, true>(20_000);
  /**
   * Group id → its `group_type` / `group_popedom` (undefined: missing or disabled), as {@link rightsOf} read them,
   * kept {@link GROUP_RIGHTS_TTL_MS}; dropped by {@link forgetGroupRights}.
   */
  private readonly groupRightsCache = new LRUCache<number, { rights: repo.GroupRights | undefined }>({
    max: 1000,
    ttl: GROUP_RIGHTS_TTL_MS,
  });
  /** Raised by {@link forgetGroupRights}: a read begun before it is not kept. */
  private groupRightsGeneration = 0;
  /**
   * `<user>:<title>` whose watch record the play gate found ({@link playOpen}): a record only goes away when the
   * viewer removes it, the account is deleted or merged, so a found one is kept {@link WATCH_RECORD_TTL_MS} and
   * dropped by {@link forgetWatchRecords} (the index.ts wires it to those changes, in every process). Absences are
   * not kept: the view taken a moment later must open the title at once.
   */
  private readonly watchRecords = growingLru<string, true>(20_000, { ttl: WATCH_RECORD_TTL_MS });
  /** Raised by {@link forgetWatchRecords}: a read begun before it is not kept. */
  private watchRecordsGeneration = 0;

  constructor(
    private readonly db: Db,
    private readonly deps: QuotasDeps,
  ) {}

  /**
   * Forget the cached group rights of every group (call it when a group's `group_type`, `group_popedom` or
   * `group_status` changed): the next check reads them again. Without it a change shows within
   * {@link GROUP_RIGHTS_TTL_MS}.
   */
  forgetGroupRights(): void {
    this.groupRightsGeneration++;
    this.groupRightsCache.clear();
  }

  /** Forget every watch record the play gate keeps (a viewer removed records; an account deleted or merged). */
  forgetWatchRecords(): void {
    this.watchRecordsGeneration++;
    this.watchRecords.clear();
  }

  /** Whether `userId` has the (per-title) watch record of `vodId`: the play gate's one query, kept when found. */
  private async hasWatchRecord(userId: number, vodId: number): Promise<boolean> {
    const key = `${userId}:${vodId}`;
    if (this.watchRecords.has(key)) return true;
    const generation = this.watchRecordsGeneration;
    const found = await repo.hasRecord(this.db, { userId, type: PLAY, vodId, sid: 0, nid: 0 });
    if (found && generation === this.watchRecordsGeneration) this.watchRecords.set(key, true);
    return found;
  }

  /** A group's rights through the cache (see {@link groupRightsCache}). */
  private async groupRights(groupId: number): Promise<repo.GroupRights | undefined> {
    const hit = this.groupRightsCache.get(groupId);
    if (hit) return hit.rights;
    const generation = this.groupRightsGeneration;
    const rights = await repo.groupRights(this.db, groupId);
    if (generation === this.groupRightsGeneration) this.groupRightsCache.set(groupId, { rights });
    return rights;
  }

  /** The group whose free quota applies (accounts/guest-account.ts {@link quotaGroupOf}). */
  quotaGroupOf(user: UserRow): number {
    return quotaGroupOf(user);
  }

  /**
   * The rights of group `groupId` (a missing or disabled group: the guest group's) in top category `top` (MacCMS
   * `group_popedom`: 1 list, 2 detail, 3 play, 4 download, 5 trial; accounts/group-rights.ts `effectiveRights`).
   */
  private async rightsOf(groupId: number, top: number): Promise<number[]> {
    const g = (await this.groupRights(groupId)) ?? (await this.groupRights(GROUP_GUEST));
    if (!g) return [];
    return effectiveRights(g)[String(top)] ?? [];
  }

  /**
   * checkBuyPopedom: may `user` (undefined = no session) play (type 4) / download (type 5) title `q.id` now, and
   * why (see the module comment). Nothing is consumed. 404 `vod_not_found` for a missing or unpublished title.
   * `o.existed` overrides the record look-up (the ajaxUlog hook passes what it saw); `o.rights: false` skips step 1.
   */
  async evaluate(
    user: UserRow | undefined,
    q: PopedomQuery,
    o: { existed?: boolean; rights?: boolean } = {},
  ): Promise<Access> {
    const existed = o.existed;
    const title = await repo.titleFacts(this.db, q.id);
    if (!title) throw notFound('vod_not_found');
    const kind = q.type === PLAY ? 'views' : 'downloads';
    const group = user?.group_id ?? GROUP_GUEST;
    const guest = !user || isGuestAccount(user);
    const price = q.type === PLAY ? title.vod_points_play : title.vod_points_down;
    const quota = await this.deps.points.quotaOf(user ? this.quotaGroupOf(user) : GROUP_GUEST);
    const total = kind === 'views' ? quota.free_views : quota.free_downloads;
    const usage = user ? await this.deps.points.usage(user.user_id) : undefined;
    const used = usage ? (kind === 'views' ? usage.free_views : usage.free_downloads) : 0;
    const extra = user ? await this.deps.ledger.balance(this.db, user.user_id, kind) : 0;
    const isBought = user && price > 0 ? await repo.bought(this.db, user.user_id, q.type, q.id) : false;
    const base = {
      price,
      bought: isBought,
      user_points: user?.user_points ?? 0,
      free: { total, used },
      extra,
      logged_in: Boolean(user),
      guest,
    };
    const answer = (reason: PopedomReason, allowed: boolean, choices: PopedomChoice[] = []): Access => ({
      ...base,
      allowed,
      reason,
      choices,
    });

    const right = RIGHT_OF_TYPE[q.type] as number;
    if (o.rights !== false && !(await this.rightsOf(group, title.top)).includes(right)) {
      return answer('no_right', false, ['vip']);
    }
    if (group >= 3) return answer('vip', true);
    const feeds = (await this.deps.feedTypes?.()) ?? new Set<number>();
    if (feeds.has(title.top) || feeds.has(title.type_id)) return answer('feed', true);
    if (price > 0) {
      if (!user) return answer('login', false, ['login']);
      return isBought ? answer('bought', true) : answer('buy', false, ['points', 'vip']);
    }
    const touristStateNot1 = String(await this.deps.touristState()) !== '1';
    if (!touristStateNot1) return answer('tourist', true);
    // Outside tourist mode every app client has a session (spec §4 Auto login signs the device's guest in at launch):
    // a caller without one must sign in before playing, else dropping the session would skip the rule.
    if (!user) return answer('login', false, ['login']);
    const record =
      existed ??
      (await repo.hasRecord(this.db, { userId: user.user_id, type: q.type, vodId: q.id, sid: q.sid, nid: q.nid }));
    const decision = freeViewRule({
      loggedIn: true,
      groupBelow3: true,
      quotaUsedUp: used >= total && extra <= 0,
      noRecord: !record,
      touristStateNot1,
    });
    if (decision.blocked) return answer('blocked', false, BLOCKED_CHOICES);
    if (!decision.counts) return answer('existed', true);
    return answer(used < total ? 'free' : 'extra', true);
  }

  /**
   * The play gate of getDetail and casting (see the module comment): may `caller` (undefined = no session) receive
   * the play addresses of title `vodId` without taking a view now? True exactly when {@link evaluate} for play
   * (type 4) would answer `vip`, `bought`, `tourist` or `existed` (quotas.routes.test.ts compares the two); cheaper:
   * the cached app config, the group's rights, then at most one indexed read (bought or watch record). `title` (top
   * category and play price) comes from getDetail's cached entry; without it the title is read. False for a missing
   * title.
   */
  async playOpen(
    caller: { user_id: number; group_id: number } | undefined,
    vodId: number,
    known?: { top: number; type_id?: number; vod_points_play: number },
  ): Promise<boolean> {
    const touristMode = async () => String(await this.deps.touristState()) === '1';
    // No session outside tourist mode: `login` whatever the title (the cached app config decides, no title read).
    if (!caller && !(await touristMode())) return false;
    const title = known ?? (await repo.titleFacts(this.db, vodId));
    if (!title) return false;
    const group = caller?.group_id ?? GROUP_GUEST;
    if (!(await this.rightsOf(group, title.top)).includes(RIGHT_OF_TYPE[PLAY] as number)) return false;
    if (group >= 3) return true;
    const feeds = (await this.deps.feedTypes?.()) ?? new Set<number>();
    if (feeds.has(title.top) || (title.type_id !== undefined && feeds.has(title.type_id))) return true;
    if (title.vod_points_play > 0) return caller ? repo.bought(this.db, caller.user_id, PLAY, vodId) : false;
    if (!caller || (await touristMode())) return true;
    return this.hasWatchRecord(caller.user_id, vodId);
  }

  /**
   * Take one use for a metered log write, in one transaction (see the module comment). Returns where it came from,
   * or 'replay' when this title/episode was already paid for today; throws 403 `quotaUsedUp` when nothing is left.
   */
  async take(user: UserRow, q: PopedomQuery): Promise<'free' | 'extra' | 'replay'> {
    const points = this.deps.points;
    const kind = q.type === PLAY ? 'views' : 'downloads';
    const day = points.day();
    const perTitle = q.type === PLAY;
    const key: repo.UseKey = {
      userId: user.user_id,
      day,
      type: q.type,
      vodId: q.id,
      sid: perTitle ? 0 : q.sid,
      nid: perTitle ? 0 : q.nid,
    };
    const quota = await points.quotaOf(this.quotaGroupOf(user));
    const total = kind === 'views' ? quota.free_views : quota.free_downloads;
    try {
      const source = await this.db.transaction(async (tx) => {
        if (!(await repo.claimUse(tx, key))) return 'replay' as const;
        if (await points.consumeFree(user.user_id, kind, total, tx)) {
          await repo.setUseSource(tx, key, 'free');
          return 'free' as const;
        }
        await this.deps.ledger.post(tx, {
          userId: user.user_id,
          asset: kind,
          amount: -1,
          kind: `quota_${kind}`,
          key: `quota:${q.type}:${user.user_id}:${q.id}:${key.sid}:${key.nid}:${day}`,
          ref: String(q.id),
          meta: { vod_id: q.id, sid: key.sid, nid: key.nid, day },
        });
        await repo.setUseSource(tx, key, 'extra');
        return 'extra' as const;
      });
      if (source !== 'replay' && q.type === PLAY) await this.deps.viewClaimed?.(user, q.id, day);
      return source;
    } catch (err) {
      if (err instanceof InsufficientBalance) throw REFUSALS.blocked?.() as AppError;
      throw err;
    }
  }

  /**
   * The ajaxUlog hook (PlaybackDeps.quota, wired in app.ts to app.services.quotas): for a set of a watch (4) or
   * download (5) entry of a published video (mid 1) it refuses with 403 (`buyRequired` with the price,
   * `quotaUsedUp`) or takes the use before the entry is written; without the group's right (play / download) of the
   * title's category it refuses with 403 `noRight`, so no view is spent and no watch-film task is paid for a title
   * the user may not play. Other types, modules and unknown titles pass (nothing can be played from them).
   */
  hook(): UlogQuotaHook {
    return {
      beforeSet: async ({ user, key, existed }) => {
        if (key.ulog_mid !== 1 || (key.ulog_type !== 4 && key.ulog_type !== 5)) return;
        if (!(await repo.titleFacts(this.db, key.ulog_rid))) return;
        const q: PopedomQuery = { id: key.ulog_rid, type: key.ulog_type, sid: key.ulog_sid, nid: key.ulog_nid };
        const a = await this.evaluate(user, q, { existed });
        if (a.reason === 'buy') {
          throw new AppError(403, QUOTA_CODE.buyRequired, 'quota_buy_required', { price: a.price });
        }
        // `blocked` too goes to take(): the transaction decides (a parallel write of the same title may have just
        // paid for it today, which only the claim sees); take() refuses when nothing is left.
        if (a.reason === 'free' || a.reason === 'extra' || a.reason === 'blocked') {
          await this.take(user, q);
          return;
        }
        const refuse = REFUSALS[a.reason];
        if (refuse) throw refuse();
      },
      afterSet: async ({ user, key }) => {
        if (key.ulog_mid !== 1 || key.ulog_type !== PLAY) return undefined;
        return this.payWatchFilm(user, key.ulog_rid);
      },
    };
  }

  /**
   * The daily task "watch 1-5 films" (spec §9; plog type 14 = TASK_PLOG.watchFilm): a watch entry written for a
   * published title pays once per title per operator day (the ledger key of PointsService.award), up to the task's
   * `num`. The watch record is pushed again as playback moves on, so repeats of (user, day, title) already tried by
   * this process are skipped before touching the database; another process finds the ledger key taken. A task that
   * is off, or any points failure, never fails the log write. Returns the new balance when points were paid.
   */
  private async payWatchFilm(user: UserRow, vodId: number): Promise<{ point: number } | undefined> {
    const seen = `${user.user_id}:${this.deps.points.day()}:${vodId}`;
    if (this.watchPaid.has(seen)) return undefined;
    this.watchPaid.set(seen, true);
    if (!(await repo.titleFacts(this.db, vodId))) return undefined;
    try {
      const r = await this.deps.points.award(user.user_id, TASK_PLOG.watchFilm, vodId);
      return r.point > 0 ? { point: r.user_points } : undefined;
    } catch (err) {
      if (!(err instanceof AppError && err.key === 'points_task_off'))
        this.deps.log?.('watch-film task points failed', err);
      return undefined;
    }
  }

  /**
   * ajaxBuyPopedom (MacCMS `ajax_buy_popedom`): buy play (type 4) / download (type 5) access to a title with its
   * points price, once: one transaction debits the points (ledger asset points, plog type 8 content purchase, key
   * `buy:<user>:<type>:<title>`) and writes the purchase row (`mac_ulog` with `ulog_points`). A repeat takes nothing
   * (`paid` 0, "already bought"). Errors: 404 `vod_not_found`; 403 `noRight`; 400 `quota_buy_not_needed` (free
   * title or VIP); 400 `insufficient_points` when the balance is short (nothing changes).
   */
  async buy(user: UserRow, q: PopedomQuery, now: Date = new Date()) {
    const a = await this.evaluate(user, q);
    if (a.reason === 'no_right') throw REFUSALS.no_right?.() as AppError;
    if (a.reason === 'vip' || a.price <= 0) throw new AppError(400, 0, 'quota_buy_not_needed');
    return this.db.transaction(async (tx) => {
      const r = await this.deps.ledger.post(tx, {
        userId: user.user_id,
        asset: 'points',
        amount: -a.price,
        kind: 'buy_popedom',
        key: `buy:${user.user_id}:${q.type}:${q.id}`,
        plogType: PLOG_TYPE.contentPurchase,
        remarks: `vod ${q.id} ${q.type === PLAY ? 'play' : 'down'}`,
      });
      if (r.applied) {
        await repo.writePurchase(tx, {
          userId: user.user_id,
          type: q.type,
          vodId: q.id,
          points: a.price,
          at: Math.floor(now.getTime() / 1000),
        });
      }
      return { bought: true as const, paid: r.applied ? a.price : 0, user_points: r.balance ?? 0 };
    });
  }
}
