import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallMember } from '../resources/call.types.js';
import { INBOUND_MEMBER } from '../../test/support/samples.js';
import { encodePbxEventFrame } from './event-encoding.js';
import { PBX_EVENT_MSG_RULES } from './event-msg.rules.js';
import { parsePbxFrame, type PbxFrame } from './event-parser.js';
import {
  isPbxEvent,
  PBX_EVENT,
  type IncomingCallRequestEvent,
  type KnownPbxEventType,
  type PbxEvent,
} from './event.types.js';

const SN = '3631A2124XXX';
const ext = (number: string, status = 'ALERT') => ({
  extension: { number, channel_id: `PJSIP/${number}-00000012`, member_status: status, call_path: '' },
});
const callInfo = { call_id: '1651057476.362', members: [ext('2005'), ext('2002', 'RING')] };
const systemEvent = {
  event_name: 'sip_trunk_disconnect',
  event_type: 'telephony',
  event_level: 'warn',
  event_content: 'Trunk peer-to-41 lost registration',
  create_time: '2026/01/16 16:00:49',
};

interface Case {
  /** The payload as the PBX documents it. */
  msg: Record<string, unknown>;
  /** What the typed event's msg must contain after normalisation. */
  expected: Record<string, unknown>;
  /** A required field; deleting it must make the frame malformed with a reason naming it. */
  required: string;
}

