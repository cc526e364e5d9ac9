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

  it('list sends GET v1.0 inbound_route/list with paging and sorting and answers rows with their positions', async () => {
    const row = { id: 1012, pos: 1, name: 'Night line', default_destination: 'queue' };
    const fake = new FakePbx().reply({ body: ok({ total_number: 3, last_pos: 3, data: [row] }) });
    const answer = await clientOn(fake).inboundRoute.list({
      page: 2,
      page_size: 1,
      sort_by: 'pos',
      order_by: 'desc',
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/inbound_route/list',
      query: { page: '2', page_size: '1', sort_by: 'pos', order_by: 'desc', access_token: 'test-token' },
    });
    expect(answer).toMatchObject({ total_number: 3, last_pos: 3, data: [row] });
  });

  it('search sends search_value and reads a page without data as no routes', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 0, last_pos: 4 }) });
    const answer = await clientOn(fake).inboundRoute.search({ search_value: 'Sales', sort_by: 'name' });
    expect(fake.last).toMatchObject({
      path: '/openapi/v1.0/inbound_route/search',
      query: { search_value: 'Sales', sort_by: 'name' },
    });
    expect(answer.data).toEqual([]);
    expect(answer.last_pos).toBe(4);
  });

  it('list and search refuse a sort_by the page does not name, before sending anything', async () => {
    const fake = new FakePbx();
    const pbx = clientOn(fake);
    await expect(pbx.inboundRoute.list({ sort_by: 'did' as never })).rejects.toMatchObject({
      violations: [{ field: 'sort_by', rule: 'enum' }],
    });
    await expect(pbx.inboundRoute.search({ page_size: 0 })).rejects.toMatchObject({
      violations: [{ field: 'page_size' }],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('iterate walks every page in the order asked and stops once total_number routes were seen', async () => {
    const page = (ids: number[]) =>
      ok({
        total_number: 5,
        last_pos: 5,
        data: ids.map((id, i) => ({ id, pos: i + 1, name: `r${id}` })),
      });
    const fake = new FakePbx()
      .reply({ body: page([1012, 3]) })
      .reply({ body: page([1, 7]) })
      .reply({ body: page([9]) });
    const ids: number[] = [];
    for await (const route of clientOn(fake).inboundRoute.iterate({ page_size: 2, sort_by: 'pos' }))
      ids.push(route.id);
    expect(ids).toEqual([1012, 3, 1, 7, 9]);
    expect(fake.requests.map((r) => [r.query['page'], r.query['page_size'], r.query['sort_by']])).toEqual([
      ['1', '2', 'pos'],
      ['2', '2', 'pos'],
      ['3', '2', 'pos'],
    ]);
  });

  it('iterate over a PBX without routes asks once with 100 per page', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 0, last_pos: 0, data: [] }) });
    const ids: number[] = [];
    for await (const route of clientOn(fake).inboundRoute.iterate()) ids.push(route.id);
    expect(ids).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.last.query['page_size']).toBe('100');
  });

  it('types: ids is required', () => {
    expectTypeOf<InboundRoute['cid_to_phonebook']>().toEqualTypeOf<number[]>();
    // @ts-expect-error ids is required
    const call = () => clientOn(new FakePbx()).inboundRoute.query({});
    expect(call).toBeTypeOf('function');
    // @ts-expect-error list sorts by id, pos or name only
    const badSort = () => clientOn(new FakePbx()).inboundRoute.list({ sort_by: 'did' });
    expect(badSort).toBeTypeOf('function');
  });
});
