import type { PbxSuccess } from '../types.js';
import type { PbxListParams, PbxSearchParams } from './editable.types.js';

/** Query of company_contact/query. */
export interface CompanyContactQueryParams {
  /** Contact IDs separated by commas, e.g. `3,8`. */
  ids: string;
}

/** A phonebook the contact belongs to. */
export interface CompanyContactPhonebook {
  id: number;
  name: string;
}

/** Kinds of contact numbers. */
export type CompanyContactNumberType =
  | 'business_number'
  | 'business_number2'
  | 'business_fax'
  | 'mobile_number'
  | 'mobile_number2'
  | 'home_number'
  | 'home_number2'
  | 'home_fax'
  | 'other_number';

/** One number of a contact. */
export interface CompanyContactNumber {
  num_type: CompanyContactNumberType;
  number: string;
}

/** A company contact (docs/pbx/configuration.md#company-contacts); fields with no value may be omitted. */
export interface CompanyContact {
  id: number;
  first_name?: string;
  last_name?: string;
  company?: string;
  email?: string;
  /** Department. */
  organization?: string;
  job_title?: string;
  position?: string;
  industry?: string;
  supervisor?: string;
  remark?: string;
  zip_code?: string;
  street?: string;
  city?: string;
  state?: string;
  country?: string;
  phonebook_list?: CompanyContactPhonebook[];
  number_list?: CompanyContactNumber[];
}

/** Answer of company_contact/query. */
export interface CompanyContactQueryResponse extends PbxSuccess {
  data: CompanyContact[];
}

/**
 * A contact as company_contact/list and search show it: a flatter shape than query's, with the numbers as
 * named fields (docs/pbx/configuration.md#company-contacts). Empty fields may be left out.
 */
export interface CompanyContactRow {
  id: number;
  contact_name: string;
  company?: string;
  email?: string;
  phonebook_list?: CompanyContactPhonebook[];
  remark?: string;
  business?: string;
  business2?: string;
  mobile?: string;
  mobile2?: string;
  home?: string;
  home2?: string;
  business_fax?: string;
  home_fax?: string;
  other?: string;
}

/** Fields company_contact/list sorts by. */
export type CompanyContactSortBy =
  'id' | 'contact_name' | 'company' | 'email' | 'business' | 'mobile' | 'home' | 'business_fax';

/** company_contact/list: paging (page_size up to 10,000, the default) and sorting. */
export type CompanyContactListParams = PbxListParams<CompanyContactSortBy>;
/** company_contact/search: the list's parameters plus a keyword matched in names, companies and numbers. */
export type CompanyContactSearchParams = PbxSearchParams<CompanyContactSortBy>;
