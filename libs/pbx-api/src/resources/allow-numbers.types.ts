import type { PbxSuccess } from '../types.js';
import type { PbxCreatedResponse } from './common.types.js';

/**
 * Which calls a number rule applies to: `inbound` (the number calling in), `outbound` (extensions calling
 * the number) or `both`.
 */
export type NumberRuleLimitType = 'inbound' | 'outbound' | 'both';

/** Query of allow_numbers/query. */
export interface AllowNumbersQueryParams {
  /** Rule IDs separated by commas, e.g. `1,2`. */
  ids: string;
}

/** An allowlist rule (docs/pbx/configuration.md#allowlist-and-blocklist). */
export interface AllowNumbersRule {
  id: number;
  name: string;
  limit_type: NumberRuleLimitType;
  /** Numbers separated by `&`. */
  number_list: string;
}

/** Answer of allow_numbers/query. */
export interface AllowNumbersQueryResponse extends PbxSuccess {
  data: AllowNumbersRule[];
}

/** Body of allow_numbers/create (docs/pbx/configuration.md#allowlist-and-blocklist). */
export interface AllowNumbersCreateParams {
  name: string;
  limit_type: NumberRuleLimitType;
  /** Numbers separated by `&`, e.g. `5551234&5555678`. */
  number_list: string;
}

/** Answer of allow_numbers/create: the new rule's ID. */
export type AllowNumbersCreateResponse = PbxCreatedResponse;
