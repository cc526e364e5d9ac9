/**
 * company_contact/query, list and search (docs/pbx/configuration.md#company-contacts): contacts seeded from the seed. Their
 * numbers and names are those of the callers the call center marks as contacts (WorldInfo.callerNumbers /
 * callers), so a caller can be matched to a contact while other callers stay unknown, as in real life.
 */
import type { HandlerTable } from '../contracts.js';
import { SeededRandom } from '../support/seeded-random.js';
import { PHONEBOOKS } from './inbound-route.handlers.js';
import { pageOf, pageParams } from '../support/paging.js';
import { idList, type ResourceContext, type SimResource } from './sim-resource.js';

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Emma',
  'Felix',
  'Grace',
  'Henry',
  'Isla',
  'Jack',
  'Lena',
  'Noah',
];
const LAST = [
  'Adams',
  'Brown',
  'Clark',
  'Davis',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jones',
  'Khan',
  'Lopez',
];
const COMPANIES = [
  'Acme Logistics',
  'Bluebird Travel',
  'Cedar Health',
  'Delta Foods',
  'Evergreen Bank',
  'Fjord Energy',
];
const TITLES = ['Buyer', 'Office Manager', 'IT Lead', 'Accountant', 'Director'];
const CITIES = [
  ['Berlin', 'BE', 'Germany', '10115'],
  ['London', 'LDN', 'United Kingdom', 'EC1A 1BB'],
  ['Austin', 'TX', 'United States', '73301'],
] as const;

/** Contacts seeded when the world names no caller numbers. */
const FALLBACK_CONTACTS = 60;

/** Where each `num_type` of the query shape goes in the list shape. */
const LIST_NUMBER_FIELD: Readonly<Record<string, string>> = {
  business_number: 'business',
  business_number2: 'business2',
  mobile_number: 'mobile',
  mobile_number2: 'mobile2',
  home_number: 'home',
  home_number2: 'home2',
  business_fax: 'business_fax',
  home_fax: 'home_fax',
  other_number: 'other',
};

/** Fields search looks in. */
const SEARCHED = ['contact_name', 'company', 'email', ...Object.values(LIST_NUMBER_FIELD)];

/**
 * A contact in the flatter shape of company_contact/list and search: `contact_name`, numbers as named fields,
 * empty fields left out.
 */
function listRow(contact: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {
    id: contact['id'],
    contact_name: [contact['first_name'], contact['last_name']].filter((part) => part).join(' '),
  };
  for (const field of ['company', 'email', 'phonebook_list', 'remark'])
    if (contact[field] !== undefined && contact[field] !== '') row[field] = contact[field];
  for (const { num_type, number } of contact['number_list'] as { num_type: string; number: string }[]) {
    const field = LIST_NUMBER_FIELD[num_type];
    if (field) row[field] = number;
  }
  return row;
}

/** Company contacts. */
export class CompanyContactResource implements SimResource {
  private contacts: Map<number, Record<string, unknown>> | undefined;
  readonly handlers: HandlerTable = {
    'company_contact/query': ({ params }) => {
      const contacts = this.all();
      return { data: idList(params['ids']).flatMap((id) => (contacts.has(id) ? [contacts.get(id)] : [])) };
    },
    'company_contact/list': ({ params }) => this.page(params),
    'company_contact/search': ({ params }) => this.page(params),
  };

  constructor(private readonly context: ResourceContext) {}

  reset(): void {
    this.contacts = undefined;
  }

  /** Every contact by id (built on first use, when the world is known). */
  all(): Map<number, Record<string, unknown>> {
    this.contacts ??= this.build();
    return this.contacts;
  }

  /** A page of contacts in the list shape, matching `search_value` in names, company, email or numbers. */
  private page(params: Record<string, unknown>): Record<string, unknown> {
    // Default and maximum page: 10,000 contacts, as the list page says.
    const { page, pageSize } = pageParams(params, { pageSize: 10_000, maxPageSize: 10_000 });
    const keyword = String(params['search_value'] ?? '')
      .trim()
      .toLowerCase();
    const rows = [...this.all().values()].map(listRow);
    const key = String(params['sort_by'] ?? 'id');
    const sign = params['order_by'] === 'desc' ? -1 : 1;
    rows.sort((a, b) => {
      const [x, y] = [a[key] ?? '', b[key] ?? ''];
      const order =
        typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return sign * (order || Number(a['id']) - Number(b['id']));
    });
    const matches = (row: Record<string, unknown>) =>
      keyword === '' ||
      SEARCHED.some((field) =>
        String(row[field] ?? '')
          .toLowerCase()
          .includes(keyword),
      );
    const result = pageOf(rows, matches, page, pageSize);
    return { total_number: result.total, data: result.items };
  }

  private build(): Map<number, Record<string, unknown>> {
    const random = SeededRandom.forKey(this.context.seed, 'company-contacts');
    const world = this.context.world();
    const callerNames = new Map((world.callers ?? []).map((caller) => [caller.number, caller.name]));
    const numbers =
      world.callerNumbers && world.callerNumbers.length > 0
        ? world.callerNumbers
        : Array.from(
            { length: FALLBACK_CONTACTS },
            (_, i) => `555${String(2_000_000 + i * 7_919).padStart(7, '0')}`,
          );
    const contacts = new Map<number, Record<string, unknown>>();
    numbers.forEach((number, index) => {
      const id = index + 1;
      const [city, state, country, zip] = random.pick(CITIES);
      const company = random.pick(COMPANIES);
      // The contact carries the caller ID name the traffic uses for this number, when it has one.
      const [callerFirst, ...callerLast] = (callerNames.get(number) ?? '')
        .split(' ')
        .filter((part) => part !== '');
      const first = callerFirst ?? random.pick(FIRST);
      const last = callerLast.length > 0 ? callerLast.join(' ') : random.pick(LAST);
      const contact: Record<string, unknown> = {
        id,
        first_name: first,
        last_name: last,
        company,
        email: `contact${id}@${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
        organization: 'Purchasing',
        job_title: random.pick(TITLES),
        position: '',
        industry: '',
        supervisor: '',
        remark: '',
        zip_code: zip,
        street: `${random.int(1, 200)} Market Street`,
        city,
        state,
        country,
        phonebook_list: index % 5 === 0 ? [...PHONEBOOKS] : [PHONEBOOKS[0]],
        number_list: [{ num_type: index % 2 === 0 ? 'business_number' : 'mobile_number', number }],
      };
      // Fields with no value may be omitted, as the spec allows; some contacts come without them.
      if (index % 4 === 3) {
        delete contact['position'];
        delete contact['industry'];
        delete contact['supervisor'];
      }
      contacts.set(id, contact);
    });
    return contacts;
  }
}
