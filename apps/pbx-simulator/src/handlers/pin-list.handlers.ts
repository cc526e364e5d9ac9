/**
 * pin_list create, list, search, get, query, update and delete (docs/pbx/configuration.md#pin-lists): names
 * are unique among PIN lists; query reads `ids` or the example's `id` (quirks.ts, 14).
 */
import type { HandlerTable } from '../contracts.js';
import { ConfigStore, editableHandlers, picked } from './config-store.js';
import type { SimResource } from './sim-resource.js';

interface PinList {
  id: number;
  name: string;
  pin_list: string;
  enb_record_cdr: number;
}

const SEED: readonly PinList[] = [
  { id: 1, name: 'International calls', pin_list: '1234,5678', enb_record_cdr: 1 },
  { id: 2, name: 'Managers', pin_list: '2283,3301,4865', enb_record_cdr: 0 },
  { id: 3, name: 'After hours', pin_list: '7203,5501', enb_record_cdr: 1 },
];

/** PIN lists. */
export class PinListResource implements SimResource {
  readonly store = new ConfigStore<PinList>({
    resource: 'pin_list',
    seed: () => SEED.map((list) => ({ ...list })),
    searchIn: (list) => [list.name],
    sortBy: { name: (list) => list.name },
    unique: ['name'],
  });
  readonly handlers: HandlerTable = {
    'pin_list/create': ({ params }) => {
      const enb = params['enb_record_cdr'];
      const created = this.store.insert({
        name: String(params['name']),
        pin_list: String(params['pin_list']),
        enb_record_cdr: typeof enb === 'number' ? enb : 0,
      });
      return { id: created.id };
    },
    ...editableHandlers(this.store, {
      rows: 'data',
      update: (id, params) =>
        this.store.update(id, picked<PinList>(params, ['name', 'pin_list', 'enb_record_cdr'])),
    }),
  };

  reset(): void {
    this.store.reset();
  }
}
