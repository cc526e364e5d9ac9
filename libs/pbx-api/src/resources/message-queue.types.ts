import type { PbxSuccess } from '../types.js';
import type { PbxCreatedResponse } from './common.types.js';

/**
 * How a session in the queue reaches an agent: `none` (agents cannot pick it up), `auto` (the first agent to
 * respond gets it), `manual` (an agent takes it over with Pick Up).
 */
export type MessageQueueAssignmentMode = 'none' | 'auto' | 'manual';

/** Body of message_queue/create (docs/pbx/configuration.md#message-queues). */
export interface MessageQueueCreateParams {
  name: string;
  assignment_mode: MessageQueueAssignmentMode;
  /** At least one member. */
  members: Array<{ extension_id: number }>;
}

/** Answer of message_queue/create: the new queue's ID. */
export type MessageQueueCreateResponse = PbxCreatedResponse;

/** A member of a message queue as get and query show it. */
export interface MessageQueueMember {
  /** ID of the agent entry (resubmit it in update to keep the member). */
  id: number;
  extension_id: number;
  ext_num: string;
  caller_id_name: string;
}

/** A message queue as list and search show it. */
export interface MessageQueueSummary {
  id: number;
  name: string;
}

/** A message queue as get and query show it (docs/pbx/configuration.md#message-queues). */
export interface MessageQueue extends MessageQueueSummary {
  members: MessageQueueMember[];
  assignment_mode: MessageQueueAssignmentMode;
}

/** message_queue/list: the English page marks `page` and `page_size` required. */
export interface MessageQueueListParams {
  page: number;
  page_size: number;
}

/** message_queue/search: the list's paging plus a keyword matched in names. */
export interface MessageQueueSearchParams extends MessageQueueListParams {
  search_value?: string;
}

/** Answer of message_queue/list and search: rows under `list` (quirks.ts, 12). */
export interface MessageQueueListResponse extends PbxSuccess {
  total_number: number;
  list: MessageQueueSummary[];
}

/** Answer of message_queue/query: queues in detail under `list` (quirks.ts, 12). */
export interface MessageQueueQueryResponse extends PbxSuccess {
  list: MessageQueue[];
}

/**
 * message_queue/update: the queue's ID and the fields that change. `members` replaces the whole member list:
 * resubmit every member to keep (with its entry `id`), add new ones without `id`.
 */
export interface MessageQueueUpdateParams {
  id: number;
  name?: string;
  assignment_mode?: MessageQueueAssignmentMode;
  members?: Array<{ id?: number; extension_id: number }>;
}
