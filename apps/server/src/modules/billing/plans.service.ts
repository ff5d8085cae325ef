/**
 * VIP plans (spec §3 Membership plan; §7 groupList, orderField; console adminListPlans / adminCreatePlan /
 * adminUpdatePlan): per VIP group (>= 3) one plan per length (day 1, week 7, month 30, year 365 days) with an
 * original price, a renewal price (users who are or were VIP) and a new-user price (users who never paid an order),
 * in fen. A caller pays the lowest price they qualify for (guests see the new-user price). `points` is the upgrade
 * price. Queries: billing.repo.ts.
 */
import {
  type ChannelInfo,
  type Locale,
  PLAN_DAYS,
  type PlanLong,
  type PriceKind,
  type VipGroup,
  type VipPlan,
} from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import { type MessageKey, t } from '../../core/i18n/messages.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { BillingContext } from './billing.context.ts';
import { fail } from './billing.context.ts';
import type { PlanRow } from './billing.repo.ts';
import * as repo from './billing.repo.ts';

/** Which price a caller pays: the lowest of those they qualify for (ties: new, renew, original). */
export function priceFor(
  plan: Pick<PlanRow, 'price' | 'price_renew' | 'price_new'>,
  ctx: { wasVip: boolean; everBought: boolean },
): { price: number; kind: PriceKind } {
  const offers: { price: number; kind: PriceKind }[] = [];
  if (!ctx.everBought) offers.push({ price: plan.price_new, kind: 'new' });
  if (ctx.wasVip) offers.push({ price: plan.price_renew, kind: 'renew' });
  offers.push({ price: plan.price, kind: 'original' });
  return offers.reduce((best, o) => (o.price < best.price ? o : best));
}

/**
 * A plan's name in `locale`, e.g. "VIP member · 1 month" (what a cashier shows and a provider's `subject` carries).
 * The built-in VIP group (3) is translated while it keeps its seeded name "VIP会员" (as the viewer app does,
 * apps/web/src/features/me/groupName.ts); a group the operator named shows its own name.
 */
export function planName(locale: Locale, groupId: number, groupName: string, long: string): string {
  const group =
    groupId === 3 && groupName.trim() === 'VIP会员' ? t(locale, 'group_vip_builtin') : groupName.trim() || 'VIP';
  const key = `plan_long_${long}`;
  const length = PLAN_LONG_KEYS.has(key) ? t(locale, key as MessageKey) : long;
  return `${group} · ${length}`;
}
const PLAN_LONG_KEYS = new Set(['plan_long_day', 'plan_long_week', 'plan_long_month', 'plan_long_year']);

/** A plan as the console shows it (adminListPlans): prices in fen, `points` the upgrade price, the group's name. */
export interface AdminPlan {
  plan_id: number;
  group_id: number;
  group_name: string;
  long: PlanLong;
  days: number;
  price: number;
  price_renew: number;
  price_new: number;
  points: number;
  plan_status: number;
}

export class PlansService {
  constructor(private readonly ctx: BillingContext) {}

  /** Every group's name by `group_id`. */
  groupNames(db: Db = this.ctx.db): Promise<Map<number, string>> {
    return repo.groupNames(db);
  }

  /** Has this user ever paid an order (the new-user price is for users who never did). */
  everBought(userId: number, db: Db = this.ctx.db): Promise<boolean> {
    return repo.hasPaidOrder(db, userId);
  }

  /** Which prices `user` qualifies for (a guest: neither renewal nor "ever bought"). */
  async pricingContext(user: UserRow | undefined): Promise<{ wasVip: boolean; everBought: boolean }> {
    if (!user) return { wasVip: false, everBought: false };
    return { wasVip: user.group_id > 2 || user.user_end_time > 0, everBought: await this.everBought(user.user_id) };
  }

  /** groupList / orderField: VIP groups on sale (group_status 1) with their plans on sale, shortest first. */
  async vipGroups(user?: UserRow): Promise<VipGroup[]> {
    const pricing = await this.pricingContext(user);
    const rows = await repo.plansOnSale(this.ctx.db);
    const groups = new Map<number, VipGroup>();
    for (const { plan, group_name } of rows) {
      let g = groups.get(plan.group_id);
      if (!g) {
        g = { group_id: plan.group_id, group_name, plans: [] };
        groups.set(plan.group_id, g);
      }
      const p = priceFor(plan, pricing);
      const item: VipPlan = {
        plan_id: plan.plan_id,
        group_id: plan.group_id,
        long: plan.long as PlanLong,
        days: plan.days,
        price: plan.price,
        price_renew: plan.price_renew,
        price_new: plan.price_new,
        price_now: p.price,
        price_kind: p.kind,
        points: plan.points,
      };
      g.plans.push(item);
    }
    return [...groups.values()];
  }

  /** The channels offered to viewers (orderField). */
  channelInfos(): ChannelInfo[] {
    return this.ctx.channels.list().map((c) => ({ channel: c.id, name: c.id, scenes: [...c.scenes] }));
  }

  /** The plan of `long` of a group, both on sale; 404 1004 `billing_plan_not_found` otherwise. */
  async planFor(groupId: number, long: PlanLong): Promise<PlanRow> {
    const plan = await repo.planOnSale(this.ctx.db, groupId, long);
    if (!plan) throw fail(404, 1004, 'billing_plan_not_found');
    return plan;
  }

  /** adminListPlans: every plan (on sale or not) by group and length; prices in fen, `points` the upgrade price. */
  async listPlans(): Promise<AdminPlan[]> {
    const names = await this.groupNames();
    const rows = await repo.allPlans(this.ctx.db);
    return rows.map((p) => this.toAdminPlan(p, names));
  }

  /** A `vip_plan` row for the console (fen; `names`: group id -> name). */
  toAdminPlan(p: PlanRow, names: Map<number, string>): AdminPlan {
    return {
      plan_id: p.plan_id,
      group_id: p.group_id,
      group_name: names.get(p.group_id) ?? '',
      long: p.long as PlanLong,
      days: p.days,
      price: p.price,
      price_renew: p.price_renew,
      price_new: p.price_new,
      points: p.points,
      plan_status: p.plan_status,
    };
  }

  /**
   * adminCreatePlan: a plan of `long` (days from PLAN_DAYS) for a group; prices in fen (> 0), points >= 0 (0 = not
   * for points). 400 1001 unknown group; 409 1409 the group already has a plan of that length.
   */
  async createPlan(body: {
    group_id: number;
    long: PlanLong;
    price: number;
    price_renew: number;
    price_new: number;
    points: number;
    plan_status: number;
  }): Promise<AdminPlan> {
    const names = await this.groupNames();
    if (!names.has(body.group_id)) throw new AppError(400, 1001, 'billing_group_invalid', {}, 'group_id');
    const row = await repo.insertPlan(this.ctx.db, { ...body, days: PLAN_DAYS[body.long] });
    if (!row) throw new AppError(409, 1409, 'billing_plan_exists');
    return this.toAdminPlan(row, names);
  }

  /** adminUpdatePlan: change prices (fen), points or plan_status of a plan; 404 1004 unknown plan. */
  async updatePlan(
    id: number,
    body: Partial<{ price: number; price_renew: number; price_new: number; points: number; plan_status: number }>,
  ): Promise<AdminPlan> {
    const row = await repo.updatePlan(this.ctx.db, id, body);
    if (!row) throw fail(404, 1004, 'billing_plan_not_found');
    return this.toAdminPlan(row, await this.groupNames());
  }
}
