import { describe, expect, it } from 'vitest';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('BlockNumbersResource', () => {
  it('create sends POST v1.0 block_numbers/create and returns the new id', async () => {
    const fake = new FakePbx().reply({ body: ok({ id: 4 }) });
    const params = { name: 'Refused 5551234', limit_type: 'inbound', number_list: '5551234' } as const;
    const result = await clientOn(fake).blockNumbers.create(params);
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/block_numbers/create',
      query: { access_token: 'test-token' },
      body: params,
    });
    expect(result.id).toBe(4);
  });

  it('list sends GET v1.0 block_numbers/list with paging and returns the rules', async () => {
    const rule = { id: 1, name: 'Spam', limit_type: 'inbound', number_list: '5550666&5550667' };
    const fake = new FakePbx().reply({ body: ok({ total_number: 1, data: [rule] }) });
    const result = await clientOn(fake).blockNumbers.list({ page_size: 50, sort_by: 'id' });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/block_numbers/list',
      query: { page_size: '50', sort_by: 'id', access_token: 'test-token' },
    });
    expect(result.data).toEqual([rule]);
  });

  it('delete sends GET v1.0 block_numbers/delete with the rule id, and needs a positive id', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const result = await clientOn(fake).blockNumbers.delete({ id: 7 });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/block_numbers/delete',
      query: { id: '7', access_token: 'test-token' },
    });
    expect(result.errcode).toBe(0);
    await expect(clientOn(fake).blockNumbers.delete({ id: 0 })).rejects.toMatchObject({
      violations: [{ field: 'id', rule: 'range' }],
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('create rejects an empty number list and is not retried after a server error', async () => {
    const fake = new FakePbx();
    await expect(
      clientOn(fake).blockNumbers.create({ name: 'x', limit_type: 'inbound', number_list: '' }),
    ).rejects.toMatchObject({ violations: [{ field: 'number_list', rule: 'required' }] });
    expect(fake.requests).toHaveLength(0);

    fake.reply({ status: 503, body: '' }).reply({ body: ok({ id: 1 }) });
    await expect(
      clientOn(fake).blockNumbers.create({ name: 'x', limit_type: 'inbound', number_list: '1' }),
    ).rejects.toMatchObject({ code: 'transport', status: 503 });
    expect(fake.requests).toHaveLength(1);
  });
});
