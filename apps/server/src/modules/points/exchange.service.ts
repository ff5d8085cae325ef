/**
 * The exchange centre (issue 7 item 5; spec §5 exchange, §7 exchangeNumber; research/money.md §2): points spent on
 * extra views, downloads or VIP days. An exchange = points debit (guarded: never below 0) + credit of views /
 * downloads (ledger) or VIP days (billing's `grantVip`), in one transaction keyed `exchange:<user>:<client key>`,
 * so a retry with the same key changes nothing. Queries: points.repo.ts.
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, EXCHANGE_PLOG_TYPE, type ExchangeType } from '@openvod/contract';
import { AppError, badRequest } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import * as repo from './points.repo.ts';
import type { PointsLedger } from './points.service.ts';

/** Grants VIP days (billing's `grantVip`, journaled as vip_s / noad_s); absent = VIP exchange off. */
export type GrantVip = (
  tx: Db,
  g: { userId: number; groupId: number; days: number; key: string; kind: string; ref?: string },
) => Promise<boolean>;

/** Exchange prices and exchangeNumber. */
export class ExchangeService {
  constructor(
    private readonly db: Db,
    private readonly ledger: PointsLedger,
    private readonly opts: { grantVip?: GrantVip | undefined } = {},
  ) {}

  /** Exchange prices: setting row 1 and each VIP group's `group_points_day` (0 = not offered). */
  async rates() {
    const s = await repo.exchangeSetting(this.db);
    const groups = await repo.vipDayPrices(this.db);
    return {
      view: s?.view_points ?? 0,
      download: s?.download_points ?? 0,
      vip: groups.filter((g) => g.points_per_day > 0),
    };
  }

  /**
   * exchangeNumber: spend `price x count` points for `count` views / downloads, or `count` VIP days of `group_id`
   * (type vip: group_id required, priced by its `group_points_day`). One transaction: the guarded points debit
   * (400 `insufficient_points` when short; nothing changes) and the credit, both keyed `exchange:<user>:<key>`;
   * a retry with the same key changes nothing (`applied: false`). 400 `points_exchange_off` when the price is 0.
   */
  async exchange(
    user: UserRow,
    body: { type: ExchangeType; count: number; group_id?: number | undefined },
    key?: string,
  ) {
    const rates = await this.rates();
    let price: number;
    if (body.type === 'vip') {
      const g = rates.vip.find((x) => x.group_id === body.group_id);
      if (body.group_id === undefined) throw badRequest('v_required', {}, 'group_id');
      if (!g || !this.opts.grantVip) throw new AppError(400, ErrorCode.generic, 'points_exchange_off');
      price = g.points_per_day;
    } else {
      price = body.type === 'view' ? rates.view : rates.download;
    }
    if (price <= 0) throw new AppError(400, ErrorCode.generic, 'points_exchange_off');
    const cost = price * body.count;
    const idem = `exchange:${user.user_id}:${key ?? randomUUID()}`;
    return this.db.transaction(async (tx) => {
      const debit = await this.ledger.post(tx, {
        userId: user.user_id,
        asset: 'points',
        amount: -cost,
        kind: 'exchange',
        key: idem,
        plogType: EXCHANGE_PLOG_TYPE,
        remarks: `exchange ${body.type} x${body.count}`,
      });
      if (debit.applied) {
        if (body.type === 'vip') {
          await this.opts.grantVip?.(tx, {
            userId: user.user_id,
            groupId: body.group_id as number,
            days: body.count,
            key: idem,
            kind: 'exchange',
          });
        } else {
          await this.ledger.post(tx, {
            userId: user.user_id,
            asset: body.type === 'view' ? 'views' : 'downloads',
            amount: body.count,
            kind: 'exchange',
            key: `${idem}:credit`,
            meta: { points: cost },
          });
        }
      }
      const credits = await this.ledger.balances(tx, user.user_id);
      const u = await repo.userPointsAndEnd(tx, user.user_id);
      return {
        point: debit.applied ? cost : 0,
        user_points: u.points,
        credits: { views: credits.views, downloads: credits.downloads },
        user_end_time: u.endTime,
        applied: debit.applied,
      };
    });
  }
}
