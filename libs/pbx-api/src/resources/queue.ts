import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  QueueAgentLoginParams,
  QueueAgentLoginResponse,
  QueueAgentLogoutParams,
  QueueAgentPauseParams,
  QueueAgentPauseResponse,
  QueueAgentStatusParams,
  QueueAgentStatusResponse,
  QueueCallStatusParams,
  QueueCallStatusResponse,
  QueueListParams,
  QueueListResponse,
} from './queue.types.js';

/** Call-center queues: the list, each queue's agents and its waiting, ringing and active calls. */
export class QueueResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET queue/list: the queues with their agents and managers. */
  list(params: QueueListParams = {}, options?: RequestOptions): Promise<QueueListResponse> {
    return this.api.call('queue/list', params, options);
  }

  /** GET queue/agent_status: every agent of one queue with login, pause and call state. */
  agentStatus(params: QueueAgentStatusParams, options?: RequestOptions): Promise<QueueAgentStatusResponse> {
    return this.api.call('queue/agent_status', params, options);
  }

  /** GET queue/agent_pause: pauses or unpauses several agents of one queue at once. Never retried. */
  agentPause(params: QueueAgentPauseParams, options?: RequestOptions): Promise<QueueAgentPauseResponse> {
    return this.api.call('queue/agent_pause', params, options);
  }

  /**
   * GET queue/agent_login: logs several dynamic agents in to one queue (optionally paused) or out of it.
   * Never retried: each call changes the agents' state.
   */
  agentLogin(
    params: QueueAgentLoginParams | QueueAgentLogoutParams,
    options?: RequestOptions,
  ): Promise<QueueAgentLoginResponse> {
    return this.api.call('queue/agent_login', params, options);
  }

  /** GET queue/call_status: callers waiting, calls ringing agents and calls in progress. */
  callStatus(params: QueueCallStatusParams, options?: RequestOptions): Promise<QueueCallStatusResponse> {
    return this.api.call('queue/call_status', params, options);
  }
}
