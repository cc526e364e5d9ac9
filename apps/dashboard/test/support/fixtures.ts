import {
  AGENT_STATES,
  conditionLevel,
  DEFAULT_ALERT_RULES,
  forecastQueue,
  figureLevels,
  nextQueueAlert,
  type QueueAlertView,
  type AgentState,
  type AgentTodayFigures,
  type AgentView,
  type ConferenceView,
  type HealthView,
  type HeldCallView,
  type MonitorView,
  type QueueView,
} from '@switchboard/live-protocol';
import type { QueueRow } from '../../src/lib/board-rows.js';

/** An agent in `state` since `since`. */
export function agent(
  number: string,
  state: AgentState = 'available',
  overrides: Partial<AgentView> = {},
): AgentView {
  return {
    number,
    name: `Agent ${number}`,
    state,
    since: 1_000,
    pauseReason: '',
    kind: 'static',
    ...overrides,
  };
}

/**
 * A queue with thresholds and two agents, confirmed at `confirmedAt`. Unless `overrides` says otherwise, its
 * alert is what a gateway that has watched the queue in this state for a while sends: the level of its figures,
 * past dwell time.
 */
export function queueView(id = 1, overrides: Partial<QueueView> = {}): QueueView {
  const view = queueFigures(id, overrides);
  if (overrides.alert) return view;
  const level = conditionLevel(figureLevels(view, Date.now(), DEFAULT_ALERT_RULES));
  const since = level === 'ok' ? null : 0;
  return {
    ...view,
    alert: {
      level,
      since: 0,
      warnSince: since,
      criticalSince: level === 'critical' ? 0 : null,
      announcedAt: since,
    },
  };
}

function queueFigures(id: number, overrides: Partial<QueueView>): QueueView {
  const agents = overrides.agents ?? [agent('1001'), agent('1002', 'on_call')];
  const counts = Object.fromEntries(
    AGENT_STATES.map((s) => [s, agents.filter((a) => a.state === s).length]),
  ) as Record<AgentState, number>;
  return {
    id,
    number: `64${String(id).padStart(2, '0')}`,
    name: `Queue ${id}`,
    thresholds: {
      waiting: { warn: 3, critical: 6 },
      longestWaitSec: { warn: 60, critical: 120 },
      serviceLevel: { warn: 80, critical: 60 },
      serviceLevelSec: 20,
      maxPauseSec: 300,
    },
    agents,
    waiting: [],
    stats: {
      waiting: 0,
      oldestWaitingSince: null,
      agentCounts: counts,
      today: {
        dayStart: 0,
        timeZone: 'Europe/Paris',
        offered: 10,
        answered: 8,
        abandoned: 2,
        shortAbandoned: 0,
        answeredWithinThreshold: 7,
        serviceLevel: 70,
        avgWaitSec: 12,
        avgTalkSec: 95,
      },
      forecast: forecastQueue({
        arrivals: 10,
        handleSec: 95,
        agentsTakingCalls: counts.available + counts.ringing + counts.on_call + counts.on_hold,
        agentsFree: counts.available,
        waiting: 0,
        targetSec: 20,
        goalPercent: 80,
      }),
    },
    confirmedAt: Date.now(),
    pollIntervalMs: 2000,
    alert: { level: 'ok', since: 0, warnSince: null, criticalSince: null, announcedAt: null },
    ...overrides,
  };
}

/** A held inbound call, pending unless told otherwise. */
export function heldCall(callId: string, overrides: Partial<HeldCallView> = {}): HeldCallView {
  const now = Date.now();
  return {
    callId,
    from: '+33612345678',
    to: '0800123456',
    trunk: 'sip1',
    receivedAt: now,
    deadline: now + 10_000,
    context: { contactName: null, company: null, callsToday: 0, lastOutcome: null },
    status: 'pending',
    blocked: false,
    decidedBy: null,
    decidedAt: null,
    error: null,
    ...overrides,
  };
}

/** A conference with members m1..mN. */
export function conference(number: string, members = 3): ConferenceView {
  // As the gateway sends them: the PBX's words for kind and status, extensions named where it knows them.
  const names = ['Ann Lee', null, 'Cy Ode'];
  return {
    number,
    name: `Room ${number}`,
    members: Array.from({ length: members }, (_, i) => ({
      channelId: `PJSIP/m${i + 1}`,
      from: `10${i + 1}`,
      kind: 'ext',
      status: i === 1 ? 'HOLD' : 'ANSWERED',
      name: names[i] ?? null,
    })),
  };
}

/** The PBX link as the gateway reports it. */
export function health(overrides: Partial<HealthView> = {}): HealthView {
  return {
    pbx: 'connected',
    lastSuccessAt: Date.now(),
    lastError: null,
    eventStream: 'open',
    pbxSince: Date.now() - 60_000,
    eventStreamSince: Date.now() - 60_000,
    serverTime: Date.now(),
    ...overrides,
  };
}

/** A live board row of queue `id` with `waiting` callers and a 90 % service level: calm but for the waiting. */
export function queueRow(id: number, waiting: number): QueueRow {
  const base = queueView(id);
  const today = { ...base.stats.today, serviceLevel: 90 };
  return liveRow(queueView(id, { stats: { ...base.stats, waiting, today } }));
}

/** A board row showing `view`, live and fresh. */
export function liveRow(view: QueueView, name = view.name): QueueRow {
  return {
    id: view.id,
    name,
    view,
    stale: false,
    ageMs: 0,
    frozenAt: null,
    staleNote: null,
    recountSince: null,
    note: '',
  };
}

/** The call the supervisor monitors: agent 1006 (Bo Ek) from extension 2001, in `mode`. */
export function monitorView(mode: MonitorView['mode'], overrides: Partial<MonitorView> = {}): MonitorView {
  return { agent: '1006', agentName: 'Bo Ek', monitor: '2001', mode, callId: '1.1', since: 1, ...overrides };
}

/**
 * A gateway in miniature for alert tests: each call judges the rows' alerts at `now` from their figures and
 * the alerts it judged before (live-protocol's rules), and returns the rows as the gateway would send them.
 */
export function gatewayAlerts(): (rows: readonly QueueRow[], now: number) => QueueRow[] {
  const alerts = new Map<number, QueueAlertView>();
  return (rows, now) =>
    rows.map((row) => {
      if (!row.view) return row;
      const alert = nextQueueAlert(alerts.get(row.id), row.view, now);
      alerts.set(row.id, alert);
      return { ...row, view: { ...row.view, alert } };
    });
}

/**
 * One agent's figures of today as GET /api/queues/:id/agents sends them: 4 answered calls of 2:00 on average,
 * one missed, an hour available, 8 min on calls, 10 min paused for Lunch and 5 without a reason.
 */
export function agentToday(number: string, overrides: Partial<AgentTodayFigures> = {}): AgentTodayFigures {
  const stateSec = Object.fromEntries(AGENT_STATES.map((s) => [s, 0])) as Record<AgentState, number>;
  return {
    number,
    name: `Agent ${number}`,
    answered: 4,
    talkSumSec: 480,
    avgTalkSec: 120,
    longestTalkSec: 200,
    missed: 1,
    stateSec: { ...stateSec, available: 3600, on_call: 420, on_hold: 60, paused: 900 },
    pausedByReasonSec: { Lunch: 600, '': 300 },
    unobservedSec: 0,
    occupancy: 480 / 4080,
    ...overrides,
  };
}
