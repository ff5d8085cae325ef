/**
 * The console's side of the promotion programme (issue "promotion" item 8, earnings part): settings with the level
 * and tier lists, promoters (list, detail, fraud flag, agent mark), earning reversal, fraud signals, and the report
 * by operator day. Queries: promotion.repo.ts; money moves only through PromotionService (reverse). The withdrawal
 * queue is the cash module's.
 */
import type { AdminPromotionSettingsBody } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import { operatorDayRange } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './promotion.repo.ts';
import { earningItem, levelFor, levelItem, maskName, type PromotionService } from './promotion.service.ts';
import { savePromotionSettings } from './promotion.settings.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export class PromotionAdminService {
  constructor(
    private readonly db: Db,
    private readonly promotion: PromotionService,
    private readonly timeZone: string,
  ) {}

  /** Settings, levels and tiers. */
  async settings() {
    return {
      settings: await this.promotion.settings(),
      levels: (await repo.listLevels(this.db)).map(levelItem),
      tiers: await repo.listTiers(this.db),
    };
  }

  /**
   * Change the settings and replace the level and tier lists in one transaction. 400 `promo_levels_invalid` (more
   * than one agent level, or no ordinary level at 0 qualified), `promo_tiers_invalid` (two tiers at one count).
   */
  async updateSettings(body: AdminPromotionSettingsBody) {
    if (body.levels) {
      const agents = body.levels.filter((l) => l.is_agent_level).length;
      const base = body.levels.some((l) => !l.is_agent_level && l.min_qualified === 0);
      if (agents > 1 || !base) throw new AppError(400, 1001, 'promo_levels_invalid', {}, 'levels');
    }
    if (body.tiers && new Set(body.tiers.map((t) => t.invites)).size !== body.tiers.length) {
      throw new AppError(400, 1001, 'promo_tiers_invalid', {}, 'tiers');
    }
    await this.db.transaction(async (tx) => {
      if (body.settings) await savePromotionSettings(tx, body.settings);
      if (body.levels) await repo.replaceLevels(tx, body.levels);
      if (body.tiers) await repo.replaceTiers(tx, body.tiers);
    });
    return this.settings();
  }

  /** Promoters, paged, with balances from the ledger and open signal counts. */
  async promoters(q: { q?: string | undefined; flagged?: '0' | '1' | undefined; page: number; limit: number }) {
    const { list, total } = await repo.promoterPage(this.db, {
      q: q.q,
      flagged: q.flagged === undefined ? undefined : q.flagged === '1',
      page: q.page,
      limit: q.limit,
    });
    const levels = await repo.listLevels(this.db);
    const balances = await repo.promoBalances(
      this.db,
      list.map((r) => r.p.user_id),
    );
    return {
      list: list.map((r) => {
        const b = balances.get(r.p.user_id) ?? { pending: 0, available: 0 };
        return {
          user_id: r.p.user_id,
          user_name: r.user_name,
          invitation_code: r.user_invite_code,
          invitees: r.p.invitees,
          qualified: r.p.qualified,
          level_name: levelFor(levels, r.p.qualified, r.p.is_agent)?.level_name ?? '',
          earned_fen: Number(r.earned_fen),
          pending_fen: b.pending,
          available_fen: b.available,
          signals: Number(r.signals),
          is_agent: r.p.is_agent,
          fraud_flag: r.p.fraud_flag,
          fraud_reason: r.p.fraud_reason,
        };
      }),
      page: q.page,
      limit: q.limit,
      total,
      pagecount: Math.ceil(total / q.limit),
    };
  }

  /** One promoter (its standing recounted): the first 100 direct invitees, the latest 100 earnings, signals. */
  async promoter(userId: number) {
    const user = await repo.userById(this.db, userId);
    if (!user) throw new AppError(404, 1004, 'promo_user_not_found');
    await this.promotion.recount(userId);
    const { list } = await this.promoters({ q: String(userId), page: 1, limit: 1 });
    const info = list.find((p) => p.user_id === userId);
    if (!info) throw new AppError(404, 1004, 'promo_user_not_found');
    const invitees = await repo.inviteesPage(this.db, userId, 1, 1, 100);
    return {
      info,
      invitees: invitees.list.map((r) => ({
        user_id: Number(r.user_id),
        name: maskName(r.user_nick_name, r.user_name),
        user_name: r.user_name,
        reg_ip: r.user_reg_ip,
        reg_time: iso(r.user_reg_time) ?? '',
        qualified: Boolean(r.qualified),
        earned_fen: Number(r.earned_fen),
      })),
      earnings: (await repo.latestEarnings(this.db, userId, 100)).map((r) => ({
        ...earningItem(r),
        invitee_id: r.e.invitee_id,
        ref: r.e.ref,
      })),
      signals: (await repo.signalsOf(this.db, userId)).map((s) => ({
        signal_id: s.signal_id,
        kind: s.kind as 'shared_device',
        invitee_id: s.invitee_id,
        detail: s.detail,
        created_at: iso(s.created_at) ?? '',
        cleared_at: iso(s.cleared_at),
      })),
    };
  }

  /** Flag (with a reason) or clear the fraud flag; the cash module refuses withdrawals of flagged promoters. */
  async flag(userId: number, flag: boolean, reason: string) {
    if (!(await repo.userById(this.db, userId))) throw new AppError(404, 1004, 'promo_user_not_found');
    await repo.setFlag(this.db, userId, flag, flag ? reason : '', this.promotion.now());
  }

  /** Mark a user as agent (the agent level) or not; the stored level follows. */
  async setAgent(userId: number, isAgent: boolean) {
    if (!(await repo.userById(this.db, userId))) throw new AppError(404, 1004, 'promo_user_not_found');
    await repo.setAgent(this.db, userId, isAgent, this.promotion.now());
    await this.promotion.recount(userId);
  }

  /** Reverse an earning (PromotionService.reverse) and answer it in the console's shape. */
  async reverse(id: number, reason: string) {
    const row = await this.promotion.reverse(id, reason);
    const invitee = row.invitee_id ? await repo.userById(this.db, row.invitee_id) : undefined;
    return {
      ...earningItem({
        e: row,
        user_name: invitee?.user_name ?? null,
        user_nick_name: invitee?.user_nick_name ?? null,
      }),
      invitee_id: row.invitee_id,
      ref: row.ref,
    };
  }

  /** Clear a signal (404 `promo_signal_not_found` when it does not exist or is already cleared). */
  async clearSignal(id: number, adminId: number) {
    if (!(await repo.clearSignal(this.db, id, adminId, this.promotion.now()))) {
      throw new AppError(404, 1004, 'promo_signal_not_found');
    }
  }

  /** Earned, pending, released, reversed fen by operator day over [from, to] (default the last 30 days). */
  async report(q: { from?: string | undefined; to?: string | undefined }) {
    const { from, to } = operatorDayRange(this.promotion.now(), this.timeZone, q);
    const rows = await repo.reportByDay(this.db, from, to, this.timeZone);
    const totals = await repo.totalBalances(this.db);
    return {
      from,
      to,
      list: rows.map((r) => ({
        day: String(r.day),
        earned_fen: Number(r.earned_fen),
        pending_fen: Number(r.pending_fen),
        released_fen: Number(r.released_fen),
        reversed_fen: Number(r.reversed_fen),
        withdrawn_fen: Number(r.withdrawn_fen),
        paid_fen: Number(r.paid_fen),
        count: Number(r.count),
      })),
      pending_fen: totals.pending,
      available_fen: totals.available,
      frozen_fen: totals.frozen,
      paid_fen: totals.paid,
    };
  }
}
