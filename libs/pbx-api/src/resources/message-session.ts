import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { rowsUnder } from '../quirks.js';
import type { PbxByIdsParams } from './editable.types.js';
import type {
  MessageGetParams,
  MessageGetResponse,
  MessageQueryParams,
  MessageQueryResponse,
  MessageSessionGetParams,
  MessageSessionGetResponse,
  MessageSessionListParams,
  MessageSessionListResponse,
  MessageSessionQueryResponse,
  MessageSessionSearchParams,
} from './message-session.types.js';

/** Conversations with external customers over message channels (docs/pbx/configuration.md#message-sessions). */
export class MessageSessionResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET message_session/get: one session with its customer and, while queued, its offered agents. */
  get(params: MessageSessionGetParams, options?: RequestOptions): Promise<MessageSessionGetResponse> {
    return this.api.call('message_session/get', params, options);
  }

  /**
   * GET message_session/list: one page of a user's sessions, newest first; pass the last row's `last_msg_id`
   * as `first_msg_id` for the next page. Rows under `list` whichever key the PBX used (quirks.ts, 12).
   */
  async list(
    params: MessageSessionListParams,
    options?: RequestOptions,
  ): Promise<MessageSessionListResponse> {
    return rowsUnder(
      await this.api.call<MessageSessionListResponse>('message_session/list', params, options),
      'list',
    );
  }

  /** GET message_session/search: as list, only sessions whose customer or channel contains `search_value`. */
  async search(
    params: MessageSessionSearchParams,
    options?: RequestOptions,
  ): Promise<MessageSessionListResponse> {
    return rowsUnder(
      await this.api.call<MessageSessionListResponse>('message_session/search', params, options),
      'list',
    );
  }

  /** GET message_session/query: several sessions in detail by ID, under `list`. */
  async query(params: PbxByIdsParams, options?: RequestOptions): Promise<MessageSessionQueryResponse> {
    return rowsUnder(
      await this.api.call<MessageSessionQueryResponse>('message_session/query', params, options),
      'list',
    );
  }

  /**
   * GET message/get: a page of one session's messages, newest first; for older ones pass the page's earliest
   * `msg_id` as `last_msg_id`.
   */
  messages(params: MessageGetParams, options?: RequestOptions): Promise<MessageGetResponse> {
    return this.api.call('message/get', params, options);
  }

  /** GET message/query: the latest page of messages of several sessions. */
  queryMessages(params: MessageQueryParams, options?: RequestOptions): Promise<MessageQueryResponse> {
    return this.api.call('message/query', params, options);
  }
}
