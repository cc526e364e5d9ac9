import type { PbxRequester } from '../internal/requester.js';
import { NumberRuleOperations } from './number-rules.js';

/**
 * Call blocklist rules: create (e.g. to block a caller a supervisor refused), list, search, get, query,
 * update, delete (e.g. to undo that block) (docs/pbx/configuration.md#allowlist-and-blocklist).
 */
export class BlockNumbersResource extends NumberRuleOperations<'block_numbers'> {
  constructor(api: PbxRequester) {
    super(api, 'block_numbers', 'block_number_info');
  }
}
