import type { AgentState } from '@switchboard/live-protocol';

/** How each agent state is shown: a text label, a distinct shape, a colour token. Never colour alone. */
export interface AgentStateStyle {
  label: string;
  /** Short label for the densest agent grids. */
  short: string;
  shape: 'circle' | 'triangle' | 'square' | 'diamond' | 'bars' | 'plug-slash' | 'question' | 'ring-slash';
}

/** Presentation of every agent state, keyed by state. */
export const AGENT_STATE_STYLES: Readonly<Record<AgentState, AgentStateStyle>> = {
  available: { label: 'Available', short: 'Avail', shape: 'circle' },
  ringing: { label: 'Ringing', short: 'Ring', shape: 'triangle' },
  on_call: { label: 'On call', short: 'Call', shape: 'square' },
  on_hold: { label: 'On hold', short: 'Hold', shape: 'diamond' },
  paused: { label: 'Paused', short: 'Pause', shape: 'bars' },
  offline: { label: 'Phone offline', short: 'Offline', shape: 'plug-slash' },
  unknown: { label: 'Unknown', short: '?', shape: 'question' },
  logged_out: { label: 'Logged out', short: 'Out', shape: 'ring-slash' },
};

/** When an agent appears in several queues, the state that says most about them wins. */
const STATE_RANK: Readonly<Record<AgentState, number>> = {
  on_call: 8,
  on_hold: 7,
  ringing: 6,
  // A phone that is offline is offline for every queue; a queue whose poll does not know the call says less.
  offline: 5,
  available: 4,
  paused: 3,
  unknown: 2,
  logged_out: 1,
};

/** True when `a` should be shown instead of `b` for the same agent. */
export function outranks(a: AgentState, b: AgentState): boolean {
  return STATE_RANK[a] > STATE_RANK[b];
}
