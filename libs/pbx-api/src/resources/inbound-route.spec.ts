import { describe, expect, expectTypeOf, it } from 'vitest';
import type { InboundRoute } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const route = {
  id: 1,
  name: 'Main DID',
  did_option: 'patterns',
  did_pattern_list: [{ id: 1, did_pattern: '5550000' }],
  cid_option: 'phonebook',
  trunk_list: [{ id: 2, name: 'trunk-a', type: 'register' }],
  def_dest: 'queue',
  def_dest_value: '6400',
};

describe('InboundRouteResource', () => {
  it('query sends GET v1.0 inbound_route/query with ids and reads cid_to_phonebook into numbers', async () => {
    const fake = new FakePbx().reply({
      body: ok({
        data: [
          { ...route, cid_to_phonebook: '[1,2]' },
          { ...route, id: 2, cid_to_phonebook: [3] },
          { ...route, id: 3, cid_to_phonebook: '' },
          { ...route, id: 4 },
        ],
      }),
    });
    const result = await clientOn(fake).inboundRoute.query({ ids: '1,2,3,4' });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/inbound_route/query',
      query: { ids: '1,2,3,4', access_token: 'test-token' },
    });
    expect(result.data.map((r) => r.cid_to_phonebook)).toEqual([[1, 2], [3], [], []]);
    expect(result.data[0]).toEqual({ ...route, cid_to_phonebook: [1, 2] });
  });

  it('query rejects ids that are not a comma-separated list of numbers', async () => {
    const fake = new FakePbx();
    await expect(clientOn(fake).inboundRoute.query({ ids: '1,x' })).rejects.toMatchObject({
      violations: [{ field: 'ids', rule: 'format' }],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('types: ids is required', () => {
    expectTypeOf<InboundRoute['cid_to_phonebook']>().toEqualTypeOf<number[]>();
    // @ts-expect-error ids is required
    const call = () => clientOn(new FakePbx()).inboundRoute.query({});
    expect(call).toBeTypeOf('function');
  });
});
