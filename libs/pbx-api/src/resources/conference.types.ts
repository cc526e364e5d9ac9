import type { PbxSuccess } from '../types.js';
import type { KnownString } from './common.types.js';
import type { CallMemberStatusWire } from './call.types.js';

/** Query of conference/query_ongoing_conference. */
export interface ConferenceQueryOngoingParams {
  /** Conference number. */
  number: string;
}

/** A participant of an ongoing conference. */
export interface OngoingConferenceMember {
  /** Number of the participant. */
  from: string;
  /** `<no name>` for extensions. */
  trunk_name: string;
  /** What kick and mute take. */
  channel_id: string;
  /** e.g. `ext`. */
  member_type: KnownString<'ext'>;
  member_status: CallMemberStatusWire;
}

/** A scheduled or instant conference in progress (docs/pbx/conferences.md#ongoing-conferences). */
export interface OngoingConference {
  call_id: string;
  conference_number: string;
  conference_name: string;
  members: OngoingConferenceMember[];
}

/** Answer of conference/query_ongoing_conference. */
export interface ConferenceQueryOngoingResponse extends PbxSuccess {
  data: OngoingConference[];
}

/** Body of conference/kick_member. */
export interface ConferenceKickMemberParams {
  /** One member channel ID, several separated by commas, or `all`. */
  member_channel_id: string;
  /** Conference number. */
  number: string;
}

/** Answer of conference/kick_member. */
export type ConferenceKickMemberResponse = PbxSuccess;
