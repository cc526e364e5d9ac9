/**
 * message_queue/create (docs/pbx/configuration.md#message-queues): a unique name and members that are
 * existing extensions.
 */
import type { HandlerTable } from '../contracts.js';
import { duplicateKey, invalidParams, type InvalidParam } from '../sim-errors.js';
import { nextId, type ResourceContext, type SimResource } from './sim-resource.js';

interface MessageQueue {
  id: number;
  name: string;
  assignment_mode: string;
  member_ids: number[];
}

/** Message queues. */
export class MessageQueueResource implements SimResource {
  private queues = new Map<number, MessageQueue>();
  readonly handlers: HandlerTable = { 'message_queue/create': ({ params }) => this.create(params) };

  constructor(private readonly context: ResourceContext) {}

  reset(): void {
    this.queues = new Map();
  }

  private create(params: Record<string, unknown>): { id: number } {
    const name = String(params['name']);
    const members = params['members'] as { extension_id: number | string }[];
    const known = new Set(this.context.world().extensions.map((e) => e.id));
    const problems: InvalidParam[] = [];
    const seen = new Set<number>();
    members.forEach((member, index) => {
      const id = Number(member.extension_id);
      const field = `members[${index}].extension_id`;
      if (!known.has(id)) problems.push({ field, validation_type: 'not_exist', value: String(id) });
      else if (seen.has(id)) problems.push({ field, validation_type: 'duplicate', value: String(id) });
      seen.add(id);
    });
    if (problems.length > 0) throw invalidParams(problems);
    const taken = [...this.queues.values()].find((queue) => queue.name === name);
    if (taken)
      throw duplicateKey([
        { field: 'name', value: name, external_source: 'message_queue', external_source_name: taken.name },
      ]);
    const id = nextId(this.queues.keys());
    this.queues.set(id, {
      id,
      name,
      assignment_mode: String(params['assignment_mode']),
      member_ids: [...seen],
    });
    return { id };
  }
}
