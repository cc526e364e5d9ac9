import type { PbxRequester, RequestOptions } from '../internal/requester.js';
import { companyContactQueryWire } from '../quirks.js';
import type { CompanyContactQueryParams, CompanyContactQueryResponse } from './company-contact.types.js';

/** The company phonebook's contacts. */
export class CompanyContactResource {
  constructor(private readonly api: PbxRequester) {}

  /**
   * GET company_contact/query: several contacts by ID. The IDs are sent as both `ids` and `id`
   * because the spec's table and sample name the parameter differently.
   */
  query(params: CompanyContactQueryParams, options?: RequestOptions): Promise<CompanyContactQueryResponse> {
    return this.api.call('company_contact/query', params, options, companyContactQueryWire(params));
  }
}
