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
}

/** Answer of agent/login with `operation=login`. */
export type AgentLoginResponse = PbxSuccess;

/** What `agent.logout()` takes: agent/login with `operation=logout`. */
export interface AgentLogoutParams {
  /** Extension ID of the agent. */
  ext_id: number;
  /** Queue IDs separated by commas; all the agent's queues when absent. */
  queue_ids?: string;
}

/** Answer of agent/login with `operation=logout`. */
export type AgentLogoutResponse = PbxSuccess;
