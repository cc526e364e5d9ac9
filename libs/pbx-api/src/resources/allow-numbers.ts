import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import type {
  AllowNumbersCreateParams,
  AllowNumbersCreateResponse,
  AllowNumbersQueryParams,
  AllowNumbersQueryResponse,
} from './allow-numbers.types.js';

/** Call allowlist rules. */
export class AllowNumbersResource {
  constructor(private readonly api: PbxRequester) {}

  /** GET allow_numbers/query: several rules by ID. */
  query(params: AllowNumbersQueryParams, options?: RequestOptions): Promise<AllowNumbersQueryResponse> {
    return this.api.call('allow_numbers/query', params, options);
  }

  /** POST allow_numbers/create: adds a rule. */
  create(params: AllowNumbersCreateParams, options?: RequestOptions): Promise<AllowNumbersCreateResponse> {
    return this.api.call('allow_numbers/create', params, options);
  }
}
