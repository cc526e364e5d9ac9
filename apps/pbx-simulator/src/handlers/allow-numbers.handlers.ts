/** allow_numbers/create and allow_numbers/query (docs/pbx/configuration.md#allowlist-and-blocklist). */
import type { HandlerTable } from '../contracts.js';
import { NumberRuleStore } from './number-rule.store.js';
import { idList, type SimResource } from './sim-resource.js';

/** Allowlist rules. */
export class AllowNumbersResource implements SimResource {
  private readonly store = new NumberRuleStore('allow_numbers', [
    { id: 1, name: 'VIP customers', limit_type: 'inbound', number_list: '5550100&5550101' },
    { id: 2, name: 'Head office', limit_type: 'both', number_list: '5550199' },
  ]);
  readonly handlers: HandlerTable = {
    'allow_numbers/create': ({ params }) => this.store.create(params),
    'allow_numbers/query': ({ params }) => ({ data: this.store.query(idList(params['ids'])) }),
  };

  reset(): void {
    this.store.reset();
  }
}
