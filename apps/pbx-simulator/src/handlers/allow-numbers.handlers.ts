/** allow_numbers create, list, search, get, query, update and delete (docs/pbx/configuration.md#allowlist-and-blocklist). */
import { NumberRuleList } from './number-rule.store.js';

/** Allowlist rules. */
export class AllowNumbersResource extends NumberRuleList {
  constructor() {
    super('allow_numbers', [
      { id: 1, name: 'VIP customers', limit_type: 'inbound', number_list: '5550100&5550101' },
      { id: 2, name: 'Head office', limit_type: 'both', number_list: '5550199' },
      { id: 3, name: 'Emergency services', limit_type: 'outbound', number_list: '911&112&999' },
    ]);
  }
}
