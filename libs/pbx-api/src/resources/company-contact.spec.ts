import { describe, expect, it } from 'vitest';
import type { CompanyContact, CompanyContactQueryParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const contact: CompanyContact = {
  id: 3,
  first_name: 'Lee',
  company: 'Acme',
  phonebook_list: [{ id: 1, name: 'Customers' }],
  number_list: [{ num_type: 'business_number', number: '5551234' }],
};

describe('CompanyContactResource', () => {
  it('query sends GET v1.0 company_contact/query with both ids and id, and returns the contacts', async () => {
    const fake = new FakePbx().reply({ body: ok({ data: [contact] }) });
    const result = await clientOn(fake).companyContact.query({ ids: '3,8' });
    expect(fake.last.method).toBe('GET');
    expect(fake.last.path).toBe('/openapi/v1.0/company_contact/query');
    expect(fake.last.query).toEqual({ ids: '3,8', id: '3,8', access_token: 'test-token' });
    expect(result.data).toEqual([contact]);
  });

  it('query validates the ids the caller gave, not the doubled wire form', async () => {
    const fake = new FakePbx();
    // The sample's spelling `id` is an alias of `ids` (quirks.ts, 2): checked by the same rule, named as spelled.
    const bad = { id: '3;8' } as unknown as CompanyContactQueryParams;
    await expect(clientOn(fake).companyContact.query(bad)).rejects.toMatchObject({
      violations: [{ field: 'id', rule: 'format' }],
    });
    await expect(clientOn(fake).companyContact.query({ ids: '3;8' })).rejects.toMatchObject({
      violations: [{ field: 'ids', rule: 'format' }],
    });
    expect(fake.requests).toHaveLength(0);
  });
});
