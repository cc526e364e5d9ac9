import { describe, expect, it } from 'vitest';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const rule = { id: 3, name: 'Fraud Calls', limit_type: 'inbound', number_list: '82469079' };

describe('number rules (allowNumbers, blockNumbers): list, search, get, query, update, delete', () => {
  it('get returns the rule under data whether the PBX used the example’s wrapper key or the table’s data', async () => {
    const fake = new FakePbx()
      .reply({ body: ok({ block_number_info: rule }) })
      .reply({ body: ok({ data: rule }) })
      .reply({ body: ok({ allow_number_info: rule }) });
    const client = clientOn(fake);
    const wrapped = await client.blockNumbers.get({ id: 3 });
    expect(wrapped).toEqual({ errcode: 0, errmsg: 'SUCCESS', data: rule });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/block_numbers/get',
      query: { id: '3' },
    });
    expect((await client.blockNumbers.get({ id: 3 })).data).toEqual(rule);
    const allow = await client.allowNumbers.get({ id: 3 });
    expect(allow.data).toEqual(rule);
    expect(allow).not.toHaveProperty('allow_number_info');
  });

  it('search sends the keyword with paging; query sends ids', async () => {
    const fake = new FakePbx()
      .reply({ body: ok({ total_number: 1, data: [rule] }) })
      .reply({ body: ok({ data: [rule] }) });
    const client = clientOn(fake);
    const found = await client.allowNumbers.search({ search_value: '8246', page: 2, sort_by: 'name' });
    expect(fake.last).toMatchObject({
      path: '/openapi/v1.0/allow_numbers/search',
      query: { search_value: '8246', page: '2', sort_by: 'name' },
    });
    expect(found.data).toEqual([rule]);
    await client.blockNumbers.query({ ids: '3,5' });
    expect(fake.last).toMatchObject({ path: '/openapi/v1.0/block_numbers/query', query: { ids: '3,5' } });
  });

  it('update POSTs only the fields given; a bad limit type or number list is refused before sending', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const client = clientOn(fake);
    await client.blockNumbers.update({ id: 5, limit_type: 'both' });
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/block_numbers/update',
      body: { id: 5, limit_type: 'both' },
    });
    await expect(
      client.allowNumbers.update({ id: 5, limit_type: 'all' as 'both', number_list: '1,2' }),
    ).rejects.toMatchObject({
      violations: [
        { field: 'limit_type', rule: 'enum' },
        { field: 'number_list', rule: 'format' },
      ],
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('update and delete are never retried after a transport failure (a second delete would fail)', async () => {
    const fake = new FakePbx().reply({ status: 503, body: '' }).reply({ status: 503, body: '' });
    const client = clientOn(fake);
    await expect(client.allowNumbers.delete({ id: 2 })).rejects.toMatchObject({ code: 'transport' });
    await expect(client.allowNumbers.update({ id: 2, name: 'x' })).rejects.toMatchObject({
      code: 'transport',
    });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/openapi/v1.0/allow_numbers/delete' });
  });
});
