/**
 * The PBX's display format for times ("System > Date and Time > Display Format"), on top of
 * `libs/pbx-api`'s {@link PbxTimeFormat}: the simulator writes and reads times exactly as the client does,
 * and reports in system/information the format labels from which the client rebuilds that same format.
 * Only what the client has no use for lives here: the configuration choices, the compact `YYYYMMDDHHmmss`
 * form of file names and note IDs, and unix-seconds conveniences.
 */
import { PbxTimeFormat, wallTimeAt } from '@switchboard/pbx-api';

/** Date orders the simulator offers (`--date-format`). */
export const DATE_FORMATS = ['YYYY/MM/DD', 'MM/DD/YYYY', 'DD/MM/YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Clocks the simulator offers (`--time-format`): 24-hour, or 12-hour with an AM/PM marker. */
export const TIME_FORMATS = ['24h', '12h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/**
 * `system_time_format` per clock. `hh:mm:ss` without a marker would be read as 24-hour (the PBX guide reports
 * it next to `16:44:40`), so the 12-hour clock names its marker.
 */
const TIME_FORMAT_LABELS: Readonly<Record<TimeFormat, string>> = { '24h': 'HH:mm:ss', '12h': 'hh:mm:ss A' };

const pad = (n: number) => String(n).padStart(2, '0');

// Every cdr/search renders the same stored calls again; Intl costs a few µs per time, so texts are kept.
const MEMO_LIMIT = 50_000;

function memoized(memo: Map<number, string>, key: number, make: () => string): string {
  let text = memo.get(key);
  if (text === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    text = make();
    memo.set(key, text);
  }
  return text;
}

/** Formats and parses PBX display times in one time zone, in unix seconds. */
export class DisplayTime {
  /** `system_date_format` as system/information reports it. */
  readonly dateFormatLabel: string;
  /** `system_time_format` as system/information reports it. */
  readonly timeFormatLabel: string;
  /** The client's format, built from the two labels exactly as a client reading system/information builds it. */
  readonly pbx: PbxTimeFormat;
  private readonly formatted = new Map<number, string>();
  private readonly compacted = new Map<number, string>();

  constructor(dateFormat: DateFormat = 'YYYY/MM/DD', timeFormat: TimeFormat = '24h', timeZone = 'UTC') {
    this.dateFormatLabel = dateFormat;
    this.timeFormatLabel = TIME_FORMAT_LABELS[timeFormat];
    this.pbx = PbxTimeFormat.fromSystemInformation(
      { system_date_format: this.dateFormatLabel, system_time_format: this.timeFormatLabel },
      timeZone,
    );
  }

  /** Unix seconds -> display text, e.g. `2025/08/22 16:44:40`. */
  format(unixSeconds: number): string {
    const second = Math.floor(unixSeconds);
    return memoized(this.formatted, second, () => this.pbx.format(second));
  }

  /** `YYYY-MM-DD HH:mm:ss` in local time, whatever the display format: 30012 `time_start` as the guide's example shows it. */
  dashed(unixSeconds: number): string {
    const w = wallTimeAt(Math.floor(unixSeconds) * 1000, this.pbx.timeZone);
    return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  }

  /** `YYYYMMDDHHmmss` in local time, as the PBX uses in file names and note IDs. */
  compact(unixSeconds: number): string {
    const second = Math.floor(unixSeconds);
    return memoized(this.compacted, second, () => {
      const w = wallTimeAt(second * 1000, this.pbx.timeZone);
      return `${w.year}${pad(w.month)}${pad(w.day)}${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
    });
  }

  /**
   * Display text -> unix seconds, read as the client reads it; undefined when the text is not in the display
   * format (cdr/search then matches nothing rather than failing).
   */
  parse(text: string): number | undefined {
    try {
      return Math.floor(this.pbx.parse(text).getTime() / 1000);
    } catch {
      return undefined;
    }
  }
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    wallTimeAt(0, timeZone);
    return true;
  } catch {
    return false;
  }
}
