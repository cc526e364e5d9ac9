import {
  ALERTING_METRICS,
  QUEUE_METRICS,
  type AlertingMetricKey,
  type AlertThreshold,
} from './queue-metrics.js';
import type {
  AlertLevel,
  QueueAlertView,
  QueueStatsView,
  QueueThresholds,
  QueueTodayStats,
} from './views.js';

/**
 * Queue alerts: one rule set, run by the gateway for every queue as it sees the figures change, and read by
 * every screen (tile, overview row, header, TV, embed) from the queue's `alert`. Screens never judge a queue
 * themselves, so two screens, or a tile and a row of one screen, cannot disagree. The defaults are documented
 * in the dashboard README (Queue alerts).
 */

/** How one figure compares with its thresholds; `none` when the queue sets no threshold for it. */
export type FigureLevel = 'none' | 'ok' | 'warn' | 'critical';

/** How queue alerts behave. */
export interface AlertRules {
  /** A level must hold this long (seconds) before it alerts: a blip of one poll never does. */
  dwellSec: number;
  /** Calls that count toward the service level (answered + abandoned after the short-abandon cut-off) before it is judged. */
  minCallsForServiceLevel: number;
  /** After an announced rise, the same queue's next rise is not announced for this long (seconds). */
  cooldownSec: number;
  /** A critical alert flashes this long (seconds) after it starts, then holds steady. */
  flashSec: number;
}

export const DEFAULT_ALERT_RULES: Readonly<AlertRules> = {
  dwellSec: 10,
  minCallsForServiceLevel: 10,
  cooldownSec: 120,
  flashSec: 10,
};

/** The levels of the figures alerts watch: every figure of QUEUE_METRICS with an `alert` threshold. */
export type QueueFigureLevels = Record<AlertingMetricKey, FigureLevel>;

/** The figures of a queue alerts read. */
export interface AlertFigures {
  stats: Pick<QueueStatsView, 'waiting' | 'oldestWaitingSince' | 'today'>;
  thresholds: Pick<QueueThresholds, AlertThreshold>;
}

/** How a threshold judges the figure it belongs to. */
export interface ThresholdRule {
  /** The figure's value at `now`; null when it has none (nobody waits, no call yet), which is never alarming. */
  value(stats: AlertFigures['stats'], now: number): number | null;
  direction: 'higher-is-worse' | 'lower-is-worse';
  /** Whether the figure is judged yet; until then its level is `none`, like a figure without thresholds. */
  judged(stats: AlertFigures['stats'], rules: AlertRules): boolean;
}

const RANK: Record<FigureLevel, number> = { none: 0, ok: 0, warn: 1, critical: 2 };

/** The worse of two levels. */
export function worseLevel(a: AlertLevel, b: AlertLevel): AlertLevel {
  return RANK[a] >= RANK[b] ? a : b;
}

/** Whether level `a` is worse than `b`. */
export function isWorse(a: FigureLevel, b: FigureLevel): boolean {
  return RANK[a] > RANK[b];
}

/**
 * The level of `value` against a warn / critical pair. For `higher-is-worse` figures (calls waiting,
 * longest wait) reaching a threshold trips it; for `lower-is-worse` ones (service level) falling to it
 * does. A missing value (no calls yet) is never alarming.
 */
export function levelOf(
  value: number | null,
  pair: { warn: number | null; critical: number | null },
  direction: 'higher-is-worse' | 'lower-is-worse' = 'higher-is-worse',
): FigureLevel {
  if (pair.warn === null && pair.critical === null) return 'none';
  if (value === null || !Number.isFinite(value)) return 'ok';
  const trips = (limit: number | null) =>
    limit !== null && (direction === 'higher-is-worse' ? value >= limit : value <= limit);
  if (trips(pair.critical)) return 'critical';
  if (trips(pair.warn)) return 'warn';
  return 'ok';
}

/** Calls the service level is made of: answered plus abandoned (short abandons are already apart). */
export function serviceLevelCalls(today: QueueTodayStats): number {
  return today.answered + today.abandoned;
}

/** Seconds the oldest caller has waited at `now`, or null when nobody waits. */
export function longestWaitSec(
  stats: Pick<QueueStatsView, 'oldestWaitingSince'>,
  now: number,
): number | null {
  const since = stats.oldestWaitingSince;
  return since === null ? null : Math.max(0, Math.floor((now - since) / 1000));
}

