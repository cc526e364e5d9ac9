import { PBX_ERRCODE, PBX_EVENT } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { expectSimError, members } from '../testing/expectations.js';
import { harness, startedHarness, type Harness } from '../testing/harness.js';
import { controlledLine } from '../testing/world-lookup.js';

type CallInfo = Record<string, unknown>;

/** Holds and accepts a call into the small scenario's queue; returns its ids. */
function inject(h: Harness, from: string): { call_id: string; channel_id: string } {
  const line = controlledLine(h.center.control.world());
  const held = h.center.control.holdInboundCall({ from, to: line.did, trunk_name: line.trunk.name });
  h.call('call/accept_inbound', { channel_id: held.channel_id });
  return held;
}

function query(h: Harness, params: Record<string, unknown>): CallInfo[] {
  return h.call('call/query', params)['data'] as CallInfo[];
}

/** Advances until `check` holds, one simulated second at a time, for at most `limitMs`. */
function advanceUntil(h: Harness, check: () => boolean, limitMs: number): void {
  for (let spent = 0; !check(); spent += 1000) {
    if (spent >= limitMs) throw new Error(`not reached within ${limitMs} simulated ms`);
    h.clock.advance(1000);
  }
}

function agentMember(info: CallInfo | undefined): Record<string, unknown> | undefined {
  return info ? members(info).find(([kind]) => kind === 'extension')?.[1] : undefined;
}

describe('call/query', () => {
  it('finds live calls by call_id, type or extension, as Call_Info', () => {
    const h = startedHarness();
    const { call_id, channel_id } = inject(h, '5550005555');
    advanceUntil(h, () => agentMember(query(h, { call_id })[0])?.['member_status'] === 'ANSWER', 60_000);
    const [info] = query(h, { call_id });
    expect(members(info as CallInfo)).toEqual([
      [
        'inbound',
        expect.objectContaining({
          from: '5550005555',
          channel_id,
          member_status: 'ANSWERED',
          call_path: '6400',
        }),
      ],
      [
        'extension',
        expect.objectContaining({
          channel_id: expect.stringMatching(/^PJSIP\/10\d\d-[0-9a-f]{8}$/),
          call_path: '6400',
        }),
      ],
    ]);
    expect(query(h, { type: 'inbound' }).map((c) => c['call_id'])).toEqual([call_id]);
    expect(query(h, { type: 'outbound' })).toEqual([]);
    const agent = agentMember(info)?.['number'] as string;
    expect(query(h, { extension: agent }).map((c) => c['call_id'])).toEqual([call_id]);
    expect(query(h, { extension: '1099' })).toEqual([]);
    expect(query(h, { call_id: '1.1' })).toEqual([]);
  });
});

