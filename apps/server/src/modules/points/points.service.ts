/**
 * Points and tasks: the viewer's side (issue 7 item 5; spec §3 Task config, §4 Sign-in and Duration reward, §7
 * plogList, setPlog, getTask, setDuration, durationList, §9 daily rewards; research/money.md §2). The exchange
 * centre is exchange.service.ts, the console's task editor, quotas, prices and report points-admin.service.ts; the
 * queries of all three are points.repo.ts.
 *
 * Every change of points or times goes through the ledger (`LedgerService.post`, journal row + guarded balance
 * update, idempotent by key) inside one transaction: a task completion = journal row keyed
 * `task:<user>:<plog type>:<operator day>:<ref>` (check-in: ref 0, so one per (user, day)) + guarded upsert of
 * `points_task_day.count` (`count < num`): a replay pays nothing, the cap holds under concurrency (the second writer
 * re-checks the WHERE on the committed row); over the cap the transaction rolls back, journal row included.
 * This service also keeps the per-day free-use counters of the quotas module ({@link PointsService.consumeFree}).
 * Operator days are calendar days in the configured time zone (core/time.ts `operatorDay`, TZ).
 */
import { CLIENT_TASK_TYPES, DURATION_REPORT_MAX_S, ErrorCode, TASK_PLOG } from '@openvod/contract';
import { AppError, badRequest } from '../../core/errors.ts';
import { operatorDay } from '../../core/time.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { quotaGroupOf } from '../accounts/index.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import * as repo from './points.repo.ts';

/** A task of the task config (`points_task`). */
export type TaskRow = repo.TaskRow;

/** What the points services need of the ledger (modules/ledger); the module's plugin reaches it lazily. */
export type PointsLedger = Pick<LedgerService, 'post' | 'balances'>;

export interface PointsOptions {
  timeZone: string;
  /** App config bindPhonePoint (spec §3 single.bindphone.point). */
  bindPhonePoint: () => Promise<number>;
  /**
   * Claim an ad click (setPlog type 13, `id` = the ad impression id): the module's plugin (index.ts) plugs in the
   * ads module's `claimClickReward` (true once for an impression the server served to this user and saw clicked;
   * issue 7 item 4). It runs inside the payment's transaction `tx`, after the task-off check, so a claim is consumed
   * only when the click pays: over the day's cap the transaction rolls the claim back and the tap can pay later (a
   * raised cap, another day within the token lifetime). Without it every logged-in click report is accepted; the
   * daily cap (`num`) and the once-per-(user, day, id) key still apply.
   */
  verifyAdClick?: (userId: number, impressionId: number, tx: Db) => Promise<boolean>;
  /**
   * Watch time was counted for `user` (setDuration, after its write): `total` seconds on operator day `day`.
   * index.ts announces it as `watch.reported` (points.events.ts). Awaited; its failure is the bus's to log.
   */
  watchReported?: (user: UserRow, day: string, total: number) => Promise<void>;
  /**
   * Whether the feature a task is done in is switched on for `user` (index.ts: the ad-click task needs an ad this
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
 * Tasks whose feature the product does not have: they can never be completed, so they are never offered nor paid,
 * whatever the task config says. None at present: 22 "comment" is paid on `comment.posted` (modules/community,
 * points.events.ts), 23 "save promotion QR" by the poster module's createQrcode (modules/poster).
 */
export const UNBUILT_TASK_TYPES: ReadonlySet<number> = new Set<number>([]);

/** The first VIP group id (spec §4 "VIP: group_id above 2"). */
export const VIP_GROUP_MIN = 3;

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

/**
 * The viewer's points: tasks and check-in ({@link award}, {@link setPlog}, {@link getTask}), duration rewards
 * ({@link setDuration}, {@link durationList}), the points log ({@link plogList}) and the daily free views /
 * downloads ({@link usage}, {@link consumeFree}, {@link quotaOf}). `now` is the clock of the whole module (tests
 * move it; the exchange and console services read it through the plugin).
 */
export class PointsService {
  now: () => Date;

  constructor(
    readonly db: Db,
    private readonly ledger: PointsLedger,
    private readonly opts: PointsOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** Today's operator day (YYYY-MM-DD). */
  day(): string {
    return operatorDay(this.now(), this.opts.timeZone);
  }

  /** Every task of the task config, in the console's order. */
  async tasks(db: Db = this.db): Promise<TaskRow[]> {
    return repo.listTasks(db);
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
    const task = await repo.taskByType(this.db, plogType);
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
          return { point: 0, user_points: r.balance ?? 0, count: await repo.taskCount(tx, userId, day, plogType) };
        const n = await repo.bumpTaskCount(tx, userId, day, plogType, task.num);
        if (n === undefined) throw new CapReached();
        return { point: task.points, user_points: r.balance ?? 0, count: n };
      });
    } catch (err) {
      if (!(err instanceof CapReached)) throw err;
      return { point: 0, user_points: await repo.userPoints(this.db, userId), count: task.num };
    }
  }

  /**
   * setPlog: a reward event the client reports (10 check-in, 13 ad click, 21 share). Other task types (23 included)
   * are 400 `points_type_server_only`; unknown types 400 `points_type_invalid`. Type 13 pays only through the
   * `verifyAdClick` claim (400 `points_task_off` when the impression is not claimable), consumed only when it pays.
   */
  async setPlog(user: UserRow, type: number, id: number) {
    if (!(CLIENT_TASK_TYPES as readonly number[]).includes(type)) {
      const known = await repo.taskByType(this.db, type);
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
      repo.taskCountsOfDay(this.db, user.user_id, day),
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
    const userPoints = await repo.userPoints(this.db, user.user_id);
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
      user_points: userPoints,
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
    const row = await repo.userDay(db, userId, day);
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
    return repo.takeFreeUse(db, userId, this.day(), kind, total);
  }

  /** Free views / downloads per day of a group (0/0 when the operator set none, e.g. VIP groups). */
  async quotaOf(groupId: number): Promise<{ free_views: number; free_downloads: number }> {
    const row = await repo.groupQuota(this.db, groupId);
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
    const first = Math.min(duration, 30, DURATION_REPORT_MAX_S);
    const total = await repo.addWatchSeconds(this.db, {
      userId: user.user_id,
      day,
      duration,
      first,
      maxReport: DURATION_REPORT_MAX_S,
      now,
    });
    if (total > 0) await this.opts.watchReported?.(user, day, total);
    let point = 0;
    let userPoints: number | undefined;
    const awarded: number[] = [];
    const tasks = (await this.tasks()).filter((t) => t.enabled && isDurationTask(t) && t.points > 0);
    for (const t of tasks) {
      const count = await repo.taskCount(this.db, user.user_id, day, t.plog_type);
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
    if (userPoints === undefined) userPoints = await repo.userPoints(this.db, user.user_id);
    return { point, total, user_points: userPoints, awarded };
  }

  /** durationList: seconds per operator day, newest first. */
  async durationList(userId: number, page: number, limit: number) {
    const { list, total } = await repo.watchDays(this.db, userId, page, limit);
    return { list, page, limit, total, pagecount: Math.ceil(total / limit) };
  }

  /** plogList: the user's points log, newest first. */
  async plogList(userId: number, page: number, limit: number) {
    const { rows, total } = await repo.plogPage(this.db, userId, page, limit);
    const userPoints = await repo.userPoints(this.db, userId);
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
      user_points: userPoints,
    };
  }
}
