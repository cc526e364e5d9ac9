/**
 * ivr/create (docs/pbx/configuration.md#ivr). The IVR number shares the PBX's number space with extensions
 * and queues, so it may not repeat their numbers or another IVR's; names are unique among IVRs.
 */
import type { HandlerTable } from '../contracts.js';
import { nextId, type ResourceContext, type SimResource } from './sim-resource.js';
import { duplicateKey, type DuplicateField } from '../sim-errors.js';

interface Ivr {
  id: number;
  number: string;
  name: string;
  settings: Record<string, unknown>;
}

const SEED: readonly Omit<Ivr, 'settings'>[] = [{ id: 1, number: '6200', name: 'Main Menu' }];

/** IVRs. */
export class IvrResource implements SimResource {
  private ivrs = new Map<number, Ivr>();
  readonly handlers: HandlerTable;

  constructor(private readonly context: ResourceContext) {
    this.reset();
    this.handlers = { 'ivr/create': ({ params }) => this.create(params) };
  }

  reset(): void {
    this.ivrs = new Map(SEED.map((ivr) => [ivr.id, { ...ivr, settings: {} }]));
  }

  /** Number of IVRs. */
  get size(): number {
    return this.ivrs.size;
  }

  private create(params: Record<string, unknown>): { id: number } {
    const number = String(params['number']);
    const name = String(params['name']);
    const duplicates: DuplicateField[] = [];
    const world = this.context.world();
    const extension = world.extensions.find((e) => e.number === number);
    if (extension) {
      duplicates.push({
        field: 'number',
        value: number,
        external_source: 'extension',
        external_source_name: extension.name,
      });
    }
    const queue = world.queues?.find((q) => q.number === number);
    if (queue)
      duplicates.push({
        field: 'number',
        value: number,
        external_source: 'queue',
        external_source_name: queue.name,
      });
    for (const ivr of this.ivrs.values()) {
      if (ivr.number === number)
        duplicates.push({
          field: 'number',
          value: number,
          external_source: 'ivr',
          external_source_name: ivr.name,
        });
      if (ivr.name === name)
        duplicates.push({
          field: 'name',
          value: name,
          external_source: 'ivr',
          external_source_name: ivr.name,
        });
    }
    if (duplicates.length > 0) throw duplicateKey(duplicates);
    const id = nextId(this.ivrs.keys());
    const { number: _n, name: _m, ...settings } = params;
    this.ivrs.set(id, { id, number, name, settings });
    return { id };
  }
}
