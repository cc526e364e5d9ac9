/**
 * The public surface of @switchboard/pbx-api: everything else is private to the library.
 * Adding or removing a runtime export is a deliberate change; public-surface.spec.ts pins the list.
 */

// The client and its options.
export { DEFAULT_USER_AGENT, PbxClient, type PbxAuthOptions, type PbxClientOptions } from './client.js';
export type { PbxTlsOptions } from './tls.js';
export type { RequestOptions } from './internal/requester.js';
export type { PbxLogger } from './internal/transport.js';
export type { BackoffOptions } from './internal/backoff.js';

// Errors and PBX errcodes.
export {
  PbxApiError,
  PbxAuthError,
  PbxError,
  PbxTimeoutError,
  PbxTransportError,
  PbxValidationError,
  type PbxInvalidParam,
  type PbxDuplicateField,
} from './errors.js';
export { isTokenErrcode, PBX_ERRCODE, PBX_ERRMSG } from './errcodes.js';

// Token providers.
export type {
  TokenApi,
  TokenGetParams,
  TokenProvider,
  TokenRefreshParams,
  TokenResponse,
} from './auth/token.types.js';
export { StaticTokenProvider } from './auth/static-token.provider.js';
export {
  ClientCredentialsTokenProvider,
  type ClientCredentialsOptions,
} from './auth/client-credentials.provider.js';

// The interface's rules as data, the validator that applies them, the response shapes and every operation's
// wire types: the browser-safe part of the library, also its `./rules` entry.
export * from './rules/index.js';

// Resources: each class (reached as a property of PbxClient), its params and responses.
export type { AgentResource } from './resources/agent.js';
export type { AllowNumbersResource } from './resources/allow-numbers.js';
export type { AuthResource } from './resources/auth.js';
export type { BlockNumbersResource } from './resources/block-numbers.js';
export type { CallNoteResource } from './resources/call-note.js';
export type { CallResource } from './resources/call.js';
export type { CdrResource } from './resources/cdr.js';
export type { CompanyContactResource } from './resources/company-contact.js';
export type { ConferenceResource } from './resources/conference.js';
export type { InboundRouteResource } from './resources/inbound-route.js';
export type { IvrResource } from './resources/ivr.js';
export type { MessageChannelResource } from './resources/message-channel.js';
export type { MessageQueueResource } from './resources/message-queue.js';
export type { MessageSessionResource } from './resources/message-session.js';
export type { PhoneResource } from './resources/phone.js';
export type { PinListResource } from './resources/pin-list.js';
export type { QueuePauseReasonResource } from './resources/queue-pause-reason.js';
export type { ExtensionResource } from './resources/extension.js';
// Reading an extension row's online status (docs/pbx/configuration.md#online-status).
export { extensionOnline, type ExtensionOnline, type LinkusEndpoint } from './resources/extension-online.js';
export type { QueueResource } from './resources/queue.js';
export type { RecordingResource } from './resources/recording.js';
export type { SystemResource } from './resources/system.js';
export type { UacstaCallResource } from './resources/uacsta-call.js';

// Quirks of the interface, public for servers that speak it too (the simulator) and for readers of its answers.
export {
  companyContactIds,
  IVR_INVALID_FLAG,
  IVR_INVALID_FLAG_SAMPLE_SPELLING,
  ivrCreateCanonical,
  normaliseCallType,
  normaliseCdrStatus,
  parsePhonebookIds,
  toInt,
  type CallType,
  type CdrStatus,
  type NormalisedCdr,
} from './quirks.js';

// Events: the stream, event types, the frame parser and, for servers, the frame encoder.
export {
  isPbxEvent,
  PBX_EVENT,
  type AgentAutoPauseEvent,
  type AgentStatusChangedEvent,
  type CallFailedEvent,
  type CallForwardEvent,
  type CallNoteStatusUpdatedEvent,
  type CallStatusChangedEvent,
  type CallTransferEvent,
  type ConferenceNoHostEvent,
  type DtmfEvent,
  type ExtensionCallStatusChangedEvent,
  type ExtensionConfigChangedEvent,
  type ExtensionPresenceChangedEvent,
  type ExtensionRegistrationChangedEvent,
  type IncomingCallRequestEvent,
  type KnownPbxEvent,
  type KnownPbxEventType,
  type NewCdrEvent,
  type OrganizationChangedEvent,
  type PbxEvent,
  type PbxEventKind,
  type PbxEventName,
  type PbxEventOf,
  type PlayPromptEndEvent,
  type ReadReceiptEvent,
  type SatisfactionSurveyEvent,
  type SystemEventAlertEvent,
  type SystemEventInfoEvent,
  type SystemEventWarningEvent,
  type TrunkConfigChangedEvent,
  type TrunkRegistrationChangedEvent,
  type UacstaCallEvent,
  type UnknownPbxEvent,
} from './events/event.types.js';
export type {
  AgentAutoPauseCall,
  AgentAutoPauseMsg,
  AgentStatusChangedMsg,
  CallFailedMsg,
  CallNoteStatusUpdatedMsg,
  ConferenceNoHostMsg,
  DtmfMsg,
  ExtensionCallStatusChangedMsg,
  ExtensionConfigChangedMsg,
  ExtensionPresenceChangedMsg,
  ExtensionRegistrationChangedMsg,
  IncomingCallRequestMsg,
  NewCdrMsg,
  OrganizationChangedMsg,
  PbxEventMsgMap,
  PlayPromptEndMsg,
  ReadReceiptMsg,
  SatisfactionSurveyMsg,
  SystemEventMsg,
  TrunkConfigChangedMsg,
  TrunkRegistrationChangedMsg,
  UacstaCallMsg,
} from './events/event-msg.types.js';
export {
  PbxEventStream,
  type PbxEventStreamEvents,
  type PbxEventStreamState,
  type PbxEventStreamStatus,
  type PbxMalformedFrame,
} from './events/event-stream.js';
export type { PbxEventStreamOptions } from './events/event-stream.options.js';
export { parsePbxFrame, type PbxFrame } from './events/event-parser.js';
export { encodePbxEventFrame, EVENT_MSG_ENCODING, type PbxEventFrame } from './events/event-encoding.js';

// PBX time: its text formats and wall-clock time in a zone.
export { PbxTimeFormat, type PbxTimeFormatOptions } from './time/pbx-time.js';
export { wallTimeAt, zonedDayStart, type WallTime } from './time/zoned-time.js';

// Menu options (docs/pbx/records.md#menu-options) and call-note updates (docs/pbx/records.md#updating-a-call-note).
export { CALL_NOTE_IN_CALL_SAMPLE_SPELLING, callNoteUpdateCanonical, menuOptionsMenu } from './quirks.js';

// Recording search (docs/pbx/records.md#recording-search) and download (docs/pbx/records.md#recording-download).
export type { PbxFileHeaders, PbxFileStream } from './internal/file-stream.js';

// Configuration reads and edits: list / search / get / query / update / delete, phones, contacts and messaging
// (docs/pbx/configuration.md#reading-and-editing-configuration).
export type { NumberRuleOperations } from './resources/number-rules.js';
