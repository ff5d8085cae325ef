/**
 * Promotion earnings (spec §1 "Promotion and invitation codes", §6 Promoter/agent, §7 visit, rewardList,
 * checkActive; research/maccms.md §3.2 three-level distribution; research/money.md §2, §5). Queries:
 * promotion.repo.ts; settings: promotion.settings.ts; the console's side: promotion-admin.service.ts.
 *
 * Money: every earning is a `promo_earning` row (unique `idem_key`) and a ledger post on the promoter's
 * `earn_pending` (key `promo:<idem_key>`) in the SAME transaction as its cause; after `hold_days` the release
 * ({@link PromotionService.releaseDue}, the job in promotion.jobs.ts, and before the promoter's own reads) moves it
 * with two posts (`promo:release:<id>:out` on earn_pending, `promo:release:<id>:in` on cash_fen) and a guarded
 * status update (pending → available), one transaction per earning. A reversal is a correcting post, never an edit
 * of an amount ({@link PromotionService.reverse}).
 *
 * Sources (what earns, whom, once by which key):
 * - `register`: the direct inviter, when the invitee becomes a member (`user.registered`: a sign-up other than the
 *   device guest, or a guest binding a phone): the level's `reg_reward_fen`, key `register:<invitee>`, at most
 *   `reg_daily_cap` per promoter per operator day.
 * - `active`: the direct inviter, once per invitee per operator day the server sees the invitee active (a claimed
 *   view, `view.claimed`; counted watch time, `watch.reported`): `active_reward_fen`, key `active:<invitee>:<day>`.
 * - `spend`: depth 1-3 of a paid order (`order.paid`, in the payment's transaction): floor(fen paid × the level's
 *   ratio_<depth> / 10000) (MacCMS reward(fee), basis points), less than 1 fen ignored, key `spend:<order>:<depth>`.
 * - `points`: points exchanged into fen by the member ({@link PromotionService.exchangePoints}): floor(points × 100 /
 *   scale), held like every earning (points come from farmable tasks; the hold keeps them reversible), key
 *   `points:<user>:<request key>`.
 * - tiers (`tiers_enabled`): reaching a tier's qualified invitees grants its points (plog 2) and VIP days once
 *   (keys `promo:tier:<user>:<tier_id>`); no fen.
 * Caps: `invitee_day_cap_fen` and `invitee_total_cap_fen` bound what one invitee earns all its inviters together
 * (the earning is cut to what still fits), decided under a row lock of `promo_counter` in the earning's transaction.
 *
 * Levels: `qualified` = direct invitees with a phone bound and at least one active day; the level is the highest
 * non-agent level whose `min_qualified` is reached, or the agent level for a user the operator marked as agent.
 */
