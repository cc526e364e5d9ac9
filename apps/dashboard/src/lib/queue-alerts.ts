import {
  ALERTING_METRICS,
  conditionLevel,
  DEFAULT_ALERT_RULES,
  figureLevels,
  longestWaitSec,
  shownFigureLevel,
  type AlertingMetricKey,
  type AlertLevel,
  type AlertRules,
  type FigureLevel,
  type QueueAlertView,
  type QueueView,
} from '@switchboard/live-protocol';
import { formatDuration, formatPercent } from './format.js';

export { DEFAULT_ALERT_RULES, type AlertLevel, type AlertRules };

const RANK: Record<AlertLevel, number> = { ok: 0, warn: 1, critical: 2 };

/** The alert of a queue view; a view from a gateway that judged none (stored before alerts) has none. */
export const NO_ALERT: Readonly<QueueAlertView> = {
  level: 'ok',
  since: 0,
  warnSince: null,
  criticalSince: null,
  announcedAt: null,
};

/** The queue's alert as the gateway judged it: every tile, row, header, TV and embed shows this one. */
export function alertOf(queue: QueueView): QueueAlertView {
  return queue.alert ?? NO_ALERT;
}

/** What a queue's figures say right now, as screens show them beside its alert. */
export interface QueueCondition {
  /** The figures' level before dwell time (whether the queue is back to normal ends a silence). */
  level: AlertLevel;
  /** The figures that make the alert, worst first, in words: "37 waiting", "service level 48%". */
  reasons: string[];
}

/** How an alert names each figure that alerts, from the queue and its longest wait (seconds, or null). */
const REASON_TEXTS: Readonly<
  Record<AlertingMetricKey, (queue: QueueView, longest: number | null) => string>
> = {
  waiting: (queue) => `${queue.stats.waiting} waiting`,
  longestWait: (_, longest) => `longest wait ${longest === null ? '–' : formatDuration(longest)}`,
  serviceLevel: (queue) => `service level ${formatPercent(queue.stats.today.serviceLevel)}`,
};

/**
 * The figures behind a queue's alert at `serverNow`: each crossed figure at the level it is shown (never
 * worse than the alert, so the words match the tag beside them). Pure.
 */
export function queueCondition(queue: QueueView, serverNow: number, rules: AlertRules): QueueCondition {
  const levels = figureLevels(queue, serverNow, rules);
  const alert = alertOf(queue).level;
  const longest = longestWaitSec(queue.stats, serverNow);
  const figures: { level: FigureLevel; text: string }[] = ALERTING_METRICS.map((figure) => ({
    level: levels[figure],
    text: REASON_TEXTS[figure](queue, longest),
  }));
  const shown = figures
    .map((f) => ({ ...f, level: shownFigureLevel(f.level, alert) }))
    .filter((f): f is { level: AlertLevel; text: string } => f.level === 'warn' || f.level === 'critical')
    .sort((a, b) => RANK[b.level] - RANK[a.level]);
  return { level: conditionLevel(levels), reasons: shown.map((f) => f.text) };
}

/** What the supervisor did about a queue's alert in this browser. */
export interface AlertSilence {
  /** Acknowledged at this level: steady, no sound, until the queue gets worse than it. */
  acknowledged: AlertLevel | null;
  /** Muted until the queue is back to normal: no flash, sound or notification whatever happens. */
  muted: boolean;
}

export const NO_SILENCE: Readonly<AlertSilence> = { acknowledged: null, muted: false };

/**
 * The silence still in force at `level`: everything ends once the queue is back to normal, and an
 * acknowledgement ends when the queue gets worse than what was acknowledged. Pure.
 */
export function silenceAt(silence: AlertSilence, level: AlertLevel): AlertSilence {
  if (level === 'ok') return NO_SILENCE;
  const acked = silence.acknowledged;
  return { acknowledged: acked !== null && RANK[level] <= RANK[acked] ? acked : null, muted: silence.muted };
}

/** How a queue's alert shows. */
export interface AlertPresentation {
  level: AlertLevel;
  acknowledged: boolean;
  muted: boolean;
  /** Critical, neither acknowledged nor muted, and entered less than `flashSec` ago. */
  flashing: boolean;
  /** Whether a sound or notification may go out (alerting, neither acknowledged nor muted). */
  audible: boolean;
}

/** How a queue's alert shows at `now`. Pure. */
export function presentAlert(
  track: QueueAlertView | undefined,
  silence: AlertSilence,
  now: number,
  rules: AlertRules,
): AlertPresentation {
  const level = track?.level ?? 'ok';
  const { acknowledged, muted } = silenceAt(silence, level);
  const loud = level !== 'ok' && acknowledged === null && !muted;
  return {
    level,
    acknowledged: acknowledged !== null,
    muted,
    flashing: loud && level === 'critical' && now - (track?.since ?? now) < rules.flashSec * 1000,
    audible: loud,
  };
}

/** Sorting weight: alerts not muted first (critical, then warn), muted ones after them, quiet queues last. */
export function alertRank(presentation: AlertPresentation): number {
  if (presentation.level === 'ok') return 0;
  return presentation.muted ? 1 : 2 + RANK[presentation.level];
}

/** What the overview sorts queues by. */
export interface SeverityKey {
  id: number;
  rank: number;
  waiting: number;
  longestWaitSec: number | null;
}

/**
 * Most severe first: by alert rank, then calls waiting, then longest wait; equal queues keep their id order
 * so rows do not swap at every tick. Pure, for `Array.prototype.sort`.
 */
export function bySeverity(a: SeverityKey, b: SeverityKey): number {
  return (
    b.rank - a.rank ||
    b.waiting - a.waiting ||
    (b.longestWaitSec ?? -1) - (a.longestWaitSec ?? -1) ||
    a.id - b.id
  );
}
