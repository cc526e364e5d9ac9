import { describe, expect, it } from 'vitest';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('PinListResource', () => {
  it('create sends POST v1.0 pin_list/create and returns the new id', async () => {
    const fake = new FakePbx().reply({ body: ok({ id: 2 }) });
    const params = { name: 'Sales PINs', pin_list: '1234,5678', enb_record_cdr: 1 } as const;
    const result = await clientOn(fake).pinList.create(params);
    expect(fake.last).toMatchObject({ method: 'POST', path: '/openapi/v1.0/pin_list/create', body: params });
    expect(result.id).toBe(2);
  });

  it('create rejects PINs that are not digits and a flag other than 0 or 1', async () => {
    const fake = new FakePbx();
    const bad = { name: 'x', pin_list: '1234,12a4', enb_record_cdr: 2 } as unknown as {
      name: string;
      pin_list: string;
    };
    await expect(clientOn(fake).pinList.create(bad)).rejects.toMatchObject({
      violations: [
        { field: 'pin_list', rule: 'format' },
        { field: 'enb_record_cdr', rule: 'enum' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });
});
