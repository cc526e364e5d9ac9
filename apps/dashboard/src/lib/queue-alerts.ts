import type { QueueView } from '@switchboard/live-protocol';
import { formatDuration, formatPercent } from './format.js';
import { longestWaitSec } from './queue-tiles.js';
import { levelOf, type Level } from './thresholds.js';

/** A queue's alert as people see it: no threshold crossed, or crossed at warn or critical. */
export type AlertLevel = 'ok' | 'warn' | 'critical';

/** How queue alerts behave. The defaults are documented in the dashboard README (Queue alerts). */
export interface AlertRules {
  /** A level must hold this long (seconds) before it alerts: a blip of one poll never does. */
  dwellSec: number;
  /** Calls that count toward the service level (answered + abandoned, short abandons excluded) before it is judged. */
  minCallsForServiceLevel: number;
  /** After a sound or notification, the same queue stays quiet this long (seconds), however often it flaps. */
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

const RANK: Record<AlertLevel, number> = { ok: 0, warn: 1, critical: 2 };

/** The worse of two levels. */
export function worse(a: AlertLevel, b: AlertLevel): AlertLevel {
  return RANK[a] >= RANK[b] ? a : b;
}

const asAlert = (level: Level): AlertLevel => (level === 'warn' || level === 'critical' ? level : 'ok');

/** What a queue's figures say right now, before dwell time: its level and the figures that crossed. */
export interface QueueCondition {
  level: AlertLevel;
  /** The crossed figures, worst first, in words: "37 waiting", "service level 48%". */
  reasons: string[];
}

/**
 * The level of a queue's figures at `serverNow`: calls waiting, longest wait and service level against the
 * queue's thresholds. The service level is judged only once `minCallsForServiceLevel` calls count toward it,
 * so one abandoned call at the start of the day is not a 0 % alarm. Pure.
 */
export function queueCondition(queue: QueueView, serverNow: number, rules: AlertRules): QueueCondition {
  const { stats, thresholds } = queue;
  const today = stats.today;
  const longest = longestWaitSec(queue, serverNow);
  const counted = today.answered + today.abandoned - today.shortAbandoned;
  const judged = counted >= rules.minCallsForServiceLevel ? today.serviceLevel : null;
  const figures: { level: AlertLevel; text: string }[] = [
    { level: asAlert(levelOf(stats.waiting, thresholds.waiting)), text: `${stats.waiting} waiting` },
    {
      level: asAlert(levelOf(longest, thresholds.longestWaitSec)),
      text: `longest wait ${longest === null ? '–' : formatDuration(longest)}`,
    },
    {
      level: asAlert(levelOf(judged, thresholds.serviceLevel, 'lower-is-worse')),
      text: `service level ${formatPercent(judged)}`,
    },
  ];
  const crossed = figures.filter((f) => f.level !== 'ok').sort((a, b) => RANK[b.level] - RANK[a.level]);
  return {
    level: crossed.reduce<AlertLevel>((acc, f) => worse(acc, f.level), 'ok'),
    reasons: crossed.map((f) => f.text),
  };
}

/** One queue's alert over time. Times are epoch ms of one clock. */
export interface AlertTrack {
  /** Since when the figures have been at least warn / at least critical (null: not now). */
  warnSince: number | null;
  criticalSince: number | null;
  /** The alert after dwell time. */
  level: AlertLevel;
  /** When `level` was entered. */
  since: number;
  /** When a sound or notification last went out for this queue. */
  announcedAt: number | null;
}

/** The next state of a queue's alert, and whether to announce it (sound, notification). */
export interface AlertStep {
  track: AlertTrack;
  /** The level to announce now, or null: only a rise past dwell time and out of cooldown announces. */
  announce: AlertLevel | null;
}

/**
 * Advances a queue's alert to `now` given the level of its figures. A level alerts once it has held for
 * `dwellSec`; falling back clears at once (the queue is better now); an alert that rises announces unless
 * the queue announced less than `cooldownSec` ago. Pure.
 */
export function stepAlert(
  previous: AlertTrack | undefined,
  raw: AlertLevel,
  now: number,
  rules: AlertRules,
): AlertStep {
  const atLeast = (level: AlertLevel, since: number | null | undefined) =>
    RANK[raw] >= RANK[level] ? (since ?? now) : null;
  const warnSince = atLeast('warn', previous?.warnSince);
  const criticalSince = atLeast('critical', previous?.criticalSince);
  const dwelt = (since: number | null) => since !== null && now - since >= rules.dwellSec * 1000;
  const candidate: AlertLevel = dwelt(criticalSince) ? 'critical' : dwelt(warnSince) ? 'warn' : 'ok';
  const before = previous?.level ?? 'ok';
  // Dwell delays a rise only: a queue at critical that improves to warn is shown at warn now.
  const level = RANK[candidate] > RANK[before] ? candidate : RANK[raw] < RANK[before] ? raw : before;
  const rose = RANK[level] > RANK[before];
  const announcedAt = previous?.announcedAt ?? null;
  const quiet = announcedAt !== null && now - announcedAt < rules.cooldownSec * 1000;
  const announce = rose && !quiet ? level : null;
  return {
    track: {
      warnSince,
      criticalSince,
      level,
      since: level === before && previous ? previous.since : now,
      announcedAt: announce ? now : announcedAt,
    },
    announce,
  };
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
  track: AlertTrack | undefined,
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