// One example per event in its documented shape (docs/pbx/events.md), values shortened.
const CASES: Record<KnownPbxEventType, Case> = {
  30006: {
    msg: { id_list: ['3', 4], action: 'update', sn: SN },
    expected: { id_list: [3, 4] },
    required: 'action',
  },
  30007: {
    msg: { extension: '2010', kind: 'Mobile', status: 'Registered', registered_ip: '223.104.45.163' },
    expected: { extension: '2010', kind: 'Mobile', status: 'Registered' },
    required: 'extension',
  },
  30008: {
    msg: { extension: '2002', status: 'Ringing' },
    expected: { status: 'Ringing' },
    required: 'status',
  },
  30009: {
    msg: { extension: '2002', status: 'lunch' },
    expected: { status: 'lunch' },
    required: 'extension',
  },
  30010: {
    msg: { trunk_name: 'peer-to-41', kind: 'PJSIP', status: '41', registered_ip: '10.0.0.1:5060' },
    expected: { trunk_name: 'peer-to-41', status: 41 },
    required: 'trunk_name',
  },
  30011: { msg: callInfo, expected: callInfo, required: 'call_id' },
  30012: {
    msg: {
      call_id: '1651057476.362',
      time_start: '2025/08/22 16:44:40',
      call_from: '5503301',
      call_to: '2002',
      call_duration: '35',
      talk_duration: 30,
      src_trunk_name: 'peer-to-41',
      dst_trunk_name: '',
      pin_code: '',
      status: 'ANSWERD',
      type: 'Inbound',
      recording: '',
      did_number: '5550100',
      agent_ring_time: 5,
    },
    expected: {
      status: 'ANSWERED',
      type: 'inbound',
      call_duration: 35,
      talk_duration: 30,
      agent_ring_time: 5,
    },
    required: 'status',
  },
  30013: { msg: callInfo, expected: { call_id: '1651057476.362' }, required: 'members' },
  30014: { msg: callInfo, expected: { members: callInfo.members }, required: 'call_id' },
  30015: {
    msg: { ...callInfo, reason: 'User Busy' },
    expected: { reason: 'User Busy' },
    required: 'call_id',
  },
  30016: {
    msg: { call_id: '1648861726.280', members: [INBOUND_MEMBER] },
    expected: { call_id: '1648861726.280', members: [INBOUND_MEMBER] },
    required: 'members',
  },
  30017: {
    msg: { ...callInfo, info: '5', flag: '2', infos: '125' },
    expected: { info: '5', flag: 2 },
    required: 'info',
  },
  30018: {
    msg: { ...callInfo, prompt: 'welcome.wav' },
    expected: { prompt: 'welcome.wav' },
    required: 'prompt',
  },
  30019: {
    msg: { call_id: '1651057476.362', survey_result: 4 },
    expected: { survey_result: '4' },
    required: 'survey_result',
  },
  30020: {
    msg: { operation: 'call_start', extension: '2000', call_id: 32789, ip_address: '192.168.28.2:5060' },
    expected: { call_id: '32789', ip_address: '192.168.28.2:5060' },
    required: 'ip_address',
  },
  30022: {
    msg: { ext_number: '2010', option: 'UPDATE' },
    expected: { ext_number: '2010' },
    required: 'option',
  },
  30023: {
    msg: { trunk_name: 'peer-to-41', option: 'DELETE' },
    expected: { option: 'DELETE' },
    required: 'trunk_name',
  },
  30024: {
    msg: { conference_id: '1659575640.0', host_num: '2001' },
    expected: { conference_id: '1659575640.0' },
    required: 'host_num',
  },
  30025: {
    msg: {
      queue_number: '6402',
      agent_number: '2010',
      calls: [
        { caller_number: '5003300', call_id: '1713151497.32' },
        { caller_number: '5003301', call_id: '1713151475.26' },
      ],
    },
    expected: {
      queue_number: '6402',
      queue: '6402',
      calls: [{ caller_number: '5003300', call_id: '1713151497.32' }, expect.anything()],
    },
    required: 'agent_number',
  },
  30028: {
    msg: {
      display: 1,
      trigger_call_note_popup: 1,
      sip_call_id: 'Dr0g057K.JEPBzH4FYKNZ60N7mgP5cD7',
      call_note_id: '20250306093306-5E6B3',
      group_id: '1741224782.220',
      ext_num: '2001',
      channel: 'PJSIP/2001-0000001b',
    },
    expected: { display: 1, call_note_id: '20250306093306-5E6B3', group_id: '1741224782.220' },
    required: 'call_note_id',
  },
  30029: {
    msg: { queue_number: 'queue-6402', agent_number: '1002', status: 'Paused', reason: 'Lunch' },
    expected: { queue_number: 'queue-6402', queue: '6402', status: 'Paused', reason: 'Lunch' },
    required: 'agent_number',
  },
  30034: {
    msg: { ...systemEvent, event_level: 'info' },
    expected: { event_level: 'info' },
    required: 'event_name',
  },
  30035: { msg: systemEvent, expected: systemEvent, required: 'event_type' },
  30036: {
    msg: { ...systemEvent, event_level: 'error' },
    expected: { event_level: 'error' },
    required: 'event_name',
  },
  30038: {
    msg: { data: { session_id: 23, read_msg_id: '142', user_id: 0, read_time: 1786332157 } },
    expected: { data: { session_id: 23, read_msg_id: 142, user_id: 0, read_time: 1786332157 } },
    required: 'data',
  },
};

const KIND_OF = Object.fromEntries(Object.entries(PBX_EVENT).map(([name, id]) => [id, name.toLowerCase()]));

function eventOf(frame: PbxFrame): PbxEvent {
  if (frame.kind !== 'event') throw new Error(`expected an event, got ${JSON.stringify(frame)}`);
  return frame.event;
}

