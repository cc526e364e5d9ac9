import type { AgentView, QueueView } from '@switchboard/live-protocol';
import { outranks } from './agent-states.js';

/** An agent as a board shows it: the agent, and the gateway time its timer stands still at while stale. */
export interface BoardAgent {
  agent: AgentView;
  /** Null while its queue's data is live. */
  frozenAt: number | null;
}

/** One queue's data for a board, with its freeze time (null while live). */
export interface BoardQueue {
  view: QueueView;
  frozenAt: number | null;
}

/** The agents of one queue, frozen at `frozenAt` while its data is stale. */
export function boardAgents(view: QueueView, frozenAt: number | null): BoardAgent[] {
  return view.agents.map((agent) => ({ agent, frozenAt }));
}

/**
 * The agents of several queues, once each: an agent in two queues shows the state that says most
 * about them (on a call beats available beats paused), with the freshness of the queue that said so. Pure.
 */
export function mergeAgents(queues: readonly BoardQueue[]): BoardAgent[] {
  const byNumber = new Map<string, BoardAgent>();
  for (const { view, frozenAt } of queues) {
    for (const agent of view.agents) {
      const known = byNumber.get(agent.number);
      if (!known || outranks(agent.state, known.agent.state)) byNumber.set(agent.number, { agent, frozenAt });
    }
  }
  return [...byNumber.values()];
}

/** The strictest pause limit of several queues, or null when none sets one. */
export function strictestPauseLimit(queues: readonly QueueView[]): number | null {
  const limits = queues
    .map((q) => q.thresholds.maxPauseSec)
    .filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}
