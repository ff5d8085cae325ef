/**
 * Points and tasks (issue 7 item 5; spec §3 Task config, §4 Sign-in and Duration reward, §5 exchange, §7 plogList,
 * setPlog, getTask, setDuration, durationList, exchangeNumber, §9 daily rewards; research/money.md §2).
 *
 * Every change of points or times goes through the ledger (`LedgerService.post`, journal row + guarded balance
 * update, idempotent by key) inside one transaction:
 * - a task completion = journal row keyed `task:<user>:<plog type>:<operator day>:<ref>` (check-in: ref 0, so one
 *   per (user, day)) + guarded upsert of `points_task_day.count` (`count < num`): a replay pays nothing, the cap
 *   holds under concurrency (the second writer re-checks the WHERE on the committed row); over the cap the
 *   transaction rolls back, journal row included.
 * - an exchange = points debit (guarded: never below 0) + credit of views / downloads / VIP days, same transaction,
 *   key `exchange:<user>:<client key>` (a retry with the same key changes nothing).
 * Operator days are calendar days in the configured time zone (accounts `operatorDay`, TZ).
 */
import { randomUUID } from 'node:crypto';
import {
  CLIENT_TASK_TYPES,
  DURATION_REPORT_MAX_S,
  ErrorCode,
  EXCHANGE_PLOG_TYPE,
  type ExchangeType,
  TASK_PLOG,
} from '@openvod/contract';
import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db.ts';
import { AppError, badRequest } from '../../core/errors.ts';
import { operatorDay, operatorDayRange } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import {
  macGroup,
  macPlog,
  macUser,
  pointsQuota,
  pointsSetting,
  pointsTask,
  pointsTaskDay,
  pointsUserDay,
} from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { quotaGroupOf } from '../accounts/index.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

export type TaskRow = typeof pointsTask.$inferSelect;

/** Grants VIP days (billing's `grantVip`, journaled as vip_s / noad_s); absent = VIP exchange off. */
export type GrantVip = (
  tx: Db,
  g: { userId: number; groupId: number; days: number; key: string; kind: string; ref?: string },
) => Promise<boolean>;

export interface PointsOptions {
  timeZone: string;
  /** App config bindPhonePoint (spec §3 single.bindphone.point). */
  bindPhonePoint: () => Promise<number>;
  grantVip?: GrantVip;
  /**
   * Claim an ad click (setPlog type 13, `id` = the ad impression id): app.ts plugs in the ads module's
   * `claimClickReward` (true once for an impression the server served to this user and saw clicked; issue 7 item
   * 4). It runs inside the payment's transaction `tx`, after the task-off check, so a claim is consumed only when
   * the click pays: over the day's cap the transaction rolls the claim back and the tap can pay later (a raised
   * cap, another day within the token lifetime). Without it every logged-in click report is accepted; the daily
   * cap (`num`) and the once-per-(user, day, id) key still apply.
   */
  verifyAdClick?: (userId: number, impressionId: number, tx: Db) => Promise<boolean>;
  /**
   * Whether the feature a task is done in is switched on for `user` (app.ts: the ad-click task needs an ad this
   * viewer can be shown and click). Absent = every built task is available. A task that is not available is left
   * out of getTask and pays nothing (400 `points_task_off`).
   */
  taskAvailable?: (
    plogType: number,
    user: { user_id: number; group_id: number; user_noad_time: number },
  ) => Promise<boolean>;
  now?: () => Date;
}

/**
 * Tasks whose feature the product does not have (no comments module, no promotion QR poster): they can never be
 * completed, so they are never offered nor paid, whatever the task config says.
 */
export const UNBUILT_TASK_TYPES: ReadonlySet<number> = new Set([TASK_PLOG.comment, TASK_PLOG.saveQr]);

/** The first VIP group id (spec §4 "VIP: group_id above 2"). */
const VIP_GROUP_MIN = 3;

/** Thrown inside a transaction when the day's cap is full: rolls the journal row back. */
class CapReached extends Error {}

