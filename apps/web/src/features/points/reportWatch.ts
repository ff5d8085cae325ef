/**
 * Watch-time reporting for the duration reward (spec §4): the player calls {@link reportWatchSeconds} with the
 * seconds actually played (e.g. from its time updates while not paused); they are summed and sent with setDuration
 * at most every {@link REPORT_EVERY_S} seconds (and on {@link flushWatchSeconds}, e.g. when leaving the page), only
 * for a signed-in user. The server counts at most the wall time between reports, pays each duration task once a
 * day, and answers the points paid and the balance, which goes to the stored user and the points screens
 * (lib/pointsBalance). Never throws.
 */
import { applyPointsBalance } from '../../lib/pointsBalance';
import { useSession } from '../../lib/session';
import { pointsApi } from './pointsApi';

export const REPORT_EVERY_S = 30;
let pending = 0;
let lastSent = 0;

/** Add played seconds (fractions allowed); sends when {@link REPORT_EVERY_S} have gathered. */
export function reportWatchSeconds(seconds: number, now: number = Date.now()): void {
  if (!(seconds > 0) || !Number.isFinite(seconds)) return;
  pending += Math.min(seconds, REPORT_EVERY_S * 4);
  if (pending >= REPORT_EVERY_S && now - lastSent >= REPORT_EVERY_S * 1000 - 1000) void flushWatchSeconds(now);
}

/** Send what has gathered now (whole seconds). */
export async function flushWatchSeconds(now: number = Date.now()): Promise<number> {
  const whole = Math.floor(pending);
  if (whole <= 0 || (useSession.getState().user?.user_id ?? 0) <= 0) return 0;
  pending -= whole;
  lastSent = now;
  try {
    const r = await pointsApi.setDuration(whole);
    if (r.point > 0) applyPointsBalance(r.user_points);
    return r.point;
  } catch {
    return 0;
  }
}
