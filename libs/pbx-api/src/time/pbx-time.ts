import type { SystemInformation } from '../resources/system.types.js';
import {
  isLowerCaseMarker,
  isPadded,
  parseDatePattern,
  parseTimePattern,
  patternText,
  type FieldPart,
  type PatternPart,
} from './pbx-time-pattern.js';
import { checkTimeZone, instantOfWallTime, wallTimeAt, type WallTime } from './zoned-time.js';

/** Settings of {@link PbxTimeFormat}. */
export interface PbxTimeFormatOptions {
  /** `YYYY/MM/DD`, `MM/DD/YYYY`, `DD/MM/YYYY`... with `/`, `-` or `.` (system/information `system_date_format`). */
  dateFormat: string;
  /** `HH:mm:ss`, `hh:mm:ss`, `hh:mm:ss A`... (system/information `system_time_format`). */
  timeFormat: string;
  /** The PBX's IANA time zone, e.g. `Europe/Berlin`; system/information does not report it. */
  timeZone: string;
  /** Force 12-hour (`true`, adds an `A` marker when the format has none) or 24-hour (`false`) output. */
  hour12?: boolean;
}

// The PBX guide's system_time, shown in error messages as an example of the expected text.
const EXAMPLE_WALL: WallTime = { year: 2025, month: 8, day: 22, hour: 16, minute: 44, second: 40 };

const pad2 = (n: number): string => String(n).padStart(2, '0');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Writes and reads times in the PBX's display format (System > Date and Time > Display Format), which
 * cdr/search and report filters require and events and records use (e.g. `2025/08/22 16:44:40`).
 *
 * Quirk: the PBX's own example reports `system_time_format: "hh:mm:ss"` next to `system_time: "... 16:44:40"`,
 * so `hh` without an AM/PM marker is read as 24-hour. Output is 12-hour (`2025/08/22 04:44:40 PM`) only when
 * the format has an `A`/`a`/`AM/PM` marker or `hour12: true` is given. Parsing accepts the time with or
 * without a marker (`AM`/`PM` in either letter case, `a.m.` too): with one the hour is 1-12, without it 0-23.
 *
 * Uses Intl only. Around DST changes a wall time that occurs twice reads as the earlier instant, and one that
 * never occurs (spring forward) is moved forward by the gap.
 */
export class PbxTimeFormat {
  /** The IANA zone the PBX's clock runs in. */
  readonly timeZone: string;
  /** Whether output uses a 12-hour clock with a marker. */
  readonly hour12: boolean;
  /** The full format, e.g. `YYYY/MM/DD hh:mm:ss`. */
  readonly pattern: string;
  private readonly dateParts: PatternPart[];
  private readonly timeParts: PatternPart[];
  private readonly matcher: RegExp;
  private readonly order: FieldPart['kind'][];

  constructor(options: PbxTimeFormatOptions) {
    checkTimeZone(options.timeZone);
    this.timeZone = options.timeZone;
    this.dateParts = parseDatePattern(options.dateFormat);
    const timeParts = parseTimePattern(options.timeFormat);
    const hasMarker = timeParts.some((part) => part.kind === 'marker');
    this.hour12 = options.hour12 ?? hasMarker;
    this.timeParts = adjustMarker(timeParts, this.hour12, hasMarker);
    this.pattern = `${patternText(this.dateParts)} ${patternText(this.timeParts)}`;
    const fields = [...this.dateParts, ...this.timeParts].filter(
      (part): part is FieldPart => part.kind !== 'literal' && part.kind !== 'marker',
    );
    this.order = fields.map((part) => part.kind);
    this.matcher = buildMatcher(this.dateParts, this.timeParts);
  }

  /** From system/information's `system_date_format` and `system_time_format`, and the PBX's zone. */
  static fromSystemInformation(
    info: Pick<SystemInformation, 'system_date_format' | 'system_time_format'>,
    timeZone: string,
    options: { hour12?: boolean } = {},
  ): PbxTimeFormat {
    return new PbxTimeFormat({
      dateFormat: info.system_date_format,
      timeFormat: info.system_time_format,
      timeZone,
      ...options,
    });
  }

  /** `value` (a Date or unix seconds) as the PBX writes it, e.g. `2025/08/22 16:44:40`. */
  format(value: Date | number): string {
    const wall = wallTimeAt(toEpochMs(value), this.timeZone);
    return `${this.write(this.dateParts, wall)} ${this.write(this.timeParts, wall)}`;
  }

