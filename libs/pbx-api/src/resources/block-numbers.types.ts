import type { NumberRuleLimitType } from './allow-numbers.types.js';
import type { PbxCreatedResponse } from './common.types.js';

/** Body of block_numbers/create (docs/pbx/configuration.md#allowlist-and-blocklist). */
export interface BlockNumbersCreateParams {
  name: string;
  /** The spec shows only `inbound`; the allowlist's values are accepted. */
  limit_type: NumberRuleLimitType;
  /** Numbers separated by `&`, e.g. `5551234&5555678`. */
  number_list: string;
}

/** Answer of block_numbers/create: the new rule's ID. */
export type BlockNumbersCreateResponse = PbxCreatedResponse;
