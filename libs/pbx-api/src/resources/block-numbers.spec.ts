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
