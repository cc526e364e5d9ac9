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

/** Body of conference/mute_member. */
export interface ConferenceMuteMemberParams {
  /** One member channel ID, several separated by commas, or `all`. */
  member_channel_id: string;
  /** Conference number. */
  number: string;
}

/** Answer of conference/mute_member. */
export type ConferenceMuteMemberResponse = PbxSuccess;

/** Body of conference/invite_member (docs/pbx/conferences.md#muting-and-inviting-members). */
export interface ConferenceInviteMemberParams {
  /** Numbers to call into the conference: extensions or external numbers. */
  invitemembers: string[];
  /** Extension number whose call permission places the calls; it needs outbound permission for external numbers. */
  dialpermission: string;
  /** Conference number. */
  number: string;
}

/** Answer of conference/invite_member. */
export type ConferenceInviteMemberResponse = PbxSuccess;

/** Query of conference/list (docs/pbx/conferences.md#scheduled-conferences). */
export interface ConferenceListParams {
  page: number;
  page_size: number;
  /** Default `number`. */
  sort_by?: 'number' | 'name';
  /** Default `asc`. */
  order_by?: 'asc' | 'desc';
}

/** A moderator of a scheduled conference. */
export interface ConferenceModerator {
  /** Extension or extension group ID, as text. */
  id: string;
  name: string;
  type: KnownString<'extension' | 'ext_group'>;
}

/** A scheduled conference (Conference_Info of conference/list). */
export interface ScheduledConference {
  id: number;
  name: string;
  number: string;
  moderator_list: ConferenceModerator[];
}

/** Answer of conference/list. */
export interface ConferenceListResponse extends PbxSuccess {
  total_number: number;
  data: ScheduledConference[];
}
