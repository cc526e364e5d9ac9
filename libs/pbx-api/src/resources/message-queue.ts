import { resourceWith, rowsUnderList } from './resource.js';

/** Queues that distribute message sessions to agents (docs/pbx/configuration.md#message-queues). */
export class MessageQueueResource extends resourceWith({
  /** POST message_queue/create: adds a message queue; members must be existing extensions. */
  create: 'message_queue/create',
  /** GET message_queue/list: one page of queues (id and name), returned under `list` (quirks.ts, 12). */
  list: rowsUnderList('message_queue/list'),
  /** GET message_queue/search: one page of queues whose name contains `search_value`. */
  search: rowsUnderList('message_queue/search'),
  /** GET message_queue/get: one queue with its members and assignment mode. */
  get: 'message_queue/get',
  /** GET message_queue/query: several queues in detail, under `list`; unknown IDs are left out. */
  query: rowsUnderList('message_queue/query'),
  /** POST message_queue/update: changes the fields sent; `members` replaces the member list. Never retried. */
  update: 'message_queue/update',
  /** GET message_queue/delete: removes one queue. Never retried. */
  delete: 'message_queue/delete',
}) {}
