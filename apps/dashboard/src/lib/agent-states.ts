import { QUEUE_METRICS, type AgentState } from '@switchboard/live-protocol';

/** A state's word: the one its count tile has (QUEUE_METRICS), so card and tile say the same. */
const word = (state: AgentState) => QUEUE_METRICS[`agents-${state}`].label;

/** How each agent state is shown: a text label, a distinct shape, a colour token. Never colour alone. */
export interface AgentStateStyle {
  label: string;
  /** Short label for the densest agent grids. */
  short: string;
  shape: 'circle' | 'triangle' | 'square' | 'diamond' | 'bars' | 'plug-slash' | 'question' | 'ring-slash';
  /**
   * Whether the wallboard keeps a count tile for the state when no agent is in it. States that mean something is
   * wrong (a phone offline, a call the PBX cannot tell) take a tile only while they occur.
   */
  tileWhenZero: boolean;
}

/** Presentation of every agent state, keyed by state. */
export const AGENT_STATE_STYLES: Readonly<Record<AgentState, AgentStateStyle>> = {
  available: { label: word('available'), short: 'Avail', shape: 'circle', tileWhenZero: true },
  ringing: { label: word('ringing'), short: 'Ring', shape: 'triangle', tileWhenZero: true },
  on_call: { label: word('on_call'), short: 'Call', shape: 'square', tileWhenZero: true },
  on_hold: { label: word('on_hold'), short: 'Hold', shape: 'diamond', tileWhenZero: true },
  paused: { label: word('paused'), short: 'Pause', shape: 'bars', tileWhenZero: true },
  offline: { label: word('offline'), short: 'Offline', shape: 'plug-slash', tileWhenZero: false },
  unknown: { label: word('unknown'), short: '?', shape: 'question', tileWhenZero: false },
  logged_out: { label: word('logged_out'), short: 'Out', shape: 'ring-slash', tileWhenZero: true },
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
