import type { CallType, CdrStatus } from '../quirks.js';
import type { CallInfo, CallMember } from '../resources/call.types.js';
import type { KnownString } from '../resources/common.types.js';

// Payloads (`msg`) of the known events, after normalisation, with the PBX's field names.

/** 30006: organisation structure changed. */
export interface OrganizationChangedMsg {
  id_list: number[];
  action: KnownString<'create' | 'update' | 'delete' | 'update_order' | 'update_extension'>;
  sn?: string;
}

/** 30007: an endpoint of an extension registered or unregistered. */
export interface ExtensionRegistrationChangedMsg {
  extension: string;
  /** `Sip`, `Mobile`, `Desktop`, `Web` or `Pad`. */
  kind?: string;
  /** `Registered` or `Unregistered`. */
  status: string;
  registered_ip?: string;
}

/** 30008: an extension's call state. */
export interface ExtensionCallStatusChangedMsg {
  extension: string;
  status: KnownString<'Ringing' | 'Busy' | 'Idle'>;
}

/** 30009: an extension's presence. */
export interface ExtensionPresenceChangedMsg {
  extension: string;
  /** `available`, `away`, `business_trip`, `do_not_disturb`, `lunch`, `off_work`. */
  status: string;
}

/** 30010: a trunk's registration state. */
export interface TrunkRegistrationChangedMsg {
  trunk_name: string;
  /** `PJSIP`, `GSM`, `E1`, `BRI`, `FXO`. */
  kind?: string;
  /**
   * 0 unknown, 1 idle, 2 busy, 3-5 registering or unmonitored, 11-44 faults
   * (docs/pbx/events.md#other-events).
   */
  status: number;
  registered_ip?: string;
}

/** 30012: a call finished and its CDR was written. `status` and `type` are normalised. */
export interface NewCdrMsg {
  call_id: string;
  /** Start, in the PBX display format (see `PbxTimeFormat`). */
  time_start?: string;
  call_from?: string;
  call_to?: string;
  /** Seconds, start to end. */
  call_duration?: number;
  /** Seconds, answer to end. */
  talk_duration?: number;
  /** Trimmed: the guide's example sends an empty text field as one space. */
  src_trunk_name?: string;
  dst_trunk_name?: string;
  pin_code?: string;
  /** `ANSWERD` and any letter case arrive as `ANSWERED`, `NO ANSWER`, `BUSY`, `VOICEMAIL`... */
  status: KnownString<CdrStatus>;
  /** Lower case whatever the PBX sent. */
  type: KnownString<CallType>;
  /** Recording file name. */
  recording?: string;
  /** Trimmed, as the trunk names. */
  did_number?: string;
  /**
   * Seconds from the call entering the queue to an agent's answer: the queue wait. `call_duration - talk_duration`
   * (and a CDR's `ring_duration`) count from the call's start, an IVR before the queue included.
   */
  agent_ring_time?: number;
}

/** 30015: a call failed, with the PBX's reason text (e.g. `User Busy`, `486 Busy here`). */
export interface CallFailedMsg extends CallInfo {
  reason?: string;
}

/** 30016: an inbound call is held on a controlled trunk for up to 10 s, waiting for accept or refuse. */
export interface IncomingCallRequestMsg {
  call_id: string;
  /** `inbound` legs; their `channel_id` is what call/accept_inbound and call/refuse_inbound take. */
  members: CallMember[];
}

/** 30017: a DTMF digit was pressed during a call. */
export interface DtmfMsg extends CallInfo {
  /** The digit. */
  info: string;
  /** Sequence number, from 0. */
  flag: number;
  /** Digits so far. */
  infos?: string;
}

/** 30018: a prompt finished playing. */
export interface PlayPromptEndMsg extends CallInfo {
  prompt: string;
}

/** 30019: a caller answered the satisfaction survey. */
export interface SatisfactionSurveyMsg {
  call_id: string;
  /** The key pressed, as text. */
  survey_result: string;
}

