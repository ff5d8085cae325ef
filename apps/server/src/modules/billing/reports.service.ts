/**
 * Billing reports for the console (adminRevenueReport, Revenue page): paid orders summed by the operator day of
 * payment, by plan or by channel, money in fen. Queries: billing.repo.ts.
 */
import type { RevenueResponse } from '@openvod/contract';
import { DateTime } from 'luxon';
import { AppError } from '../../core/errors.ts';
import { operatorDayRange } from '../../core/time.ts';
import type { BillingContext } from './billing.context.ts';
import * as repo from './billing.repo.ts';
import type { PlansService } from './plans.service.ts';

export class ReportsService {
  constructor(
    private readonly ctx: BillingContext,
    private readonly plans: PlansService,
  ) {}

  /**
   * adminRevenueReport: paid orders by operator day of payment, plan or channel, between two operator days inclusive
   * (default: core/time.ts operatorDayRange). 400 1001 (`to`) when the range is empty or not a date.
   */
  async revenue(q: {
    from?: string | undefined;
    to?: string | undefined;
    by: 'day' | 'plan' | 'channel';
  }): Promise<Omit<RevenueResponse, 'code' | 'msg'>> {
    const tz = this.ctx.opts.timeZone;
    const range = operatorDayRange(this.ctx.now(), tz, q);
    const start = DateTime.fromISO(range.from, { zone: tz }).startOf('day');
    const end = DateTime.fromISO(range.to, { zone: tz }).plus({ days: 1 }).startOf('day');
    if (!start.isValid || !end.isValid || end <= start) throw new AppError(400, 1001, 'v_value', {}, 'to');
    const rows = await repo.revenueBy(this.ctx.db, {
      by: q.by,
      timeZone: tz,
      from: start.toJSDate(),
      to: end.toJSDate(),
    });
    const names = await this.plans.groupNames();
    const list = rows.map((r) => ({
      key: r.key,
      label: q.by === 'plan' ? `${names.get(r.group_id) ?? ''} ${r.long}` : r.key,
      orders: r.orders,
      amount: r.amount,
    }));
    return {
      ...range,
      list,
      sum_orders: list.reduce((s, r) => s + r.orders, 0),
      sum_amount: list.reduce((s, r) => s + r.amount, 0),
    };
  }
}
