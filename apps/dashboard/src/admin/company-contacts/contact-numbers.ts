import type { CompanyContactRow as CompanyContact } from '@switchboard/pbx-api/rules';

/**
 * A company contact as company_contact/list and search give it: flat number fields (`business`, `mobile2`...)
 * rather than the `number_list` of company_contact/query (docs/pbx/configuration.md#company-contacts). Pure.
 */
export type { CompanyContactRow as CompanyContact } from '@switchboard/pbx-api/rules';

/** Number fields in the order a person looks for them, with their words. */
const KINDS = [
  ['business', 'Business'],
  ['business2', 'Business 2'],
  ['mobile', 'Mobile'],
  ['mobile2', 'Mobile 2'],
  ['home', 'Home'],
  ['home2', 'Home 2'],
  ['business_fax', 'Business fax'],
  ['home_fax', 'Home fax'],
  ['other', 'Other'],
] as const;

/** The contact's numbers by kind, blanks left out. */
export function contactNumbers(contact: CompanyContact): { kind: string; number: string }[] {
  return KINDS.flatMap(([field, kind]) => {
    const number = (contact[field] ?? '').trim();
    return number === '' ? [] : [{ kind, number }];
  });
}
