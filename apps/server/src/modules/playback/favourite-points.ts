/**
 * The favourite → points glue of issue 7 item 1: a new film favourite pays the daily task "collect 1-5 films"
 * (spec §9; plog type 20 = TASK_PLOG.collectFilm) through PointsService.award with the title as `ref`, so one film
 * pays once a day (the ledger key) and the operator's `num` caps the day. A task switched off (`points_task_off`)
 * or any points failure never fails the favourite: the failure is logged and the answer keeps the old balance.
 */
import { TASK_PLOG } from '@openvod/contract';
import { AppError } from '../../core/errors.ts';
import type { PointsService } from '../points/points.service.ts';
import type { FavouriteHook } from './playback.service.ts';

export function favouritePoints(points: () => PointsService, log: (msg: string, err: unknown) => void): FavouriteHook {
  return async (user, vodId) => {
    try {
      const r = await points().award(user.user_id, TASK_PLOG.collectFilm, vodId);
      return { point: r.user_points };
    } catch (err) {
      if (!(err instanceof AppError && err.key === 'points_task_off')) log('favourite task points failed', err);
      return undefined;
    }
  };
}
