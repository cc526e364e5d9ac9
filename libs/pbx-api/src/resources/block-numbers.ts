import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  BlockNumbersCreateParams,
  BlockNumbersCreateResponse,
  BlockNumbersDeleteParams,
  BlockNumbersDeleteResponse,
  BlockNumbersListParams,
  BlockNumbersListResponse,
} from './block-numbers.types.js';

/** Call blocklist rules. */
export class BlockNumbersResource {
  constructor(private readonly api: PbxRequester) {}

  /** POST block_numbers/create: adds a rule (e.g. to block a caller a supervisor refused). */
  create(params: BlockNumbersCreateParams, options?: RequestOptions): Promise<BlockNumbersCreateResponse> {
    return this.api.call('block_numbers/create', params, options);
  }

  /** GET block_numbers/list: the rules, a page at a time. */
  list(params: BlockNumbersListParams = {}, options?: RequestOptions): Promise<BlockNumbersListResponse> {
    return this.api.call('block_numbers/list', params, options);
  }

  /** GET block_numbers/delete: removes one rule (e.g. to undo a block a supervisor regretted). Never retried. */
  delete(params: BlockNumbersDeleteParams, options?: RequestOptions): Promise<BlockNumbersDeleteResponse> {
    return this.api.call('block_numbers/delete', params, options);
  }
}
