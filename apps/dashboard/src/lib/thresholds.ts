/** How a figure compares with its thresholds; `none` when the queue sets no threshold for it. */
export type Level = 'none' | 'ok' | 'warn' | 'critical';

/** Warn / critical levels as the gateway sends them (`null` = not set). */
export interface LevelPair {
  warn: number | null;
  critical: number | null;
}

/**
 * The level of `value`. For `higher-is-worse` figures (calls waiting, longest wait) reaching a threshold
 * trips it; for `lower-is-worse` ones (service level) falling to it does. A missing value (no calls yet)
 * is never alarming.
 */
export function levelOf(
  value: number | null,
  pair: LevelPair,
  direction: 'higher-is-worse' | 'lower-is-worse' = 'higher-is-worse',
): Level {
  if (pair.warn === null && pair.critical === null) return 'none';
  if (value === null || !Number.isFinite(value)) return 'ok';
  const trips = (limit: number | null) =>
    limit !== null && (direction === 'higher-is-worse' ? value >= limit : value <= limit);
  if (trips(pair.critical)) return 'critical';
  if (trips(pair.warn)) return 'warn';
  return 'ok';
}

/** Whether a pause has lasted longer than the queue allows. */
export function pauseOverdue(pausedForSec: number, maxPauseSec: number | null): boolean {
  return maxPauseSec !== null && pausedForSec > maxPauseSec;
}
