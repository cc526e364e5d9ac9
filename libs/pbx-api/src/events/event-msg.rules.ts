import { int, obj, reqId, reqInt, reqStr, str } from '../rules/builders.js';
import type { FieldRule, ObjectRule } from '../rules/schema.js';
import type { KnownPbxEventType } from './event.types.js';

// The same rule vocabulary as the operation catalogue: a frame is checked with `validate()` (integers may
// arrive as text) before it is normalised. `required` strings must be non-empty; identifying fields are
// required, descriptive ones optional, so a firmware that omits a detail does not lose the event.
const extensionLeg = obj({
  number: reqStr(),
  channel_id: reqStr(),
  member_status: reqStr(),
  call_path: str(),
});

const trunkLeg = obj({
  from: str(),
  to: str(),
  trunk_name: str(),
  channel_id: reqStr(),
  member_status: reqStr(),
  call_path: str(),
});

/** One `Call_Info` member: exactly one of `extension`, `inbound`, `outbound`. */
export const CALL_MEMBER_RULE: ObjectRule = obj(
  { extension: extensionLeg, inbound: trunkLeg, outbound: trunkLeg },
  { exactlyOneOf: [['extension', 'inbound', 'outbound']] },
);

const callInfoFields = {
  call_id: reqId(),
  members: { type: 'array', items: CALL_MEMBER_RULE, required: true, minItems: 0 },
} satisfies Record<string, FieldRule>;

const systemEvent = obj({
  event_name: reqStr(),
  event_type: reqStr(),
  event_level: str(),
  event_content: str(),
  create_time: str(),
});

/**
 * What each known event's `msg` must hold, as data. The client's parser reports a frame that breaks these
 * as malformed; the simulator can check what it publishes against the same objects.
 */
export const PBX_EVENT_MSG_RULES: Readonly<Record<KnownPbxEventType, ObjectRule>> = {
  30006: obj({
    id_list: { type: 'array', items: reqInt(), required: true, minItems: 0 },
    action: reqStr(),
    sn: str(),
  }),
  30007: obj({ extension: reqStr(), kind: str(), status: reqStr(), registered_ip: str() }),
  30008: obj({ extension: reqStr(), status: reqStr() }),
  30009: obj({ extension: reqStr(), status: reqStr() }),
  30010: obj({ trunk_name: reqStr(), kind: str(), status: reqInt(), registered_ip: str() }),
  30011: obj(callInfoFields),
  30012: obj({
    call_id: reqId(),
    time_start: str(),
    call_from: str(),
    call_to: str(),
    call_duration: int(),
    talk_duration: int(),
    src_trunk_name: str(),
    dst_trunk_name: str(),
    pin_code: str(),
    status: reqStr(),
    type: reqStr(),
    recording: str(),
    did_number: str(),
    agent_ring_time: int(),
  }),
  30013: obj(callInfoFields),
  30014: obj(callInfoFields),
  30015: obj({ ...callInfoFields, reason: str() }),
  30016: obj({
    call_id: reqId(),
    members: { type: 'array', items: CALL_MEMBER_RULE, required: true, minItems: 1 },
  }),
  30017: obj({ ...callInfoFields, info: reqStr(), flag: reqInt(), infos: str() }),
  30018: obj({ ...callInfoFields, prompt: reqStr() }),
  30019: obj({ call_id: reqId(), survey_result: reqId() }),
  30020: obj({ operation: reqStr(), extension: reqStr(), call_id: reqId(), ip_address: reqStr() }),
  30022: obj({ ext_number: reqStr(), option: reqStr() }),
  30023: obj({ trunk_name: reqStr(), option: reqStr() }),
  30024: obj({ conference_id: reqId(), host_num: reqStr() }),
  30025: obj({
    queue_number: reqId(),
    agent_number: reqStr(),
    calls: { type: 'array', items: obj({ call_id: reqId(), caller_number: str() }), minItems: 0 },
  }),
  30028: obj({
    display: reqInt(),
    trigger_call_note_popup: int(),
    sip_call_id: str(),
    call_note_id: reqId(),
    group_id: reqId(),
    ext_num: str(),
    channel: str(),
  }),
  30029: obj({ queue_number: reqId(), agent_number: reqStr(), status: reqStr(), reason: str() }),
  30034: systemEvent,
  30035: systemEvent,
  30036: systemEvent,
  30038: obj({
    data: obj(
      { session_id: reqInt(), read_msg_id: reqInt(), user_id: int(), read_time: reqInt() },
      { required: true },
    ),
  }),
};
