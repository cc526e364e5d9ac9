import type { AgentState, QueueThresholds } from './views.js';

/**
 * `live`: the queue right now (callers waiting, agents per state). `today`: counted since the day boundary
 * from the PBX's call records, so a recount after a gap can change it and screens mark it provisional while
 * one is pending.
 */
export type MetricPeriod = 'live' | 'today';

/** The thresholds of a queue that are a warn / critical pair: the ones a figure can be judged by. */
export type AlertThreshold = {
  [K in keyof QueueThresholds]: QueueThresholds[K] extends { warn: number | null; critical: number | null }
    ? K
    : never;
}[keyof QueueThresholds];

/** One queue figure as every screen names and explains it. */
export interface QueueMetricSpec {
  /** The tile's label. */
  label: string;
  /** The column head where figures stand side by side (all-queues summary, console overview). */
  head: string;
  /** What the figure counts: the tooltip. The gateway computes exactly this (apps/gateway/README.md). */
  definition: string;
  period: MetricPeriod;
  /** The threshold pair the queue's alert judges this figure by (rules in queue-alerts.ts); null: never alerts. */
  alert: AlertThreshold | null;
  /** The agent state counted, for the per-state agent counts. */
  state?: AgentState;
}

/** The key of the agent count of one state, e.g. `agents-on_call` (also the tile's test id suffix). */
export type AgentMetricKey = `agents-${AgentState}`;

/**
 * The queue figures, in the order a queue's tiles show them: the one list the dashboard's tiles, all-queues
 * summary and console overview and the alert rules (queue-alerts.ts) read. Adding a row makes the compiler
 * point at every place that must show it; removing one, at every use of its key.
 */
export const QUEUE_METRICS = {
  waiting: {
    label: 'Calls waiting',
    head: 'Waiting',
    definition: 'Callers in the queue now, not yet connected to an agent.',
    period: 'live',
    alert: 'waiting',
  },
  longestWait: {
    label: 'Longest wait now',
    head: 'Longest wait',
    definition: 'Age of the oldest caller still waiting.',
    period: 'live',
    alert: 'longestWaitSec',
  },
  // Agent counts in AGENT_STATES order; the dashboard's agent cards take their words from these labels.
  'agents-available': {
    label: 'Available',
    head: 'Available',
    definition: 'Agents logged in and free to take a call.',
    period: 'live',
    alert: null,
    state: 'available',
  },
  'agents-ringing': {
    label: 'Ringing',
    head: 'Ringing',
    definition: 'Agents whose phone is ringing with a queue call.',
    period: 'live',
    alert: null,
    state: 'ringing',
  },
  'agents-on_call': {
    label: 'On call',
    head: 'On call',
    definition: 'Agents talking on a call.',
    period: 'live',
    alert: null,
    state: 'on_call',
  },
  'agents-on_hold': {
    label: 'On hold',
    head: 'On hold',
    definition: 'Agents with a caller on hold.',
    period: 'live',
    alert: null,
    state: 'on_hold',
  },
  'agents-paused': {
    label: 'Paused',
    head: 'Paused',
    definition: 'Agents logged in but paused (not offered calls).',
    period: 'live',
    alert: null,
    state: 'paused',
  },
  'agents-offline': {
    label: 'Phone offline',
    head: 'Phone offline',
    definition: 'Agents logged in whose phone and apps are all offline: the PBX cannot ring them.',
    period: 'live',
    alert: null,
    state: 'offline',
  },
  'agents-unknown': {
    label: 'Unknown',
    head: 'Unknown',
    definition: 'Agents logged in whose call the PBX reports as unknown.',
    period: 'live',
    alert: null,
    state: 'unknown',
  },
  'agents-logged_out': {
    label: 'Logged out',
    head: 'Logged out',
    definition: 'Agents of this queue who are not logged in.',
    period: 'live',
    alert: null,
    state: 'logged_out',
  },
  offered: {
    label: 'Offered today',
    head: 'Offered',
    definition: 'Calls that entered the queue since the day boundary.',
    period: 'today',
    alert: null,
  },
  answered: {
    label: 'Answered today',
    head: 'Answered',
    definition: 'Calls connected to an agent since the day boundary.',
    period: 'today',
    alert: null,
  },
  abandoned: {
    label: 'Abandoned today',
    head: 'Abandoned',
    definition:
      'Callers who hung up while queued since the day boundary (short abandons counted separately).',
    period: 'today',
    alert: null,
  },
  serviceLevel: {
    // Tiles add the queue's own answer threshold: "Service level (20 s)".
    label: 'Service level',
    head: 'Service level',
    definition:
      'Answered within the threshold / (answered + abandoned after the short-abandon cut-off), in %.',
    period: 'today',
    alert: 'serviceLevel',
  },
  avgWait: {
    label: 'Average wait',
    head: 'Average wait',
    definition: 'Mean time answered calls waited before an agent answered, today.',
    period: 'today',
    alert: null,
  },
  avgTalk: {
    label: 'Average talk',
    head: 'Average talk',
    definition: 'Mean talk time of answered calls, today.',
    period: 'today',
    alert: null,
  },
  // Every agent state must have its count (AgentMetricKey); any other key is a figure of its own.
} as const satisfies Record<AgentMetricKey, QueueMetricSpec> & Record<string, QueueMetricSpec>;

/** A queue figure: a key of QUEUE_METRICS. */
export type QueueMetricKey = keyof typeof QUEUE_METRICS;

/** The figures that can alert: those with a threshold. */
export type AlertingMetricKey = {
  [K in QueueMetricKey]: (typeof QUEUE_METRICS)[K]['alert'] extends null ? never : K;
}[QueueMetricKey];

/** Every figure, in the table's (the tiles') order. */
export const QUEUE_METRIC_KEYS = Object.keys(QUEUE_METRICS) as readonly QueueMetricKey[];

/** The figures alerts judge, in the table's order (the order an alert's reasons name them at one level). */
export const ALERTING_METRICS: readonly AlertingMetricKey[] = QUEUE_METRIC_KEYS.filter(
  (key): key is AlertingMetricKey => QUEUE_METRICS[key].alert !== null,
);

/** The agent count figure of `state`. */
export function agentMetric(state: AgentState): AgentMetricKey {
  return `agents-${state}`;
}
