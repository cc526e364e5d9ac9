import type { AgentState } from '@switchboard/live-protocol';

/** What the agent's phone is doing, as far as the queue is concerned. */
export type AgentCall = 'idle' | 'ringing' | 'talking' | 'held';

/** The facts behind an agent's state; the state itself is derived so every source agrees. */
export interface AgentFacts {
  loggedIn: boolean;
  paused: boolean;
  pauseReason: string;
  call: AgentCall;
}

/**
 * The one agent state shown, from the facts. A call beats a pause (a paused agent can still be on a
 * direct call, and a supervisor must see that they are busy); logged out beats everything.
 */
export function deriveAgentState(facts: AgentFacts): AgentState {
  if (!facts.loggedIn) return 'logged_out';
  switch (facts.call) {
    case 'held':
      return 'on_hold';
    case 'talking':
      return 'on_call';
    case 'ringing':
      return 'ringing';
    default:
      return facts.paused ? 'paused' : 'available';
  }
}

/**
 * `call_status` of queue/agent_status. Documented: 2 = in a call (also when the agent holds it),
 * 5 = the caller put the call on hold. The simulator also reports 1 while the agent's phone rings;
 * a PBX that does not simply never sends it, and ringing then comes from the call_status ringing list.
 */
export function callFromCallStatus(callStatus: number, ringing: boolean): AgentCall {
  if (callStatus === 5) return 'held';
  if (callStatus === 2) return 'talking';
  if (callStatus === 1 || ringing) return 'ringing';
  return 'idle';
}

/** What a 30029 Agent Status Changed event says; undefined for a status this gateway does not know. */
export function factsFromAgentStatus(status: string, reason: string): Partial<AgentFacts> | undefined {
  switch (status.replace(/[\s_-]/g, '').toLowerCase()) {
    case 'loggedout':
    case 'logout':
      return { loggedIn: false, paused: false, pauseReason: '', call: 'idle' };
    case 'paused':
    case 'pause':
      return { loggedIn: true, paused: true, pauseReason: reason };
    case 'idle':
    case 'available':
    case 'unpaused':
    case 'loggedin':
    case 'login':
    case 'wrapup':
      // Wrap-up shows as available, as queue/agent_status reports it (no call, not paused).
      return { loggedIn: true, paused: false, pauseReason: '', call: 'idle' };
    case 'ringing':
      return { loggedIn: true, call: 'ringing' };
    case 'busy':
    case 'incall':
      return { loggedIn: true, call: 'talking' };
    default:
      return undefined;
  }
}

/** What a 30011 member status of the agent's leg says about its call. */
export function callFromMemberStatus(memberStatus: string): AgentCall | undefined {
  switch (memberStatus.toUpperCase()) {
    case 'RING':
      return 'ringing';
    // ALERT: the agent is the caller and hears ringback, so busy with a call of their own.
    case 'ALERT':
    case 'EARLYMEDIA':
    case 'ANSWER':
    case 'ANSWERED':
      return 'talking';
    case 'HOLD':
      return 'held';
    case 'BYE':
      return 'idle';
    default:
      return undefined;
  }
}

/** What a 30008 extension status says about its call (`Busy` keeps a known hold). */
export function callFromExtensionStatus(status: string, current: AgentCall): AgentCall | undefined {
  switch (status.toLowerCase()) {
    case 'ringing':
      return 'ringing';
    case 'busy':
      return current === 'held' ? 'held' : 'talking';
    case 'idle':
      return 'idle';
    default:
      return undefined;
  }
}
