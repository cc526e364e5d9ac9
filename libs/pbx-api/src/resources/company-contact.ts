import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { companyContactQueryWire } from '../quirks.js';
import type {
  CompanyContactListParams,
  CompanyContactQueryParams,
  CompanyContactQueryResponse,
  CompanyContactRow,
  CompanyContactSearchParams,
} from './company-contact.types.js';
import type { PbxRowsResponse } from './editable.types.js';

/**
 * The company phonebook's contacts (docs/pbx/configuration.md#company-contacts). list and search answer a
 * flatter shape (`contact_name`, `business`, `mobile`, ...) than query (`first_name`, `number_list`).
 */
export class CompanyContactResource {
  constructor(private readonly api: PbxRequester) {}

  /**
   * GET company_contact/query: several contacts by ID. The IDs are sent as both `ids` and `id`
   * because the spec's table and sample name the parameter differently.
   */
  query(params: CompanyContactQueryParams, options?: RequestOptions): Promise<CompanyContactQueryResponse> {
    return this.api.call('company_contact/query', params, options, companyContactQueryWire(params));
  }

  /** GET company_contact/list: one page of contacts in the list shape (default and maximum page: 10,000). */
  list(
    params: CompanyContactListParams = {},
    options?: RequestOptions,
  ): Promise<PbxRowsResponse<CompanyContactRow>> {
    return this.api.call('company_contact/list', params, options);
  }

  /** GET company_contact/search: one page of contacts whose name, company, email or a number contains `search_value`. */
  search(
    params: CompanyContactSearchParams = {},
    options?: RequestOptions,
  ): Promise<PbxRowsResponse<CompanyContactRow>> {
    return this.api.call('company_contact/search', params, options);
  }
}