describe('parsePbxFrame: every known event', () => {
  it('has a case for every id in PBX_EVENT and a rule for each', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.values(PBX_EVENT).map(String).sort());
    expect(Object.keys(PBX_EVENT_MSG_RULES).sort()).toEqual(Object.keys(CASES).sort());
  });

  describe.each(Object.entries(CASES).map(([type, c]) => [Number(type) as KnownPbxEventType, c] as const))(
    '%i',
    (type, { msg, expected, required }) => {
      it('decodes the frame as the PBX encodes it into a typed, normalised event', () => {
        const event = eventOf(parsePbxFrame(JSON.stringify(encodePbxEventFrame(type, msg, SN))));
        expect(event.type).toBe(type);
        expect(event.kind).toBe(KIND_OF[type]);
        expect(event.msg).toMatchObject(expected);
        expect(isPbxEvent(event, type)).toBe(true);
      });

      it('decodes the other msg encoding the same way', () => {
        const encoded = encodePbxEventFrame(type, msg, SN);
        const other = typeof encoded.msg === 'string' ? msg : JSON.stringify(msg);
        const event = eventOf(parsePbxFrame(JSON.stringify({ ...encoded, msg: other })));
        expect(event.msg).toMatchObject(expected);
      });

      it(`is malformed, naming ${required}, when ${required} is missing`, () => {
        const { [required]: _removed, ...rest } = msg;
        const frame = parsePbxFrame(JSON.stringify(encodePbxEventFrame(type, rest, SN)));
        expect(frame).toMatchObject({ kind: 'malformed', type });
        expect(frame.kind === 'malformed' && frame.reason).toContain(`msg.${required}`);
      });
    },
  );
});

