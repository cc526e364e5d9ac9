import {
  DEFAULT_ALERT_RULES,
  figureLevels,
  longestWaitSec as longestWaitOf,
  QUEUE_METRIC_KEYS,
  QUEUE_METRICS,
  serviceLevelCalls,
  shownFigureLevel,
  type AgentState,
  type FigureLevel,
  type QueueMetricKey,
  type QueueMetricSpec,
  type QueueView,
} from '@switchboard/live-protocol';
import { AGENT_STATE_STYLES } from './agent-states.js';
import { formatClock, formatDuration, formatPercent } from './format.js';
import { alertOf } from './queue-alerts.js';
import type { Level } from './thresholds.js';

/** One figure of a queue as a tile shows it. */
export interface TileModel {
  metric: QueueMetricKey;
  label: string;
  value: string;
  level: Level;
  hint: string;
  state?: AgentState;
  /** A figure of today while it is being recounted: calls that ended lately may be missing. */
  provisional?: boolean;
}

/** What a queue's tiles need of its freshness (a queue's QueueFreshness, a board's QueueRow). */
export interface TileFreshness {
  stale: boolean;
  /** While stale: the gateway time its figures stand still at. */
  frozenAt: number | null;
  /** Since when today's figures are being recounted (local epoch ms), for the note. */
  recountSince: number | null;
}

/**
 * What marks a figure wherever it shows (a board's tile, a cell of the TV summary): its level's colours,
 * flashing while critical, and the attributes tests and e2e read. Spread onto the element with v-bind.
 */
export function tileMarks(
  tile: Pick<TileModel, 'metric' | 'level' | 'provisional'> & { hint?: string },
  stale: boolean,
) {
  return {
    class: [`level-${tile.level}`, { flash: tile.level === 'critical' }],
    'data-testid': `tile-${tile.metric}`,
    'data-level': tile.level,
    'data-stale': stale ? 'true' : 'false',
    'data-provisional': tile.provisional ? 'true' : 'false',
    title: tile.hint,
  };
}

/** What a provisional figure's tooltip adds. */
export const RECOUNT_HINT =
  'Being recounted from the PBX call records after a gap: calls that ended since may be missing.';

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

/** A queue's figures at one moment, as the value formatters read them. */
interface FigureInputs {
  queue: QueueView;
  /** Seconds the oldest caller has waited, or null when nobody waits. */
  longest: number | null;
}

const agentCount =
  (state: AgentState) =>
  ({ queue }: FigureInputs): string =>
    String(queue.stats.agentCounts[state] ?? 0);

/** How each figure reads as text: every figure of QUEUE_METRICS must have one. */
const FIGURE_VALUES: Readonly<Record<QueueMetricKey, (inputs: FigureInputs) => string>> = {
  waiting: ({ queue }) => String(queue.stats.waiting),
  longestWait: ({ longest }) => (longest === null ? '–' : formatDuration(longest)),
  'agents-available': agentCount('available'),
  'agents-ringing': agentCount('ringing'),
  'agents-on_call': agentCount('on_call'),
  'agents-on_hold': agentCount('on_hold'),
  'agents-paused': agentCount('paused'),
  'agents-offline': agentCount('offline'),
  'agents-unknown': agentCount('unknown'),
  'agents-logged_out': agentCount('logged_out'),
  offered: ({ queue }) => String(queue.stats.today.offered),
  answered: ({ queue }) => String(queue.stats.today.answered),
  abandoned: ({ queue }) => String(queue.stats.today.abandoned),
  serviceLevel: ({ queue }) => formatPercent(queue.stats.today.serviceLevel),
  avgWait: ({ queue }) => formatDuration(queue.stats.today.avgWaitSec),
  avgTalk: ({ queue }) => formatDuration(queue.stats.today.avgTalkSec),
};

/** Figures whose tile says more than the label and definition of the table. */
const TILE_EXTRAS: Partial<
  Record<QueueMetricKey, (spec: QueueMetricSpec, queue: QueueView) => { label: string; hint: string }>
> = {
  abandoned: (spec, queue) => ({
    label: spec.label,
    hint: `${spec.definition} Short abandons: ${queue.stats.today.shortAbandoned}.`,
  }),
  serviceLevel: (spec, queue) => ({
    label: `${spec.label} (${queue.thresholds.serviceLevelSec} s)`,
    hint: `${spec.definition}${serviceLevelNote(serviceLevelCalls(queue.stats.today))}`,
  }),
};

/** A figure's value as text, as its tile, summary cell and overview cell show it. */
export function figureValue(queue: QueueView, metric: QueueMetricKey, serverNow: number): string {
  return FIGURE_VALUES[metric]({ queue, longest: longestWaitSec(queue, serverNow) });
}

/**
 * The tiles of a queue at `serverNow`, one per figure of QUEUE_METRICS in its order (an agent state whose
 * style keeps no tile at zero only while an agent is in it), coloured by the queue's thresholds (calls
 * waiting and longest wait are worse when higher, the service level when lower) but never worse than the
 * queue's alert: a tile says CRITICAL exactly when the queue's row, header and TV do. Pure.
 */
export function queueTiles(queue: QueueView, serverNow: number): TileModel[] {
  const { stats } = queue;
  const inputs: FigureInputs = { queue, longest: longestWaitSec(queue, serverNow) };
  const alert = alertOf(queue).level;
  // The figures alerts judge have a level; the others are neutral.
  const levels: Partial<Record<QueueMetricKey, FigureLevel>> = figureLevels(
    queue,
    serverNow,
    DEFAULT_ALERT_RULES,
  );
  const recounting = typeof stats.today.recountPendingSince === 'number';
  const shows = (spec: QueueMetricSpec) =>
    spec.state === undefined ||
    AGENT_STATE_STYLES[spec.state].tileWhenZero ||
    (stats.agentCounts[spec.state] ?? 0) > 0;
  return QUEUE_METRIC_KEYS.flatMap((metric): TileModel[] => {
    const spec: QueueMetricSpec = QUEUE_METRICS[metric];
    if (!shows(spec)) return [];
    const { label, hint } = TILE_EXTRAS[metric]?.(spec, queue) ?? {
      label: spec.label,
      hint: spec.definition,
    };
    const figureLevel = levels[metric];
    const tile: TileModel = {
      metric,
      label,
      value: FIGURE_VALUES[metric](inputs),
      level: figureLevel === undefined ? 'none' : shownFigureLevel(figureLevel, alert),
      hint,
    };
    if (spec.state !== undefined) tile.state = spec.state;
    // Only today's figures come from the call records a recount rebuilds; live ones stay as they are.
    return [
      recounting && spec.period === 'today'
        ? { ...tile, provisional: true, hint: `${hint} ${RECOUNT_HINT}` }
        : tile,
    ];
  });
}
