import {
  AGENT_STATES,
  DEFAULT_SERVICE_LEVEL_GOAL,
  forecastQueue,
  nextQueueAlert,
  type AgentState,
  type QueueAlertView,
  type AgentView,
  type QueueThresholds,
  type QueueTodayStats,
  type QueueView,
  type WaitingCallerView,
} from '@switchboard/live-protocol';
import type { QueueAgent, QueueCallStatusResponse } from '@switchboard/pbx-api';
import {
  callFromCallStatus,
  callFromExtensionStatus,
  callFromMemberStatus,
  deriveAgentState,
  factsFromAgentStatus,
  type AgentFacts,
} from './agent-state.js';

/** Identity and settings of a queue. */
export interface QueueMeta {
  id: number;
  number: string;
  name: string;
  thresholds: QueueThresholds;
  pollIntervalMs: number;
}

interface AgentRecord extends AgentFacts {
  number: string;
  name: string;
  kind: AgentView['kind'];
  state: AgentState;
  since: number;
  /** Already in `state` when first seen: `since` is only a lower bound. */
  lowerBound: boolean;
}

/** A leg of a 30011 call event, reduced to what the queue needs. */
export interface CallLeg {
  kind: 'extension' | 'inbound' | 'outbound';
  /** Extension number for extension legs. */
  number: string;
  status: string;
}

/**
 * The live state of one queue: the last poll plus the events since. Pure (no I/O, no clock): every
 * change takes `now`. `since` of an agent or waiting caller is kept across polls while nothing changed,
 * so "time in state" counts from the real change, not from the last poll.
 */
export class QueueLiveState {
  private agents = new Map<string, AgentRecord>();
  private waiting = new Map<string, WaitingCallerView>();
  private confirmedAt = 0;

  constructor(private meta: QueueMeta) {}

  /** The queue id. */
  get id(): number {
    return this.meta.id;
  }

  /** Whether a poll has filled the state yet. */
  get polled(): boolean {
    return this.confirmedAt > 0;
  }

  /** The queue number (what CDRs and events name it by). */
  get number(): string {
    return this.meta.number;
  }

  /** Replaces name, number, thresholds or poll interval. */
  setMeta(meta: QueueMeta): void {
    this.meta = meta;
  }

  /** Extension numbers of the queue's agents. */
  agentNumbers(): string[] {
    return [...this.agents.keys()];
  }

  /**
   * Replaces the state with a poll of queue/agent_status and queue/call_status taken at `now`; `phoneOnline`
   * tells whether an agent's phones are online (undefined: not known, the agent keeps what it had).
   */
  applyPoll(
    agents: readonly QueueAgent[],
    calls: QueueCallStatusResponse,
    now: number,
    phoneOnline: (extension: string) => boolean | undefined = () => undefined,
  ): void {
    const ringingAgents = new Set(calls.ringing_list.map((c) => c.callee_number));
    const next = new Map<string, AgentRecord>();
    for (const agent of agents) {
      const previous = this.agents.get(agent.number);
      const online = phoneOnline(agent.number) ?? previous?.phoneOnline;
      const facts: AgentFacts = {
        loggedIn: agent.is_login === 1,
        paused: agent.is_pause === 1,
        pauseReason: agent.is_pause === 1 ? (agent.pause_reason ?? '') : '',
        call: callFromCallStatus(agent.call_status, ringingAgents.has(agent.number), previous?.call),
        ...(online !== undefined ? { phoneOnline: online } : {}),
      };
      next.set(agent.number, this.record(previous, agent, facts, now));
    }
    this.agents = next;

    const waiting = new Map<string, WaitingCallerView>();
    for (const call of calls.waiting_list) {
      const known = this.waiting.get(call.call_id);
      waiting.set(call.call_id, {
        callId: call.call_id,
        number: call.caller_number,
        name: call.caller_display_name,
        since: known?.since ?? now - Math.max(0, call.duration) * 1000,
      });
    }
    this.waiting = waiting;
    this.confirmedAt = now;
  }

  /**
   * Takes `since` from a view another gateway published, for the agents and waiting callers it showed in
   * the same state: a replica that takes the lead keeps the clocks screens already show instead of
   * restarting them at its first poll.
   */
  adoptSince(shown: QueueView): void {
    for (const agent of shown.agents) {
      const mine = this.agents.get(agent.number);
      const same =
        mine?.state === agent.state && (agent.state !== 'paused' || mine.pauseReason === agent.pauseReason);
      if (mine && same && (agent.since < mine.since || (mine.lowerBound && !agent.sinceLowerBound)))
        this.agents.set(agent.number, {
          ...mine,
          since: Math.min(agent.since, mine.since),
          lowerBound: agent.sinceLowerBound === true,
        });
    }
    for (const caller of shown.waiting) {
      const mine = this.waiting.get(caller.callId);
      if (mine) this.waiting.set(caller.callId, { ...mine, since: caller.since });
    }
  }

  /** 30029: an agent's status in this queue changed. Returns whether anything changed. */
  applyAgentStatus(agentNumber: string, status: string, reason: string, now: number): boolean {
    const facts = factsFromAgentStatus(status, reason);
    return facts ? this.update(agentNumber, facts, now) : false;
  }

