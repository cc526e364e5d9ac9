/** block_numbers/create, list and delete (docs/pbx/configuration.md#allowlist-and-blocklist). */
import { toInt } from '@switchboard/pbx-api';
import type { HandlerTable } from '../contracts.js';
import { pageOf, pageParams } from '../support/paging.js';
import { NumberRuleStore, type NumberRule } from './number-rule.store.js';
import type { SimResource } from './sim-resource.js';

/** Orders rules as block_numbers/list's `sort_by` (id or name) and `order_by` ask. */
function sortRules(rules: NumberRule[], params: Record<string, unknown>): NumberRule[] {
  const byName = params['sort_by'] === 'name';
  const sign = params['order_by'] === 'desc' ? -1 : 1;
  return rules.sort((a, b) => sign * (byName ? a.name.localeCompare(b.name) : a.id - b.id));
}

/** Blocklist rules. */
export class BlockNumbersResource implements SimResource {
  private readonly store = new NumberRuleStore('block_numbers', [
    { id: 1, name: 'Known spam', limit_type: 'inbound', number_list: '5550666&5550667' },
  ]);
  readonly handlers: HandlerTable = {
    'block_numbers/create': ({ params }) => this.store.create(params),
    'block_numbers/list': ({ params }) => {
      const { page, pageSize } = pageParams(params, { pageSize: 100, maxPageSize: 1000 });
      const result = pageOf(sortRules(this.store.all(), params), () => true, page, pageSize);
      return { total_number: result.total, data: result.items };
    },
    'block_numbers/delete': ({ params }) => {
      this.store.delete(toInt(params['id']) ?? 0);
      return {};
    },
  };

  reset(): void {
    this.store.reset();
  }
}