/** 30020: uaCSTA call report; the three values are what uacsta_call/refuse takes. */
export interface UacstaCallMsg {
  operation: KnownString<'call_start' | 'call_answer' | 'call_over'>;
  extension: string;
  /** The uaCSTA call id (not the normal call_id), as text. */
  call_id: string;
  /** `<ip>:<sip port>` of the phone. */
  ip_address: string;
}

/** 30022: an extension was created, updated or deleted. */
export interface ExtensionConfigChangedMsg {
  ext_number: string;
  option: KnownString<'CREATE' | 'UPDATE' | 'DELETE'>;
}

/** 30023: a trunk was created, updated or deleted. */
export interface TrunkConfigChangedMsg {
  trunk_name: string;
  option: KnownString<'CREATE' | 'UPDATE' | 'DELETE'>;
}

/** 30024: the host left an audio conference. */
export interface ConferenceNoHostMsg {
  conference_id: string;
  host_num: string;
}

/** A missed queue call that led to an automatic pause. */
export interface AgentAutoPauseCall {
  call_id: string;
  caller_number?: string;
}

/** 30025: an agent was paused automatically after missed calls. */
export interface AgentAutoPauseMsg {
  /** As sent. */
  queue_number: string;
  /** `queue_number` without a `queue-` prefix. */
  queue: string;
  agent_number: string;
  /** The missed calls; empty when the PBX listed none. */
  calls: AgentAutoPauseCall[];
}

/** 30028: call-note availability changed during a call; `call_note_id` and `group_id` feed callnotes/get. */
export interface CallNoteStatusUpdatedMsg {
  /** 1 when the call-note button is shown. */
  display: number;
  trigger_call_note_popup?: number;
  sip_call_id?: string;
  /** As text. */
  call_note_id: string;
  /** As text. */
  group_id: string;
  ext_num?: string;
  channel?: string;
}

/** 30029: a queue agent's state changed. */
export interface AgentStatusChangedMsg {
  /** As sent, e.g. `queue-6402`. */
  queue_number: string;
  /** `queue_number` without a `queue-` prefix, e.g. `6402`. */
  queue: string;
  agent_number: string;
  /** e.g. `Paused`; the full list is unpublished. */
  status: string;
  /** Pause reason. */
  reason?: string;
}

/** 30034-30036: a system event (information, warning, alert). */
export interface SystemEventMsg {
  /** e.g. `web_admin_login_succ`, `sip_trunk_disconnect`. */
  event_name: string;
  event_type: KnownString<'operation' | 'telephony' | 'system' | 'security' | 'reminder'>;
  event_level?: KnownString<'info' | 'warn' | 'error'>;
  event_content?: string;
  /** PBX display format, e.g. `2026/01/16 16:00:49`. */
  create_time?: string;
}

/** 30038: an external chat party read messages. */
export interface ReadReceiptMsg {
  data: {
    session_id: number;
    read_msg_id: number;
    user_id?: number;
    /** Epoch seconds. */
    read_time: number;
  };
}

/** Payload type of each known event. */
export interface PbxEventMsgMap {
  30006: OrganizationChangedMsg;
  30007: ExtensionRegistrationChangedMsg;
  30008: ExtensionCallStatusChangedMsg;
  30009: ExtensionPresenceChangedMsg;
  30010: TrunkRegistrationChangedMsg;
  30011: CallInfo;
  30012: NewCdrMsg;
  30013: CallInfo;
  30014: CallInfo;
  30015: CallFailedMsg;
  30016: IncomingCallRequestMsg;
  30017: DtmfMsg;
  30018: PlayPromptEndMsg;
  30019: SatisfactionSurveyMsg;
  30020: UacstaCallMsg;
  30022: ExtensionConfigChangedMsg;
  30023: TrunkConfigChangedMsg;
  30024: ConferenceNoHostMsg;
  30025: AgentAutoPauseMsg;
  30028: CallNoteStatusUpdatedMsg;
  30029: AgentStatusChangedMsg;
  30034: SystemEventMsg;
  30035: SystemEventMsg;
  30036: SystemEventMsg;
  30038: ReadReceiptMsg;
}
