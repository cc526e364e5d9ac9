import { describe, expect, it } from 'vitest';
import type { AllowNumbersCreateParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('AllowNumbersResource', () => {
  it('query sends GET v1.0 allow_numbers/query with ids and returns the rules', async () => {
    const rule = { id: 2, name: 'VIP', limit_type: 'inbound', number_list: '5551234&5555678' };
    const fake = new FakePbx().reply({ body: ok({ data: [rule] }) });
    const result = await clientOn(fake).allowNumbers.query({ ids: '2' });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/allow_numbers/query',
      query: { ids: '2', access_token: 'test-token' },
    });
    expect(result.data).toEqual([rule]);
  });

  it('create sends POST v1.0 allow_numbers/create and returns the new id', async () => {
    const fake = new FakePbx().reply({ body: ok({ id: 9 }) });
    const params: AllowNumbersCreateParams = {
      name: 'VIP',
      limit_type: 'both',
      number_list: '5551234&+4420123',
    };
    const result = await clientOn(fake).allowNumbers.create(params);
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/allow_numbers/create',
      body: params,
    });
    expect(result.id).toBe(9);
  });

  it('create rejects numbers separated by commas and an unknown limit type', async () => {
    const fake = new FakePbx();
    const bad = {
      name: 'VIP',
      limit_type: 'all',
      number_list: '5551234,5555678',
    } as unknown as AllowNumbersCreateParams;
    await expect(clientOn(fake).allowNumbers.create(bad)).rejects.toMatchObject({
      violations: [
        { field: 'limit_type', rule: 'enum' },
        { field: 'number_list', rule: 'format' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });
});