  /** Only the date of `value`, e.g. `2025/08/22` (report filters that take a day). */
  formatDate(value: Date | number): string {
    return this.write(this.dateParts, wallTimeAt(toEpochMs(value), this.timeZone));
  }

  /** Reads a PBX time into the instant it denotes; throws an Error naming the expected format. */
  parse(text: string): Date {
    const match = typeof text === 'string' ? this.matcher.exec(text.trim()) : null;
    if (!match) throw this.error(text, 'it does not match the format');
    const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    this.order.forEach((kind, index) => {
      if (kind !== 'marker') wall[kind] = Number(match[index + 1]);
    });
    const marker = match[this.order.length + 1]?.replace(/\./g, '').toUpperCase();
    if (marker !== undefined) {
      if (wall.hour < 1 || wall.hour > 12)
        throw this.error(text, `hour ${wall.hour} is out of range (1-12) with AM/PM`);
      wall.hour = (wall.hour % 12) + (marker === 'PM' ? 12 : 0);
    }
    const problem = rangeProblem(wall);
    if (problem) throw this.error(text, problem);
    return instantOfWallTime(wall, this.timeZone);
  }

  private write(parts: readonly PatternPart[], wall: WallTime): string {
    return parts.map((part) => (part.kind === 'literal' ? part.text : this.field(part, wall))).join('');
  }

  private field(part: FieldPart, wall: WallTime): string {
    if (part.kind === 'marker') {
      const marker = wall.hour < 12 ? 'AM' : 'PM';
      return isLowerCaseMarker(part) ? marker.toLowerCase() : marker;
    }
    if (part.kind === 'year') return String(wall.year).padStart(4, '0');
    const value = part.kind === 'hour' && this.hour12 ? wall.hour % 12 || 12 : wall[part.kind];
    return isPadded(part) ? pad2(value) : String(value);
  }

  private error(text: unknown, problem: string): Error {
    const example = `${this.write(this.dateParts, EXAMPLE_WALL)} ${this.write(this.timeParts, EXAMPLE_WALL)}`;
    return new Error(
      `Invalid PBX time ${JSON.stringify(text)}: ${problem}; expected "${this.pattern}", e.g. "${example}"`,
    );
  }
}

/** Adds a marker for `hour12: true`, or drops it (and the space before it) for `hour12: false`. */
function adjustMarker(parts: PatternPart[], hour12: boolean, hasMarker: boolean): PatternPart[] {
  if (hour12 && !hasMarker) return [...parts, { kind: 'literal', text: ' ' }, { kind: 'marker', token: 'A' }];
  if (hour12 || !hasMarker) return parts;
  const kept = parts.filter((part) => part.kind !== 'marker');
  const last = kept.at(-1);
  if (last?.kind === 'literal' && last.text.trim() === '') kept.pop();
  return kept;
}

/** A regular expression for the format with the marker optional; groups follow the fields' order. */
function buildMatcher(dateParts: readonly PatternPart[], timeParts: readonly PatternPart[]): RegExp {
  const source = (parts: readonly PatternPart[]): string =>
    parts
      .filter((part) => part.kind !== 'marker')
      .map((part) => {
        if (part.kind === 'literal')
          return part.text.trim() === '' ? '\\s+' : `\\s*${escapeRegExp(part.text.trim())}\\s*`;
        if (part.kind === 'year') return '(\\d{4})';
        return part.kind === 'month' || part.kind === 'day' || part.kind === 'hour'
          ? '(\\d{1,2})'
          : '(\\d{2})';
      })
      .join('')
      .replace(/(\\s\+)+$/, '');
  return new RegExp(`^${source(dateParts)}\\s+${source(timeParts)}(?:\\s*(AM|PM|A\\.M\\.|P\\.M\\.))?$`, 'i');
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] ?? 31);
}

function rangeProblem(wall: WallTime): string | undefined {
  if (wall.month < 1 || wall.month > 12) return `month ${wall.month} is out of range (1-12)`;
  const lastDay = daysInMonth(wall.year, wall.month);
  if (wall.day < 1 || wall.day > lastDay) return `day ${wall.day} is out of range (1-${lastDay})`;
  if (wall.hour > 23) return `hour ${wall.hour} is out of range (0-23)`;
  if (wall.minute > 59) return `minute ${wall.minute} is out of range (0-59)`;
  if (wall.second > 59) return `second ${wall.second} is out of range (0-59)`;
  return undefined;
}

function toEpochMs(value: Date | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value * 1000 : NaN;
  if (!Number.isFinite(ms)) {
    throw new RangeError(`value must be a valid Date or unix seconds, got ${String(value)}`);
  }
  return ms;
}
