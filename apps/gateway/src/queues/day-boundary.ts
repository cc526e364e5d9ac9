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

const localFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and form, made once: a report formats thousands of times. */
function localFormat(timeZone: string, withMinute: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${withMinute}`;
  let format = localFormats.get(key);
  if (!format) {
    // Swedish writes dates (and times) as ISO does.
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withMinute ? { hour: '2-digit', minute: '2-digit' } : {}),
    });
    localFormats.set(key, format);
  }
  return format;
}

/** The local date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDateOf(instant: number, timeZone: string): string {
  return localFormat(timeZone, false).format(instant);
}

/** The local date and minute of `instant` in `timeZone`, as a spreadsheet reads it: 2026-11-27 09:15. */
export function localMinuteOf(instant: number, timeZone: string): string {
  return localFormat(timeZone, true).format(instant);
}

/** The first instant of the local date `date` (YYYY-MM-DD, a real date) in `timeZone`. */
export function dayStartOfDate(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Noon UTC of that date is within a day of its local midnight in every zone (-12 h to +14 h).
  let start = zonedDayStart(Date.UTC(year, month - 1, day, 12), timeZone);
  for (let step = 0; step < 2 && localDateOf(start, timeZone) !== date; step += 1)
    start =
      localDateOf(start, timeZone) < date
        ? nextDayStart(start, timeZone)
        : zonedDayStart(start - 3_600_000, timeZone);
  return start;
}
