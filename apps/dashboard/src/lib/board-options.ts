import { DISPLAY_ROTATE_SEC } from '@switchboard/live-protocol';
/** A URL query as vue-router hands it over. */
export type QueryInput = Record<string, string | null | (string | null)[] | undefined>;

/** Options of the wallboard and embed URLs. */
export interface BoardOptions {
  /** Queue ids to show, or every queue in the session's scope. */
  queues: number[] | 'all';
  /** Read-only display token (`?display=`), when the screen has no login. */
  display: string | null;
  theme: 'dark' | 'light';
  /** Seconds between boards; null = no rotation. */
  rotateSec: number | null;
  /** Seconds each page of agents stays up when they do not all fit at the legible size. */
  pageSec: number;
  /** How far the watchers are, metres: the board's minimum text sizes are worked out for it. */
  distanceM: number;
  /** Beep when a figure turns critical. */
  sound: boolean;
  /** Tighter spacing for small embeds. */
  compact: boolean;
  /** A chart of today in intervals against last week on each queue's own board (`?intervals=1`). */
  intervals: boolean;
  /** Problems with the URL, each naming the option: shown on screen, never thrown. */
  problems: string[];
}

/** The rotation bounds a display link may store are the ones the URL accepts: one pair, in the contract. */
const { min: MIN_ROTATE_SEC, max: MAX_ROTATE_SEC } = DISPLAY_ROTATE_SEC;
/** Agent pages: 8 s by default, long enough to find a name; 1 s is allowed for tests and demos. */
export const DEFAULT_PAGE_SEC = 8;
export const MAX_PAGE_SEC = 600;
/** The distance the legibility rule is worked out for (apps/dashboard/README.md, "Legible from across the room"). */
export const DEFAULT_DISTANCE_M = 4;

function first(value: QueryInput[string]): string | null {
  const item = Array.isArray(value) ? value[0] : value;
  return item === undefined || item === null ? null : item.trim();
}

function flag(value: string | null, name: string, problems: string[]): boolean {
  if (value === null) return false;
  if (['', '1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  problems.push(`?${name} must be 1 or 0 (got "${value}")`);
  return false;
}

/** Reads the board options from a URL query; bad values fall back to defaults and are reported. Pure. */
export function parseBoardOptions(query: QueryInput): BoardOptions {
  const problems: string[] = [];

  let queues: number[] | 'all' = 'all';
  const rawQueues = first(query['queues'] ?? query['queue']);
  if (rawQueues !== null && rawQueues !== '' && rawQueues.toLowerCase() !== 'all') {
    const parts = rawQueues.split(',').map((part) => part.trim());
    const ids = parts.filter((part) => /^\d+$/.test(part) && Number(part) > 0).map(Number);
    const bad = parts.filter((part) => !/^\d+$/.test(part) || Number(part) <= 0);
    if (bad.length > 0) problems.push(`?queues must list queue ids like 1,2 (ignored "${bad.join(', ')}")`);
    if (ids.length > 0) queues = [...new Set(ids)];
  }

  const rawTheme = first(query['theme']);
  let theme: 'dark' | 'light' = 'dark';
  if (rawTheme === 'light' || rawTheme === 'dark') theme = rawTheme;
  else if (rawTheme !== null) problems.push(`?theme must be dark or light (got "${rawTheme}")`);

  let rotateSec: number | null = null;
  const rawRotate = first(query['rotate']);
  if (rawRotate !== null && rawRotate !== '' && rawRotate !== '0') {
    const seconds = Number(rawRotate);
    if (Number.isInteger(seconds) && seconds >= MIN_ROTATE_SEC && seconds <= MAX_ROTATE_SEC)
      rotateSec = seconds;
    else
      problems.push(
        `?rotate must be a whole number of seconds from ${MIN_ROTATE_SEC} to ${MAX_ROTATE_SEC} (got "${rawRotate}"); rotation is off`,
      );
  }

  let pageSec = DEFAULT_PAGE_SEC;
  const rawPage = first(query['page']);
  if (rawPage !== null && rawPage !== '') {
    const seconds = Number(rawPage);
    if (Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_PAGE_SEC) pageSec = seconds;
    else
      problems.push(
        `?page must be a whole number of seconds from 1 to ${MAX_PAGE_SEC} (got "${rawPage}"); pages turn every ${DEFAULT_PAGE_SEC} s`,
      );
  }

  let distanceM = DEFAULT_DISTANCE_M;
  const rawDistance = first(query['distance']);
  if (rawDistance !== null && rawDistance !== '') {
    const metres = Number(rawDistance);
    if (Number.isFinite(metres) && metres >= 1 && metres <= 10) distanceM = metres;
    else
      problems.push(
        `?distance must be the watchers' distance in metres from 1 to 10 (got "${rawDistance}"); sized for ${DEFAULT_DISTANCE_M} m`,
      );
  }

  const display = first(query['display']);
  return {
    queues,
    display: display ? display : null,
    theme,
    rotateSec,
    pageSec,
    distanceM,
    sound: flag(first(query['sound']), 'sound', problems),
    compact: flag(first(query['compact']), 'compact', problems),
    intervals: flag(first(query['intervals']), 'intervals', problems),
    problems,
  };
}
