/**
 * The PBX's display format for times ("System > Date and Time > Display Format"): responses and events
 * carry local times in it, and CDR filters must be written in it.
 */

/** Date orders the PBX offers. */
export const DATE_FORMATS = ['YYYY/MM/DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** 24-hour (`HH:mm:ss`) or 12-hour (`hh:mm:ss`, followed by ` AM` / ` PM`). */
export const TIME_FORMATS = ['24h', '12h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats and parses PBX display times in one time zone. */
export class DisplayTime {
  private readonly parts: Intl.DateTimeFormat;
  // Offsets change at most twice a year; caching them per hour keeps CDR rendering cheap.
  private readonly offsetCache = new Map<number, number>();
  private readonly pattern: RegExp;

  constructor(
    readonly dateFormat: DateFormat = 'YYYY/MM/DD',
    readonly timeFormat: TimeFormat = '24h',
    readonly timeZone = 'UTC',
  ) {
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const time = timeFormat === '12h' ? '(\\d{2}):(\\d{2}):(\\d{2}) (AM|PM)' : '(\\d{2}):(\\d{2}):(\\d{2})';
    this.pattern = new RegExp(`^(\\d{2,4})/(\\d{2})/(\\d{2,4}) ${time}$`);
  }

  /** `system_date_format` as system/information reports it. */
  get dateFormatLabel(): string {
    return this.dateFormat;
  }

  /** `system_time_format` as system/information reports it. */
  get timeFormatLabel(): string {
    return this.timeFormat === '12h' ? 'hh:mm:ss' : 'HH:mm:ss';
  }

  /** Unix seconds -> display text, e.g. `2025/08/22 16:44:40`. */
  format(unixSeconds: number): string {
    const p = this.local(Math.floor(unixSeconds));
    const date =
      this.dateFormat === 'YYYY/MM/DD'
        ? `${p.year}/${pad(p.month)}/${pad(p.day)}`
        : this.dateFormat === 'MM/DD/YYYY'
          ? `${pad(p.month)}/${pad(p.day)}/${p.year}`
          : `${pad(p.day)}/${pad(p.month)}/${p.year}`;
    if (this.timeFormat === '24h') return `${date} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
    const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
    return `${date} ${pad(hour12)}:${pad(p.minute)}:${pad(p.second)} ${p.hour < 12 ? 'AM' : 'PM'}`;
  }

  /** `YYYYMMDDHHmmss` in local time, as the PBX uses in file names and note IDs. */
  compact(unixSeconds: number): string {
    const p = this.local(Math.floor(unixSeconds));
    return `${p.year}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
  }

  /** Display text -> unix seconds; undefined when the text does not follow the display format exactly. */
  parse(text: string): number | undefined {
    const m = this.pattern.exec(text.trim());
    if (!m) return undefined;
    const [a, b, c] = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
    const [year, month, day] =
      this.dateFormat === 'YYYY/MM/DD' ? [a, b, c] : this.dateFormat === 'MM/DD/YYYY' ? [c, a, b] : [c, b, a];
    if (year.length !== 4 || month.length !== 2 || day.length !== 2) return undefined;
    let hour = Number(m[4]);
    const minute = Number(m[5]);
    const second = Number(m[6]);
    if (this.timeFormat === '12h') {
      if (hour < 1 || hour > 12) return undefined;
      hour = (hour % 12) + (m[7] === 'PM' ? 12 : 0);
    }
    const parts = { year: Number(year), month: Number(month), day: Number(day), hour, minute, second };
    if (!isValid(parts)) return undefined;
    const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, hour, minute, second) / 1000;
    // Local -> UTC: subtract the offset in force at that instant (checked twice around DST changes).
    const first = asUtc - this.offsetAt(asUtc);
    return asUtc - this.offsetAt(first);
  }

  private local(unixSeconds: number): LocalParts {
    const shifted = new Date((unixSeconds + this.offsetAt(unixSeconds)) * 1000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
    };
  }

  /** Seconds to add to UTC to get local time at `unixSeconds`. */
  private offsetAt(unixSeconds: number): number {
    if (this.timeZone === 'UTC') return 0;
    const hourKey = Math.floor(unixSeconds / 3600);
    const cached = this.offsetCache.get(hourKey);
    if (cached !== undefined) return cached;
    const values: Record<string, number> = {};
    for (const part of this.parts.formatToParts(new Date(hourKey * 3600 * 1000))) {
      if (part.type !== 'literal') values[part.type] = Number(part.value);
    }
    const local = Date.UTC(
      values['year'] ?? 1970,
      (values['month'] ?? 1) - 1,
      values['day'] ?? 1,
      values['hour'] ?? 0,
      values['minute'] ?? 0,
      values['second'] ?? 0,
    );
    const offset = local / 1000 - hourKey * 3600;
    if (this.offsetCache.size > 10_000) this.offsetCache.clear();
    this.offsetCache.set(hourKey, offset);
    return offset;
  }
}

function isValid(p: LocalParts): boolean {
  if (p.month < 1 || p.month > 12 || p.day < 1 || p.hour > 23 || p.minute > 59 || p.second > 59) return false;
  return p.day <= new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
