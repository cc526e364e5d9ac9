import type { PbxRequester } from '../internal/requester.js';
import { NumberRuleOperations } from './number-rules.js';

/**
 * Call allowlist rules: create, list, search, get, query, update, delete
 * (docs/pbx/configuration.md#allowlist-and-blocklist).
 */
export class AllowNumbersResource extends NumberRuleOperations<'allow_numbers'> {
  constructor(api: PbxRequester) {
    super(api, 'allow_numbers', 'allow_number_info');
  }
}