const isDurationTask = (t: Pick<TaskRow, 'long'>) => t.long > 0;

/**
 * Whether the duration reward of a task is due (spec §4 Duration reward): logged in, today's watched total reached
 * `long` minutes x 60 s, the task's count differs from its num, and it was not sent yet today.
 */
export function durationRewardDue(i: {
  userId: number;
  totalSeconds: number;
  long: number;
  count: number;
  num: number;
  sent: boolean;
}): boolean {
  return i.userId > 0 && i.long > 0 && i.totalSeconds >= i.long * 60 && i.count !== i.num && !i.sent;
}

export class PointsService {
  now: () => Date;

  constructor(
    readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly opts: PointsOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Today's operator day (YYYY-MM-DD). */
  day(): string {
    return operatorDay(this.now(), this.opts.timeZone);
  }

  async tasks(db: Db = this.db): Promise<TaskRow[]> {
    return db.select().from(pointsTask).orderBy(asc(pointsTask.sort), asc(pointsTask.task_id));
  }

  private async taskByType(type: number, db: Db = this.db): Promise<TaskRow | undefined> {
    const [row] = await db.select().from(pointsTask).where(eq(pointsTask.plog_type, type));
    return row;
  }

  /**
   * Pay one completion of the task of `plogType` for `userId` today: idempotent by `ref` (the same ref pays once a
   * day), capped by the task's `num`. Returns the points paid now (0: disabled, capped, or a replay) and the
   * balance. For server-side events (watch film 14, collect 20, comment 22) other modules call this with the
   * title / comment id as `ref` (app.services.points.award) after their own write commits; it throws 400
   * `points_task_off` when the operator switched the task off, which such callers should ignore. `claim`, when
   * given, runs first inside the payment's transaction; false aborts with 400 `points_task_off`, and a full cap
   * rolls a successful claim back.
   */
  async award(
    userId: number,
    plogType: number,
    ref: number | string = 0,
    claim?: (tx: Db) => Promise<boolean>,
  ): Promise<{ point: number; user_points: number; count: number }> {
    const task = await this.taskByType(plogType);
    if (!task?.enabled || task.points <= 0 || UNBUILT_TASK_TYPES.has(plogType))
      throw new AppError(400, ErrorCode.generic, 'points_task_off');
    const day = this.day();
    try {
      return await this.db.transaction(async (tx) => {
        // A single-use claim (ad click) taken in the payment's transaction: rolled back with it when the cap is full.
        if (claim && !(await claim(tx))) throw new AppError(400, ErrorCode.generic, 'points_task_off');
        const r = await this.ledger.post(tx, {
          userId,
          asset: 'points',
          amount: task.points,
          kind: `task_${task.task_key}`.slice(0, 32),
          key: `task:${userId}:${plogType}:${day}:${ref}`,
          plogType,
          remarks: `${task.task_key} ${day}`,
        });
        if (!r.applied)
          return { point: 0, user_points: r.balance ?? 0, count: await this.countOf(tx, userId, day, plogType) };
        const n = await this.bump(tx, userId, day, plogType, task.num);
        if (n === undefined) throw new CapReached();
        return { point: task.points, user_points: r.balance ?? 0, count: n };
      });
    } catch (err) {
      if (!(err instanceof CapReached)) throw err;
      const [u] = await this.db.select({ p: macUser.user_points }).from(macUser).where(eq(macUser.user_id, userId));
      return { point: 0, user_points: u?.p ?? 0, count: task.num };
    }
  }

  /** Guarded `count + 1` while below `num`; undefined when the cap is reached. */
  private async bump(tx: Db, userId: number, day: string, plogType: number, num: number): Promise<number | undefined> {
    const [row] = await tx
      .insert(pointsTaskDay)
      .values({ user_id: userId, day, plog_type: plogType, count: 1 })
      .onConflictDoUpdate({
        target: [pointsTaskDay.user_id, pointsTaskDay.day, pointsTaskDay.plog_type],
        set: { count: sql`${pointsTaskDay.count} + 1` },
        setWhere: sql`${pointsTaskDay.count} < ${num}`,
      })
      .returning({ count: pointsTaskDay.count });
    return row?.count;
  }

  private async countOf(db: Db, userId: number, day: string, plogType: number): Promise<number> {
    const [row] = await db
      .select({ count: pointsTaskDay.count })
      .from(pointsTaskDay)
      .where(and(eq(pointsTaskDay.user_id, userId), eq(pointsTaskDay.day, day), eq(pointsTaskDay.plog_type, plogType)));
    return row?.count ?? 0;
  }

  /**
   * setPlog: a reward event the client reports (10 check-in, 13 ad click, 21 share, 23 save QR). Other task types
   * are 400 `points_type_server_only`; unknown types 400 `points_type_invalid`. Type 13 pays only through the
   * `verifyAdClick` claim (400 `points_task_off` when the impression is not claimable), consumed only when it pays.
   */
  async setPlog(user: UserRow, type: number, id: number) {
    if (!(CLIENT_TASK_TYPES as readonly number[]).includes(type)) {
      const known = await this.taskByType(type);
      throw badRequest(known ? 'points_type_server_only' : 'points_type_invalid', {}, 'type');
    }
    const verify = this.opts.verifyAdClick;
    const claim = type === TASK_PLOG.adClick && verify ? (tx: Db) => verify(user.user_id, id, tx) : undefined;
    return this.award(user.user_id, type, type === TASK_PLOG.checkIn ? 0 : id, claim);
  }

  /** getTask (spec §3 Task config). */
  async getTask(user: UserRow) {
    const day = this.day();
    const [tasks, progress, usage, quota, bindphone, credits] = await Promise.all([
      this.tasks(),
      this.db
        .select({ plog_type: pointsTaskDay.plog_type, count: pointsTaskDay.count })
        .from(pointsTaskDay)
        .where(and(eq(pointsTaskDay.user_id, user.user_id), eq(pointsTaskDay.day, day))),
      this.usage(user.user_id, day),
      this.quotaOf(quotaGroupOf(user)),
      this.opts.bindPhonePoint(),
      this.ledger.balances(this.db, user.user_id),
    ]);
    const counts = new Map(progress.map((p) => [p.plog_type, p.count]));
    const offered = await this.offeredTasks(tasks, user);
    // VIP groups are never metered (quotas module, spec §4): their free counts do not apply.
    const vip = user.group_id >= VIP_GROUP_MIN;
    const list = progress.filter((p) => p.count > 0).sort((a, b) => a.plog_type - b.plog_type);
    const [u] = await this.db.select({ p: macUser.user_points }).from(macUser).where(eq(macUser.user_id, user.user_id));
    return {
      list,
      tasks: offered.map((t) => ({
        task_id: t.task_id,
        plog_type: t.plog_type,
        task_key: t.task_key,
        points: t.points,
        num: t.num,
        long: t.long,
        count: counts.get(t.plog_type) ?? 0,
      })),
      single: {
        bindphone: { point: bindphone },
        freewatch: { total: quota.free_views, has: usage.free_views, unlimited: vip },
        freedownload: { total: quota.free_downloads, has: usage.free_downloads, unlimited: vip },
      },
      isSignIn: list.some((p) => p.plog_type === TASK_PLOG.checkIn),
      user_points: u?.p ?? 0,
      watch_seconds: usage.watch_seconds,
      credits: { views: credits.views, downloads: credits.downloads },
      day,
    };
  }

  /**
   * The tasks `user` is offered: enabled, of a feature the product has ({@link UNBUILT_TASK_TYPES}) and that is
   * switched on for the user (`PointsOptions.taskAvailable`).
   */
  async offeredTasks(tasks: TaskRow[], user: UserRow): Promise<TaskRow[]> {
    const ok = await Promise.all(tasks.map((t) => this.taskOffered(t, user)));
    return tasks.filter((_, i) => ok[i]);
  }

  private async taskOffered(task: TaskRow, user: Pick<UserRow, 'user_id' | 'group_id' | 'user_noad_time'>) {
    if (!task.enabled || UNBUILT_TASK_TYPES.has(task.plog_type)) return false;
    return this.opts.taskAvailable ? this.opts.taskAvailable(task.plog_type, user) : true;
  }

  /** Today's counters of a user (zeros when the day has no row yet: counters reset at the operator's midnight). */
  async usage(userId: number, day = this.day(), db: Db = this.db) {
    const [row] = await db
      .select()
      .from(pointsUserDay)
      .where(and(eq(pointsUserDay.user_id, userId), eq(pointsUserDay.day, day)));
    return row ?? { user_id: userId, day, watch_seconds: 0, watch_reported_at: null, free_views: 0, free_downloads: 0 };
  }

  /**
   * Use one free view or download of today (for the free-view flow of issue 7 item 2): a guarded upsert of
   * `points_user_day.free_views|free_downloads` that succeeds only while the count is below `total` (the group's
   * {@link quotaOf}), so concurrent plays of the last free view let exactly one through. Pass the caller's
   * transaction to make it part of its log write. Returns whether a free use was taken; the counters start at 0
   * on each operator day.
   */
  async consumeFree(userId: number, kind: 'views' | 'downloads', total: number, db: Db = this.db): Promise<boolean> {
    if (total <= 0) return false;
    const day = this.day();
    const col = kind === 'views' ? pointsUserDay.free_views : pointsUserDay.free_downloads;
    const [row] = await db
      .insert(pointsUserDay)
      .values({ user_id: userId, day, ...(kind === 'views' ? { free_views: 1 } : { free_downloads: 1 }) })
      .onConflictDoUpdate({
        target: [pointsUserDay.user_id, pointsUserDay.day],
        set: kind === 'views' ? { free_views: sql`${col} + 1` } : { free_downloads: sql`${col} + 1` },
        setWhere: sql`${col} < ${total}`,
      })
      .returning({ user_id: pointsUserDay.user_id });
    return Boolean(row);
  }

  /** Free views / downloads per day of a group (0/0 when the operator set none, e.g. VIP groups). */
  async quotaOf(groupId: number): Promise<{ free_views: number; free_downloads: number }> {
    const [row] = await this.db.select().from(pointsQuota).where(eq(pointsQuota.group_id, groupId));
    return { free_views: row?.free_views ?? 0, free_downloads: row?.free_downloads ?? 0 };
  }

  /**
   * setDuration: add the seconds watched since the last report — at most {@link DURATION_REPORT_MAX_S}, and at most
   * the wall time since the previous report of the day + 5 s (the first report of a day counts at most 30 s), in
   * one guarded upsert — then pay every enabled duration task that became due (spec §4), once a day each.
   */
  async setDuration(user: UserRow, duration: number) {
    const day = this.day();
    const now = this.now();
    const nowIso = now.toISOString();
    const first = Math.min(duration, 30, DURATION_REPORT_MAX_S);
    const [row] = await this.db
      .insert(pointsUserDay)
      .values({ user_id: user.user_id, day, watch_seconds: first, watch_reported_at: now })
      .onConflictDoUpdate({
        target: [pointsUserDay.user_id, pointsUserDay.day],
        set: {
          watch_seconds: sql`${pointsUserDay.watch_seconds} + least(${duration}::int, ${DURATION_REPORT_MAX_S}::int,
            greatest(0, ceil(extract(epoch from (${nowIso}::timestamptz - coalesce(${pointsUserDay.watch_reported_at}, ${nowIso}::timestamptz))))::int + 5))`,
          watch_reported_at: sql`greatest(coalesce(${pointsUserDay.watch_reported_at}, ${nowIso}::timestamptz), ${nowIso}::timestamptz)`,
        },
      })
      .returning({ watch_seconds: pointsUserDay.watch_seconds });
    const total = row?.watch_seconds ?? 0;
    let point = 0;
    let userPoints: number | undefined;
    const awarded: number[] = [];
    const tasks = (await this.tasks()).filter((t) => t.enabled && isDurationTask(t) && t.points > 0);
    for (const t of tasks) {
      const count = await this.countOf(this.db, user.user_id, day, t.plog_type);
      if (
        !durationRewardDue({ userId: user.user_id, totalSeconds: total, long: t.long, count, num: t.num, sent: false })
      ) {
        continue;
      }
      const r = await this.award(user.user_id, t.plog_type, 0);
      userPoints = r.user_points;
      if (r.point > 0) {
        point += r.point;
        awarded.push(t.plog_type);
      }
    }
    if (userPoints === undefined) {
      const [u] = await this.db
        .select({ p: macUser.user_points })
        .from(macUser)
        .where(eq(macUser.user_id, user.user_id));
      userPoints = u?.p ?? 0;
    }
    return { point, total, user_points: userPoints, awarded };
  }

  /** durationList: seconds per operator day, newest first. */
  async durationList(userId: number, page: number, limit: number) {
    const where = and(eq(pointsUserDay.user_id, userId), sql`${pointsUserDay.watch_seconds} > 0`);
    const [{ total } = { total: 0 }] = await this.db.select({ total: count() }).from(pointsUserDay).where(where);
    const list = await this.db
      .select({ day: pointsUserDay.day, seconds: pointsUserDay.watch_seconds })
      .from(pointsUserDay)
      .where(where)
      .orderBy(desc(pointsUserDay.day))
      .limit(limit)
      .offset((page - 1) * limit);
    return { list, page, limit, total, pagecount: Math.ceil(total / limit) };
  }

  /** plogList: the user's points log, newest first. */
  async plogList(userId: number, page: number, limit: number) {
    const [{ total } = { total: 0 }] = await this.db
      .select({ total: count() })
      .from(macPlog)
      .where(eq(macPlog.user_id, userId));
    const rows = await this.db
      .select()
      .from(macPlog)
      .where(eq(macPlog.user_id, userId))
      .orderBy(desc(macPlog.plog_time), desc(macPlog.plog_id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [u] = await this.db.select({ p: macUser.user_points }).from(macUser).where(eq(macUser.user_id, userId));
    return {
      list: rows.map((r) => ({
        plog_id: r.plog_id,
        plog_type: r.plog_type,
        plog_points: r.plog_points,
        plog_balance: r.plog_balance,
        plog_remarks: r.plog_remarks,
        plog_time: r.plog_time.toISOString(),
      })),
      page,
      limit,
      total,
      pagecount: Math.ceil(total / limit),
      user_points: u?.p ?? 0,
    };
  }

  /** Exchange prices: setting row 1 and each VIP group's `group_points_day` (0 = not offered). */
  async rates() {
    const [s] = await this.db.select().from(pointsSetting).where(eq(pointsSetting.id, 1));
    const groups = await this.db
      .select({
        group_id: macGroup.group_id,
        group_name: macGroup.group_name,
        points_per_day: macGroup.group_points_day,
      })
      .from(macGroup)
      .where(and(gte(macGroup.group_id, 3), eq(macGroup.group_status, 1)))
      .orderBy(asc(macGroup.group_id));
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
      const [u] = await tx
        .select({ p: macUser.user_points, end: macUser.user_end_time })
        .from(macUser)
        .where(eq(macUser.user_id, user.user_id));
      return {
        point: debit.applied ? cost : 0,
        user_points: u?.p ?? 0,
        credits: { views: credits.views, downloads: credits.downloads },
        user_end_time: u?.end ?? 0,
        applied: debit.applied,
      };
    });
  }

  // ----------------------------------------------------------------------------------------------- console

  async adminTasks() {
    return (await this.tasks()).map(({ sort: _s, ...t }) => t);
  }

  async updateTask(id: number, patch: { points?: number; num?: number; long?: number; enabled?: boolean }) {
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const [row] = Object.keys(set).length
      ? await this.db.update(pointsTask).set(set).where(eq(pointsTask.task_id, id)).returning()
      : await this.db.select().from(pointsTask).where(eq(pointsTask.task_id, id));
    if (!row) throw new AppError(404, ErrorCode.notFound, 'points_task_not_found');
    const { sort: _s, ...info } = row;
    return info;
  }

  async settings() {
    const groups = await this.db
      .select({ group_id: macGroup.group_id, group_name: macGroup.group_name, day: macGroup.group_points_day })
      .from(macGroup)
      .orderBy(asc(macGroup.group_id));
    const perDay = new Map(groups.map((g) => [g.group_id, g.day]));
    const quotas = await this.db.select().from(pointsQuota);
    const byGroup = new Map(quotas.map((q) => [q.group_id, q]));
    const names = new Map(groups.map((g) => [g.group_id, g.group_name]));
    const ids = [...new Set([1, ...groups.map((g) => g.group_id), ...quotas.map((q) => q.group_id)])].sort(
      (a, b) => a - b,
    );
    const [s] = await this.db.select().from(pointsSetting).where(eq(pointsSetting.id, 1));
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

  async updateSettings(body: {
    quotas?:
      | { group_id: number; free_views: number; free_downloads: number; points_per_day?: number | undefined }[]
      | undefined;
    view_points?: number | undefined;
    download_points?: number | undefined;
  }) {
    await this.db.transaction(async (tx) => {
      for (const q of body.quotas ?? []) {
        const quota = { group_id: q.group_id, free_views: q.free_views, free_downloads: q.free_downloads };
        await tx
          .insert(pointsQuota)
          .values(quota)
          .onConflictDoUpdate({
            target: pointsQuota.group_id,
            set: { free_views: q.free_views, free_downloads: q.free_downloads },
          });
        // The VIP-day price of the exchange centre (MacCMS group_points_day), VIP groups only.
        if (q.points_per_day !== undefined && q.group_id >= VIP_GROUP_MIN) {
          await tx
            .update(macGroup)
            .set({ group_points_day: q.points_per_day })
            .where(eq(macGroup.group_id, q.group_id));
        }
      }
      const set: { view_points?: number; download_points?: number } = {};
      if (body.view_points !== undefined) set.view_points = body.view_points;
      if (body.download_points !== undefined) set.download_points = body.download_points;
      if (Object.keys(set).length) {
        await tx
          .insert(pointsSetting)
          .values({ id: 1, ...set })
          .onConflictDoUpdate({ target: pointsSetting.id, set });
      }
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
    const range = operatorDayRange(this.now(), tz, q);
    const conds = [
      gte(sql`(${macPlog.plog_time} at time zone ${tz})::date`, sql`${range.from}::date`),
      lte(sql`(${macPlog.plog_time} at time zone ${tz})::date`, sql`${range.to}::date`),
    ];
    const rows = await this.db
      .select({
        plog_type: macPlog.plog_type,
        issued: sql<string>`coalesce(sum(case when ${macPlog.plog_points} > 0 then ${macPlog.plog_points} end), 0)`,
        spent: sql<string>`coalesce(-sum(case when ${macPlog.plog_points} < 0 then ${macPlog.plog_points} end), 0)`,
      })
      .from(macPlog)
      .where(and(...conds))
      .groupBy(macPlog.plog_type)
      .orderBy(asc(macPlog.plog_type));
    const out = rowsOf<Record<string, unknown>>(
      await this.db.execute(sql`select coalesce(sum(user_points), 0) as s from mac_user`),
    );
    const by_type = rows.map((r) => ({ plog_type: r.plog_type, issued: Number(r.issued), spent: Number(r.spent) }));
    return {
      ...range,
      issued: by_type.reduce((a, r) => a + r.issued, 0),
      spent: by_type.reduce((a, r) => a + r.spent, 0),
      outstanding: Number(out[0]?.s ?? 0),
      by_type,
    };
  }
}
