import type { NumberRuleLimitType } from './allow-numbers.types.js';
import type { PbxByIdParams, PbxListParams, PbxSearchParams } from './editable.types.js';

/** An allowlist or blocklist rule (docs/pbx/configuration.md#allowlist-and-blocklist). */
export interface NumberRule {
  id: number;
  name: string;
  limit_type: NumberRuleLimitType;
  /** Numbers separated by `&`. */
  number_list: string;
}

/** Fields of a new rule. */
export interface NumberRuleFields {
  /** Unique within its list. */
  name: string;
  limit_type: NumberRuleLimitType;
  /** Numbers separated by `&`, e.g. `5551234&5555678`. */
  number_list: string;
}

/** list of either rule list: paging, sorted by `id` or `name`. */
export type NumberRuleListParams = PbxListParams<'id' | 'name'>;
/** search of either rule list: the list's parameters plus a keyword matched in names and numbers. */
export type NumberRuleSearchParams = PbxSearchParams<'id' | 'name'>;
/** update: the rule's ID and the fields that change. */
export type NumberRuleUpdateParams = PbxByIdParams & Partial<NumberRuleFields>;
