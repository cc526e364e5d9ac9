import type { LISTEN_TYPES } from '../rules/operations.js';
import type { PbxSuccess } from '../types.js';
import type { KnownString } from './common.types.js';

/**
 * States of a call member (docs/pbx/events.md#call-members-and-states): `ALERT` caller hears ringback, `RING`
 * callee is ringing, `ANSWERED` the caller's call was answered, `ANSWER` callee answered and is talking,
 * `HOLD`, `BYE` hung up, `EARLYMEDIA` an outbound leg whose callee returned SIP 183.
 */
export const CALL_MEMBER_STATUSES = [
  'ALERT',
  'RING',
  'ANSWERED',
  'ANSWER',
  'HOLD',
  'BYE',
  'EARLYMEDIA',
] as const;

/** A documented state of a call member; see {@link CALL_MEMBER_STATUSES}. */
export type CallMemberStatus = (typeof CALL_MEMBER_STATUSES)[number];

/** A member state as the PBX sends it: a documented state, or another value passed through unchanged. */
export type CallMemberStatusWire = KnownString<CallMemberStatus>;

/** An extension taking part in a call. */
export interface CallExtensionLeg {
  /** Extension number. */
  number: string;
  channel_id: string;
  member_status: CallMemberStatusWire;
  /**
   * Number of the IVR, call flow, queue, ring group, paging group or conference the call went through;
   * empty (or a single space, as in event 30016) otherwise.
   */
  call_path: string;
}

/** A trunk leg of a call, inbound or outbound. */
export interface CallTrunkLeg {
  from: string;
  to: string;
  trunk_name: string;
  channel_id: string;
  member_status: CallMemberStatusWire;
  /** As for {@link CallExtensionLeg.call_path}. */
  call_path: string;
}

/** A member of a call: an object with exactly one of `extension`, `inbound`, `outbound`. Narrow with `in`. */
export type CallMember =
  | { extension: CallExtensionLeg; inbound?: never; outbound?: never }
  | { inbound: CallTrunkLeg; extension?: never; outbound?: never }
  | { outbound: CallTrunkLeg; extension?: never; inbound?: never };

/** A call and its members, as call/query and the call events (30011, 30013-30018) carry it. */
export interface CallInfo {
  /** `<unix-seconds>.<sequence>`, e.g. `1648861726.280`. */
  call_id: string;
  members: CallMember[];
}

/** Body of call/accept_inbound. */
export interface CallAcceptInboundParams {
  /** Channel ID of the held call, from event 30016. */
  channel_id: string;
}

/** Answer of call/accept_inbound. */
export interface CallAcceptInboundResponse extends PbxSuccess {
  call_id: string;
}

/** Body of call/refuse_inbound. */
export interface CallRefuseInboundParams {
  /** Channel ID of the held call, from event 30016. */
  channel_id: string;
}

/** Answer of call/refuse_inbound. */
export interface CallRefuseInboundResponse extends PbxSuccess {
  call_id: string;
}

/** Kinds of calls call/query can filter on. */
export type CallQueryType = 'inbound' | 'outbound' | 'internal';

/** Query of call/query: exactly one filter. */
export type CallQueryParams =
  | { call_id: string; type?: never; extension?: never }
  | { type: CallQueryType; call_id?: never; extension?: never }
  | { extension: string; call_id?: never; type?: never };

/** Answer of call/query: the ongoing calls that match. */
export interface CallQueryResponse extends PbxSuccess {
  data: CallInfo[];
}

/** How a supervisor monitors: `listen` hears only, `whisper` talks to the monitored extension only, `barge` joins. */
export type CallListenType = (typeof LISTEN_TYPES)[number];

/** Body of call/listen. */
export interface CallListenParams {
  /** Extension number of the supervisor. */
  monitor: string;
  /** Channel ID of the monitored party, from event 30011. */
  channel_id: string;
  type: CallListenType;
}

/**
 * Body of call/hangup (community-documented only: docs/pbx/call-control.md#hanging-up-a-channel): what it
 * ends, one member's channel or a paging or intercom call by its number.
 */
export type CallHangupParams =
  | {
      /** The channel to hang up, from event 30011 or call/query. */
      channel_id: string;
    }
  | {
      /** The paging or intercom group's number: ends that paging or intercom call. */
      paging_number: string;
    };

/** Answer of call/hangup. */
export interface CallHangupResponse extends PbxSuccess {
  /** The call the hung-up channel belonged to. */
  call_id: string;
}

/** Answer of call/listen. */
export interface CallListenResponse extends PbxSuccess {
  call_id: string;
}
