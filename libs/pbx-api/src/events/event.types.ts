import type { PbxEventMsgMap } from './event-msg.types.js';

/** Event IDs by name. The name, lower-cased, is the event's `kind`. */
export const PBX_EVENT = {
  ORGANIZATION_CHANGED: 30006,
  EXTENSION_REGISTRATION_CHANGED: 30007,
  EXTENSION_CALL_STATUS_CHANGED: 30008,
  EXTENSION_PRESENCE_CHANGED: 30009,
  TRUNK_REGISTRATION_CHANGED: 30010,
  CALL_STATUS_CHANGED: 30011,
  NEW_CDR: 30012,
  CALL_TRANSFER: 30013,
  CALL_FORWARD: 30014,
  CALL_FAILED: 30015,
  INCOMING_CALL_REQUEST: 30016,
  DTMF: 30017,
  PLAY_PROMPT_END: 30018,
  SATISFACTION_SURVEY: 30019,
  UACSTA_CALL: 30020,
  EXTENSION_CONFIG_CHANGED: 30022,
  TRUNK_CONFIG_CHANGED: 30023,
  CONFERENCE_NO_HOST: 30024,
  AGENT_AUTO_PAUSE: 30025,
  CALL_NOTE_STATUS_UPDATED: 30028,
  AGENT_STATUS_CHANGED: 30029,
  SYSTEM_EVENT_INFO: 30034,
  SYSTEM_EVENT_WARNING: 30035,
  SYSTEM_EVENT_ALERT: 30036,
  READ_RECEIPT: 30038,
} as const;

/** A name of {@link PBX_EVENT}. */
export type PbxEventName = keyof typeof PBX_EVENT;
/** An event ID this library decodes into a typed event. */
export type KnownPbxEventType = (typeof PBX_EVENT)[PbxEventName];
/** The `kind` of a decoded event: its {@link PBX_EVENT} name in lower case. */
export type PbxEventKind = Lowercase<PbxEventName>;

type KindOf<T extends KnownPbxEventType> = {
  [N in PbxEventName]: (typeof PBX_EVENT)[N] extends T ? Lowercase<N> : never;
}[PbxEventName];

/** A decoded event of type `T`. `sn` is the PBX serial number, absent on some events. */
export interface PbxEventOf<T extends KnownPbxEventType> {
  type: T;
  kind: KindOf<T>;
  sn?: string;
  msg: PbxEventMsgMap[T];
}

/** An event ID this library does not decode; delivered as sent (msg parsed), never dropped. */
export interface UnknownPbxEvent {
  type: number;
  kind: 'unknown';
  sn?: string;
  msg: Record<string, unknown>;
}

/** 30006: Organization Changed. */
export type OrganizationChangedEvent = PbxEventOf<30006>;
/** 30007: Extension Registration Changed. */
export type ExtensionRegistrationChangedEvent = PbxEventOf<30007>;
/** 30008: Extension Call Status Changed. */
export type ExtensionCallStatusChangedEvent = PbxEventOf<30008>;
/** 30009: Extension Presence Changed. */
export type ExtensionPresenceChangedEvent = PbxEventOf<30009>;
/** 30010: Trunk Registration Changed. */
export type TrunkRegistrationChangedEvent = PbxEventOf<30010>;
/** 30011: Call Status Changed. */
export type CallStatusChangedEvent = PbxEventOf<30011>;
/** 30012: New Cdr. */
export type NewCdrEvent = PbxEventOf<30012>;
/** 30013: Call Transfer. */
export type CallTransferEvent = PbxEventOf<30013>;
/** 30014: Call Forward. */
export type CallForwardEvent = PbxEventOf<30014>;
/** 30015: Call Failed. */
export type CallFailedEvent = PbxEventOf<30015>;
/** 30016: Incoming Call Request. */
export type IncomingCallRequestEvent = PbxEventOf<30016>;
/** 30017: Dtmf. */
export type DtmfEvent = PbxEventOf<30017>;
/** 30018: Play Prompt End. */
export type PlayPromptEndEvent = PbxEventOf<30018>;
/** 30019: Satisfaction Survey. */
export type SatisfactionSurveyEvent = PbxEventOf<30019>;
/** 30020: uaCSTA Call. */
export type UacstaCallEvent = PbxEventOf<30020>;
/** 30022: Extension Config Changed. */
export type ExtensionConfigChangedEvent = PbxEventOf<30022>;
/** 30023: Trunk Config Changed. */
export type TrunkConfigChangedEvent = PbxEventOf<30023>;
/** 30024: Conference No Host. */
export type ConferenceNoHostEvent = PbxEventOf<30024>;
/** 30025: Agent Auto Pause. */
export type AgentAutoPauseEvent = PbxEventOf<30025>;
/** 30028: Call Note Status Updated. */
export type CallNoteStatusUpdatedEvent = PbxEventOf<30028>;
/** 30029: Agent Status Changed. */
export type AgentStatusChangedEvent = PbxEventOf<30029>;
/** 30034: System Event Info. */
export type SystemEventInfoEvent = PbxEventOf<30034>;
/** 30035: System Event Warning. */
export type SystemEventWarningEvent = PbxEventOf<30035>;
/** 30036: System Event Alert. */
export type SystemEventAlertEvent = PbxEventOf<30036>;
/** 30038: Read Receipt. */
export type ReadReceiptEvent = PbxEventOf<30038>;

/** Any decoded event of a known type. */
export type KnownPbxEvent = { [T in KnownPbxEventType]: PbxEventOf<T> }[KnownPbxEventType];

/**
 * Any event from the PBX. Narrow on `kind` (unique per variant; `type` alone cannot narrow because an
 * unknown event's `type` is any number), or with {@link isPbxEvent}.
 */
export type PbxEvent = KnownPbxEvent | UnknownPbxEvent;

/** True when `event` is the decoded event `type` (never for an unknown event). */
export function isPbxEvent<T extends KnownPbxEventType>(
  event: PbxEvent,
  type: T,
): event is Extract<KnownPbxEvent, { type: T }> {
  return event.kind !== 'unknown' && event.type === type;
}
