/** A local date and time in some zone, as the clock on the wall shows it. Month is 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

/** The cached formatter of `timeZone`; throws a clear error for a zone Intl does not know. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = FORMATTERS.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        // h23: some ICU versions print midnight as 24 with hour12: false.
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
    } catch {
      throw new RangeError(
        `timeZone must be an IANA time zone like Europe/Berlin, got ${JSON.stringify(timeZone)}`,
      );
    }
    FORMATTERS.set(timeZone, format);
  }
  return format;
}

/** Throws a RangeError naming the zone when Intl does not know it. */
export function checkTimeZone(timeZone: string): void {
  formatter(timeZone);
}

/** The wall-clock reading of `epochMs` in `timeZone`. */
export function wallTimeAt(epochMs: number, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(epochMs)) parts[part.type] = part.value;
  const year = Number(parts['year']);
  return {
    // Years before 1 AD come back as "1 BC"; keep arithmetic continuous.
    year: parts['era'] === 'BC' ? 1 - year : year,
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    second: Number(parts['second']),
  };
}

function wallAsUtc(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/** Offset of `timeZone` from UTC at `epochMs`, in ms (positive east of Greenwich). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return wallAsUtc(wallTimeAt(whole, timeZone)) - whole;
}

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time in `timeZone` denotes. Around DST changes it resolves like Temporal's
 * `compatible`: a time that occurs twice (clocks go back) is the earlier one; a time that never occurs
 * (clocks go forward) is moved forward by the gap, e.g. 02:30 on a spring-forward day reads as 03:30.
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): Date {
  const local = wallAsUtc(wall);
  const before = zoneOffsetMs(local - DAY_MS, timeZone);
  const after = zoneOffsetMs(local + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => zoneOffsetMs(instant, timeZone) === local - instant)
    .sort((a, b) => a - b);
  const chosen = candidates[0] ?? local - before;
  return new Date(chosen);
}

/** Midnight at the start of the local day, in `timeZone`, that contains `instant` (for day boundaries). */
export function zonedDayStart(instant: Date, timeZone: string): Date {
  const time = instant.getTime();
  if (!Number.isFinite(time)) throw new RangeError('instant must be a valid Date');
  const wall = wallTimeAt(time, timeZone);
  return instantOfWallTime({ ...wall, hour: 0, minute: 0, second: 0 }, timeZone);
}
