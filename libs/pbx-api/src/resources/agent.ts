import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  AgentLoginParams,
  AgentLoginResponse,
  AgentLogoutParams,
  AgentLogoutResponse,
} from './agent.types.js';

/** Dynamic queue agents logging in and out. Never retried: each call changes the agent's state. */
export class AgentResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET agent/login with `operation=login`: logs the agent in to its queues (or `queue_ids`). */
  login(params: AgentLoginParams, options?: RequestOptions): Promise<AgentLoginResponse> {
    return this.api.call('agent/login', { ...params, operation: 'login' }, options);
  }

  /** GET agent/login with `operation=logout`: logs the agent out of its queues (or `queue_ids`). */
  logout(params: AgentLogoutParams, options?: RequestOptions): Promise<AgentLogoutResponse> {
    return this.api.call('agent/login', { ...params, operation: 'logout' }, options);
  }
}
