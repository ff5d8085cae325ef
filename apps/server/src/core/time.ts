/**
 * Operator time (DESIGN.md §3): "today" is the operator's calendar day in the configured time zone
 * (config TIME_ZONE, default Asia/Shanghai), not UTC. Days are ISO dates (YYYY-MM-DD); instants are `Date`s.
 */
import { DateTime } from 'luxon';

/** The time zone used when none is configured (config/config.ts reads TIME_ZONE). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The operator's calendar day of `now` (YYYY-MM-DD in `timeZone`). */
export function operatorDay(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return DateTime.fromJSDate(now, { zone: timeZone }).toISODate() as string;
}

/**
 * A report's operator days: `from` and `to` as given (YYYY-MM-DD), each omitted one filled in — `to` with the
 * operator's today, `from` with `days - 1` days before `to`. A console in another time zone than the operator
 * omits them so that "today" is the operator's (the admin revenue and points reports).
 */
export function operatorDayRange(
  now: Date,
  timeZone: string,
  q: { from?: string | undefined; to?: string | undefined },
  days = 30,
): { from: string; to: string } {
  const to = q.to ?? operatorDay(now, timeZone);
  const from =
    q.from ??
    (DateTime.fromISO(to, { zone: timeZone })
      .minus({ days: days - 1 })
      .toISODate() as string);
  return { from, to };
}

/** Start of the operator's day containing `now`. */
export function operatorDayStart(now: Date, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return DateTime.fromJSDate(now, { zone: timeZone }).startOf('day').toJSDate();
}
