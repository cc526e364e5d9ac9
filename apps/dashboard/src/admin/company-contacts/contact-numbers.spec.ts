import { describe, expect, it } from 'vitest';
import { contactNumbers } from './contact-numbers.js';

describe('contactNumbers', () => {
  it('lists the numbers by kind in a fixed order, blanks left out', () => {
    expect(
      contactNumbers({
        id: 1,
        contact_name: 'Ada',
        mobile: '0701',
        business: ' 5550100 ',
        home: '',
        other: '99',
      }),
    ).toEqual([
      { kind: 'Business', number: '5550100' },
      { kind: 'Mobile', number: '0701' },
      { kind: 'Other', number: '99' },
    ]);
  });
  it('is empty for a contact without numbers', () => {
    expect(contactNumbers({ id: 2, contact_name: 'Bo' })).toEqual([]);
  });
});
