import type { PbxSuccess } from '../types.js';
import type { PbxFlag } from './common.types.js';

/** What `agent.login()` takes: agent/login with `operation=login`. Dynamic agents only. */
export interface AgentLoginParams {
  /** Extension ID of the agent (not its number). */
  ext_id: number;
  /** Queue IDs separated by commas; all the agent's queues when absent. */
  queue_ids?: string;
  /** 1: log in paused. */
  is_paused?: PbxFlag;
  /** Seconds after which the agent's pause ends: 0 = paused until unpaused, otherwise 10 or more. */
  max_threshold_for_pause_time?: number;
  /**
   * Feature code of a pause reason (`*01`), for a paused log-in; sending it fails unless the PBX's plan includes
   * call-center features (docs/pbx/queues-and-agents.md#logging-agents-in-and-out).
   */
  reason?: string;
}

/** Answer of agent/login with `operation=login`. */
export type AgentLoginResponse = PbxSuccess;

/** What `agent.logout()` takes: agent/login with `operation=logout`. */
export interface AgentLogoutParams {
  /** Extension ID of the agent. */
  ext_id: number;
  /** Queue IDs separated by commas; all the agent's queues when absent. */
  queue_ids?: string;
  /**
   * How long the agent stays logged out: 0 = until logged in again, 10 or more = the PBX logs the agent back in
   * after that many seconds.
   */
  max_threshold_for_logout_time?: number;
}

/** Answer of agent/login with `operation=logout`. */
export type AgentLogoutResponse = PbxSuccess;

/** What `agent.pause()` takes: agent/pause with `operation=pause` (docs/pbx/queues-and-agents.md#pausing-agents). */
export interface AgentPauseParams {
  /** Extension ID of a dynamic agent (not its number). */
  ext_id: number;
  /** Queue IDs separated by commas; all the agent's queues when absent. */
  queue_ids?: string;
  /** 0 = paused until unpaused; 10 or more = unpaused automatically after that many seconds. */
  max_threshold_for_pause_time?: number;
  /** Feature code of a pause reason from queue_pause_reason/list, e.g. `*01`. */
  reason?: string;
}

/** Answer of agent/pause with `operation=pause`. */
export type AgentPauseResponse = PbxSuccess;

/** What `agent.unpause()` takes: agent/pause with `operation=unpause`. */
export interface AgentUnpauseParams {
  /** Extension ID of a dynamic agent. */
  ext_id: number;
  /** Queue IDs separated by commas; all the agent's queues when absent. */
  queue_ids?: string;
}

/** Answer of agent/pause with `operation=unpause`. */
export type AgentUnpauseResponse = PbxSuccess;
