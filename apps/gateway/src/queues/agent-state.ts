import type { AgentState } from '@switchboard/live-protocol';
import { AGENT_CALL_STATUS } from '@switchboard/pbx-api';

/**
 * What the agent's phone is doing, as far as the queue is concerned. `unknown`: the PBX said it does not know
 * (queue/agent_status `call_status` 0, or a code the guide does not document) and nothing else told us.
 */
export type AgentCall = 'idle' | 'ringing' | 'talking' | 'held' | 'unknown';

/** The facts behind an agent's state; the state itself is derived so every source agrees. */
export interface AgentFacts {
  loggedIn: boolean;
  paused: boolean;
  pauseReason: string;
  call: AgentCall;
  /**
   * Whether any of the agent's phones or apps is registered (extension/list `online_status`, event 30007);
   * undefined while the gateway has not read it, which never shows as offline.
   */
  phoneOnline?: boolean;
}

/**
 * The one agent state shown, from the facts. Logged out beats everything; a call beats a pause (a paused agent
 * can still be on a direct call, and a supervisor must see that they are busy); a phone known to be offline
 * beats a pause and availability (the agent cannot take a call whatever the queue says); a pause is a fact even
 * when the call is unknown; an unknown call is shown as unknown, never guessed to be free.
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
      if (facts.phoneOnline === false) return 'offline';
      if (facts.paused) return 'paused';
      return facts.call === 'unknown' ? 'unknown' : 'available';
  }
}

/**
 * The agent's call from `call_status` of queue/agent_status, by the codes the guide documents
 * (docs/pbx/queues-and-agents.md#call_status-values): 1 idle, 2 in a call (also held by the agent), 3 ringing,
 * 4 a new call ringing during a call (still on the first call), 5 held by the caller. 0 means the PBX does not
 * know, and an undocumented code is read the same way: the agent is ringing when the same poll's
 * queue/call_status ringing list names them, else keeps the call the gateway knew (`previous`, from events or
 * the last poll), else is unknown.
 */
export function callFromCallStatus(callStatus: number, ringing: boolean, previous?: AgentCall): AgentCall {
  switch (callStatus) {
    case AGENT_CALL_STATUS.IDLE:
      return 'idle';
    case AGENT_CALL_STATUS.IN_CALL:
    case AGENT_CALL_STATUS.RINGING_IN_CALL:
      return 'talking';
    case AGENT_CALL_STATUS.RINGING:
      return 'ringing';
    case AGENT_CALL_STATUS.HELD_BY_CALLER:
      return 'held';
    default:
      if (ringing) return 'ringing';
      return previous ?? 'unknown';
  }
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
