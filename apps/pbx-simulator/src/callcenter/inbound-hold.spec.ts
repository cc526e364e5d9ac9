import { PBX_ERRCODE, PBX_EVENT } from '@switchboard/pbx-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectSimError, members } from './testing/expectations.js';
import { startedHarness, type Harness } from './testing/harness.js';
import { controlledLine } from './testing/world-lookup.js';

const WINDOW_MS = 2000;
const CALLER = '5550001111';

/** 30011 messages of a call. */
function statusEvents(h: Harness, callId: string): Record<string, unknown>[] {
  return h.recorder.of(PBX_EVENT.CALL_STATUS_CHANGED).filter((msg) => msg['call_id'] === callId);
}

/** Whether the call was routed into its queue: a 30011 whose inbound member carries the queue as call path. */
function routedTimes(h: Harness, callId: string, queueNumber: string): number {
  return statusEvents(h, callId).filter((msg) => {
    const all = members(msg);
    return all.length === 1 && all[0]?.[0] === 'inbound' && all[0][1]['call_path'] === queueNumber;
  }).length;
}

describe('inbound call control', () => {
  let h: Harness;
  let line: ReturnType<typeof controlledLine>;
  let queueNumber: string;

  beforeEach(() => {
    h = startedHarness({ holdWindowMs: WINDOW_MS });
    line = controlledLine(h.center.control.world());
    queueNumber = h.center.control.world().queues?.find((q) => String(q.id) === line.route.def_dest_value)
      ?.number as string;
    h.recorder.clear();
  });

  const hold = () =>
    h.center.control.holdInboundCall({ from: CALLER, to: line.did, trunk_name: line.trunk.name });

  it('holds the call and publishes 30016 with the inbound member only', () => {
    const { call_id, channel_id } = hold();
    expect(channel_id).toMatch(new RegExp(`^PJSIP/trunk-${line.trunk.name}-endpoint-[0-9a-f]{8}$`));
    expect(call_id).toMatch(/^\d{10}\.\d+$/);
    expect(h.recorder.of(PBX_EVENT.INCOMING_CALL_REQUEST)).toEqual([
      {
        call_id,
        members: [
          {
            inbound: {
              from: CALLER,
              to: line.did,
              trunk_name: line.trunk.name,
              channel_id,
              member_status: 'ALERT',
              call_path: '',
            },
          },
        ],
      },
    ]);
    expect(statusEvents(h, call_id)).toEqual([]);
  });

  it('accept within the window routes the call to the queue at once and answers its call_id', () => {
    const { call_id, channel_id } = hold();
    h.clock.advance(WINDOW_MS / 2);
    expect(h.call('call/accept_inbound', { channel_id })).toEqual({ call_id });
    expect(routedTimes(h, call_id, queueNumber)).toBe(1);
    const status = h.call('queue/call_status', { id: line.route.def_dest_value });
    const inQueue = [
      ...(status['waiting_list'] as { call_id: string }[]),
      ...(status['ringing_list'] as { call_id: string }[]),
    ];
    expect(inQueue.map((c) => c.call_id)).toContain(call_id);
    h.clock.advance(WINDOW_MS);
    expect(routedTimes(h, call_id, queueNumber)).toBe(1); // the window passing does not route it twice
  });

  it('refuse within the window drops the call: nobody rings, the record says FAILED', () => {
    const { call_id, channel_id } = hold();
    h.clock.advance(500);
    expect(h.call('call/refuse_inbound', { channel_id })).toEqual({ call_id });
    h.clock.advance(WINDOW_MS * 2);
    const events = statusEvents(h, call_id);
    expect(events.flatMap(members).every(([kind]) => kind === 'inbound')).toBe(true);
    expect(members(events.at(-1) as Record<string, unknown>)[0]?.[1]['member_status']).toBe('BYE');
    expect(h.recorder.finished).toEqual([
      expect.objectContaining({
        call_id,
        disposition: 'FAILED',
        abandoned: false,
        type: 'Inbound',
        did_number: line.did,
        src_trunk: line.trunk.name,
        queue_number: '',
        agent_number: '',
      }),
    ]);
    expect(h.call('call/query', { call_id })).toEqual({ data: [] });
  });

  it('when the window passes the call is accepted automatically and routed, not before', () => {
    const { call_id } = hold();
    h.clock.advance(WINDOW_MS - 1);
    expect(routedTimes(h, call_id, queueNumber)).toBe(0);
    h.clock.advance(1);
    expect(routedTimes(h, call_id, queueNumber)).toBe(1);
    h.clock.advance(60_000);
    const answered = statusEvents(h, call_id).some((msg) =>
      members(msg).some(([kind, m]) => kind === 'extension' && m['member_status'] === 'ANSWER'),
    );
    expect(answered).toBe(true);
  });

  it('accept or refuse after the window has no effect and answers errcode 0 with the call_id', () => {
    const { call_id, channel_id } = hold();
    h.clock.advance(WINDOW_MS);
    const eventsBefore = h.recorder.events.length;
    expect(h.call('call/refuse_inbound', { channel_id })).toEqual({ call_id });
    expect(h.call('call/accept_inbound', { channel_id })).toEqual({ call_id });
    expect(h.recorder.events.length).toBe(eventsBefore);
    expect(h.recorder.finished.filter((f) => f.call_id === call_id)).toEqual([]);
    expect((h.call('call/query', { call_id })['data'] as unknown[]).length).toBe(1);
  });

  it('accept after a refusal has no effect either', () => {
    const { call_id, channel_id } = hold();
    h.call('call/refuse_inbound', { channel_id });
    expect(h.call('call/accept_inbound', { channel_id })).toEqual({ call_id });
    expect(routedTimes(h, call_id, queueNumber)).toBe(0);
  });

  it('answers NOT_FOUND for a channel that never held a call', () => {
    expectSimError(
      () => h.call('call/accept_inbound', { channel_id: 'PJSIP/nope-00000001' }),
      PBX_ERRCODE.NOT_FOUND,
      'channel_id',
    );
    expectSimError(
      () => h.call('call/refuse_inbound', { channel_id: 'PJSIP/nope-00000001' }),
      PBX_ERRCODE.NOT_FOUND,
      'channel_id',
    );
  });

  it('rejects a hold on an unknown or uncontrolled trunk or a DID not routed on it, naming the field', () => {
    const control = h.center.control;
    const unknown = expectSimError(
      () => control.holdInboundCall({ from: CALLER, to: line.did, trunk_name: 'nope' }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'trunk_name',
    );
    expect(unknown.errmsg).toMatch(/no trunk is named "nope"/);
    const plain = expectSimError(
      () => control.holdInboundCall({ from: CALLER, to: line.did, trunk_name: line.plain.name }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'trunk_name',
    );
    expect(plain.errmsg).toMatch(/Control Inbound Call/);
    expectSimError(
      () => control.holdInboundCall({ from: CALLER, to: '123', trunk_name: line.trunk.name }),
      PBX_ERRCODE.PARAMETER_ERROR,
      'to',
    );
    expect(h.recorder.events).toEqual([]);
  });
});

describe('inbound call control timing and generated traffic', () => {
  it('counts the window in real milliseconds whatever the speed', () => {
    const h = startedHarness({ holdWindowMs: WINDOW_MS, speed: 60 });
    const line = controlledLine(h.center.control.world());
    const { call_id } = h.center.control.holdInboundCall({
      from: CALLER,
      to: line.did,
      trunk_name: line.trunk.name,
    });
    h.clock.advance(WINDOW_MS * 60 - 1); // 2 real seconds at speed 60 = 120 simulated seconds
    expect(statusEvents(h, call_id)).toEqual([]);
    h.clock.advance(1);
    expect(statusEvents(h, call_id).length).toBeGreaterThan(0);
  });

  it('sends a configurable share of generated calls through controlled trunks', () => {
    const held = (share: number) => {
      const h = startedHarness({ scenario: 'contact-center', trafficRate: 1, controlledCallShare: share });
      h.clock.advance(15 * 60_000);
      return h.recorder.of(PBX_EVENT.INCOMING_CALL_REQUEST).length;
    };
    expect(held(0)).toBe(0);
    expect(held(0.5)).toBeGreaterThan(50);
  });
});
