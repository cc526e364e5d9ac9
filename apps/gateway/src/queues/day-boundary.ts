/**
 * The day boundary: midnight in the site's time zone, never UTC by accident. Pure functions over
 * epoch milliseconds, correct across daylight-saving changes (23 and 25 hour days, and zones whose
 * clocks skip midnight, where the day starts at the first instant that exists).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  /** Milliseconds since local midnight (whole seconds). */
  timeOfDayMs: number;
}

function localTime(instant: number, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const hour = (parts['hour'] ?? 0) % 24;
  return {
    year: parts['year'] ?? 1970,
    month: parts['month'] ?? 1,
    day: parts['day'] ?? 1,
    timeOfDayMs: ((hour * 60 + (parts['minute'] ?? 0)) * 60 + (parts['second'] ?? 0)) * 1000,
  };
}

/** Offset of the zone from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const local = localTime(instant, timeZone);
  const wholeSecond = Math.floor(instant / 1000) * 1000;
  return Date.UTC(local.year, local.month - 1, local.day) + local.timeOfDayMs - wholeSecond;
}

/** The first instant of the local day that contains `instant`, in `timeZone` (an IANA name). */
export function zonedDayStart(instant: number, timeZone: string): number {
  const { year, month, day } = localTime(instant, timeZone);
  const midnightAsUtc = Date.UTC(year, month - 1, day);
  // Two passes: the offset at midnight can differ from the offset at `instant` on a DST day.
  let start = midnightAsUtc - offsetMs(midnightAsUtc - offsetMs(midnightAsUtc, timeZone), timeZone);
  const local = localTime(start, timeZone);
  if (local.day !== day) {
    // Midnight does not exist today (clocks jumped over it): the day starts at the jump.
    start += 24 * 3_600_000 - local.timeOfDayMs;
  } else if (local.timeOfDayMs !== 0) {
    start -= local.timeOfDayMs;
  }
  return start;
}

/** The first instant of the next local day after the one containing `instant`. */
export function nextDayStart(instant: number, timeZone: string): number {
  // Every local day lasts 23 to 25 hours, so 26 hours after the start is always inside the next day.
  return zonedDayStart(zonedDayStart(instant, timeZone) + 26 * 3_600_000, timeZone);
}
