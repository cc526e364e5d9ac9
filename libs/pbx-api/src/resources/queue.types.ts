import type { PbxSuccess } from '../types.js';
import type { PbxFlag } from './common.types.js';

/** Query of queue/agent_status. */
export interface QueueAgentStatusParams {
  /** Queue ID (not its number). */
  id: number;
}

/** Query of queue/agent_pause (docs/pbx/queues-and-agents.md#pausing-agents). */
export interface QueueAgentPauseParams {
  /** Extension IDs (not numbers) separated by commas. */
  ext_ids: string;
  /** Queue ID. */
  queue_id: number;
  operation: 'pause' | 'unpause';
  /** 0 = paused until unpaused; 10 or more = unpaused automatically after that many seconds. */
  max_threshold_for_pause_time?: number;
  /** Feature code of a pause reason from queue_pause_reason/list. */
  reason?: string;
}

/** Answer of queue/agent_pause. */
export type QueueAgentPauseResponse = PbxSuccess;

/**
 * Query of queue/agent_login with `operation=login` (docs/pbx/queues-and-agents.md#logging-agents-in-and-out):
 * dynamic agents of one queue.
 */
export interface QueueAgentLoginParams {
  /** Extension IDs (not numbers) separated by commas. */
  ext_ids: string;
  /** Queue ID. */
  queue_id: number;
  operation: 'login';
  /** 1: log in paused; 0 (the default) unpaused. */
  is_paused?: PbxFlag;
  /** With `is_paused` 1: 0 = paused until unpaused; 10 or more = unpaused after that many seconds. */
  max_threshold_for_pause_time?: number;
  /** With `is_paused` 1: feature code of a pause reason (the PBX refuses it below its call-center plans). */
  reason?: string;
}

/** Query of queue/agent_login with `operation=logout`. */
export interface QueueAgentLogoutParams {
  ext_ids: string;
  queue_id: number;
  operation: 'logout';
  /** 0 = logged out until logged in again; 10 or more = the PBX logs them back in after that many seconds. */
  max_threshold_for_logout_time?: number;
}

/** Answer of queue/agent_login. */
export type QueueAgentLoginResponse = PbxSuccess;

/**
 * `call_status` codes of queue/agent_status, as the guide's "Query Agent Status of a Queue" page documents them
 * (docs/pbx/queues-and-agents.md#call_status-values).
 */
export const AGENT_CALL_STATUS = {
  UNKNOWN: 0,
  IDLE: 1,
  /** In a call; also when the agent put it on hold. */
  IN_CALL: 2,
  RINGING: 3,
  /** A new call rings while the agent is in a call. */
  RINGING_IN_CALL: 4,
  /** The caller put the call on hold. */
  HELD_BY_CALLER: 5,
} as const;

/** A documented `call_status` code. */
export type AgentCallStatus = (typeof AGENT_CALL_STATUS)[keyof typeof AGENT_CALL_STATUS];

/** One agent of a queue (docs/pbx/queues-and-agents.md#agent-status). */
export interface QueueAgent {
  name: string;
  /** Extension number. */
  number: string;
  /** 1 when logged in to the queue. */
  is_login: number;
  /** 1 when paused from receiving queue calls. */
  is_pause: number;
  /**
   * The agent's call ({@link AGENT_CALL_STATUS}): 0 unknown, 1 idle, 2 in a call (also when the agent holds it),
   * 3 ringing, 4 a new call ringing during a call, 5 the caller put the call on hold. Typed as a number:
   * a firmware may add codes, and a reader must not mistake one for a known state.
   */
  call_status: number;
  /** Pause reason; empty when not paused. */
  pause_reason: string;
  agent_type: 'dynamic' | 'static';
  max_threshold_for_pause_time?: number;
  max_threshold_for_logout_time?: number;
}

/** Answer of queue/agent_status. */
export interface QueueAgentStatusResponse extends PbxSuccess {
  /** Agents in the queue. */
  total_number: number;
  data: QueueAgent[];
}

/** Query of queue/call_status. */
export interface QueueCallStatusParams {
  /** Queue ID (not its number). */
  id: number;
}

/** A call in one of the three lists of queue/call_status. */
export interface QueueCallEntry {
  call_id: string;
  caller_number: string;
  caller_display_name: string;
  /** Waiting list: the queue; ringing and active lists: the agent. */
  callee_number: string;
  callee_display_name: string;
  /** Seconds: waiting time, ringing time or talk time, by list. */
  duration: number;
}

/** Answer of queue/call_status. */
export interface QueueCallStatusResponse extends PbxSuccess {
  waiting_calls: number;
  active_calls: number;
  ringing_calls: number;
  waiting_list: QueueCallEntry[];
  active_list: QueueCallEntry[];
  ringing_list: QueueCallEntry[];
}

/** Query of queue/list. */
export interface QueueListParams {
  page?: number;
  page_size?: number;
  sort_by?: 'id' | 'number' | 'name' | 'ring_strategy';
  order_by?: 'asc' | 'desc';
}

/** An agent or manager entry of queue/list. */
export interface QueueMemberRef {
  /** Name. */
  text: string;
  /** Extension number. */
  text2: string;
  /** Extension ID. */
  value: string;
  type: string;
}

/** One queue of queue/list. */
export interface QueueSummary {
  id: number;
  number: string;
  name: string;
  ring_strategy?: 'ring_all' | 'least_recent' | 'fewest_calls' | 'random' | 'rrmemory' | 'linear';
  dynamic_agent_list?: QueueMemberRef[];
  static_agent_list?: QueueMemberRef[];
  manager_list?: QueueMemberRef[];
}

/** Answer of queue/list. */
export interface QueueListResponse extends PbxSuccess {
  total_number: number;
  queue_list: QueueSummary[];
}
