/**
 * The browser-safe part of @switchboard/pbx-api (its `./rules` entry): the PBX's parameter rules, formats
 * and validator, the response shapes, and the wire types of every operation. The dashboard checks its forms
 * with exactly what the client checks before sending; nothing here may reach Node, axios or ws at run time
 * (browser-safe.spec.ts follows every import from this file).
 */

export type { PbxSuccess } from '../types.js';
export type { FieldViolation } from '../errors.js';
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
} from './schema.js';
export { findOperation, PBX_OPERATIONS, type PbxOperationName } from './operations.js';
export { PBX_RESPONSES } from './responses.js';
export type { ArrayShape, NumberShape, ObjectShape, ResponseShape, StringShape } from './response-shapes.js';
export { canonicalParams, validate, VALIDATE_LIMITS, type ValidateOptions } from './validate.js';
export { FORMATS, isNumberOrPattern } from './formats.js';
export { dialPatternMatches } from '../dial-pattern.js';
export type {
  AgentLoginParams,
  AgentLoginResponse,
  AgentLogoutParams,
  AgentLogoutResponse,
  AgentPauseParams,
  AgentPauseResponse,
  AgentUnpauseParams,
  AgentUnpauseResponse,
} from '../resources/agent.types.js';
export type {
  AllowNumbersCreateParams,
  AllowNumbersCreateResponse,
  AllowNumbersQueryParams,
  AllowNumbersQueryResponse,
  AllowNumbersRule,
  NumberRuleLimitType,
} from '../resources/allow-numbers.types.js';
export type {
  BlockNumbersCreateParams,
  BlockNumbersCreateResponse,
  BlockNumbersDeleteParams,
  BlockNumbersDeleteResponse,
  BlockNumbersListParams,
  BlockNumbersListResponse,
  BlockNumbersRule,
} from '../resources/block-numbers.types.js';
export type {
  CallNote,
  CallNoteGetParams,
  CallNoteGetResponse,
  CallNoteUpdateEntry,
  DispositionCode,
} from '../resources/call-note.types.js';
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
} from '../resources/call.types.js';
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
} from '../resources/cdr.types.js';
export type { KnownString, PbxCreatedResponse, PbxFlag } from '../resources/common.types.js';
export type {
  CompanyContact,
  CompanyContactNumber,
  CompanyContactNumberType,
  CompanyContactPhonebook,
  CompanyContactQueryParams,
  CompanyContactQueryResponse,
} from '../resources/company-contact.types.js';
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
} from '../resources/conference.types.js';
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
} from '../resources/inbound-route.types.js';
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
} from '../resources/ivr.types.js';
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
} from '../resources/message-channel.types.js';
export type {
  MessageQueueAssignmentMode,
  MessageQueueCreateParams,
  MessageQueueCreateResponse,
} from '../resources/message-queue.types.js';
export type {
  MessageSession,
  MessageSessionAgent,
  MessageSessionCustomer,
  MessageSessionGetParams,
  MessageSessionGetResponse,
  MessageSessionPreChatForm,
} from '../resources/message-session.types.js';
export type {
  PhoneAssignment,
  PhoneBatchCreateParams,
  PhoneBatchCreateResponse,
  PhoneBatchUpdateParams,
  PhoneBatchUpdateResponse,
  PhoneOnsiteProxyProvisioning,
  PhoneReassignment,
  PhoneRpsProvisioning,
} from '../resources/phone.types.js';
export type { PinListCreateParams, PinListCreateResponse } from '../resources/pin-list.types.js';
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
} from '../resources/extension.types.js';
export type {
  QueuePauseReason,
  QueuePauseReasonListParams,
  QueuePauseReasonListResponse,
  QueuePauseReasonUpdateParams,
  QueuePauseReasonUpdateResponse,
} from '../resources/queue-pause-reason.types.js';
export { AGENT_CALL_STATUS, type AgentCallStatus } from '../resources/queue.types.js';
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
} from '../resources/queue.types.js';
export type {
  Recording,
  RecordingIterateParams,
  RecordingListParams,
  RecordingListResponse,
} from '../resources/recording.types.js';
export type {
  UacstaCallHangupParams,
  UacstaCallHangupResponse,
  UacstaCallRefuseParams,
  UacstaCallRefuseResponse,
} from '../resources/uacsta-call.types.js';
export { CALL_NOTE_UPDATE_ENTRIES, MENU_OPTION_MENUS } from './operations.js';
export type {
  MenuOption,
  MenuOptionsMenu,
  MenuSubOption,
  SystemCapacity,
  SystemCapacityResponse,
  SystemMenuOptionsParams,
  SystemMenuOptionsResponse,
} from '../resources/system.types.js';
export type {
  CallNoteUpdateParams,
  CallNoteUpdateResponse,
  CallNoteUpdateScenario,
} from '../resources/call-note.types.js';
export type {
  RecordingDownloadResponse,
  RecordingOpenOptions,
  RecordingRef,
  RecordingSearchParams,
  RecordingSearchResponse,
  RecordingStream,
} from '../resources/recording.types.js';
export {
  IVR_DIAL_EXT_OPTIONS,
  IVR_KEYS,
  MESSAGE_QUEUE_ASSIGNMENT_MODES,
  PHONE_OPTION_MENUS,
  PROVISIONING_METHODS,
} from './operations.js';
export type {
  PbxByIdParams,
  PbxByIdsParams,
  PbxDoneResponse,
  PbxListParams,
  PbxObjectResponse,
  PbxQueryResponse,
  PbxRowsResponse,
  PbxSearchParams,
} from '../resources/editable.types.js';
export type {
  PinList,
  PinListListParams,
  PinListSearchParams,
  PinListUpdateParams,
} from '../resources/pin-list.types.js';
export type {
  IvrDetail,
  IvrDialExtOption,
  IvrListParams,
  IvrSearchParams,
  IvrSummary,
  IvrUpdateParams,
} from '../resources/ivr.types.js';
export type {
  MessageQueue,
  MessageQueueListParams,
  MessageQueueListResponse,
  MessageQueueMember,
  MessageQueueQueryResponse,
  MessageQueueSearchParams,
  MessageQueueSummary,
  MessageQueueUpdateParams,
} from '../resources/message-queue.types.js';
export type {
  PhoneBatchParams,
  PhoneDetail,
  PhoneGetResponse,
  PhoneOption,
  PhoneOptionsParams,
  PhoneOptionsResponse,
  PhoneSearchParams,
  PhoneSummary,
} from '../resources/phone.types.js';
export type {
  CompanyContactListParams,
  CompanyContactRow,
  CompanyContactSearchParams,
  CompanyContactSortBy,
} from '../resources/company-contact.types.js';
export type {
  MessageChannelGetLiveChatParams,
  MessageChannelGetLiveChatResponse,
  MessageChannelSearchParams,
  MessageLiveChatChannel,
} from '../resources/message-channel.types.js';
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
} from '../resources/message-session.types.js';
export type {
  NumberRule,
  NumberRuleFields,
  NumberRuleListParams,
  NumberRuleSearchParams,
  NumberRuleUpdateParams,
} from '../resources/number-rules.types.js';
export type { SystemInformation, SystemInformationResponse } from '../resources/system.types.js';
export type { PbxOperationAnswers, PbxOperationParams } from './operation-types.js';
