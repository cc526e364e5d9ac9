import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type { MessageSessionGetParams, MessageSessionGetResponse } from './message-session.types.js';

/** Conversations with external customers over message channels. */
export class MessageSessionResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET message_session/get: one session with its customer and, while queued, its offered agents. */
  get(params: MessageSessionGetParams, options?: RequestOptions): Promise<MessageSessionGetResponse> {
    return this.api.call('message_session/get', params, options);
  }
}
