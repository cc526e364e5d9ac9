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
