/** block_numbers create, list, search, get, query, update and delete (docs/pbx/configuration.md#allowlist-and-blocklist). */
import { NumberRuleList } from './number-rule.store.js';

/** Blocklist rules. */
export class BlockNumbersResource extends NumberRuleList {
  constructor() {
    super('block_numbers', [
      { id: 1, name: 'Known spam', limit_type: 'inbound', number_list: '5550666&5550667' },
      { id: 2, name: 'Premium-rate numbers', limit_type: 'outbound', number_list: '1900.&1976.' },
    ]);
  }
}
