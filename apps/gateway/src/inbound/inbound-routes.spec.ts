import type { InboundRoute, InboundRouteSummary, PbxClient } from '@switchboard/pbx-api';
import { describe, expect, it, vi } from 'vitest';
import type { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import type { PollingService } from '../polling/polling.module.js';
import { testConfig } from '../../test/support/test-config.js';
import { InboundRouteTable, type PositionedRoute } from './inbound-routes.js';
import {
  InboundRoutesService,
  ROUTE_LIST_MAX_PAGES,
  ROUTE_LIST_PAGE,
  ROUTE_QUERY_BATCH,
} from './inbound-routes.service.js';

const trunk = (name: string) => ({ id: 1, name, type: 'peer' });
/** A route at position `pos` (default: its id). */
const route = (id: number, fields: Partial<PositionedRoute>): PositionedRoute => ({
  id,
  pos: id,
  name: `route ${id}`,
  did_option: 'patterns',
  did_pattern_list: [],
  cid_option: 'patterns',
  cid_pattern_list: [],
  cid_to_phonebook: [],
  trunk_list: [trunk('sip1')],
  def_dest: 'queue',
  def_dest_value: String(id),
  ...fields,
});
const dids = (...patterns: string[]) => patterns.map((did_pattern, i) => ({ id: i + 1, did_pattern }));
const call = (to: string, trunkName = 'sip1', from = '5551234') => ({ to, trunk: trunkName, from });

describe('InboundRouteTable', () => {
  it('leads a call to the queue of the route that takes its trunk and DID', () => {
    const table = new InboundRouteTable([
      route(1, { did_pattern_list: dids('8005551000', '8005551001') }),
      route(2, { did_pattern_list: dids('8005552000'), trunk_list: [trunk('sip2')] }),
    ]);
    expect(table.destinationOf(call('8005551001'))).toEqual({ kind: 'queue', queueId: 1 });
    expect(table.destinationOf(call('8005552000', 'sip2'))).toEqual({ kind: 'queue', queueId: 2 });
    // The right DID on a trunk the route does not cover is not its call.
    expect(table.destinationOf(call('8005552000', 'sip1'))).toMatchObject({ kind: 'unknown' });
    expect(table.destinationOf(call('8009999999'))).toMatchObject({ kind: 'unknown' });
  });

  it('tries routes in table order (pos, not id): the first that takes the call decides', () => {
    const table = new InboundRouteTable([
      route(1, { pos: 3, did_pattern_list: dids('_X.') }),
      route(2, { pos: 2, did_pattern_list: dids('8005551234') }),
      route(1012, { pos: 1, did_pattern_list: dids('_800555XXXX') }),
    ]);
    // The pattern at position 1 comes before the exact DID at position 2.
    expect(table.routeOf(call('8005551234'))).toEqual({
      names: ['route 1012'],
      destination: { kind: 'queue', queueId: 1012 },
    });
    expect(table.destinationOf(call('42'))).toEqual({ kind: 'queue', queueId: 1 });
    // Moved to the top, the exact DID wins.
    const moved = new InboundRouteTable([
      route(1, { pos: 3, did_pattern_list: dids('_X.') }),
      route(2, { pos: 1, did_pattern_list: dids('8005551234') }),
      route(1012, { pos: 2, did_pattern_list: dids('_800555XXXX') }),
    ]);
    expect(moved.destinationOf(call('8005551234'))).toEqual({ kind: 'queue', queueId: 2 });
    expect(moved.destinationOf(call('8005559999'))).toEqual({ kind: 'queue', queueId: 1012 });
  });

  it('takes any DID when a route names none, and other destinations as such', () => {
    const table = new InboundRouteTable([
      route(1, { did_pattern_list: [{ id: 1, did_pattern: '' }], def_dest: 'ivr', def_dest_value: '6500' }),
    ]);
    expect(table.destinationOf(call('123'))).toEqual({
      kind: 'other',
      destination: 'ivr',
      words: 'an IVR menu',
    });
  });

  it('names extensions, voicemail and outside numbers in words', () => {
    const table = new InboundRouteTable([
      route(1, {
        did_pattern_list: dids('100'),
        def_dest: 'extension',
        def_dest_ext_list: [{ value: '5', name: 'Ana Li', number: '1005', type: 'extension' }],
      }),
      route(2, {
        did_pattern_list: dids('200'),
        def_dest: 'ext_vm',
        def_dest_ext_list: [{ value: '5', name: 'Ana Li', number: '1005', type: 'extension' }],
      }),
      route(3, {
        did_pattern_list: dids('300'),
        def_dest: 'external_num',
        def_dest_prefix: '9',
        def_dest_value: '5550100',
      }),
    ]);
    expect(table.destinationOf(call('100'))).toMatchObject({ words: 'extension 1005 (Ana Li)' });
    expect(table.destinationOf(call('200'))).toMatchObject({
      words: 'the voicemail of extension 1005 (Ana Li)',
    });
    expect(table.destinationOf(call('300'))).toMatchObject({ words: 'the outside number 95550100' });
  });

  it('selects callers by caller-ID pattern, in table order', () => {
    const table = new InboundRouteTable([
      route(1, { did_pattern_list: dids('800'), cid_pattern_list: [{ id: 1, cid_pattern: '_49.' }] }),
      route(2, { did_pattern_list: dids('800') }),
    ]);
    expect(table.destinationOf(call('800', 'sip1', '1555'))).toEqual({ kind: 'queue', queueId: 2 });
    // Both take a caller from 49...: the first in the table does.
    expect(table.routeOf(call('800', 'sip1', '4930'))).toEqual({
      names: ['route 1'],
      destination: { kind: 'queue', queueId: 1 },
    });
  });

  it('cannot tell phonebook callers apart: a phonebook route before the deciding one may take the call', () => {
    const phonebook: Partial<PositionedRoute> = { cid_option: 'phonebook', cid_to_phonebook: [1] };
    const table = new InboundRouteTable([
      route(3, { did_pattern_list: dids('900'), ...phonebook }),
      route(4, { did_pattern_list: dids('900') }),
      route(5, { did_pattern_list: dids('901'), ...phonebook }),
      route(6, { did_pattern_list: dids('901'), def_dest_value: '5' }),
      route(7, { did_pattern_list: dids('902'), ...phonebook }),
    ]);
    expect(table.routeOf(call('900'))).toEqual({
      names: ['route 3', 'route 4'],
      destination: {
        kind: 'unknown',
        reason: 'inbound routes 3, 4 may take it (a phonebook decides) and lead to different places',
      },
    });
    // Both possible routes lead to queue 5: that much is known.
    expect(table.destinationOf(call('901'))).toEqual({ kind: 'queue', queueId: 5 });
    // A phonebook route alone: its destination, or no route at all.
    expect(table.destinationOf(call('902'))).toEqual({ kind: 'queue', queueId: 7 });
  });

  it('reads the DID forms that lead to extensions, and queue routes without a usable id', () => {
    const table = new InboundRouteTable([
      route(1, {
        did_option: 'range_to_ext',
        did_to_ext_start: '5000',
        did_to_ext_end: '5099',
        def_dest: 'range_to_ext',
      }),
      route(2, {
        did_option: 'pattern_to_ext_list',
        did_pattern_to_ext_list: [{ id: 1, did_pattern: '6001', did_pattern_to_ext: '12' }],
        def_dest: 'pattern_to_ext_list',
      }),
      route(3, { did_pattern_list: dids('7000'), def_dest_value: 'sales' }),
    ]);
    expect(table.destinationOf(call('5042'))).toMatchObject({ kind: 'other', destination: 'range_to_ext' });
    expect(table.destinationOf(call('5142'))).toMatchObject({ kind: 'unknown' });
    expect(table.destinationOf(call('6001'))).toMatchObject({
      kind: 'other',
      destination: 'pattern_to_ext_list',
    });
    expect(table.destinationOf(call('7000'))).toMatchObject({ kind: 'unknown' });
  });
});

describe('InboundRoutesService', () => {
  /** A PBX whose routes are `existing`: listed in table order (`pos`), details by id without the position. */
  function setup(existing: PositionedRoute[], options: { ignorePage?: boolean; pos?: unknown } = {}) {
    const requests: string[] = [];
    const client = {
      inboundRoute: {
        list: vi.fn(
          async (params: { page: number; page_size: number; sort_by: string; order_by: string }) => {
            requests.push(`list ${params.page} ${params.page_size} ${params.sort_by} ${params.order_by}`);
            const ordered = [...existing].sort((a, b) => a.pos - b.pos);
            const page = options.ignorePage ? 1 : params.page;
            const rows = ordered.slice((page - 1) * params.page_size, page * params.page_size);
            const data: InboundRouteSummary[] = rows.map((r) => ({
              id: r.id,
              pos: (options.pos ?? r.pos) as number,
              name: r.name,
            }));
            return { total_number: existing.length, last_pos: existing.length, data };
          },
        ),
        query: vi.fn(async ({ ids }: { ids: string }) => {
          requests.push(`query ${ids}`);
          const wanted = ids.split(',').map(Number);
          // The details never carry the position: only the list knows it.
          const data: InboundRoute[] = existing
            .filter((r) => wanted.includes(r.id))
            .map(({ pos: _pos, ...details }) => details);
          return { data };
        }),
      },
    };
    const pbx = { request: (_op: string, send: (c: PbxClient) => Promise<unknown>) => send(client as never) };
    const polling = { add: vi.fn(), runSoon: vi.fn(() => true) };
    const service = new InboundRoutesService(
      testConfig(),
      pbx as unknown as PbxConnectionService,
      polling as unknown as PollingService,
    );
    return { service, requests, polling };
  }
  const numbered = (id: number, pos: number) => route(id, { pos, did_pattern_list: dids(`800${id}`) });

  it('learns the ids from inbound_route/list, whatever they are, and reads their details by id', async () => {
    const { service, requests } = setup([numbered(7, 2), numbered(1012, 1), numbered(2, 3)]);
    expect(service.loaded).toBe(false);
    await service.refresh();
    expect(service.loaded).toBe(true);
    // Two requests, in table order; no id is guessed.
    expect(requests).toEqual([`list 1 ${ROUTE_LIST_PAGE} pos asc`, 'query 1012,7,2']);
    expect(service.destinationOf(call('8001012'))).toEqual({ kind: 'queue', queueId: 1012 });
    expect(service.current()?.routes.map((r) => [r.id, r.pos])).toEqual([
      [1012, 1],
      [7, 2],
      [2, 3],
    ]);
  });

  it('reads every page of the list and queries the details in batches', async () => {
    const count = ROUTE_LIST_PAGE + ROUTE_QUERY_BATCH + 5;
    const routes = Array.from({ length: count }, (_, i) => numbered(5000 - i, i + 1));
    const { service, requests } = setup(routes);
    await service.refresh();
    const lists = requests.filter((r) => r.startsWith('list'));
    const queries = requests.filter((r) => r.startsWith('query'));
    expect(lists).toEqual(
      Array.from(
        { length: Math.ceil(count / ROUTE_LIST_PAGE) },
        (_, i) => `list ${i + 1} ${ROUTE_LIST_PAGE} pos asc`,
      ),
    );
    expect(queries).toHaveLength(Math.ceil(count / ROUTE_QUERY_BATCH));
    expect(queries[0]?.split(',')).toHaveLength(ROUTE_QUERY_BATCH);
    expect(service.current()?.routes).toHaveLength(count);
    expect(service.destinationOf(call(`800${5000 - count + 1}`))).toEqual({
      kind: 'queue',
      queueId: 5000 - count + 1,
    });
  });

  it('stops at a page with nothing new when the PBX ignores page', async () => {
    const routes = Array.from({ length: ROUTE_LIST_PAGE * 2 }, (_, i) => numbered(i + 1, i + 1));
    const { service, requests } = setup(routes, { ignorePage: true });
    await service.refresh();
    expect(requests.filter((r) => r.startsWith('list'))).toHaveLength(2);
    expect(service.current()?.routes).toHaveLength(ROUTE_LIST_PAGE);
  });

  it('reads at most ROUTE_LIST_MAX_PAGES pages of a list that never ends, and uses what it read', async () => {
    let listed = 0;
    const client = {
      inboundRoute: {
        // Every page full of new routes, and a total it never reaches.
        list: vi.fn(async ({ page, page_size }: { page: number; page_size: number }) => {
          listed++;
          const data = Array.from({ length: page_size }, (_, i) => {
            const id = (page - 1) * page_size + i + 1;
            return { id, pos: id, name: `route ${id}` };
          });
          return { total_number: 1e9, last_pos: 1e9, data };
        }),
        query: vi.fn(async ({ ids }: { ids: string }) => ({
          data: ids.split(',').map((id) => route(Number(id), {})),
        })),
      },
    };
    const pbx = { request: (_op: string, send: (c: PbxClient) => Promise<unknown>) => send(client as never) };
    const service = new InboundRoutesService(
      testConfig(),
      pbx as unknown as PbxConnectionService,
      { add: vi.fn(), runSoon: vi.fn(() => true) } as unknown as PollingService,
    );
    await service.refresh();
    expect(listed).toBe(ROUTE_LIST_MAX_PAGES);
    expect(service.current()?.routes).toHaveLength(ROUTE_LIST_MAX_PAGES * ROUTE_LIST_PAGE);
  });

  it('refuses a list without positions with a clear error, keeping the routes it had', async () => {
    const { service } = setup([numbered(1, 1)], { pos: 'first' });
    await expect(service.refresh()).rejects.toThrow(
      'inbound_route/list answered route 1 without a position (pos first)',
    );
    expect(service.loaded).toBe(false);
  });

  it('tells listeners only when the routes changed, and asks again soon for a call no route takes', async () => {
    const { service, polling } = setup([numbered(1, 1)]);
    const changes = vi.fn();
    service.onChange(changes);
    await service.refresh();
    await service.refresh();
    expect(changes).toHaveBeenCalledTimes(1);
    service.destinationOf(call('nowhere'));
    expect(polling.runSoon).toHaveBeenCalledWith('inbound-routes', 10_000);
  });
});
