import type { RequestOptions } from '../internal/requester.js';
import { companyContactQueryWire } from '../quirks.js';
import type { CompanyContactQueryParams, CompanyContactQueryResponse } from './company-contact.types.js';
import { resourceWith } from './resource.js';

/**
 * The company phonebook's contacts (docs/pbx/configuration.md#company-contacts). list and search answer a
 * flatter shape (`contact_name`, `business`, `mobile`, ...) than query (`first_name`, `number_list`).
 */
export class CompanyContactResource extends resourceWith({
  /** GET company_contact/list: one page of contacts in the list shape (default and maximum page: 10,000). */
  list: 'company_contact/list',
  /** GET company_contact/search: one page of contacts whose name, company, email or a number contains `search_value`. */
  search: 'company_contact/search',
}) {
  /**
   * GET company_contact/query: several contacts by ID. The IDs are sent as both `ids` and `id`
   * because the spec's table and sample name the parameter differently.
   */
  query(params: CompanyContactQueryParams, options?: RequestOptions): Promise<CompanyContactQueryResponse> {
    return this.api.call('company_contact/query', params, options, companyContactQueryWire(params));
  }
}
