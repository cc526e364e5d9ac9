/**
 * The public surface of @switchboard/pbx-api: everything else is private to the library.
 * Adding or removing a runtime export is a deliberate change; public-surface.spec.ts pins the list.
 */

// The client and its options.
export { DEFAULT_USER_AGENT, PbxClient, type PbxAuthOptions, type PbxClientOptions } from './client.js';
export type { PbxSuccess } from './types.js';
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
  type FieldViolation,
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

// The interface's rules as data, and the validator that applies them.
export type {
  ArrayRule,
  Condition,
  FieldRule,
  HttpMethod,
  IdRule,
  IntegerRule,
  ObjectRule,
  OperationSpec,
  StringFormat,
  StringRule,
} from './rules/schema.js';
export { findOperation, PBX_OPERATIONS, type PbxOperationName } from './rules/operations.js';
export {
  PBX_RESPONSES,
  type ArrayShape,
  type NumberShape,
  type ObjectShape,
  type ResponseShape,
  type StringShape,
} from './rules/responses.js';
export { canonicalParams, validate, VALIDATE_LIMITS, type ValidateOptions } from './rules/validate.js';
export { FORMATS } from './rules/formats.js';
export { dialPatternMatches } from './dial-pattern.js';

// Resources: each class (reached as a property of PbxClient), its params and responses.
export type { AgentResource } from './resources/agent.js';
export type {
  AgentLoginParams,
  AgentLoginResponse,
  AgentLogoutParams,
  AgentLogoutResponse,
  AgentPauseParams,
  AgentPauseResponse,
  AgentUnpauseParams,
  AgentUnpauseResponse,
} from './resources/agent.types.js';
export type { AllowNumbersResource } from './resources/allow-numbers.js';
export type {
  AllowNumbersCreateParams,
  AllowNumbersCreateResponse,
  AllowNumbersQueryParams,
  AllowNumbersQueryResponse,
  AllowNumbersRule,
  NumberRuleLimitType,
} from './resources/allow-numbers.types.js';
export type { AuthResource } from './resources/auth.js';
export type { BlockNumbersResource } from './resources/block-numbers.js';
export type {
  BlockNumbersCreateParams,
  BlockNumbersCreateResponse,
  BlockNumbersDeleteParams,
  BlockNumbersDeleteResponse,
  BlockNumbersListParams,
  BlockNumbersListResponse,
  BlockNumbersRule,
} from './resources/block-numbers.types.js';
export type { CallNoteResource } from './resources/call-note.js';
export type {
  CallNote,
  CallNoteGetParams,
  CallNoteGetResponse,
  CallNoteUpdateEntry,
  DispositionCode,
} from './resources/call-note.types.js';
export type { CallResource } from './resources/call.js';
export type {
  CallAcceptInboundParams,
  CallAcceptInboundResponse,
  CallExtensionLeg,
  CallHangupParams,
  CallHangupResponse,
  CallInfo,
  CallListenParams,
  CallListenResponse,
  CallListenType,
  CallMember,
  CallMemberStatus,
  CallMemberStatusWire,
  CallQueryParams,
  CallQueryResponse,
  CallQueryType,
  CallRefuseInboundParams,
  CallRefuseInboundResponse,
  CallTrunkLeg,
} from './resources/call.types.js';
export type { CdrResource } from './resources/cdr.js';
export type {
  AiCallStatus,
  AiTranscriptionContext,
  AiTranscriptionLeg,
  CdrAiDownloadParams,
  CdrAiDownloadUrlParams,
  CdrAiDownloadUrlResponse,
  CdrCallType,
  CdrDetails,
  CdrDisposition,
  CdrIterateParams,
  CdrListParams,
  CdrListResponse,
  CdrListSortField,
  CdrRecord,
  CdrSearchParams,
  CdrSearchResponse,
} from './resources/cdr.types.js';
export type { KnownString, PbxCreatedResponse, PbxFlag } from './resources/common.types.js';
export type { CompanyContactResource } from './resources/company-contact.js';
export type {
  CompanyContact,
  CompanyContactNumber,
  CompanyContactNumberType,
  CompanyContactPhonebook,
  CompanyContactQueryParams,
  CompanyContactQueryResponse,
} from './resources/company-contact.types.js';
export type { ConferenceResource } from './resources/conference.js';
export type {
  ConferenceInviteMemberParams,
  ConferenceInviteMemberResponse,
  ConferenceKickMemberParams,
  ConferenceKickMemberResponse,
  ConferenceListParams,
  ConferenceListResponse,
  ConferenceModerator,
  ConferenceMuteMemberParams,
  ConferenceMuteMemberResponse,
  ConferenceQueryOngoingParams,
  ConferenceQueryOngoingResponse,
  OngoingConference,
  OngoingConferenceMember,
  ScheduledConference,
} from './resources/conference.types.js';
export type { InboundRouteResource } from './resources/inbound-route.js';
export type {
  InboundRoute,
  InboundRouteCidPattern,
  InboundRouteDestination,
  InboundRouteDidExtension,
  InboundRouteDidPattern,
  InboundRouteExtension,
  InboundRouteIterateParams,
  InboundRouteListParams,
  InboundRouteListResponse,
  InboundRouteQueryParams,
  InboundRouteQueryResponse,
  InboundRouteSearchParams,
  InboundRouteSortBy,
  InboundRouteSummary,
  InboundRouteTrunk,
  InboundRouteWire,
} from './resources/inbound-route.types.js';
export type { IvrResource } from './resources/ivr.js';
export type {
  IvrCallNumberEntry,
  IvrCreateBase,
  IvrCreateParams,
  IvrCreateResponse,
  IvrDestinationType,
  IvrDialExtensionFields,
  IvrDigitKey,
  IvrExtEntry,
  IvrKeyDestinations,
  IvrOutboundRouteFields,
  IvrPromptManagerFields,
  IvrRouteEntry,
} from './resources/ivr.types.js';
export type { MessageChannelResource } from './resources/message-channel.js';
export type {
  MessageChannelAuthInfo,
  MessageChannelDetail,
  MessageChannelGetParams,
  MessageChannelGetResponse,
  MessageChannelIterateParams,
  MessageChannelListParams,
  MessageChannelListResponse,
  MessageChannelStatus,
  MessageChannelSummary,
  MessageRouting,
  MessageRoutingMember,
  MessageTimeRange,
} from './resources/message-channel.types.js';
export type { MessageQueueResource } from './resources/message-queue.js';
export type {
  MessageQueueAssignmentMode,
  MessageQueueCreateParams,
  MessageQueueCreateResponse,
} from './resources/message-queue.types.js';
export type { MessageSessionResource } from './resources/message-session.js';
export type {
  MessageSession,
  MessageSessionAgent,
  MessageSessionCustomer,
  MessageSessionGetParams,
  MessageSessionGetResponse,
  MessageSessionPreChatForm,
} from './resources/message-session.types.js';
export type { PhoneResource } from './resources/phone.js';
export type {
  PhoneAssignment,
  PhoneBatchCreateParams,
  PhoneBatchCreateResponse,
  PhoneBatchUpdateParams,
  PhoneBatchUpdateResponse,
  PhoneOnsiteProxyProvisioning,
  PhoneReassignment,
  PhoneRpsProvisioning,
} from './resources/phone.types.js';
export type { PinListResource } from './resources/pin-list.js';
export type { PinListCreateParams, PinListCreateResponse } from './resources/pin-list.types.js';
export type { QueuePauseReasonResource } from './resources/queue-pause-reason.js';
export type { ExtensionResource } from './resources/extension.js';
export type {
  ExtensionBasicInfo,
  ExtensionDetails,
  ExtensionEndpointStatus,
  ExtensionGetParams,
  ExtensionGetResponse,
  ExtensionListParams,
  ExtensionListResponse,
  ExtensionOnlineStatus,
  ExtensionQueryParams,
  ExtensionQueryResponse,
  ExtensionSearchParams,
  ExtensionSearchResponse,
  ExtensionStatusMonitor,
  ExtensionStatusMonitorListResponse,
  SipRegistration,
} from './resources/extension.types.js';
// Reading an extension row's online status (docs/pbx/configuration.md#online-status).
export { extensionOnline, type ExtensionOnline, type LinkusEndpoint } from './resources/extension-online.js';
export type {
  QueuePauseReason,
  QueuePauseReasonListParams,
  QueuePauseReasonListResponse,
  QueuePauseReasonUpdateParams,
  QueuePauseReasonUpdateResponse,
} from './resources/queue-pause-reason.types.js';
export type { QueueResource } from './resources/queue.js';
export { AGENT_CALL_STATUS, type AgentCallStatus } from './resources/queue.types.js';
export type {
  QueueAgent,
  QueueAgentLoginParams,
  QueueAgentLoginResponse,
  QueueAgentLogoutParams,
  QueueAgentPauseParams,
  QueueAgentPauseResponse,
  QueueAgentStatusParams,
  QueueAgentStatusResponse,
  QueueCallEntry,
  QueueCallStatusParams,
  QueueCallStatusResponse,
  QueueListParams,
  QueueListResponse,
  QueueMemberRef,
  QueueSummary,
} from './resources/queue.types.js';
export type { RecordingResource } from './resources/recording.js';
export type {
  Recording,
  RecordingIterateParams,
  RecordingListParams,
  RecordingListResponse,
} from './resources/recording.types.js';
export type { SystemInformation, SystemInformationResponse, SystemResource } from './resources/system.js';
export type { UacstaCallResource } from './resources/uacsta-call.js';
export type {
  UacstaCallHangupParams,
  UacstaCallHangupResponse,
  UacstaCallRefuseParams,
  UacstaCallRefuseResponse,
} from './resources/uacsta-call.types.js';

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
export { CALL_NOTE_UPDATE_ENTRIES, MENU_OPTION_MENUS } from './rules/operations.js';
export { CALL_NOTE_IN_CALL_SAMPLE_SPELLING, callNoteUpdateCanonical, menuOptionsMenu } from './quirks.js';
export type {
  MenuOption,
  MenuOptionsMenu,
  MenuSubOption,
  SystemCapacity,
  SystemCapacityResponse,
  SystemMenuOptionsParams,
  SystemMenuOptionsResponse,
} from './resources/system.types.js';
export type {
  CallNoteUpdateParams,
  CallNoteUpdateResponse,
  CallNoteUpdateScenario,
} from './resources/call-note.types.js';

