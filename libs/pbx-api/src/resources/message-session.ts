import { resourceWith, rowsUnderList } from './resource.js';

/** Conversations with external customers over message channels (docs/pbx/configuration.md#message-sessions). */
export class MessageSessionResource extends resourceWith({
  /** GET message_session/get: one session with its customer and, while queued, its offered agents. */
  get: 'message_session/get',
  /**
   * GET message_session/list: one page of a user's sessions, newest first; pass the last row's `last_msg_id`
   * as `first_msg_id` for the next page. Rows under `list` whichever key the PBX used (quirks.ts, 12).
   */
  list: rowsUnderList('message_session/list'),
  /** GET message_session/search: as list, only sessions whose customer or channel contains `search_value`. */
  search: rowsUnderList('message_session/search'),
  /** GET message_session/query: several sessions in detail by ID, under `list`. */
  query: rowsUnderList('message_session/query'),
  /**
   * GET message/get: a page of one session's messages, newest first; for older ones pass the page's earliest
   * `msg_id` as `last_msg_id`.
   */
  messages: 'message/get',
  /** GET message/query: the latest page of messages of several sessions. */
  queryMessages: 'message/query',
}) {}
