/**
 * What the points module announces: `watch.reported` (below; subscriber: the promotion module, which counts the
 * viewer active that operator day).
 *
 * What the points module does when other modules announce something (core/events.ts):
 * - `favourite.added` (modules/playback/playback.events.ts): a new film favourite pays the daily task "collect
 *   1-5 films" (spec §9; plog type 20 = TASK_PLOG.collectFilm) through {@link PointsService.award} with the title
 *   as `ref`, so one film pays once a day (the ledger key) and the operator's `num` caps the day. A task switched
 *   off (`points_task_off`) is not a failure; any other failure is the bus's to log and never fails the favourite.
 * - `comment.posted` (modules/community/comments.events.ts): a comment or reply that became shown pays the daily
 *   comment task (spec §9; plog type 22 = TASK_PLOG.comment) with the comment id as `ref`, within the task's `num`.
 * - `share.created` (modules/social/social.events.ts): a member's short link pays the daily "share" task (plog type
 *   21 = TASK_PLOG.share) once per page and operator day (ref: the link's code), up to `num` a day; setPlog no
 *   longer takes type 21.
 */
import { TASK_PLOG } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import type { EventBus } from '../../core/events.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import type { PointsService } from './points.service.ts';

declare module '../../core/events.ts' {
  interface AppEvents {
    /**
     * setDuration counted watch time (PointsService.setDuration, after its write): `total` seconds watched on
     * operator day `day` so far. Announced with `announce` after the write, at every report (about every 30 s of
     * playback), so a subscriber must be cheap on repeats.
     */
    'watch.reported': { user: UserRow; day: string; total: number };
  }
}

/** Subscribe the points module's handlers on `events`. */
export function subscribePoints(events: EventBus, points: PointsService): void {
  // A member's short link (modules/social, shortUrl) pays the daily "share" task: one page once a day (ref: the
  // link's code), up to the operator's daily count `num`.
  events.on('share.created', async ({ user, code }) => {
    try {
      await points.award(user.user_id, TASK_PLOG.share, code);
    } catch (err) {
      if (!(err instanceof AppError && err.key === 'points_task_off')) throw err;
    }
  });
  events.on('favourite.added', async ({ user, vodId }) => {
    try {
      await points.award(user.user_id, TASK_PLOG.collectFilm, vodId);
    } catch (err) {
      if (!(err instanceof AppError && err.key === 'points_task_off')) throw err;
    }
  });
  events.on('comment.posted', async ({ userId, comment }) => {
    try {
      await points.award(userId, TASK_PLOG.comment, comment.comment_id);
    } catch (err) {
      if (!(err instanceof AppError && err.key === 'points_task_off')) throw err;
    }
  });
}
