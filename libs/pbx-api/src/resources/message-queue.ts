import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type { MessageQueueCreateParams, MessageQueueCreateResponse } from './message-queue.types.js';

/** Queues that distribute message sessions to agents. */
export class MessageQueueResource {
  constructor(private readonly api: PbxRequester) {}

  /** POST message_queue/create: adds a message queue. */
  create(params: MessageQueueCreateParams, options?: RequestOptions): Promise<MessageQueueCreateResponse> {
    return this.api.call('message_queue/create', params, options);
  }
}