/**
 * The rule of each threshold a figure of QUEUE_METRICS can name as its `alert`. The service level is judged
 * only once `minCallsForServiceLevel` calls count toward it, so one call at the start of the day is not a
 * 0 % or 50 % alarm.
 */
export const THRESHOLD_RULES: Readonly<Record<AlertThreshold, ThresholdRule>> = {
  waiting: { value: (stats) => stats.waiting, direction: 'higher-is-worse', judged: () => true },
  longestWaitSec: { value: longestWaitSec, direction: 'higher-is-worse', judged: () => true },
  serviceLevel: {
    value: (stats) => stats.today.serviceLevel,
    direction: 'lower-is-worse',
    judged: (stats, rules) => serviceLevelCalls(stats.today) >= rules.minCallsForServiceLevel,
  },
};

/** The level of each figure that alerts (ALERTING_METRICS) at `now`, each by its threshold's rule. Pure. */
export function figureLevels(queue: AlertFigures, now: number, rules: AlertRules): QueueFigureLevels {
  const { stats, thresholds } = queue;
  const levels: Partial<QueueFigureLevels> = {};
  for (const figure of ALERTING_METRICS) {
    const threshold = QUEUE_METRICS[figure].alert;
    const rule = THRESHOLD_RULES[threshold];
    levels[figure] = rule.judged(stats, rules)
      ? levelOf(rule.value(stats, now), thresholds[threshold], rule.direction)
      : 'none';
  }
  // Complete: the loop set every key of ALERTING_METRICS, which are exactly the keys of QueueFigureLevels.
  return levels as QueueFigureLevels;
}

/** The worst of a queue's figure levels, before dwell time. */
export function conditionLevel(levels: QueueFigureLevels): AlertLevel {
  let level: AlertLevel = 'ok';
  for (const figure of Object.values(levels))
    if (figure === 'warn' || figure === 'critical') level = worseLevel(level, figure);
  return level;
}

/** A figure's level as screens show it: never worse than the queue's alert, so a tile and its row agree. */
export function shownFigureLevel(figure: FigureLevel, alert: AlertLevel): FigureLevel {
  return isWorse(figure, alert) ? (alert === 'ok' ? 'ok' : alert) : figure;
}

/**
 * Advances a queue's alert to `now` given the level of its figures (`raw`). A level alerts once it has
 * held for `dwellSec`, counted from when the gateway first saw it; falling back clears at once (the queue is
 * better now). A rise is announced (`announcedAt` = now) unless the queue announced less than
 * `cooldownSec` ago. Pure.
 */
export function stepQueueAlert(
  previous: QueueAlertView | undefined,
  raw: AlertLevel,
  now: number,
  rules: AlertRules,
): QueueAlertView {
  const atLeast = (level: AlertLevel, since: number | null | undefined) =>
    RANK[raw] >= RANK[level] ? (since ?? now) : null;
  const warnSince = atLeast('warn', previous?.warnSince);
  const criticalSince = atLeast('critical', previous?.criticalSince);
  const dwelt = (since: number | null) => since !== null && now - since >= rules.dwellSec * 1000;
  const candidate: AlertLevel = dwelt(criticalSince) ? 'critical' : dwelt(warnSince) ? 'warn' : 'ok';
  const before = previous?.level ?? 'ok';
  // Dwell delays a rise only: a queue at critical that improves to warn is shown at warn now.
  const level = isWorse(candidate, before) ? candidate : isWorse(before, raw) ? raw : before;
  const rose = isWorse(level, before);
  const announcedAt = previous?.announcedAt ?? null;
  const quiet = announcedAt !== null && now - announcedAt < rules.cooldownSec * 1000;
  return {
    level,
    since: level === before && previous ? previous.since : now,
    warnSince,
    criticalSince,
    announcedAt: rose && !quiet ? now : announcedAt,
  };
}

/** The queue's next alert from its figures at `now`: `figureLevels`, then `stepQueueAlert`. Pure. */
export function nextQueueAlert(
  previous: QueueAlertView | undefined,
  queue: AlertFigures,
  now: number,
  rules: AlertRules = DEFAULT_ALERT_RULES,
): QueueAlertView {
  return stepQueueAlert(previous, conditionLevel(figureLevels(queue, now, rules)), now, rules);
}
