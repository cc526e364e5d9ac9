/**
 * message_queue create, list, search, get, query, update and delete (docs/pbx/configuration.md#message-queues):
 * a unique name and members that are existing extensions, each once. Every member has an entry id; update's
 * `members` replaces the list, keeping an entry whose `id` is resubmitted and adding those sent without one
 * (an `id` that is not an entry of this queue is a parameter error). Rows come under `list` (quirks.ts, 12).
 * The queue a message channel routes to cannot be deleted (40002 naming `id`, `in_use`).
 */
import type { HandlerTable } from '../contracts.js';
import { invalidParams, paramError, type InvalidParam } from '../sim-errors.js';
import { ConfigStore, editableHandlers } from './config-store.js';
import { nextId, type ResourceContext, type SimResource } from './sim-resource.js';

/** A member entry of a message queue: the entry id and the extension. */
export interface MessageQueueMemberRow {
  id: number;
  extension_id: number;
}

/** A message queue as the simulator keeps it. */
export interface MessageQueueRow {
  id: number;
  name: string;
  assignment_mode: string;
  members: MessageQueueMemberRow[];
}

type MemberAsk = { id?: number | string; extension_id: number | string };

/** The message queue a message channel routes to (message-channel.handlers.ts): it cannot be deleted. */
export const ROUTED_MESSAGE_QUEUE = 1;

/** A seeded queue: its member entries are numbered like their extensions. */
const seeded = (
  id: number,
  name: string,
  assignment_mode: string,
  extensionIds: number[],
): MessageQueueRow => ({
  id,
  name,
  assignment_mode,
  members: extensionIds.map((extension) => ({ id: extension, extension_id: extension })),
});

/** The message queues every scenario starts with. */
const MESSAGE_QUEUE_SEED: readonly MessageQueueRow[] = [
  seeded(1, 'PreSales Consult Queue', 'manual', [1, 2]),
  seeded(2, 'Support Chat', 'auto', [3, 4, 5]),
];

/** Message queues. */
export class MessageQueueResource implements SimResource {
  readonly store = new ConfigStore<MessageQueueRow>({
    resource: 'message_queue',
    seed: () =>
      MESSAGE_QUEUE_SEED.map((queue) => ({ ...queue, members: queue.members.map((m) => ({ ...m })) })),
    searchIn: (queue) => [queue.name],
    unique: ['name'],
  });
  readonly handlers: HandlerTable;

  constructor(private readonly context: ResourceContext) {
    this.handlers = {
      'message_queue/create': ({ params }) => {
        const members = this.members(params['members'] as MemberAsk[], []);
        const created = this.store.insert({
          name: String(params['name']),
          assignment_mode: String(params['assignment_mode']),
          members,
        });
        return { id: created.id };
      },
      ...editableHandlers(this.store, {
        rows: 'list',
        summary: (queue) => ({ id: queue.id, name: queue.name }),
        detail: (queue) => this.detail(queue),
        // A real PBX keeps objects other settings point to; the choice here: 40002 naming id, `in_use`.
        beforeDelete: (queue) => {
          if (queue.id === ROUTED_MESSAGE_QUEUE)
            throw paramError('id', queue.id, 'in_use', 'a message channel routes to this message queue');
        },
        update: (id, params) => {
          const queue = this.store.get(id);
          const changes: Partial<MessageQueueRow> = {};
          if (params['name'] !== undefined) changes.name = String(params['name']);
          if (params['assignment_mode'] !== undefined)
            changes.assignment_mode = String(params['assignment_mode']);
          if (params['members'] !== undefined)
            changes.members = this.members(params['members'] as MemberAsk[], queue.members);
          this.store.update(queue.id, changes);
        },
      }),
    };
  }

  reset(): void {
    this.store.reset();
  }

  /** The member list asked for: extensions must exist, once each; `id` must be an entry of `current`. */
  private members(asked: MemberAsk[], current: readonly MessageQueueMemberRow[]): MessageQueueMemberRow[] {
    const known = new Set(this.context.world().extensions.map((e) => e.id));
    const entries = new Set(current.map((m) => m.id));
    const problems: InvalidParam[] = [];
    const seen = new Set<number>();
    asked.forEach((member, index) => {
      const extensionId = Number(member.extension_id);
      const field = `members[${index}].extension_id`;
      if (!known.has(extensionId))
        problems.push({ field, validation_type: 'not_exist', value: String(member.extension_id) });
      else if (seen.has(extensionId))
        problems.push({ field, validation_type: 'duplicate', value: String(member.extension_id) });
      seen.add(extensionId);
      if (member.id !== undefined && !entries.has(Number(member.id)))
        problems.push({
          field: `members[${index}].id`,
          validation_type: 'not_exist',
          value: String(member.id),
        });
    });
    if (problems.length > 0) throw invalidParams(problems);
    let next = nextId(this.store.all().flatMap((queue) => queue.members.map((m) => m.id)));
    return asked.map((member) => ({
      id: member.id !== undefined ? Number(member.id) : next++,
      extension_id: Number(member.extension_id),
    }));
  }

  private detail(queue: MessageQueueRow): Record<string, unknown> {
    const extensions = new Map(this.context.world().extensions.map((e) => [e.id, e]));
    return {
      id: queue.id,
      name: queue.name,
      members: queue.members.map((m) => ({
        id: m.id,
        extension_id: m.extension_id,
        ext_num: extensions.get(m.extension_id)?.number ?? '',
        caller_id_name: extensions.get(m.extension_id)?.name ?? '',
      })),
      assignment_mode: queue.assignment_mode,
    };
  }
}
