/** Whole seconds between two epoch-ms instants, never negative (clock skew can make `since` look future). */
export function elapsedSeconds(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 1000));
}

/** 75 -> "1:15", 3725 -> "1:02:05": what a wallboard shows for a duration. */
export function formatDuration(totalSeconds: number | null): string {
  if (totalSeconds === null || !Number.isFinite(totalSeconds)) return '–';
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A percentage for a tile, or a dash before the first counted call. */
export function formatPercent(value: number | null): string {
  return value === null || !Number.isFinite(value) ? '–' : `${Math.round(value)}%`;
}

/** "just now", "12 s ago", "3 min ago", "2 h ago": data age for freshness labels. */
export function formatAge(ageMs: number): string {
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  if (seconds < 2) return 'just now';
  if (seconds < 120) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** Local wall-clock time (HH:MM:SS) of an epoch-ms instant, for logs and headers. */
export function formatClock(epochMs: number): string {
  const date = new Date(epochMs);
  return [date.getHours(), date.getMinutes(), date.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}

// One collator for every numeric sort: `localeCompare(…, { numeric: true })` builds a new collator on each
// comparison, which made sorting a 500-agent board the wallboard's main cost (long tasks under load).
const numericCollator = new Intl.Collator(undefined, { numeric: true });

/** Compares extension or conference numbers as people read them: 2 before 10. */
export function compareNumbers(a: string, b: string): number {
  return numericCollator.compare(a, b);
}

/** Time in a state as shown and as spoken: "≥ 2:00" / "at least 2:00" when `since` is only a lower bound. */
export interface ShownDuration {
  seconds: number;
  text: string;
  spoken: string;
}

/**
 * An agent's time in state at `now`. When the gateway first saw the agent already in this state
 * (`sinceLowerBound`), the real time is longer: it says so ("≥ 2:00") rather than pass off a restart as fresh.
 */
export function timeInState(agent: { since: number; sinceLowerBound?: boolean }, now: number): ShownDuration {
  const seconds = elapsedSeconds(agent.since, now);
  const text = formatDuration(seconds);
  return agent.sinceLowerBound
    ? { seconds, text: `≥ ${text}`, spoken: `at least ${text}` }
    : { seconds, text, spoken: text };
}

/** 3725 -> "1:02", 59 -> "0:00": a day's time in a state, in hours and whole minutes; a dash when unknown. */
export function formatHoursMinutes(totalSeconds: number | null): string {
  if (totalSeconds === null || !Number.isFinite(totalSeconds)) return '–';
  const minutes = Math.floor(Math.max(0, totalSeconds) / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