import { PLOG_TYPE, type PromotionSettings } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import { operatorDay, operatorDayStart } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { InsufficientBalance, type LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './promotion.repo.ts';
import { loadPromotionSettings } from './promotion.settings.ts';

/** MacCMS plog types the programme writes (points): 2 invitation tier, 3 link visit, 9 points → cash. */
export const PROMO_PLOG = {
  tier: PLOG_TYPE.inviteRegistration,
  visit: PLOG_TYPE.promotionVisit,
  cash: PLOG_TYPE.withdrawal,
} as const;

/** What the service needs of other modules (wired by index.ts through app.services). */
export interface PromotionDeps {
  ledger: Pick<LedgerService, 'post' | 'balances'>;
  /** billing's grantVip (VIP days of a tier), idempotent by key. */
  grantVip?: (
    tx: Db,
    g: { userId: number; groupId: number; days: number; key: string; kind: string },
  ) => Promise<boolean>;
  /** The module's clock (core/clock.ts: moved by TEST_CLOCK_FILE in tests). */
  now: () => Date;
  timeZone: string;
  log?: (msg: string, err?: unknown) => void;
}

/** One earning to record (see the module comment for keys). */
interface EarnInput {
  userId: number;
  inviteeId: number;
  depth: number;
  source: 'register' | 'active' | 'spend' | 'points';
  amount: number;
  key: string;
  ref?: string;
  now: Date;
}

/** A user's name for another member's eyes: nickname or name, all but its first and last character hidden. */
export function maskName(nick: string | null | undefined, name: string | null | undefined): string {
  const s = [...(nick || name || '')];
  if (s.length <= 1) return s.length ? `${s[0]}*` : '';
  if (s.length === 2) return `${s[0]}*`;
  return `${s[0]}***${s[s.length - 1]}`;
}

/** The level of a promoter: agent level for agents, else the highest non-agent level `qualified` reaches. */
export function levelFor(
  levels: readonly repo.LevelRow[],
  qualified: number,
  isAgent: boolean,
): repo.LevelRow | undefined {
  if (isAgent) {
    const agent = levels.find((l) => l.is_agent_level);
    if (agent) return agent;
  }
  let best: repo.LevelRow | undefined;
  for (const l of levels) if (!l.is_agent_level && l.min_qualified <= qualified) best = l;
  return best;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');

export class PromotionService {
  /** (user, day) pairs this process already recorded active, so repeated watch reports stay off the database. */
  private readonly seenActive = new Map<string, true>();

  constructor(
    readonly db: Db,
    private readonly deps: PromotionDeps,
  ) {}

  now(): Date {
    return this.deps.now();
  }

  day(now: Date = this.now()): string {
    return operatorDay(now, this.deps.timeZone);
  }

  settings(db: Db = this.db): Promise<PromotionSettings> {
    return loadPromotionSettings(db);
  }

  /** The level `userId` earns at now (from its stored qualified count and agent mark). */
  private async levelOf(db: Db, userId: number): Promise<repo.LevelRow | undefined> {
    const p = await repo.promoterOf(db, userId);
    return levelFor(await repo.listLevels(db), p?.qualified ?? 0, p?.is_agent ?? false);
  }

  /**
   * Record one earning in `tx` under the caps (module comment): lock the invitee's counters (and the promoter's
   * registration counter), cut the amount to what fits, insert the row (a taken key: nothing), bump the counters,
   * post it on earn_pending; released at once when the hold is 0. Returns the row, or undefined when nothing was
   * earned (replay, cap full, under 1 fen).
   */
  private async earn(tx: Db, e: EarnInput, s: PromotionSettings): Promise<repo.EarningRow | undefined> {
    if (e.amount < 1 || (await repo.earningByKey(tx, e.key))) return undefined;
    const day = this.day(e.now);
    let amount = e.amount;
    const bumps: [number, string, string, number, number][] = [];
    if (e.inviteeId && s.invitee_day_cap_fen > 0) {
      const c = await repo.lockCounter(tx, e.inviteeId, 'invitee_day', day);
      amount = Math.min(amount, s.invitee_day_cap_fen - c.fen);
      bumps.push([e.inviteeId, 'invitee_day', day, 1, 0]);
    }
    if (e.inviteeId && s.invitee_total_cap_fen > 0) {
      const c = await repo.lockCounter(tx, e.inviteeId, 'invitee_total', 'all');
      amount = Math.min(amount, s.invitee_total_cap_fen - c.fen);
      bumps.push([e.inviteeId, 'invitee_total', 'all', 1, 0]);
    }
    if (e.source === 'register') {
      const c = await repo.lockCounter(tx, e.userId, 'reg', day);
      if (c.count >= s.reg_daily_cap) amount = 0;
      bumps.push([e.userId, 'reg', day, 1, 0]);
    }
    if (amount < 1) return undefined;
    // The same key may have committed while this transaction waited for the counters' locks.
    if (bumps.length && (await repo.earningByKey(tx, e.key))) return undefined;
    const row = await repo.insertEarning(tx, {
      user_id: e.userId,
      invitee_id: e.inviteeId,
      depth: e.depth,
      source: e.source,
      amount_fen: amount,
      status: 'pending',
      available_at: new Date(e.now.getTime() + s.hold_days * 86_400_000),
      ref: (e.ref ?? '').slice(0, 64),
      idem_key: e.key,
      created_at: e.now,
    });
    if (!row) return undefined;
    for (const [u, kind, period, n] of bumps) await repo.addToCounter(tx, u, kind, period, n, amount);
    await repo.ensurePromoter(tx, e.userId);
    await this.deps.ledger.post(tx, {
      userId: e.userId,
      asset: 'earn_pending',
      amount,
      kind: `promo_${e.source}`,
      key: `promo:${e.key}`,
      ref: String(row.earning_id),
      meta: { source: e.source, invitee_id: e.inviteeId, depth: e.depth },
    });
    if (s.hold_days === 0) return (await this.releaseIn(tx, row.earning_id, e.now)) ?? row;
    return row;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Reactions to other modules' events (promotion.events.ts)

  /**
   * `user.registered` (inside the sign-up or phone-bind transaction `tx`): the direct inviter's registration reward,
   * the inviter's standing, the fraud signals of this registration. Nothing when the programme is off or the user
   * has no inviter.
   */
  async onRegistered(tx: Db, user: UserRow, now: Date): Promise<void> {
    if (!user.user_pid) return;
    const s = await this.settings(tx);
    if (!s.enabled) return;
    const level = await this.levelOf(tx, user.user_pid);
    if (level && level.reg_reward_fen > 0) {
      await this.earn(
        tx,
        {
          userId: user.user_pid,
          inviteeId: user.user_id,
          depth: 1,
          source: 'register',
          amount: level.reg_reward_fen,
          key: `register:${user.user_id}`,
          now,
        },
        s,
      );
    }
    await this.refreshStanding(tx, user.user_pid, s);
    await this.registrationSignals(tx, user, s, now);
  }

  /**
   * The invitee `user` was active on operator day `day` (a claimed view or counted watch time): recorded once per
   * (user, day) (promo_counter `active`), paying the direct inviter's daily-activity reward once; the inviter's
   * standing is refreshed on the invitee's first active day (it may now be qualified).
   */
  async onActive(user: Pick<UserRow, 'user_id' | 'user_pid'>, day: string): Promise<void> {
    if (!user.user_pid) return;
    const seen = `${user.user_id}:${day}`;
    if (this.seenActive.has(seen)) return;
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const everBefore = await repo.everActive(tx, user.user_id);
      if (!(await repo.claimActiveDay(tx, user.user_id, day))) return;
      const s = await this.settings(tx);
      if (!s.enabled) return;
      const level = await this.levelOf(tx, user.user_pid);
      if (level && level.active_reward_fen > 0) {
        await this.earn(
          tx,
          {
            userId: user.user_pid,
            inviteeId: user.user_id,
            depth: 1,
            source: 'active',
            amount: level.active_reward_fen,
            key: `active:${user.user_id}:${day}`,
            now,
          },
          s,
        );
      }
      if (!everBefore) await this.refreshStanding(tx, user.user_pid, s);
    });
    if (this.seenActive.size > 50_000) this.seenActive.clear();
    this.seenActive.set(seen, true);
  }

  /**
   * `order.paid` (inside the payment's transaction): the buyer's inviters at depth 1-3 earn their level's ratio of
   * the fen paid (floor; < 1 fen nothing).
   */
  async onOrderPaid(tx: Db, order: { user_id: number; order_code: string; order_price: number }, now: Date) {
    if (order.order_price <= 0) return;
    const buyer = await repo.userById(tx, order.user_id);
    if (!buyer) return;
    const s = await this.settings(tx);
    if (!s.enabled) return;
    const chain = [buyer.user_pid, buyer.user_pid_2, buyer.user_pid_3];
    for (let i = 0; i < 3; i++) {
      const promoter = chain[i];
      if (!promoter) continue;
      const depth = (i + 1) as 1 | 2 | 3;
      const level = await this.levelOf(tx, promoter);
      const ratio = level ? level[`ratio_${depth}`] : 0;
      const amount = Math.floor((order.order_price * ratio) / 10000);
      if (amount < 1) continue;
      await this.earn(
        tx,
        {
          userId: promoter,
          inviteeId: buyer.user_id,
          depth,
          source: 'spend',
          amount,
          key: `spend:${order.order_code}:${depth}`,
          ref: order.order_code,
          now,
        },
        s,
      );
    }
  }

  /** `user.merged`: the guest's earnings follow the balances the ledger moved to the target. */
  onMerged(tx: Db, guestId: number, targetId: number): Promise<number> {
    return repo.moveEarnings(tx, guestId, targetId);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Standing, levels, tiers

  /**
   * Recount `userId`'s invitees and qualified invitees, store them with the level, and grant the invitation tiers
   * reached (when on). Pass a transaction (the tiers post points and VIP days on the ledger); {@link recount} opens
   * one. Returns the stored promoter row.
   */
  async refreshStanding(db: Db, userId: number, s?: PromotionSettings): Promise<repo.PromoterRow> {
    const settings = s ?? (await this.settings(db));
    const qualified = await repo.countQualified(db, userId);
    const invitees = await repo.countInvitees(db, userId);
    const p = await repo.promoterOf(db, userId);
    const level = levelFor(await repo.listLevels(db), qualified, p?.is_agent ?? false);
    await repo.setStanding(db, userId, qualified, level?.level_id ?? 0, this.now());
    await repo.setInvitees(db, userId, invitees);
    if (settings.tiers_enabled && qualified > 0) await this.grantTiers(db, userId, qualified);
    return (await repo.promoterOf(db, userId)) as repo.PromoterRow;
  }

  /** Grant every tier `qualified` reaches, once each (ledger keys). */
  private async grantTiers(db: Db, userId: number, qualified: number): Promise<void> {
    for (const t of await repo.listTiers(db)) {
      if (t.invites > qualified) break;
      const key = `promo:tier:${userId}:${t.tier_id}`;
      if (t.points > 0) {
        await this.deps.ledger.post(db, {
          userId,
          asset: 'points',
          amount: t.points,
          kind: 'promo_tier',
          key,
          plogType: PROMO_PLOG.tier,
          remarks: `invitation tier ${t.invites}`,
        });
      }
      if (t.vip_days > 0 && t.group_id >= 3 && this.deps.grantVip) {
        await this.deps.grantVip(db, { userId, groupId: t.group_id, days: t.vip_days, key, kind: 'promo_tier' });
      }
    }
  }

  /** {@link refreshStanding} in a transaction of its own (tiers post on the ledger). */
  recount(userId: number): Promise<repo.PromoterRow> {
    return this.db.transaction((tx) => this.refreshStanding(tx, userId));
  }

  /** checkActive: the standing of `userId` (recounted now). */
  async standing(userId: number) {
    const p = await this.recount(userId);
    const levels = await repo.listLevels(this.db);
    const level = levelFor(levels, p.qualified, p.is_agent);
    const next = p.is_agent ? undefined : levels.find((l) => !l.is_agent_level && l.min_qualified > p.qualified);
    const today = this.day();
    const weekStart = this.day(new Date(this.now().getTime() - 6 * 86_400_000));
    return {
      level: level ?? null,
      next_level: next ?? null,
      invitees: p.invitees,
      qualified: p.qualified,
      needed: next ? next.min_qualified - p.qualified : 0,
      active_today: await repo.countActiveInvitees(this.db, userId, today, today),
      active_week: await repo.countActiveInvitees(this.db, userId, weekStart, today),
      is_agent: p.is_agent,
      fraud_flag: p.fraud_flag,
      fraud_reason: p.fraud_reason,
    };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Release and reversal

  /** Release one earning inside `tx` (guarded); the row when this call released it. */
  private async releaseIn(tx: Db, id: number, now: Date): Promise<repo.EarningRow | undefined> {
    const row = await repo.markReleased(tx, id, now);
    if (!row) return undefined;
    const meta = { earning_id: id };
    const ref = String(id);
    await this.deps.ledger.post(tx, {
      userId: row.user_id,
      asset: 'earn_pending',
      amount: -row.amount_fen,
      kind: 'promo_release',
      key: `promo:release:${id}:out`,
      ref,
      meta,
    });
    await this.deps.ledger.post(tx, {
      userId: row.user_id,
      asset: 'cash_fen',
      amount: row.amount_fen,
      kind: 'promo_release',
      key: `promo:release:${id}:in`,
      ref,
      meta,
    });
    return row;
  }

  /**
   * Release the earnings whose hold ended (of `userId` only when given): earn_pending → cash_fen, status available,
   * one transaction per earning; safe to run concurrently and repeatedly (guarded update, ledger keys). Returns how
   * many this call released. The job runs it for everyone; the promoter's own reads run it for themselves first.
   */
  async releaseDue(userId?: number): Promise<number> {
    let released = 0;
    for (;;) {
      const now = this.now();
      const ids = await repo.dueEarnings(this.db, now, 200, userId);
      for (const id of ids) {
        if (await this.db.transaction((tx) => this.releaseIn(tx, id, now))) released++;
      }
      if (ids.length < 200 || userId !== undefined) return released;
    }
  }

  /**
   * Take earning `id` back with `reason` (console; a refund): pending → reversed with a post out of earn_pending,
   * available → reversed with a post out of cash_fen (400 `promo_reverse_insufficient` when the member no longer
   * holds it, e.g. withdrawn). 404 `promo_earning_not_found`; 400 `promo_already_reversed`.
   */
  async reverse(id: number, reason: string): Promise<repo.EarningRow> {
    const now = this.now();
    try {
      return await this.db.transaction(async (tx) => {
        const e = await repo.lockEarning(tx, id);
        if (!e) throw new AppError(404, 1004, 'promo_earning_not_found');
        if (e.status === 'reversed') throw new AppError(400, 0, 'promo_already_reversed');
        const row = await repo.markReversed(tx, id, e.status, reason.slice(0, 255), now);
        if (!row) throw new AppError(400, 0, 'promo_already_reversed');
        await this.deps.ledger.post(tx, {
          userId: e.user_id,
          asset: e.status === 'pending' ? 'earn_pending' : 'cash_fen',
          amount: -e.amount_fen,
          kind: 'promo_reverse',
          key: `promo:reverse:${id}`,
          ref: String(id),
          meta: { earning_id: id, reason: reason.slice(0, 255), was: e.status },
        });
        return row;
      });
    } catch (err) {
      if (err instanceof InsufficientBalance) throw new AppError(400, 0, 'promo_reverse_insufficient');
      throw err;
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // The viewer's calls

  /** promotionCenter: code, totals (fen), visits, standing; releases the caller's due earnings first. */
  async center(user: UserRow) {
    await this.releaseDue(user.user_id);
    const s = await this.settings();
    const balances = await this.deps.ledger.balances(this.db, user.user_id);
    const sums = await repo.earningSums(this.db, user.user_id);
    return {
      invitation_code: user.user_invite_code,
      enabled: s.enabled,
      pending_fen: balances.earn_pending,
      available_fen: balances.cash_fen,
      earned_fen: (sums.pending ?? 0) + (sums.available ?? 0),
      hold_days: s.hold_days,
      visits: await repo.countVisits(this.db, user.user_id),
      standing: await this.standing(user.user_id),
    };
  }

  /** rewardList: invitees at `depth`, masked, with what each earned the caller. */
  async rewardList(userId: number, depth: 1 | 2 | 3, page: number, limit: number) {
    const { list, total } = await repo.inviteesPage(this.db, userId, depth, page, limit);
    return {
      depth,
      list: list.map((r) => ({
        user_id: Number(r.user_id),
        name: maskName(r.user_nick_name, r.user_name),
        reg_time: iso(r.user_reg_time),
        qualified: Boolean(r.qualified),
        earned_fen: Number(r.earned_fen),
      })),
      page,
      limit,
      total,
      pagecount: Math.ceil(total / limit),
    };
  }

  /** revenueList: the caller's earnings (after releasing what is due), newest first, with balances. */
  async revenueList(userId: number, page: number, limit: number, status?: string) {
    await this.releaseDue(userId);
    const { list, total } = await repo.earningsPage(this.db, userId, page, limit, status);
    const balances = await this.deps.ledger.balances(this.db, userId);
    return {
      list: list.map((r) => earningItem(r)),
      page,
      limit,
      total,
      pagecount: Math.ceil(total / limit),
      pending_fen: balances.earn_pending,
      available_fen: balances.cash_fen,
    };
  }

  /** promotionLevels: levels, tiers (when on), the rules the level-config screen explains. */
  async levels() {
    const s = await this.settings();
    return {
      list: (await repo.listLevels(this.db)).map(levelItem),
      tiers: s.tiers_enabled ? await repo.listTiers(this.db) : [],
      tiers_enabled: s.tiers_enabled,
      hold_days: s.hold_days,
      scale: s.scale,
      invitee_day_cap_fen: s.invitee_day_cap_fen,
      invitee_total_cap_fen: s.invitee_total_cap_fen,
    };
  }

  /**
   * visit: count a visit of the promoter of `code` / `uid` from `ip` once per operator day; pays the promoter
   * `visit_points` (plog 3) on a counted visit, in the same transaction. `counted` false: unknown promoter,
   * already counted today, or the programme is off.
   */
  async visit(q: { code?: string | undefined; uid?: number | undefined; ly?: string | undefined }, ip: string) {
    const s = await this.settings();
    if (!s.enabled) return { counted: false };
    const promoter = q.code ? await repo.userByCode(this.db, q.code) : await repo.userById(this.db, q.uid ?? 0);
    if (!promoter) return { counted: false };
    const now = this.now();
    const counted = await this.db.transaction(async (tx) => {
      const id = await repo.insertVisit(tx, {
        user_id: promoter.user_id,
        visit_ip: ip.slice(0, 45),
        visit_ly: (q.ly ?? '').slice(0, 255),
        visit_day: this.day(now),
        visit_time: now,
      });
      if (id === undefined) return false;
      if (s.visit_points > 0) {
        await this.deps.ledger.post(tx, {
          userId: promoter.user_id,
          asset: 'points',
          amount: s.visit_points,
          kind: 'promo_visit',
          key: `promo:visit:${id}`,
          plogType: PROMO_PLOG.visit,
          remarks: 'promotion link visit',
        });
      }
      return true;
    });
    return { counted };
  }

  /**
   * exchangePointsCash: `points` of the caller into fen at `scale` points per yuan (fen = floor(points × 100 /
   * scale)), one transaction: points out (plog 9, key `promo:points:<user>:<key>`), the earning in (held). A replay
   * of `key` answers the first result. 400 `promo_exchange_off` (scale 0 or programme off),
   * `promo_exchange_too_small` (< 1 fen), `insufficient_points`.
   */
  async exchangePoints(user: UserRow, points: number, key: string) {
    const s = await this.settings();
    if (!s.enabled || s.scale <= 0) throw new AppError(400, 0, 'promo_exchange_off');
    const fen = Math.floor((points * 100) / s.scale);
    if (fen < 1) throw new AppError(400, 0, 'promo_exchange_too_small');
    const now = this.now();
    const idem = `points:${user.user_id}:${key}`;
    const row = await this.db.transaction(async (tx) => {
      const first = await repo.earningByKey(tx, idem);
      if (first) return first;
      await this.deps.ledger.post(tx, {
        userId: user.user_id,
        asset: 'points',
        amount: -points,
        kind: 'promo_points',
        key: `promo:${idem}`,
        plogType: PROMO_PLOG.cash,
        remarks: 'points to cash',
      });
      const e = await this.earn(
        tx,
        { userId: user.user_id, inviteeId: 0, depth: 0, source: 'points', amount: fen, key: idem, now },
        s,
      );
      if (!e) throw new Error('points exchange earned nothing');
      return e;
    });
    const userPoints = await repo.userPoints(this.db, user.user_id);
    return { amount_fen: row.amount_fen, user_points: userPoints, available_at: iso(row.available_at) };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Fraud signals (research/money.md §5): recorded, shown in the console, never acted on automatically.

  /** Signals of one registration, in its transaction: shared device / IP with the inviter, bursts. */
  private async registrationSignals(tx: Db, user: UserRow, s: PromotionSettings, now: Date): Promise<void> {
    const inviter = await repo.userById(tx, user.user_pid);
    if (!inviter) return;
    const base = { user_id: inviter.user_id, invitee_id: user.user_id, created_at: now };
    if (user.user_device_id && user.user_device_id === inviter.user_device_id) {
      await repo.insertSignal(tx, { ...base, kind: 'shared_device', detail: { device_id: user.user_device_id } });
    }
    if (user.user_reg_ip && user.user_reg_ip === inviter.user_reg_ip) {
      await repo.insertSignal(tx, { ...base, kind: 'shared_ip', detail: { ip: user.user_reg_ip } });
    }
    const since = operatorDayStart(now, this.deps.timeZone);
    const day = this.day(now);
    if (user.user_reg_ip) {
      const n = await repo.countInviteesFrom(tx, inviter.user_id, 'ip', user.user_reg_ip, since);
      if (n > s.burst_per_day) {
        await repo.insertSignal(tx, { ...base, kind: 'ip_burst', detail: { ip: user.user_reg_ip, day, count: n } });
      }
    }
    if (user.user_device_id) {
      const n = await repo.countInviteesFrom(tx, inviter.user_id, 'device', user.user_device_id, since);
      if (n > s.burst_per_day) {
        await repo.insertSignal(tx, {
          ...base,
          kind: 'device_burst',
          detail: { device_id: user.user_device_id, day, count: n },
        });
      }
    }
  }

  /**
   * The daily signal sweep (promotion.jobs.ts): invitees inactive `inactive_days` after registering (looking back
   * 30 days past that), invitees sharing the inviter's withdrawal account, invitation cycles. Returns how many new
   * signals were recorded.
   */
  async sweepSignals(): Promise<number> {
    const s = await this.settings();
    const now = this.now();
    const before = new Date(now.getTime() - s.inactive_days * 86_400_000);
    const from = new Date(before.getTime() - 30 * 86_400_000);
    let n = 0;
    for (const r of await repo.inactiveInvitees(this.db, from, before)) {
      const reg = iso(r.reg_time);
      if (
        await repo.insertSignal(this.db, {
          user_id: Number(r.user_id),
          invitee_id: Number(r.invitee_id),
          kind: 'inactive',
          detail: { registered: reg, days: s.inactive_days },
          created_at: now,
        })
      ) {
        n++;
      }
    }
    for (const r of await repo.sharedAccounts(this.db)) {
      if (
        await repo.insertSignal(this.db, {
          user_id: Number(r.user_id),
          invitee_id: Number(r.invitee_id),
          kind: 'shared_account',
          detail: { account: maskAccount(r.cash_account) },
          created_at: now,
        })
      ) {
        n++;
      }
    }
    for (const r of await repo.inviteCycles(this.db)) {
      if (
        await repo.insertSignal(this.db, {
          user_id: Number(r.user_id),
          invitee_id: Number(r.invitee_id),
          kind: 'cycle',
          detail: {},
          created_at: now,
        })
      ) {
        n++;
      }
    }
    return n;
  }
}

/** An account shown in the console's signal detail: its first 3 and last 2 characters. */
export function maskAccount(a: string): string {
  return a.length <= 5 ? `${a.slice(0, 1)}***` : `${a.slice(0, 3)}***${a.slice(-2)}`;
}

/** The viewer's shape of a level row. */
export function levelItem(l: repo.LevelRow) {
  return {
    level_id: l.level_id,
    level_name: l.level_name,
    min_qualified: l.min_qualified,
    ratio_1: l.ratio_1,
    ratio_2: l.ratio_2,
    ratio_3: l.ratio_3,
    reg_reward_fen: l.reg_reward_fen,
    active_reward_fen: l.active_reward_fen,
    is_agent_level: l.is_agent_level,
    level_sort: l.level_sort,
  };
}

/** The revenue-list shape of an earning with its invitee's names. */
export function earningItem(r: { e: repo.EarningRow; user_name: string | null; user_nick_name: string | null }) {
  const e = r.e;
  return {
    earning_id: e.earning_id,
    source: e.source as 'register' | 'active' | 'spend' | 'points',
    depth: e.depth,
    invitee: e.invitee_id ? maskName(r.user_nick_name, r.user_name) : '',
    amount_fen: e.amount_fen,
    status: e.status as 'pending' | 'available' | 'reversed',
    created_at: iso(e.created_at),
    available_at: iso(e.available_at),
    reverse_reason: e.reverse_reason,
  };
}
