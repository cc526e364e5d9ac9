import { normaliseCallType, normaliseCdrStatus, stripQueuePrefix, toInt } from '../quirks.js';
import type { CallInfo, CallMember } from '../resources/call.types.js';
import type { PbxEventMsgMap, SystemEventMsg } from './event-msg.types.js';
import type { KnownPbxEventType } from './event.types.js';

type Raw = Record<string, unknown>;

/** Normalises a `msg` that already passed its rule; turns it into the typed payload. */
export type MsgNormaliser<T extends KnownPbxEventType> = (raw: Raw) => PbxEventMsgMap[T];

/** Nulls mean "absent" on the wire; dropping them keeps optional fields `undefined`, as typed. */
export function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (typeof value !== 'object' || value === null) return value;
  const out: Raw = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== null) out[key] = dropNulls(field);
  }
  return out;
}

// The rule has checked types, so these only convert: IDs to text, integer text to numbers.
const text = (value: unknown): string => String(value);
const optText = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));
const optTrimmed = (value: unknown): string | undefined => optText(value)?.trim();
function int(value: unknown): number {
  const n = toInt(value);
  if (n === undefined) throw new TypeError(`expected an integer, got ${typeof value}`);
  return n;
}
const optInt = (value: unknown): number | undefined => (value === undefined ? undefined : int(value));

// Optional fields are only set when present, so a normalised payload has no `key: undefined` entries.
function defined<T extends Raw>(record: T): T {
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  return record;
}

/** Fields already in their final shape (strings checked by the rule). */
function asIs<T extends KnownPbxEventType>(): MsgNormaliser<T> {
  return (raw) => raw as unknown as PbxEventMsgMap[T];
}

// call/query and the resource types promise every leg field; an absent one reads as empty, as `call_path`
// already is when the call took no IVR, queue or group.
const LEG_DEFAULTS: Readonly<Record<string, Raw>> = {
  extension: { call_path: '' },
  inbound: { from: '', to: '', trunk_name: '', call_path: '' },
  outbound: { from: '', to: '', trunk_name: '', call_path: '' },
};

function member(raw: Raw): CallMember {
  const out: Raw = { ...raw };
  for (const [side, defaults] of Object.entries(LEG_DEFAULTS)) {
    if (raw[side] !== undefined) out[side] = { ...defaults, ...(raw[side] as Raw) };
  }
  return out as unknown as CallMember;
}

function callInfo<T extends Raw>(raw: T): T & CallInfo {
  return { ...raw, call_id: text(raw['call_id']), members: (raw['members'] as Raw[]).map(member) };
}

function agentFields(raw: Raw): { queue_number: string; queue: string } {
  const queueNumber = text(raw['queue_number']);
  return { queue_number: queueNumber, queue: stripQueuePrefix(queueNumber) };
}

// 30034-30036 share one payload; their text fields need no conversion.
const systemEvent = (raw: Raw): SystemEventMsg => raw as unknown as SystemEventMsg;

/** Per event: from the validated wire object to the typed payload (wire names kept, quirks handled). */
export const PBX_EVENT_MSG_NORMALISERS: { readonly [T in KnownPbxEventType]: MsgNormaliser<T> } = {
  30006: (raw) => ({
    ...(raw as Raw & PbxEventMsgMap[30006]),
    id_list: (raw['id_list'] as unknown[]).map(int),
  }),
  30007: asIs<30007>(),
  30008: asIs<30008>(),
  30009: asIs<30009>(),
  30010: (raw) => ({ ...(raw as Raw & PbxEventMsgMap[30010]), status: int(raw['status']) }),
  30011: (raw) => callInfo(raw),
  30012: (raw) =>
    defined({
      ...(raw as Raw & PbxEventMsgMap[30012]),
      call_id: text(raw['call_id']),
      status: normaliseCdrStatus(raw['status']),
      type: normaliseCallType(raw['type']),
      call_duration: optInt(raw['call_duration']),
      talk_duration: optInt(raw['talk_duration']),
      agent_ring_time: optInt(raw['agent_ring_time']),
      // The guide's example sends an empty text field as one space (docs/pbx/events.md#30012-new-cdr).
      src_trunk_name: optTrimmed(raw['src_trunk_name']),
      dst_trunk_name: optTrimmed(raw['dst_trunk_name']),
      pin_code: optTrimmed(raw['pin_code']),
      did_number: optTrimmed(raw['did_number']),
    }),
  30013: (raw) => callInfo(raw),
  30014: (raw) => callInfo(raw),
  30015: (raw) => callInfo(raw),
  30016: (raw) => callInfo(raw),
  30017: (raw) => ({ ...callInfo(raw as Raw & PbxEventMsgMap[30017]), flag: int(raw['flag']) }),
  30018: (raw) => callInfo(raw as Raw & PbxEventMsgMap[30018]),
  30019: (raw) => ({ ...raw, call_id: text(raw['call_id']), survey_result: text(raw['survey_result']) }),
  30020: (raw) => ({ ...(raw as Raw & PbxEventMsgMap[30020]), call_id: text(raw['call_id']) }),
  30022: asIs<30022>(),
  30023: asIs<30023>(),
  30024: (raw) => ({ ...(raw as Raw & PbxEventMsgMap[30024]), conference_id: text(raw['conference_id']) }),
  30025: (raw) => ({
    ...(raw as Raw & PbxEventMsgMap[30025]),
    ...agentFields(raw),
    calls: ((raw['calls'] as Raw[] | undefined) ?? []).map((call) =>
      defined({ ...call, call_id: text(call['call_id']), caller_number: optText(call['caller_number']) }),
    ),
  }),
  30028: (raw) =>
    defined({
      ...(raw as Raw & PbxEventMsgMap[30028]),
      display: int(raw['display']),
      trigger_call_note_popup: optInt(raw['trigger_call_note_popup']),
      call_note_id: text(raw['call_note_id']),
      group_id: text(raw['group_id']),
    }),
  30029: (raw) => ({ ...(raw as Raw & PbxEventMsgMap[30029]), ...agentFields(raw) }),
  30034: systemEvent,
  30035: systemEvent,
  30036: systemEvent,
  30038: (raw) => {
    const data = raw['data'] as Raw;
    return {
      ...raw,
      data: defined({
        ...data,
        session_id: int(data['session_id']),
        read_msg_id: int(data['read_msg_id']),
        user_id: optInt(data['user_id']),
        read_time: int(data['read_time']),
      }),
    };
  },
};
