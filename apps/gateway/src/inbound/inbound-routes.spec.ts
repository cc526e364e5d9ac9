import type { InboundRoute, PbxClient } from '@switchboard/pbx-api';
import { describe, expect, it, vi } from 'vitest';
import type { PbxConnectionService } from '../pbx/pbx-connection.service.js';
import type { PollingService } from '../polling/polling.module.js';
import { testConfig } from '../../test/support/test-config.js';
import { InboundRouteTable } from './inbound-routes.js';
import { idBlock, InboundRoutesService, ROUTE_ID_BLOCK } from './inbound-routes.service.js';

const trunk = (name: string) => ({ id: 1, name, type: 'peer' });
const route = (id: number, fields: Partial<InboundRoute>): InboundRoute => ({
  id,
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

  it('prefers an exact DID over a pattern and says unknown when patterns disagree', () => {
    const table = new InboundRouteTable([
      route(1, { did_pattern_list: dids('_800555XXXX') }),
      route(2, { did_pattern_list: dids('8005551234') }),
      route(3, { did_pattern_list: dids('_X.') }),
    ]);
    expect(table.destinationOf(call('8005551234'))).toEqual({ kind: 'queue', queueId: 2 });
    expect(table.destinationOf(call('8005559999'))).toMatchObject({
      kind: 'unknown',
      reason: expect.stringContaining('1, 3') as string,
    });
    expect(table.destinationOf(call('42'))).toEqual({ kind: 'queue', queueId: 3 });
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

  it('selects callers by caller-ID pattern, and cannot tell phonebook callers apart', () => {
    const table = new InboundRouteTable([
      route(1, { did_pattern_list: dids('800'), cid_pattern_list: [{ id: 1, cid_pattern: '_49.' }] }),
      route(2, { did_pattern_list: dids('800') }),
      route(3, { did_pattern_list: dids('900'), cid_option: 'phonebook', cid_to_phonebook: [1] }),
    ]);
    expect(table.destinationOf(call('800', 'sip1', '1555'))).toEqual({ kind: 'queue', queueId: 2 });
    // Both take a caller from 49...: the interface gives no route order, so no guess.
    expect(table.destinationOf(call('800', 'sip1', '4930'))).toMatchObject({ kind: 'unknown' });
    expect(table.destinationOf(call('900', 'sip1', '1555'))).toEqual({ kind: 'queue', queueId: 3 });
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
  function setup(existing: number[]) {
    const asked: string[] = [];
    const client = {
      inboundRoute: {
        query: vi.fn(async ({ ids }: { ids: string }) => {
          asked.push(ids);
          const wanted = new Set(ids.split(',').map(Number));
          const found = existing.filter((id) => wanted.has(id));
          return { data: found.map((id) => route(id, { did_pattern_list: dids(`800${id}`) })) };
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
    return { service, asked, polling };
  }

  it('finds routes by asking for blocks of ids until one past every id seen is empty', async () => {
    expect(idBlock(1).split(',')).toHaveLength(ROUTE_ID_BLOCK);
    expect(idBlock(101).split(',')[0]).toBe('101');
    const { service, asked } = setup([1, 2, 3, 4, 5]);
    expect(service.loaded).toBe(false);
    await service.refresh();
    expect(service.loaded).toBe(true);
    expect(asked.map((ids) => ids.split(',')[0])).toEqual(['1', '101']);
    expect(service.destinationOf(call('8003'))).toEqual({ kind: 'queue', queueId: 3 });

    const gaps = setup([2, 150, 420]);
    await gaps.service.refresh();
    // 201-300 was empty but 420 lies beyond; the scan ended on an empty block past the last one found.
    expect(gaps.asked.map((ids) => ids.split(',')[0])).toEqual(['1', '101', '201']);
  });

  it('tells listeners only when the routes changed, and asks again soon for a call no route takes', async () => {
    const { service, polling } = setup([1]);
    const changes = vi.fn();
    service.onChange(changes);
    await service.refresh();
    await service.refresh();
    expect(changes).toHaveBeenCalledTimes(1);
    service.destinationOf(call('nowhere'));
    expect(polling.runSoon).toHaveBeenCalledWith('inbound-routes', 10_000);
  });
});
