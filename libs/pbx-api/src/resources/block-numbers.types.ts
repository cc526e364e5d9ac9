import type { NumberRuleLimitType } from './allow-numbers.types.js';
import type { PbxSuccess } from '../types.js';
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

/** A blocklist rule as block_numbers/list answers it. */
export interface BlockNumbersRule {
  id: number;
  name: string;
  limit_type: NumberRuleLimitType;
  /** Numbers separated by `&`. */
  number_list: string;
}

/** What block_numbers/list takes: paging and sorting, all optional. */
export interface BlockNumbersListParams {
  page?: number;
  page_size?: number;
  sort_by?: 'id' | 'name';
  order_by?: 'asc' | 'desc';
}

/** Answer of block_numbers/list. */
export interface BlockNumbersListResponse extends PbxSuccess {
  total_number: number;
  data: BlockNumbersRule[];
}

/** What block_numbers/delete takes: the rule's ID (as block_numbers/create answered it). */
export interface BlockNumbersDeleteParams {
  id: number;
}

/** Answer of block_numbers/delete. */
export type BlockNumbersDeleteResponse = PbxSuccess;
