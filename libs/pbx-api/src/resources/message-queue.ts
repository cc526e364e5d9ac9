import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { rowsUnder } from '../quirks.js';
import type { PbxByIdParams, PbxByIdsParams, PbxDoneResponse, PbxObjectResponse } from './editable.types.js';
import type {
  MessageQueue,
  MessageQueueCreateParams,
  MessageQueueCreateResponse,
  MessageQueueListParams,
  MessageQueueListResponse,
  MessageQueueQueryResponse,
  MessageQueueSearchParams,
  MessageQueueUpdateParams,
} from './message-queue.types.js';

/** Queues that distribute message sessions to agents (docs/pbx/configuration.md#message-queues). */
export class MessageQueueResource {
  constructor(private readonly api: PbxRequester) {}

  /** POST message_queue/create: adds a message queue; members must be existing extensions. */
  create(params: MessageQueueCreateParams, options?: RequestOptions): Promise<MessageQueueCreateResponse> {
    return this.api.call('message_queue/create', params, options);
  }

  /** GET message_queue/list: one page of queues (id and name), returned under `list` (quirks.ts, 12). */
  async list(params: MessageQueueListParams, options?: RequestOptions): Promise<MessageQueueListResponse> {
    return rowsUnder(
      await this.api.call<MessageQueueListResponse>('message_queue/list', params, options),
      'list',
    );
  }

  /** GET message_queue/search: one page of queues whose name contains `search_value`. */
  async search(
    params: MessageQueueSearchParams,
    options?: RequestOptions,
  ): Promise<MessageQueueListResponse> {
    return rowsUnder(
      await this.api.call<MessageQueueListResponse>('message_queue/search', params, options),
      'list',
    );
  }

  /** GET message_queue/get: one queue with its members and assignment mode. */
  get(params: PbxByIdParams, options?: RequestOptions): Promise<PbxObjectResponse<MessageQueue>> {
    return this.api.call('message_queue/get', params, options);
  }

  /** GET message_queue/query: several queues in detail, under `list`; unknown IDs are left out. */
  async query(params: PbxByIdsParams, options?: RequestOptions): Promise<MessageQueueQueryResponse> {
    return rowsUnder(
      await this.api.call<MessageQueueQueryResponse>('message_queue/query', params, options),
      'list',
    );
  }

  /** POST message_queue/update: changes the fields sent; `members` replaces the member list. Never retried. */
  update(params: MessageQueueUpdateParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call('message_queue/update', params, options);
  }

  /** GET message_queue/delete: removes one queue. Never retried. */
  delete(params: PbxByIdParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call('message_queue/delete', params, options);
  }
}
