import { resourceWith } from './resource.js';

/** Call-center queues: the list, each queue's agents and its waiting, ringing and active calls. */
export class QueueResource extends resourceWith({
  /** GET queue/list: the queues with their agents and managers. */
  list: 'queue/list',
  /** GET queue/agent_status: every agent of one queue with login, pause and call state. */
  agentStatus: 'queue/agent_status',
  /** GET queue/agent_pause: pauses or unpauses several agents of one queue at once. Never retried. */
  agentPause: 'queue/agent_pause',
  /**
   * GET queue/agent_login: logs several dynamic agents in to one queue (optionally paused) or out of it.
   * Never retried: each call changes the agents' state.
   */
  agentLogin: 'queue/agent_login',
  /** GET queue/call_status: callers waiting, calls ringing agents and calls in progress. */
  callStatus: 'queue/call_status',
}) {}
