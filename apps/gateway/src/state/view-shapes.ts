import {
  AGENT_STATES,
  parseStreamId,
  queueIdOf,
  type AgentView,
  type AuditChange,
  type AuditEntryView,
  type CallerContext,
  type LastCallContext,
  type HeldCallView,
  type QueueForecast,
  type QueueAlertView,
  type QueueStatsView,
  type QueueThresholds,
  type QueueTodayStats,
  type QueueView,
  type WaitingCallerView,
} from '@switchboard/live-protocol';
import type { StreamState } from '../live/stream-replica.js';
import {
  finite,
  flag,
  list,
  nonEmptyText,
  nullable,
  object,
  oneOf,
  optional,
  positive,
  record,
  ShapeError,
  text,
  whole,
  type Check,
} from './shape.js';

/** The live-protocol views as they are stored: the checks producers rely on when they diff against them. */

const levels = object<{ warn: number | null; critical: number | null }>({
  warn: nullable(finite),
  critical: nullable(finite),
});

const thresholds = object<QueueThresholds>({
  waiting: levels,
  longestWaitSec: levels,
  serviceLevel: levels,
  serviceLevelSec: finite,
  maxPauseSec: nullable(finite),
});

const agent = object<AgentView>({
  number: text,
  name: text,
  state: oneOf(...AGENT_STATES),
  since: finite,
  sinceLowerBound: optional(flag),
  pauseReason: text,
  kind: oneOf('static', 'dynamic'),
});

const waitingCaller = object<WaitingCallerView>({ callId: text, number: text, name: text, since: finite });

const today = object<QueueTodayStats>({
  dayStart: finite,
  timeZone: text,
  offered: whole,
  answered: whole,
  abandoned: whole,
  shortAbandoned: whole,
  answeredWithinThreshold: whole,
  serviceLevel: nullable(finite),
  avgWaitSec: nullable(finite),
  avgTalkSec: nullable(finite),
  recountPendingSince: optional(finite),
});

const forecast = object<QueueForecast>({
  arrivals: whole,
  handleSec: nullable(finite),
  agentsTakingCalls: whole,
  agentsFree: whole,
  waiting: whole,
  targetSec: finite,
  goalPercent: finite,
  windowMin: finite,
  callsPerHour: finite,
  loadPerHour: finite,
  erlangs: nullable(finite),
  predictedServiceLevel: nullable(finite),
  expectedWaitSec: nullable(finite),
  agentsNeeded: nullable(whole),
});

const stats = object<QueueStatsView>({
  waiting: whole,
  oldestWaitingSince: nullable(finite),
  agentCounts: record(whole) as Check<QueueStatsView['agentCounts']>,
  today,
  // A view stored before forecasts has none: accepted, and the queue's next publish adds one.
  forecast: optional(nullable(forecast)) as Check<QueueForecast | null>,
});

/**
 * A queue's alert. A view stored by a version before the gateway judged alerts has none: it is accepted, and
 * the queue's next publish adds one (screens read a missing alert as no alert).
 */
const queueAlert = optional(
  object<QueueAlertView>({
    level: oneOf('ok', 'warn', 'critical'),
    since: finite,
    warnSince: nullable(finite),
    criticalSince: nullable(finite),
    announcedAt: nullable(finite),
  }),
) as Check<QueueAlertView>;

/** A queue stream's data. */
export const queueView = object<QueueView>({
  id: positive,
  number: text,
  name: text,
  thresholds,
  agents: list(agent),
  waiting: list(waitingCaller),
  stats,
  confirmedAt: finite,
  pollIntervalMs: finite,
  alert: queueAlert,
});

const callerContext = object<CallerContext>({
  contactName: nullable(text),
  company: nullable(text),
  callsToday: whole,
  lastOutcome: nullable(text),
  lastCall: optional(
    object<LastCallContext>({
      at: finite,
      status: text,
      summary: nullable(text),
      noteRemark: nullable(text),
      callId: optional(text),
    }),
  ),
});

/** One held call of the `inbound` stream. */
export const heldCallView = object<HeldCallView>({
  callId: nonEmptyText,
  from: text,
  to: text,
  trunk: text,
  queueId: optional(positive),
  defaultDestination: optional(text),
  receivedAt: finite,
  deadline: finite,
  context: callerContext,
  status: oneOf('pending', 'deciding', 'accepted', 'refused', 'auto_accepted', 'failed'),
  blocked: flag,
  blockUndoUntil: optional(finite),
  unblockedBy: optional(text),
  decidedBy: nullable(text),
  decidedAt: nullable(finite),
  error: nullable(text),
  unseenReason: optional(text),
});

/** One audit entry. */
export const auditEntry = object<AuditEntryView>({
  id: positive,
  at: finite,
  user: text,
  action: text,
  target: text,
  result: oneOf('ok', 'error'),
  detail: text,
  queues: optional(list(positive)),
  facts: optional(record(text)),
  changes: optional(
    list(
      object<AuditChange>({
        field: text,
        before: optional(text),
        after: optional(text),
        secret: optional(flag),
      }),
    ),
  ),
});

/**
 * A stored stream: `queue:<id>` (kind queue, data of that queue), `inbound` or the held calls of one queue
 * `inbound:<id>` (kind inbound).
 */
export const storedStream: Check<StreamState> = (value, path) => {
  const entry = object<{ stream: string; kind: string; seq: number }>({
    stream: text,
    kind: oneOf('queue', 'inbound'),
    seq: positive,
  })(value, path);
  const data = (value as { data?: unknown }).data;
  if (parseStreamId(entry.stream)?.kind === 'inbound' && entry.kind === 'inbound')
    list(heldCallView)(data, `${path}.data`);
  else if (entry.kind === 'queue' && queueIdOf(entry.stream) !== undefined) {
    if (queueView(data, `${path}.data`).id !== queueIdOf(entry.stream))
      throw new ShapeError(`${path}.data.id`, `the id of ${entry.stream}`);
  } else
    throw new ShapeError(
      `${path}.stream`,
      'queue:<id> with kind queue, or inbound (or inbound:<id>) with kind inbound',
    );
  return value as StreamState;
};
