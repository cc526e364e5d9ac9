/**
 * Allowlist and blocklist rules share one shape (docs/pbx/configuration.md#allowlist-and-blocklist): a name
 * unique within its list, a communication type and `&`-separated numbers. Both lists answer create, list,
 * search (in names and numbers), get (under the examples' `allow_number_info` / `block_number_info`), query,
 * update and delete.
 */
import type { HandlerTable } from '../contracts.js';
import { ConfigStore, editableHandlers, picked } from './config-store.js';
import type { SimResource } from './sim-resource.js';

/** A rule as allow_numbers/query answers it. */
export interface NumberRule {
  id: number;
  name: string;
  limit_type: string;
  number_list: string;
}

const FIELDS = ['name', 'limit_type', 'number_list'] as const;

/** One list of number rules with its handlers. */
export class NumberRuleList implements SimResource {
  readonly store: ConfigStore<NumberRule>;
  readonly handlers: HandlerTable;

  constructor(resource: 'allow_numbers' | 'block_numbers', seed: readonly NumberRule[]) {
    this.store = new ConfigStore<NumberRule>({
      resource,
      seed: () => seed.map((rule) => ({ ...rule })),
      searchIn: (rule) => [rule.name, ...rule.number_list.split('&')],
      sortBy: { name: (rule) => rule.name },
      unique: ['name'],
    });
    this.handlers = {
      [`${resource}/create`]: ({ params }: { params: Record<string, unknown> }) => ({
        id: this.store.insert({
          name: String(params['name']),
          limit_type: String(params['limit_type']),
          number_list: String(params['number_list']),
        }).id,
      }),
      ...editableHandlers(this.store, {
        rows: 'data',
        // The examples wrap the rule in `<singular>_info` (quirks.ts, 11).
        getKey: resource === 'allow_numbers' ? 'allow_number_info' : 'block_number_info',
        update: (id, params) => this.store.update(id, picked<NumberRule>(params, FIELDS)),
      }),
    };
  }

  reset(): void {
    this.store.reset();
  }

  /** Every rule, by id. */
  all(): NumberRule[] {
    return this.store.all().map((rule) => ({ ...rule }));
  }
}
