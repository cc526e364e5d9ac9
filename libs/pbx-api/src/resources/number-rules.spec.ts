import { describe, expect, it } from 'vitest';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const rule = { id: 3, name: 'Fraud Calls', limit_type: 'inbound', number_list: '82469079' };

// What the other operations send, refuse and never retry: config-requests.spec.ts, refusals.spec.ts and
// client.spec.ts.
describe('number rules (allowNumbers, blockNumbers): get', () => {
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
});
