import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { unwrapObject } from '../quirks.js';
import type { PbxCreatedResponse } from './common.types.js';
import type {
  PbxByIdParams,
  PbxByIdsParams,
  PbxDoneResponse,
  PbxObjectResponse,
  PbxQueryResponse,
  PbxRowsResponse,
} from './editable.types.js';
import type {
  NumberRule,
  NumberRuleFields,
  NumberRuleListParams,
  NumberRuleSearchParams,
  NumberRuleUpdateParams,
} from './number-rules.types.js';

type RuleResource = 'allow_numbers' | 'block_numbers';

/**
 * The operations the allowlist and the blocklist share: they differ only in their path and in the key their
 * `get` example wraps the rule in (quirks.ts, 11).
 */
export class NumberRuleOperations<R extends RuleResource> {
  constructor(
    protected readonly api: PbxRequester,
    private readonly resource: R,
    /** The examples' wrapper key of `get` (`allow_number_info` / `block_number_info`). */
    private readonly infoKey: string,
  ) {}

  /** POST create: adds a rule; 40003 when the name is taken. */
  create(params: NumberRuleFields, options?: RequestOptions): Promise<PbxCreatedResponse> {
    return this.api.call(`${this.resource}/create`, params, options);
  }

  /** GET list: one page of rules. */
  list(params: NumberRuleListParams = {}, options?: RequestOptions): Promise<PbxRowsResponse<NumberRule>> {
    return this.api.call(`${this.resource}/list`, params, options);
  }

  /** GET search: one page of rules whose name or numbers contain `search_value`. */
  search(
    params: NumberRuleSearchParams = {},
    options?: RequestOptions,
  ): Promise<PbxRowsResponse<NumberRule>> {
    return this.api.call(`${this.resource}/search`, params, options);
  }

  /** GET get: one rule, always returned under `data` whichever key the PBX used. */
  async get(params: PbxByIdParams, options?: RequestOptions): Promise<PbxObjectResponse<NumberRule>> {
    const answer = await this.api.call<PbxObjectResponse<NumberRule>>(
      `${this.resource}/get`,
      params,
      options,
    );
    return unwrapObject(answer, [this.infoKey]);
  }

  /** GET query: several rules by ID; unknown IDs are left out. */
  query(params: PbxByIdsParams, options?: RequestOptions): Promise<PbxQueryResponse<NumberRule>> {
    return this.api.call(`${this.resource}/query`, params, options);
  }

  /** POST update: changes the fields sent, keeps the others. Never retried. */
  update(params: NumberRuleUpdateParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call(`${this.resource}/update`, params, options);
  }

  /** GET delete: removes one rule; a second delete of the same ID fails. Never retried. */
  delete(params: PbxByIdParams, options?: RequestOptions): Promise<PbxDoneResponse> {
    return this.api.call(`${this.resource}/delete`, params, options);
  }
}
