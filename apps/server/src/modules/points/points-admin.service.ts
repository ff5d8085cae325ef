/**
 * The console's side of the points module (spec §3 Task config; issue 7 item 5 and item 6 "reports"): the task
 * editor (adminListPointTasks, adminUpdatePointTask), the free quotas per group and the exchange prices
 * (adminGetPointsSettings, adminUpdatePointsSettings) and the points report (adminPointsReport). Queries:
 * points.repo.ts.
 */
import { ErrorCode } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import { operatorDayRange } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './points.repo.ts';
import { VIP_GROUP_MIN } from './points.service.ts';

export interface PointsAdminOptions {
  /** The operator's time zone (days of the report). */
  timeZone: string;
  /** The module's clock (PointsService.now). */
  now: () => Date;
}

/** Task config, free quotas, exchange prices and the points report for the console. */
export class PointsAdminService {
  constructor(
    private readonly db: Db,
    private readonly opts: PointsAdminOptions,
  ) {}

  /** Every task, in the console's order, without its sort key. */
  async adminTasks() {
    return (await repo.listTasks(this.db)).map(({ sort: _s, ...t }) => t);
  }

  /** Change a task's points, daily cap, minutes or switch. Errors: 404 `points_task_not_found`. */
  async updateTask(id: number, patch: { points?: number; num?: number; long?: number; enabled?: boolean }) {
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const row = Object.keys(set).length ? await repo.updateTask(this.db, id, set) : await repo.taskById(this.db, id);
    if (!row) throw new AppError(404, ErrorCode.notFound, 'points_task_not_found');
    const { sort: _s, ...info } = row;
    return info;
  }

  /**
   * Free views / downloads per group (every group, plus group 1 `guest` when missing; 0/0 when unset), each VIP
   * group's VIP-day price (`points_per_day`, 0 below VIP) and the points prices of a view and a download.
   */
  async settings() {
    const groups = await repo.groupsWithDayPrice(this.db);
    const perDay = new Map(groups.map((g) => [g.group_id, g.day]));
    const quotas = await repo.listQuotas(this.db);
    const byGroup = new Map(quotas.map((q) => [q.group_id, q]));
    const names = new Map(groups.map((g) => [g.group_id, g.group_name]));
    const ids = [...new Set([1, ...groups.map((g) => g.group_id), ...quotas.map((q) => q.group_id)])].sort(
      (a, b) => a - b,
    );
    const s = await repo.exchangeSetting(this.db);
    return {
      quotas: ids.map((id) => ({
        group_id: id,
        group_name: names.get(id) ?? (id === 1 ? 'guest' : String(id)),
        free_views: byGroup.get(id)?.free_views ?? 0,
        free_downloads: byGroup.get(id)?.free_downloads ?? 0,
        points_per_day: id >= VIP_GROUP_MIN ? (perDay.get(id) ?? 0) : 0,
      })),
      view_points: s?.view_points ?? 0,
      download_points: s?.download_points ?? 0,
    };
  }

  /** Save the given quotas, VIP-day prices (VIP groups only) and points prices in one transaction; the settings. */
  async updateSettings(body: {
    quotas?:
      | { group_id: number; free_views: number; free_downloads: number; points_per_day?: number | undefined }[]
      | undefined;
    view_points?: number | undefined;
    download_points?: number | undefined;
  }) {
    await this.db.transaction(async (tx) => {
      for (const q of body.quotas ?? []) {
        await repo.upsertQuota(tx, {
          group_id: q.group_id,
          free_views: q.free_views,
          free_downloads: q.free_downloads,
        });
        // The VIP-day price of the exchange centre (MacCMS group_points_day), VIP groups only.
        if (q.points_per_day !== undefined && q.group_id >= VIP_GROUP_MIN) {
          await repo.setGroupDayPrice(tx, q.group_id, q.points_per_day);
        }
      }
      const set: { view_points?: number; download_points?: number } = {};
      if (body.view_points !== undefined) set.view_points = body.view_points;
      if (body.download_points !== undefined) set.download_points = body.download_points;
      if (Object.keys(set).length) await repo.upsertExchangeSetting(tx, set);
    });
    return this.settings();
  }

  /**
   * Points report: issued (credits) and spent (debits, positive) from mac_plog between the operator days `from`
   * and `to` (inclusive; omitted: the last 30 operator days, `operatorDayRange`), by plog type; outstanding = sum
   * of every user's user_points now.
   */
  async report(q: { from?: string | undefined; to?: string | undefined }) {
    const tz = this.opts.timeZone;
    const range = operatorDayRange(this.opts.now(), tz, q);
    const by_type = await repo.plogTotalsByType(this.db, range.from, range.to, tz);
    const outstanding = await repo.outstandingPoints(this.db);
    return {
      ...range,
      issued: by_type.reduce((a, r) => a + r.issued, 0),
      spent: by_type.reduce((a, r) => a + r.spent, 0),
      outstanding,
      by_type,
    };
  }
}
