import { AGENT_STATES, type AgentState, type AgentView } from '@switchboard/live-protocol';

/** Which agents a queue's detail shows: some states (none chosen = all) and a piece of name or number. */
export interface AgentFilter {
  states: readonly AgentState[];
  text: string;
}

export const NO_AGENT_FILTER: Readonly<AgentFilter> = { states: [], text: '' };

/** Lower case without accents, so "jose" finds "José". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The agents that pass `filter`: in one of its states (any when none) and matching its text by name or number. Pure. */
export function filterAgents(agents: readonly AgentView[], filter: AgentFilter): AgentView[] {
  const words = fold(filter.text).split(/\s+/).filter(Boolean);
  return agents.filter(
    (agent) =>
      (filter.states.length === 0 || filter.states.includes(agent.state)) &&
      words.every((word) => fold(`${agent.name} ${agent.number}`).includes(word)),
  );
}

/** How many agents are in each state, every state present (zero included), in the usual order. Pure. */
export function countByState(agents: readonly AgentView[]): { state: AgentState; count: number }[] {
  return AGENT_STATES.map((state) => ({ state, count: agents.filter((a) => a.state === state).length }));
}
