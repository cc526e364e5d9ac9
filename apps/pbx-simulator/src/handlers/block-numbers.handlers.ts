/** block_numbers/create (docs/pbx/configuration.md#allowlist-and-blocklist). */
import type { HandlerTable } from '../contracts.js';
import { NumberRuleStore } from './number-rule.store.js';
import type { SimResource } from './sim-resource.js';

/** Blocklist rules. */
export class BlockNumbersResource implements SimResource {
  private readonly store = new NumberRuleStore('block_numbers', [
    { id: 1, name: 'Known spam', limit_type: 'inbound', number_list: '5550666&5550667' },
  ]);
  readonly handlers: HandlerTable = {
    'block_numbers/create': ({ params }) => this.store.create(params),
  };

  reset(): void {
    this.store.reset();
  }
}
