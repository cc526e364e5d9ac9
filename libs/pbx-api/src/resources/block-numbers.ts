import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type { BlockNumbersCreateParams, BlockNumbersCreateResponse } from './block-numbers.types.js';

/** Call blocklist rules. */
export class BlockNumbersResource {
  constructor(private readonly api: PbxRequester) {}

  /** POST block_numbers/create: adds a rule (e.g. to block a caller a supervisor refused). */
  create(params: BlockNumbersCreateParams, options?: RequestOptions): Promise<BlockNumbersCreateResponse> {
    return this.api.call('block_numbers/create', params, options);
  }
}