// Recording search (docs/pbx/records.md#recording-search) and download (docs/pbx/records.md#recording-download).
export type {
  RecordingDownloadResponse,
  RecordingOpenOptions,
  RecordingRef,
  RecordingSearchParams,
  RecordingSearchResponse,
  RecordingStream,
} from './resources/recording.types.js';
export type { PbxFileHeaders, PbxFileStream } from './internal/file-stream.js';

// Configuration reads and edits: list / search / get / query / update / delete, phones, contacts and messaging
// (docs/pbx/configuration.md#reading-and-editing-configuration).
export {
  IVR_DIAL_EXT_OPTIONS,
  IVR_KEYS,
  MESSAGE_QUEUE_ASSIGNMENT_MODES,
  PHONE_OPTION_MENUS,
  PROVISIONING_METHODS,
} from './rules/operations.js';
export type {
  PbxByIdParams,
  PbxByIdsParams,
  PbxDoneResponse,
  PbxListParams,
  PbxObjectResponse,
  PbxQueryResponse,
  PbxRowsResponse,
  PbxSearchParams,
} from './resources/editable.types.js';
export type {
  NumberRule,
  NumberRuleFields,
  NumberRuleListParams,
  NumberRuleOperations,
  NumberRuleSearchParams,
  NumberRuleUpdateParams,
} from './resources/number-rules.js';
export type {
  PinList,
  PinListListParams,
  PinListSearchParams,
  PinListUpdateParams,
} from './resources/pin-list.types.js';
export type {
  IvrDetail,
  IvrDialExtOption,
  IvrListParams,
  IvrSearchParams,
  IvrSummary,
  IvrUpdateParams,
} from './resources/ivr.types.js';
export type {
  MessageQueue,
  MessageQueueListParams,
  MessageQueueListResponse,
  MessageQueueMember,
  MessageQueueQueryResponse,
  MessageQueueSearchParams,
  MessageQueueSummary,
  MessageQueueUpdateParams,
} from './resources/message-queue.types.js';
export type {
  PhoneBatchParams,
  PhoneDetail,
  PhoneGetResponse,
  PhoneOption,
  PhoneOptionsParams,
  PhoneOptionsResponse,
  PhoneSearchParams,
  PhoneSummary,
} from './resources/phone.types.js';
export type {
  CompanyContactListParams,
  CompanyContactRow,
  CompanyContactSearchParams,
  CompanyContactSortBy,
} from './resources/company-contact.types.js';
export type {
  MessageChannelGetLiveChatParams,
  MessageChannelGetLiveChatResponse,
  MessageChannelSearchParams,
  MessageLiveChatChannel,
} from './resources/message-channel.types.js';
export type {
  MessageSessionListParams,
  MessageSessionListResponse,
  MessageSessionQueryResponse,
  MessageSessionSearchParams,
  MessageSessionSummary,
  MessageSessionType,
  MessageGetParams,
  MessageGetResponse,
  MessageQueryParams,
  MessageQueryResponse,
  MessageRecord,
  MessageSender,
  SessionMessages,
} from './resources/message-session.types.js';
