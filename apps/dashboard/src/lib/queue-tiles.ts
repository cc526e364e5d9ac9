import {
  AGENT_STATES,
  DEFAULT_ALERT_RULES,
  figureLevels,
  longestWaitSec as longestWaitOf,
  METRIC_DEFINITIONS,
  serviceLevelCalls,
  shownFigureLevel,
  type AgentState,
  type QueueView,
} from '@switchboard/live-protocol';
import { AGENT_STATE_STYLES } from './agent-states.js';
import { formatClock, formatDuration, formatPercent } from './format.js';
import { alertOf } from './queue-alerts.js';
import type { Level } from './thresholds.js';

/** One figure of a queue as a tile shows it. */
export interface TileModel {
  metric: string;
  label: string;
  value: string;
  level: Level;
  hint: string;
  state?: AgentState;
  /** A figure of today while it is being recounted: calls that ended lately may be missing. */
  provisional?: boolean;
}

/** Today's figures: the ones a recount from the PBX's call records can change. */
export const TODAY_METRICS: readonly string[] = [
  'offered',
  'answered',
  'abandoned',
  'serviceLevel',
  'avgWait',
  'avgTalk',
];

/** What a provisional figure's tooltip adds. */
export const RECOUNT_HINT =
  'Being recounted from the PBX call records after a gap: calls that ended since may be missing.';

const AGENT_HINTS: Record<AgentState, string> = {
  available: 'Agents logged in and free to take a call.',
  ringing: 'Agents whose phone is ringing with a queue call.',
  on_call: 'Agents talking on a call.',
  on_hold: 'Agents with a caller on hold.',
  paused: 'Agents logged in but paused (not offered calls).',
  offline: 'Agents logged in whose phone and apps are all offline: the PBX cannot ring them.',
  unknown: 'Agents logged in whose call the PBX reports as unknown.',
  logged_out: 'Agents of this queue who are not logged in.',
};

/** "recounting since 14:02" (local time `since`), or "recounting" when the time is unknown. */
export function recountShort(since: number | null): string {
  return since === null ? 'recounting' : `recounting since ${formatClock(since).slice(0, 5)}`;
}

/** The note under provisional figures: "Today's figures are provisional: recounting since 14:02". */
export function recountLine(since: number | null): string {
  return `Today’s figures are provisional: ${recountShort(since)}`;
}

/** Seconds the oldest caller has waited at `serverNow`, or null when nobody waits. */
export function longestWaitSec(queue: QueueView, serverNow: number): number | null {
  return longestWaitOf(queue.stats, serverNow);
}

/** The service level tile's note while too few calls count to judge it: "Judged from 10 calls (3 so far)." */
function serviceLevelNote(calls: number): string {
  const needed = DEFAULT_ALERT_RULES.minCallsForServiceLevel;
  return calls >= needed
    ? ''
    : ` Judged from ${needed} calls (${calls} so far): until then it raises no alert.`;
}

/**
 * The tiles of a queue at `serverNow`, coloured by its thresholds (calls waiting and longest wait are worse
 * when higher, the service level when lower) but never worse than the queue's alert: a tile says CRITICAL
 * exactly when the queue's row, header and TV do. Pure.
 */
export function queueTiles(queue: QueueView, serverNow: number): TileModel[] {
  const { stats, thresholds } = queue;
  const today = stats.today;
  const longest = longestWaitSec(queue, serverNow);
  const alert = alertOf(queue).level;
  const levels = figureLevels(queue, serverNow, DEFAULT_ALERT_RULES);
  const shown = (figure: keyof typeof levels): Level => shownFigureLevel(levels[figure], alert);
  const tiles: TileModel[] = [
    {
      metric: 'waiting',
      label: 'Calls waiting',
      value: String(stats.waiting),
      level: shown('waiting'),
      hint: METRIC_DEFINITIONS['waiting'] ?? '',
    },
    {
      metric: 'longestWait',
      label: 'Longest wait now',
      value: longest === null ? '–' : formatDuration(longest),
      level: shown('longestWait'),
      hint: METRIC_DEFINITIONS['longestWait'] ?? '',
    },
    ...AGENT_STATES.filter(
      (state) => AGENT_STATE_STYLES[state].tileWhenZero || (stats.agentCounts[state] ?? 0) > 0,
    ).map((state): TileModel => ({
      metric: `agents-${state}`,
      label: AGENT_STATE_STYLES[state].label,
      value: String(stats.agentCounts[state] ?? 0),
      level: 'none',
      hint: AGENT_HINTS[state],
      state,
    })),
    {
      metric: 'offered',
      label: 'Offered today',
      value: String(today.offered),
      level: 'none',
      hint: METRIC_DEFINITIONS['offered'] ?? '',
    },
    {
      metric: 'answered',
      label: 'Answered today',
      value: String(today.answered),
      level: 'none',
      hint: METRIC_DEFINITIONS['answered'] ?? '',
    },
    {
      metric: 'abandoned',
      label: 'Abandoned today',
      value: String(today.abandoned),
      level: 'none',
      hint: `${METRIC_DEFINITIONS['abandoned'] ?? ''} Short abandons: ${today.shortAbandoned}.`,
    },
    {
      metric: 'serviceLevel',
      label: `Service level (${thresholds.serviceLevelSec} s)`,
      value: formatPercent(today.serviceLevel),
      level: shown('serviceLevel'),
      hint: `${METRIC_DEFINITIONS['serviceLevel'] ?? ''}${serviceLevelNote(serviceLevelCalls(today))}`,
    },
    {
      metric: 'avgWait',
      label: 'Average wait',
      value: formatDuration(today.avgWaitSec),
      level: 'none',
      hint: METRIC_DEFINITIONS['avgWait'] ?? '',
    },
    {
      metric: 'avgTalk',
      label: 'Average talk',
      value: formatDuration(today.avgTalkSec),
      level: 'none',
      hint: METRIC_DEFINITIONS['avgTalk'] ?? '',
    },
  ];
  if (typeof today.recountPendingSince !== 'number') return tiles;
  return tiles.map((tile) =>
    TODAY_METRICS.includes(tile.metric)
      ? { ...tile, provisional: true, hint: `${tile.hint} ${RECOUNT_HINT}` }
      : tile,
  );
}
