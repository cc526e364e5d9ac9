import type { AgentView, QueueView } from '@switchboard/live-protocol';
import { outranks } from './agent-states.js';

/**
 * The agents of several queues, once each: an agent in two queues shows the state that says most
 * about them (on a call beats available beats paused). Pure.
 */
export function mergeAgents(queues: readonly QueueView[]): AgentView[] {
  const byNumber = new Map<string, AgentView>();
  for (const queue of queues) {
    for (const agent of queue.agents) {
      const known = byNumber.get(agent.number);
      if (!known || outranks(agent.state, known.state)) byNumber.set(agent.number, agent);
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
