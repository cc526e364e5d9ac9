import type { RequestOptions } from '../internal/requester.js';
import type {
  AgentLoginParams,
  AgentLoginResponse,
  AgentLogoutParams,
  AgentLogoutResponse,
  AgentPauseParams,
  AgentPauseResponse,
  AgentUnpauseParams,
  AgentUnpauseResponse,
} from './agent.types.js';
import { PbxResource } from './resource.js';

/** Dynamic queue agents logging in and out, pausing and resuming. Never retried: each call changes the agent's state. */
export class AgentResource extends PbxResource {
  /** GET agent/login with `operation=login`: logs the agent in to its queues (or `queue_ids`). */
  login(params: AgentLoginParams, options?: RequestOptions): Promise<AgentLoginResponse> {
    return this.api.call('agent/login', { ...params, operation: 'login' }, options);
  }

  /** GET agent/login with `operation=logout`: logs the agent out of its queues (or `queue_ids`). */
  logout(params: AgentLogoutParams, options?: RequestOptions): Promise<AgentLogoutResponse> {
    return this.api.call('agent/login', { ...params, operation: 'logout' }, options);
  }

  /** GET agent/pause with `operation=pause`: stops the agent's queue calls (optionally with a reason and a duration). */
  pause(params: AgentPauseParams, options?: RequestOptions): Promise<AgentPauseResponse> {
    return this.api.call('agent/pause', { ...params, operation: 'pause' }, options);
  }

  /** GET agent/pause with `operation=unpause`: the agent takes queue calls again. */
  unpause(params: AgentUnpauseParams, options?: RequestOptions): Promise<AgentUnpauseResponse> {
    return this.api.call('agent/pause', { ...params, operation: 'unpause' }, options);
  }
}
