/** pin_list/create (docs/pbx/configuration.md#pin-lists): names are unique among PIN lists. */
import type { HandlerTable } from '../contracts.js';
import { duplicateKey } from '../sim-errors.js';
import { nextId, type SimResource } from './sim-resource.js';

interface PinList {
  id: number;
  name: string;
  pin_list: string;
  enb_record_cdr: number;
}

const SEED: readonly PinList[] = [
  { id: 1, name: 'International calls', pin_list: '1234,5678', enb_record_cdr: 1 },
];

/** PIN lists. */
export class PinListResource implements SimResource {
  private lists = new Map<number, PinList>();
  readonly handlers: HandlerTable = { 'pin_list/create': ({ params }) => this.create(params) };

  constructor() {
    this.reset();
  }

  reset(): void {
    this.lists = new Map(SEED.map((list) => [list.id, { ...list }]));
  }

  private create(params: Record<string, unknown>): { id: number } {
    const name = String(params['name']);
    const taken = [...this.lists.values()].find((list) => list.name === name);
    if (taken)
      throw duplicateKey([
        { field: 'name', value: name, external_source: 'pin_list', external_source_name: taken.name },
      ]);
    const id = nextId(this.lists.keys());
    const enb = params['enb_record_cdr'];
    this.lists.set(id, {
      id,
      name,
      pin_list: String(params['pin_list']),
      enb_record_cdr: typeof enb === 'number' ? enb : 0,
    });
    return { id };
  }
}
