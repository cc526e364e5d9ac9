/**
 * Contract: libs/pbx-api's inbound route list against the running simulator — inbound_route/list (pages,
 * sorting by id, pos and name, `last_pos`), inbound_route/search (by name and by DID) and the client's
 * iterate, on the contact-center world whose route ids are not consecutive and include one past 1000. Each
 * answer is checked against the simulator's world, plus a PBX error and the shared checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboundRouteInfo } from '../../src/contracts.js';
import { invalidAsSent, itHonoursTheContract, itReportsPbxFailure } from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const { ctx, get } = contractSuite({ scenario: 'contact-center' });
let routes: InboundRouteInfo[];
beforeAll(() => {
  routes = ctx.sim.control.world().inboundRoutes;
});

/** The world's routes in table order. */
const byPos = () => [...routes].sort((a, b) => a.pos - b.pos);
const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('inbound_route/list', () => {
  it('answers every route with its position and default destination, and last_pos', async () => {
    const answer = await ctx.client.inboundRoute.list({ sort_by: 'pos' });
    expect(answer.total_number).toBe(routes.length);
    expect(answer.last_pos).toBe(routes.length);
    expect(ids(answer.data)).toEqual(ids(byPos()));
    const late = routes.find((r) => r.id > 1000);
    expect(late, 'a route with an id past 1000').toBeDefined();
    expect(answer.data.find((row) => row.id === late?.id)).toEqual({
      id: late?.id,
      pos: late?.pos,
      name: late?.name,
      default_destination: 'queue',
      default_desination_value: late?.def_dest_value,
      current_destination: 'queue',
    });
  });

  it('pages, and sorts by id, pos or name either way', async () => {
    const first = await ctx.client.inboundRoute.list({ page: 1, page_size: 2, sort_by: 'id' });
    const second = await ctx.client.inboundRoute.list({ page: 2, page_size: 2, sort_by: 'id' });
    const sortedIds = routes.map((r) => r.id).sort((a, b) => a - b);
    expect([...ids(first.data), ...ids(second.data)]).toEqual(sortedIds.slice(0, 4));
    expect(first.total_number).toBe(routes.length);
    const desc = await ctx.client.inboundRoute.list({ sort_by: 'pos', order_by: 'desc' });
    expect(desc.data.map((row) => row.pos)).toEqual(
      byPos()
        .map((r) => r.pos)
        .reverse(),
    );
    const byName = await ctx.client.inboundRoute.list({ sort_by: 'name' });
    const names = byName.data.map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    // Without sort_by the routes come in table order.
    expect(ids((await ctx.client.inboundRoute.list()).data)).toEqual(ids(byPos()));
  });

  it('iterate walks every page in table order', async () => {
    const all = await collect(ctx.client.inboundRoute.iterate({ page_size: 2, sort_by: 'pos' }));
    expect(all.map((row) => row.pos)).toEqual(byPos().map((r) => r.pos));
    expect(new Set(ids(all))).toEqual(new Set(routes.map((r) => r.id)));
  });

  itReportsPbxFailure(get, 'inbound_route/list', (client) => client.inboundRoute.list());

  itHonoursTheContract(get, 'inbound_route/list', {
    valid: (client) => client.inboundRoute.list({ page_size: 1 }),
    invalid: invalidAsSent({ sort_by: 'did' }, 'sort_by', (client, input) => client.inboundRoute.list(input)),
  });
});

describe('inbound_route/search', () => {
  it('finds routes by name and by DID, any case, and keeps last_pos of the whole list', async () => {
    const route = routes[1] as InboundRouteInfo;
    const byName = await ctx.client.inboundRoute.search({ search_value: route.name.toUpperCase() });
    expect(ids(byName.data)).toEqual([route.id]);
    expect(byName).toMatchObject({ total_number: 1, last_pos: routes.length });
    const did = route.did_patterns[0] ?? '';
    expect(ids((await ctx.client.inboundRoute.search({ search_value: did })).data)).toEqual([route.id]);
    const none = await ctx.client.inboundRoute.search({ search_value: 'no such route' });
    expect(none).toMatchObject({ total_number: 0, last_pos: routes.length, data: [] });
  });

  it('a keyword many routes share pages and sorts like the list', async () => {
    const answer = await ctx.client.inboundRoute.search({
      search_value: ' line',
      sort_by: 'pos',
      page: 2,
      page_size: 2,
    });
    expect(answer.total_number).toBe(routes.length);
    expect(ids(answer.data)).toEqual(ids(byPos().slice(2, 4)));
  });

  itReportsPbxFailure(get, 'inbound_route/search', (client) =>
    client.inboundRoute.search({ search_value: 'x' }),
  );

  itHonoursTheContract(get, 'inbound_route/search', {
    valid: (client) => client.inboundRoute.search({ search_value: 'line' }),
    invalid: invalidAsSent({ page: 0 }, 'page', (client, input) => client.inboundRoute.search(input)),
  });
});
