import { z } from 'zod';
import { shown, problem, objectError } from './setting-readers.js';

/** QUEUE_THRESHOLDS: the alert levels of each queue, warn before critical. */

/** Thresholds of one queue as configured (see live-protocol QueueThresholds). */
export interface QueueThresholdConfig {
  waitingWarn: number | null;
  waitingCritical: number | null;
  longestWaitWarnSec: number | null;
  longestWaitCriticalSec: number | null;
  serviceLevelWarn: number | null;
  serviceLevelCritical: number | null;
  serviceLevelSec: number;
  maxPauseSec: number | null;
}

/** The default thresholds of every queue (`serviceLevelSec` defaults to SERVICE_LEVEL_SEC). */
export const THRESHOLD_DEFAULTS: Readonly<Omit<QueueThresholdConfig, 'serviceLevelSec'>> = {
  waitingWarn: 3,
  waitingCritical: 6,
  longestWaitWarnSec: 60,
  longestWaitCriticalSec: 120,
  serviceLevelWarn: 80,
  serviceLevelCritical: 60,
  maxPauseSec: 900,
};

/** A number from `min` to `max`, its problem worded once for every way it can be wrong. */
export function bounded(min: number, max: number, { whole, orNull }: { whole: boolean; orNull: boolean }) {
  const error = (issue: { input?: unknown }) =>
    `must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}${orNull ? ' or null' : ''}, got ${shown(issue.input)}`;
  return (whole ? z.int({ error }) : z.number({ error })).min(min, { error }).max(max, { error });
}

/** A threshold; `null` switches it off. */
export const level = (min: number, max: number, whole: boolean) =>
  bounded(min, max, { whole, orNull: true }).nullable().optional();
export const count = level(1, 10_000, true);
export const seconds = level(1, 86_400, true);
export const percent = level(0, 100, false);
// The same range as SERVICE_LEVEL_SEC, and always applies: no null.
export const serviceLevelSec = bounded(1, 3600, { whole: true, orNull: false }).optional();

/** Pairs whose warn level must come before the critical one; `lowerIsWorse` for the service level. */
export const ORDERED_LEVELS = [
  { warn: 'waitingWarn', critical: 'waitingCritical', lowerIsWorse: false },
  { warn: 'longestWaitWarnSec', critical: 'longestWaitCriticalSec', lowerIsWorse: false },
  { warn: 'serviceLevelWarn', critical: 'serviceLevelCritical', lowerIsWorse: true },
] as const;

export const THRESHOLD_KEYS = [
  'waitingWarn',
  'waitingCritical',
  'longestWaitWarnSec',
  'longestWaitCriticalSec',
  'serviceLevelWarn',
  'serviceLevelCritical',
  'serviceLevelSec',
  'maxPauseSec',
] as const satisfies readonly (keyof QueueThresholdConfig)[];

export const thresholdShape = {
  waitingWarn: count,
  waitingCritical: count,
  longestWaitWarnSec: seconds,
  longestWaitCriticalSec: seconds,
  serviceLevelWarn: percent,
  serviceLevelCritical: percent,
  serviceLevelSec,
  maxPauseSec: seconds,
};

export const queueThresholds = z
  .strictObject(thresholdShape, {
    error: objectError(`an object with any of ${THRESHOLD_KEYS.join(', ')}`, THRESHOLD_KEYS),
  })
  .superRefine(
    (entry, ctx) => {
      if (typeof entry !== 'object' || entry === null) return;
      // A warn level past the critical one would never show: the critical level trips first. Compared only
      // when both are valid (a wrong one has its own line).
      const valueOf = (key: keyof typeof thresholdShape & keyof typeof THRESHOLD_DEFAULTS) =>
        entry[key] === undefined
          ? THRESHOLD_DEFAULTS[key]
          : thresholdShape[key].safeParse(entry[key]).success
            ? entry[key]
            : null;
      for (const { warn, critical, lowerIsWorse } of ORDERED_LEVELS) {
        const [w, c] = [valueOf(warn), valueOf(critical)];
        if (typeof w !== 'number' || typeof c !== 'number' || (lowerIsWorse ? w >= c : w <= c)) continue;
        const defaulted = entry[critical] === undefined ? ', the default' : '';
        problem(
          ctx,
          `must not be ${lowerIsWorse ? 'below' : 'above'} ${critical} (${c}${defaulted}), got ${w}`,
          [warn],
        );
      }
    },
    // Also when another key of the entry is wrong: every problem at once.
    { when: () => true },
  );

/** Keys a QUEUE_THRESHOLDS entry may have. */
export const QUEUE_THRESHOLD_KEYS: readonly (keyof QueueThresholdConfig)[] = THRESHOLD_KEYS;