describe('parsePbxFrame: details', () => {
  it('keeps sn when present and leaves it out when the event has none', () => {
    expect(eventOf(parsePbxFrame(JSON.stringify(encodePbxEventFrame(30008, CASES[30008].msg, SN)))).sn).toBe(
      SN,
    );
    const noSn = eventOf(parsePbxFrame(JSON.stringify(encodePbxEventFrame(30022, CASES[30022].msg, SN))));
    expect(noSn).not.toHaveProperty('sn');
  });

  it('accepts the event type as numeric text', () => {
    const event = eventOf(parsePbxFrame(JSON.stringify({ type: '30008', sn: SN, msg: CASES[30008].msg })));
    expect(event).toMatchObject({ type: 30008, kind: 'extension_call_status_changed' });
  });

  it('30012 normalises every status and type spelling', () => {
    const cdr = (status: string, type: string) =>
      eventOf(parsePbxFrame(JSON.stringify({ type: 30012, msg: { call_id: '1.1', status, type } }))).msg;
    expect(cdr('answered', 'OUTBOUND')).toMatchObject({ status: 'ANSWERED', type: 'outbound' });
    expect(cdr('No Answer', 'internal')).toMatchObject({ status: 'NO ANSWER', type: 'internal' });
    expect(cdr('BUSY', 'Inbound')).toMatchObject({ status: 'BUSY', type: 'inbound' });
  });

  it('treats null as absent: optional fields disappear, required ones are reported', () => {
    const ok = eventOf(
      parsePbxFrame(JSON.stringify({ type: 30029, msg: { ...CASES[30029].msg, reason: null } })),
    );
    expect(ok.msg).not.toHaveProperty('reason');
    const bad = parsePbxFrame(JSON.stringify({ type: 30029, msg: { ...CASES[30029].msg, status: null } }));
    expect(bad).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('msg.status is required'),
    });
  });

  it('names the exact member field that is wrong', () => {
    const members = [ext('2005'), { extension: { number: '2002', member_status: 'RING' } }];
    const frame = parsePbxFrame(JSON.stringify({ type: 30011, msg: { call_id: '1.1', members } }));
    expect(frame).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('members[1].extension.channel_id'),
    });
    const two = parsePbxFrame(
      JSON.stringify({ type: 30011, msg: { call_id: '1.1', members: [{ ...ext('1'), ...INBOUND_MEMBER }] } }),
    );
    expect(two).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('exactly one of extension, inbound, outbound'),
    });
  });

  it('fills leg text fields the PBX left out with empty strings, as the call types promise', () => {
    const members = [
      { extension: { number: '2001', channel_id: 'PJSIP/2001-1', member_status: 'ANSWER' } },
      { outbound: { to: '5550100', channel_id: 'PJSIP/trunk-1', member_status: 'EARLYMEDIA' } },
    ];
    const event = eventOf(parsePbxFrame(JSON.stringify({ type: 30011, msg: { call_id: 7, members } })));
    expect(event.msg).toEqual({
      call_id: '7',
      members: [
        { extension: { number: '2001', channel_id: 'PJSIP/2001-1', member_status: 'ANSWER', call_path: '' } },
        {
          outbound: {
            from: '',
            to: '5550100',
            trunk_name: '',
            channel_id: 'PJSIP/trunk-1',
            member_status: 'EARLYMEDIA',
            call_path: '',
          },
        },
      ],
    });
  });

  it('reports a wrongly typed field and how many more are wrong', () => {
    const frame = parsePbxFrame(JSON.stringify({ type: 30010, msg: { trunk_name: 5, status: 'up' } }));
    expect(frame).toMatchObject({ kind: 'malformed', type: 30010 });
    expect(frame.kind === 'malformed' && frame.reason).toMatch(
      /^30010 msg\.trunk_name must be a string.*\(\+1 more\)$/,
    );
  });

  it('30016 needs at least one member', () => {
    const frame = parsePbxFrame(JSON.stringify({ type: 30016, msg: { call_id: '1.1', members: [] } }));
    expect(frame).toMatchObject({ kind: 'malformed', reason: expect.stringContaining('msg.members') });
  });

  it('delivers an unknown event type with its msg parsed from either encoding', () => {
    for (const msg of ['{"foo":1}', { foo: 1 }]) {
      expect(eventOf(parsePbxFrame(JSON.stringify({ type: 30099, sn: SN, msg })))).toEqual({
        type: 30099,
        kind: 'unknown',
        sn: SN,
        msg: { foo: 1 },
      });
    }
  });

  it('reads the subscription envelopes and the heartbeat answer', () => {
    expect(parsePbxFrame('{"errcode":0,"errmsg":"SUCCESS"}')).toEqual({ kind: 'subscribed' });
    expect(parsePbxFrame('{"errcode":"10004","errmsg":"INVALID ACCESS TOKEN"}')).toEqual({
      kind: 'subscribe_failed',
      errcode: 10004,
      errmsg: 'INVALID ACCESS TOKEN',
    });
    expect(parsePbxFrame('heartbeat response')).toEqual({ kind: 'heartbeat_response' });
    expect(parsePbxFrame('heartbeat response\n')).toEqual({ kind: 'heartbeat_response' });
  });

  it.each([
    ['not json', 'frame is not JSON'],
    ['[1,2]', 'frame is not a JSON object'],
    ['"text"', 'frame is not a JSON object'],
    ['{"errcode":"x"}', 'errcode must be an integer'],
    ['{"sn":"x","msg":{}}', 'type is missing or not an integer event id'],
    ['{"type":"abc","msg":{}}', 'type is missing or not an integer event id'],
    ['{"type":30008,"msg":"{not json"}', '30008 msg must be a JSON object or a JSON-encoded object'],
    ['{"type":30099}', '30099 msg must be a JSON object or a JSON-encoded object'],
    ['{"type":30008,"msg":"[1]"}', '30008 msg must be a JSON object'],
  ])('reports %j as malformed (%s) without throwing', (text, reason) => {
    const frame = parsePbxFrame(text);
    expect(frame.kind).toBe('malformed');
    expect(frame.kind === 'malformed' && frame.reason).toContain(reason);
  });

  it('types: kind narrows the union, isPbxEvent narrows by id', () => {
    const event = eventOf(parsePbxFrame(JSON.stringify(encodePbxEventFrame(30016, CASES[30016].msg, SN))));
    if (event.kind === 'incoming_call_request') {
      expectTypeOf(event).toEqualTypeOf<IncomingCallRequestEvent>();
      expectTypeOf(event.msg.members).items.toEqualTypeOf<CallMember>();
    }
    if (isPbxEvent(event, 30029)) expectTypeOf(event.msg.queue).toBeString();
    if (event.kind === 'new_cdr') expectTypeOf(event.msg.call_duration).toEqualTypeOf<number | undefined>();
    if (event.kind === 'unknown') expectTypeOf(event.msg).toEqualTypeOf<Record<string, unknown>>();
    expect(isPbxEvent(event, 30016)).toBe(true);
    expect(isPbxEvent(event, 30011)).toBe(false);
  });
});
