/**
 * Message queues between the PBX's shape and the form's (docs/pbx/configuration.md#message-queues). The PBX's
 * update replaces the member list, so every member kept is sent again with its entry id.
 */

/** A member as the PBX's get answers it: the entry `id` and the extension. */
export interface MessageQueueMember {
  id?: number;
  extension_id: number;
  ext_num?: string;
  caller_id_name?: string;
}

/** A message queue as the PBX's get answers it (its list has only id and name). */
export interface MessageQueue {
  id: number;
  name: string;
  assignment_mode: string;
  members: MessageQueueMember[];
}

/** The form's values: members as extension ids (as text, the menu's values). */
export interface MessageQueueForm {
  name: string;
  assignment_mode: string;
  members: string[];
}

/** `assignment_mode` in words. */
export const ASSIGNMENT_WORDS: Record<'none' | 'auto' | 'manual', string> = {
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
): Record<string, unknown> {
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
