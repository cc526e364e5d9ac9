/**
 * company_contact/query (docs/pbx/configuration.md#company-contacts): contacts seeded from the seed. Their
 * numbers and names are those of the callers the call center marks as contacts (WorldInfo.callerNumbers /
 * callers), so a caller can be matched to a contact while other callers stay unknown, as in real life.
 */
import type { HandlerTable } from '../contracts.js';
import { SeededRandom } from '../support/seeded-random.js';
import { PHONEBOOKS } from './inbound-route.handlers.js';
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

/** Company contacts. */
export class CompanyContactResource implements SimResource {
  private contacts: Map<number, Record<string, unknown>> | undefined;
  readonly handlers: HandlerTable = {
    'company_contact/query': ({ params }) => {
      const contacts = this.all();
      return { data: idList(params['ids']).flatMap((id) => (contacts.has(id) ? [contacts.get(id)] : [])) };
    },
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