  /** 30025: the PBX paused an agent of this queue after missed calls. */
  applyAutoPause(agentNumber: string, now: number): boolean {
    return this.update(agentNumber, { paused: true, pauseReason: 'Auto pause (missed calls)' }, now);
  }

  /** 30008: an extension's call state changed; applies when the extension is an agent here. */
  applyExtensionStatus(extension: string, status: string, now: number): boolean {
    const agent = this.agents.get(extension);
    if (!agent) return false;
    const call = callFromExtensionStatus(status, agent.call);
    return call ? this.update(extension, { call }, now) : false;
  }

  /**
   * Whether an agent's phone or app is registered (extension/list `online_status`, event 30007); applies when the
   * extension is an agent here. Returns whether the shown state changed.
   */
  applyPhoneOnline(extension: string, online: boolean, now: number): boolean {
    return this.update(extension, { phoneOnline: online }, now);
  }

  /** 30011: a call's legs changed; updates agents on it and drops a waiting caller that was answered or hung up. */
  applyCallStatus(callId: string, legs: readonly CallLeg[], now: number): boolean {
    let changed = false;
    for (const leg of legs) {
      if (leg.kind !== 'extension') continue;
      const call = callFromMemberStatus(leg.status);
      if (call && this.update(leg.number, { call }, now)) changed = true;
    }
    const connected = legs.some((l) => l.kind === 'extension' && /^ANSWER(ED)?$/i.test(l.status));
    const callerGone = legs.some((l) => l.kind !== 'extension' && l.status.toUpperCase() === 'BYE');
    if ((connected || callerGone) && this.waiting.delete(callId)) changed = true;
    return changed;
  }

  /**
   * The queue as screens see it at `now`, with today's figures, and its alert advanced from `previousAlert`
   * (the one screens have): dwell time counts from when the gateway saw a threshold crossed, not from when a
   * screen opened.
   */
  view(
    today: QueueTodayStats,
    previousAlert: QueueAlertView | undefined,
    now: number,
    recentArrivals = 0,
  ): QueueView {
    const agents: AgentView[] = [...this.agents.values()].map((a) => ({
      number: a.number,
      name: a.name,
      state: a.state,
      since: a.since,
      ...(a.lowerBound ? { sinceLowerBound: true } : {}),
      pauseReason: a.state === 'paused' ? a.pauseReason : '',
      kind: a.kind,
    }));
    const waiting = [...this.waiting.values()].sort((a, b) => a.since - b.since);
    const agentCounts = Object.fromEntries(AGENT_STATES.map((s) => [s, 0])) as Record<AgentState, number>;
    for (const agent of agents) agentCounts[agent.state]++;
    const { thresholds } = this.meta;
    const stats = {
      waiting: waiting.length,
      oldestWaitingSince: waiting[0]?.since ?? null,
      agentCounts,
      today,
      forecast: forecastQueue({
        // Callers waiting now entered the queue recently, and are not among the finished calls yet.
        arrivals: recentArrivals + waiting.length,
        handleSec: today.avgTalkSec,
        agentsTakingCalls:
          agentCounts.available + agentCounts.ringing + agentCounts.on_call + agentCounts.on_hold,
        agentsFree: agentCounts.available,
        waiting: waiting.length,
        targetSec: thresholds.serviceLevelSec,
        goalPercent: thresholds.serviceLevel.warn ?? DEFAULT_SERVICE_LEVEL_GOAL,
      }),
    };
    return {
      id: this.meta.id,
      number: this.meta.number,
      name: this.meta.name,
      thresholds,
      agents,
      waiting,
      stats,
      confirmedAt: this.confirmedAt,
      pollIntervalMs: this.meta.pollIntervalMs,
      alert: nextQueueAlert(previousAlert, { stats, thresholds }, now),
    };
  }

  private update(agentNumber: string, change: Partial<AgentFacts>, now: number): boolean {
    const agent = this.agents.get(agentNumber);
    if (!agent) return false;
    const phoneOnline = change.phoneOnline ?? agent.phoneOnline;
    const facts: AgentFacts = {
      loggedIn: change.loggedIn ?? agent.loggedIn,
      paused: change.paused ?? agent.paused,
      pauseReason: change.pauseReason ?? agent.pauseReason,
      call: change.call ?? agent.call,
      ...(phoneOnline !== undefined ? { phoneOnline } : {}),
    };
    const next = this.record(agent, agent, facts, now);
    this.agents.set(agentNumber, next);
    return next.state !== agent.state || next.since !== agent.since || next.pauseReason !== agent.pauseReason;
  }

  /** A record with `since` carried over when the visible state (and pause reason) is unchanged. */
  private record(
    previous: AgentRecord | undefined,
    identity: { number: string; name: string; kind?: AgentView['kind']; agent_type?: string },
    facts: AgentFacts,
    now: number,
  ): AgentRecord {
    const state = deriveAgentState(facts);
    const sameState =
      previous !== undefined &&
      previous.state === state &&
      (state !== 'paused' || previous.pauseReason === facts.pauseReason);
    const kind = identity.kind ?? (identity.agent_type === 'static' ? 'static' : 'dynamic');
    return {
      ...facts,
      number: identity.number,
      name: identity.name,
      kind,
      state,
      since: sameState ? previous.since : now,
      // A change seen happen dates the state exactly; an agent first seen was already in it.
      lowerBound: sameState ? previous.lowerBound : previous === undefined,
    };
  }
}