describe('call/listen', () => {
  it('adds the monitor as a member of an answered call until the call ends', () => {
    const h = startedHarness();
    const { call_id } = inject(h, '5550006666');
    advanceUntil(h, () => agentMember(query(h, { call_id })[0])?.['member_status'] === 'ANSWER', 60_000);
    const agentChannel = agentMember(query(h, { call_id })[0])?.['channel_id'] as string;
    const monitor = h.center.control.world().extensions.at(-1)?.number as string;
    expect(h.call('call/listen', { monitor, channel_id: agentChannel, type: 'listen' })).toEqual({ call_id });
    const numbers = members(query(h, { call_id })[0] as CallInfo).map(([, m]) => [
      m['number'],
      m['member_status'],
    ]);
    expect(numbers).toContainEqual([monitor, 'ANSWER']);
    expect(h.recorder.of(PBX_EVENT.EXTENSION_CALL_STATUS_CHANGED).at(-1)).toEqual({
      extension: monitor,
      status: 'Busy',
    });
    expectSimError(
      () => h.call('call/listen', { monitor, channel_id: agentChannel, type: 'barge' }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'monitor',
    );
    advanceUntil(h, () => query(h, { call_id }).length === 0, 3 * 3_600_000);
    expect(h.recorder.of(PBX_EVENT.EXTENSION_CALL_STATUS_CHANGED)).toContainEqual({
      extension: monitor,
      status: 'Idle',
    });
  });

  it('rejects an unknown monitor, an unknown channel and a call not answered yet', () => {
    const h = startedHarness();
    const line = controlledLine(h.center.control.world());
    const held = h.center.control.holdInboundCall({
      from: '5550007777',
      to: line.did,
      trunk_name: line.trunk.name,
    });
    expectSimError(
      () => h.call('call/listen', { monitor: '9999', channel_id: held.channel_id, type: 'listen' }),
      PBX_ERRCODE.NOT_FOUND,
      'monitor',
    );
    expectSimError(
      () => h.call('call/listen', { monitor: '1001', channel_id: 'PJSIP/1001-ffffffff', type: 'listen' }),
      PBX_ERRCODE.NOT_FOUND,
      'channel_id',
    );
    expectSimError(
      () => h.call('call/listen', { monitor: '1009', channel_id: held.channel_id, type: 'whisper' }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'channel_id',
    );
  });
});

describe('call/hangup', () => {
  function answeredCall(h: ReturnType<typeof harness>, from: string) {
    h.center.control.start();
    const { call_id } = inject(h, from);
    advanceUntil(h, () => agentMember(query(h, { call_id })[0])?.['member_status'] === 'ANSWER', 60_000);
    return { call_id, agentChannel: agentMember(query(h, { call_id })[0])?.['channel_id'] as string };
  }

  it('hangs up a monitor channel only: the agent and the caller stay in the call', () => {
    const h = harness();
    const { call_id, agentChannel } = answeredCall(h, '5550006001');
    const monitor = h.center.control.world().extensions.at(-1)?.number as string;
    h.call('call/listen', { monitor, channel_id: agentChannel, type: 'listen' });
    const monitorChannel = members(query(h, { extension: monitor })[0] as CallInfo).find(
      ([, m]) => m['number'] === monitor,
    )?.[1]['channel_id'] as string;
    expect(h.call('call/hangup', { channel_id: monitorChannel })).toEqual({ call_id });
    expect(query(h, { extension: monitor })).toEqual([]);
    expect(query(h, { call_id })).toHaveLength(1);
    expect(agentMember(query(h, { call_id })[0])?.['member_status']).toBe('ANSWER');
    expectSimError(
      () => h.call('call/hangup', { channel_id: monitorChannel }),
      PBX_ERRCODE.NOT_FOUND,
      'channel_id',
    );
  });

  it('ends a two-party call when one party hangs up', () => {
    const h = harness();
    const { call_id, agentChannel } = answeredCall(h, '5550006002');
    expect(h.call('call/hangup', { channel_id: agentChannel })).toEqual({ call_id });
    expect(query(h, { call_id })).toEqual([]);
  });

  it('takes calls that are not answered: a ringing agent stops ringing, a caller hanging up abandons the call', () => {
    const h = startedHarness();
    const { call_id } = inject(h, '5550006003');
    const ringingAgent = () =>
      members(query(h, { call_id })[0] as CallInfo).find(
        ([kind, m]) => kind === 'extension' && m['member_status'] === 'RING',
      )?.[1];
    advanceUntil(h, () => ringingAgent() !== undefined, 60_000);
    const first = ringingAgent() as Record<string, unknown>;
    expect(h.call('call/hangup', { channel_id: first['channel_id'] })).toEqual({ call_id });
    // The call goes on without that agent's ring.
    expect(query(h, { call_id })).toHaveLength(1);
    const caller = members(query(h, { call_id })[0] as CallInfo).find(([kind]) => kind === 'inbound')?.[1];
    h.recorder.clear();
    expect(h.call('call/hangup', { channel_id: caller?.['channel_id'] })).toEqual({ call_id });
    expect(query(h, { call_id })).toEqual([]);
    expect(h.recorder.finished).toEqual([
      expect.objectContaining({ call_id, disposition: 'NO ANSWER', abandoned: true }),
    ]);
  });

  it('answers not found for a paging number: the simulator places no paging or intercom calls', () => {
    const h = harness();
    expectSimError(
      () => h.call('call/hangup', { paging_number: '6300' }),
      PBX_ERRCODE.NOT_FOUND,
      'paging_number',
    );
  });
});

describe('extension/list', () => {
  it('pages every extension of the world with its id, number and name', () => {
    const h = harness();
    const world = h.center.control.world();
    const first = h.call('extension/list', { page: 1, page_size: 5 }) as {
      total_number: number;
      data: { id: number; number: string; caller_id_name: string }[];
    };
    expect(first.total_number).toBe(world.extensions.length);
    expect(first.data).toHaveLength(5);
    expect(first.data[0]).toMatchObject({
      id: world.extensions[0]?.id,
      number: world.extensions[0]?.number,
      caller_id_name: world.extensions[0]?.name,
    });
    const last = h.call('extension/list', { page: 1, page_size: 1, sort_by: 'number', order_by: 'desc' }) as {
      data: { number: string }[];
    };
    expect(last.data[0]?.number).toBe(world.extensions.at(-1)?.number);
  });
});

describe('uacsta_call/refuse', () => {
  it('refuses a ringing uaCSTA call: 30020 call_over, the agent stops ringing, the call carries on', () => {
    const h = startedHarness();
    let start: Record<string, unknown> | undefined;
    let callId = '';
    for (let i = 0; i < 8 && !start; i += 1) {
      callId = inject(h, `55500088${i}0`).call_id;
      start = h.recorder.of(PBX_EVENT.UACSTA_CALL).find((msg) => msg['operation'] === 'call_start');
    }
    expect(start).toBeDefined();
    const { extension, call_id, ip_address } = start as Record<string, string>;
    expect(ip_address).toMatch(/:5060$/);
    expectSimError(
      () => h.call('uacsta_call/refuse', { extension, call_id, ip_address: '10.0.0.1:5060' }),
      PBX_ERRCODE.NOT_FOUND,
      'ip_address',
    );
    expectSimError(
      () => h.call('uacsta_call/refuse', { extension: '1999', call_id, ip_address }),
      PBX_ERRCODE.NOT_FOUND,
      'extension',
    );
    expectSimError(
      () => h.call('uacsta_call/refuse', { extension, call_id: '1', ip_address }),
      PBX_ERRCODE.NOT_FOUND,
      'call_id',
    );
    expect(h.call('uacsta_call/refuse', { extension, call_id, ip_address })).toEqual({});
    expect(h.recorder.of(PBX_EVENT.UACSTA_CALL).at(-1)).toEqual({
      operation: 'call_over',
      extension,
      call_id,
      ip_address,
    });
    const refusedCall = query(h, { extension: extension as string });
    expect(refusedCall.map((c) => c['call_id'])).not.toContain(callId);
    expect(query(h, { call_id: callId })).toHaveLength(1);
    expectSimError(
      () => h.call('uacsta_call/refuse', { extension, call_id, ip_address }),
      PBX_ERRCODE.NOT_FOUND,
      'call_id',
    );
  });
});
