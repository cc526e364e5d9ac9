import { zonedDayStart as zonedDayStartDate } from '@switchboard/pbx-api';

/**
 * The day boundary: midnight in the site's time zone, never UTC by accident. Thin epoch-millisecond
 * wrappers over pbx-api's zoned time, which handles 23 and 25 hour days and zones whose clocks skip
 * midnight (the day then starts at the first instant that exists).
 */

/** The first instant of the local day that contains `instant`, in `timeZone` (an IANA name). */
export function zonedDayStart(instant: number, timeZone: string): number {
  return zonedDayStartDate(new Date(instant), timeZone).getTime();
}

/** The first instant of the next local day after the one containing `instant`. */
export function nextDayStart(instant: number, timeZone: string): number {
  // Every local day lasts 23 to 25 hours, so 26 hours after the start is always inside the next day.
  return zonedDayStart(zonedDayStart(instant, timeZone) + 26 * 3_600_000, timeZone);
}
