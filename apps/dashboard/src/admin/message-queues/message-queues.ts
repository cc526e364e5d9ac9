/**
 * Message queues between the PBX's shape and the form's (docs/pbx/configuration.md#message-queues). The PBX's
 * update replaces the member list, so every member kept is sent again with its entry id.
 */

import type {
  MessageQueue,
  MessageQueueAssignmentMode,
  MessageQueueCreateParams,
  MessageQueueUpdateParams,
} from '@switchboard/pbx-api/rules';

/** The form's values: members as extension ids (as text, the menu's values). */
export interface MessageQueueForm {
  name: string;
  assignment_mode: MessageQueueAssignmentMode;
  members: string[];
}

/** `assignment_mode` in words. */
export const ASSIGNMENT_WORDS: Record<MessageQueueAssignmentMode, string> = {
  auto: 'The first agent to reply takes the session',
  manual: 'An agent takes the session with Pick Up',
  none: 'Agents cannot take sessions',
};

export const blankMessageQueue = (): MessageQueueForm => ({ name: '', assignment_mode: 'auto', members: [] });

export const messageQueueForm = (queue: MessageQueue): MessageQueueForm => ({
  name: queue.name,
  assignment_mode: queue.assignment_mode,
  members: queue.members.map((member) => String(member.extension_id)),
});

/**
 * The body of a create, or with `existing` an update: members already in the queue keep their entry id (the
 * PBX removes any member not sent again).
 */
export function messageQueueBody(
  form: MessageQueueForm,
  existing: MessageQueue | null = null,
): MessageQueueCreateParams | MessageQueueUpdateParams {
  const entries = new Map(
    (existing?.members ?? []).map((member) => [String(member.extension_id), member.id]),
  );
  return {
    ...(existing ? { id: existing.id } : {}),
    name: form.name.trim(),
    assignment_mode: form.assignment_mode,
    members: form.members.map((extension) => {
      const entry = entries.get(extension);
      return entry === undefined
        ? { extension_id: Number(extension) }
        : { id: entry, extension_id: Number(extension) };
    }),
  };
}
