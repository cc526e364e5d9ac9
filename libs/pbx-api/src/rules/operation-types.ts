import type { TokenGetParams, TokenRefreshParams, TokenResponse } from '../auth/token.types.js';
import type { PbxSuccess } from '../types.js';
import type { PbxOperationName } from './operations.js';
import type {
  AgentLoginParams,
  AgentLogoutParams,
  AgentPauseParams,
  AgentUnpauseParams,
} from '../resources/agent.types.js';
import type {
  CallNoteGetParams,
  CallNoteGetResponse,
  CallNoteUpdateParams,
} from '../resources/call-note.types.js';
import type {
  CallAcceptInboundParams,
  CallAcceptInboundResponse,
  CallHangupParams,
  CallHangupResponse,
  CallListenParams,
  CallListenResponse,
  CallQueryParams,
  CallQueryResponse,
  CallRefuseInboundParams,
  CallRefuseInboundResponse,
} from '../resources/call.types.js';
import type {
  AiTranscriptionLeg,
  CdrAiDownloadUrlParams,
  CdrListParams,
  CdrSearchParams,
  CdrSearchResponse,
} from '../resources/cdr.types.js';
import type { PbxCreatedResponse } from '../resources/common.types.js';
import type {
  CompanyContactListParams,
  CompanyContactQueryParams,
  CompanyContactQueryResponse,
  CompanyContactRow,
  CompanyContactSearchParams,
} from '../resources/company-contact.types.js';
import type {
  ConferenceInviteMemberParams,
  ConferenceKickMemberParams,
  ConferenceListParams,
  ConferenceListResponse,
  ConferenceMuteMemberParams,
  ConferenceQueryOngoingParams,
  ConferenceQueryOngoingResponse,
} from '../resources/conference.types.js';
import type {
  PbxByIdParams,
  PbxByIdsParams,
  PbxObjectResponse,
  PbxQueryResponse,
  PbxRowsResponse,
} from '../resources/editable.types.js';
import type {
  ExtensionGetParams,
  ExtensionGetResponse,
  ExtensionListParams,
  ExtensionListResponse,
  ExtensionQueryParams,
  ExtensionQueryResponse,
  ExtensionSearchParams,
  ExtensionStatusMonitorListResponse,
} from '../resources/extension.types.js';
import type {
  InboundRouteListParams,
  InboundRouteListResponse,
  InboundRouteQueryParams,
  InboundRouteQueryResponse,
  InboundRouteSearchParams,
} from '../resources/inbound-route.types.js';
import type {
  IvrCreateParams,
  IvrDetail,
  IvrListParams,
  IvrSearchParams,
  IvrSummary,
  IvrUpdateParams,
} from '../resources/ivr.types.js';
import type {
  MessageChannelGetLiveChatParams,
  MessageChannelGetLiveChatResponse,
  MessageChannelGetParams,
  MessageChannelGetResponse,
  MessageChannelListParams,
  MessageChannelListResponse,
  MessageChannelSearchParams,
} from '../resources/message-channel.types.js';
import type {
  MessageQueue,
  MessageQueueCreateParams,
  MessageQueueListParams,
  MessageQueueListResponse,
  MessageQueueQueryResponse,
  MessageQueueSearchParams,
  MessageQueueUpdateParams,
} from '../resources/message-queue.types.js';
import type {
  MessageGetParams,
  MessageGetResponse,
  MessageQueryParams,
  MessageQueryResponse,
  MessageSessionGetParams,
  MessageSessionGetResponse,
  MessageSessionListParams,
  MessageSessionListResponse,
  MessageSessionQueryResponse,
  MessageSessionSearchParams,
} from '../resources/message-session.types.js';
import type {
  NumberRule,
  NumberRuleFields,
  NumberRuleListParams,
  NumberRuleSearchParams,
  NumberRuleUpdateParams,
} from '../resources/number-rules.types.js';
import type {
  PhoneBatchCreateParams,
  PhoneBatchParams,
  PhoneBatchUpdateParams,
  PhoneGetResponse,
  PhoneOptionsParams,
  PhoneOptionsResponse,
  PhoneSearchParams,
  PhoneSummary,
} from '../resources/phone.types.js';
import type {
  PinList,
  PinListCreateParams,
  PinListListParams,
  PinListSearchParams,
  PinListUpdateParams,
} from '../resources/pin-list.types.js';
import type {
  QueuePauseReasonListParams,
  QueuePauseReasonListResponse,
  QueuePauseReasonUpdateParams,
} from '../resources/queue-pause-reason.types.js';
import type {
  QueueAgentLoginParams,
  QueueAgentLogoutParams,
  QueueAgentPauseParams,
  QueueAgentStatusParams,
  QueueAgentStatusResponse,
  QueueCallStatusParams,
  QueueCallStatusResponse,
  QueueListParams,
  QueueListResponse,
} from '../resources/queue.types.js';
import type {
  RecordingDownloadResponse,
  RecordingListParams,
  RecordingListResponse,
  RecordingRef,
  RecordingSearchParams,
  RecordingSearchResponse,
} from '../resources/recording.types.js';
import type {
  SystemCapacityResponse,
  SystemInformationResponse,
  SystemMenuOptionsParams,
  SystemMenuOptionsResponse,
} from '../resources/system.types.js';
import type { UacstaCallRefuseParams } from '../resources/uacsta-call.types.js';
/** An operation that takes no parameters. */
export type NoParams = Record<string, never>;

/**
 * The parameters of every operation, by name: what the client's method takes, what the gateway's admin REST
 * passes on and what the dashboard sends, so `callPbx('ivr/create', body)` is checked against IvrCreateParams.
 * `satisfies` below makes the compiler name an operation added to PBX_OPERATIONS and missing here.
 */
export interface PbxOperationParams {
  'ivr/create': IvrCreateParams;
  'phone/batchcreate': PhoneBatchCreateParams;
  'phone/batchupdate': PhoneBatchUpdateParams;
  'queue_pause_reason/update': QueuePauseReasonUpdateParams;
  'message_queue/create': MessageQueueCreateParams;
  'allow_numbers/create': NumberRuleFields;
  'block_numbers/create': NumberRuleFields;
  'block_numbers/list': NumberRuleListParams;
  'block_numbers/delete': PbxByIdParams;
  'pin_list/create': PinListCreateParams;
  'cdr/search': CdrSearchParams;
  'cdr/aidownload': CdrAiDownloadUrlParams;
  'inbound_route/query': InboundRouteQueryParams;
  'inbound_route/list': InboundRouteListParams;
  'inbound_route/search': InboundRouteSearchParams;
  'callnotes/get': CallNoteGetParams;
  'callnotes/update': CallNoteUpdateParams;
  'message_channel/list': MessageChannelListParams;
  'message_channel/get': MessageChannelGetParams;
  'company_contact/query': CompanyContactQueryParams;
  'message_session/get': MessageSessionGetParams;
  'allow_numbers/query': PbxByIdsParams;
  'recording/list': RecordingListParams;
  'recording/search': RecordingSearchParams;
  'system/information': NoParams;
  'system/get_menuoptions': SystemMenuOptionsParams;
  'queue/list': QueueListParams;
  'extension/list': ExtensionListParams;
  'queue/agent_status': QueueAgentStatusParams;
  'queue/call_status': QueueCallStatusParams;
  'agent/login': (AgentLoginParams & { operation: 'login' }) | (AgentLogoutParams & { operation: 'logout' });
  'agent/pause':
    (AgentPauseParams & { operation: 'pause' }) | (AgentUnpauseParams & { operation: 'unpause' });
  'queue/agent_pause': QueueAgentPauseParams;
  'queue_pause_reason/list': QueuePauseReasonListParams;
  'call/query': CallQueryParams;
  'call/accept_inbound': CallAcceptInboundParams;
  'call/refuse_inbound': CallRefuseInboundParams;
  'call/listen': CallListenParams;
  'call/hangup': CallHangupParams;
  'uacsta_call/refuse': UacstaCallRefuseParams;
  'conference/query_ongoing_conference': ConferenceQueryOngoingParams;
  'conference/kick_member': ConferenceKickMemberParams;
  'conference/mute_member': ConferenceMuteMemberParams;
  'conference/invite_member': ConferenceInviteMemberParams;
  'conference/list': ConferenceListParams;
  'uacsta_call/hangup': UacstaCallRefuseParams;
  'queue/agent_login': QueueAgentLoginParams | QueueAgentLogoutParams;
  'cdr/list': CdrListParams;
  'extension/search': ExtensionSearchParams;
  'extension/get': ExtensionGetParams;
  'extension/query': ExtensionQueryParams;
  'extension_status_monitor/list': NoParams;
  'system/capacity': NoParams;
  'allow_numbers/list': NumberRuleListParams;
  'allow_numbers/search': NumberRuleSearchParams;
  'allow_numbers/get': PbxByIdParams;
  'allow_numbers/update': NumberRuleUpdateParams;
  'allow_numbers/delete': PbxByIdParams;
  'block_numbers/search': NumberRuleSearchParams;
  'block_numbers/get': PbxByIdParams;
  'block_numbers/query': PbxByIdsParams;
  'block_numbers/update': NumberRuleUpdateParams;
  'pin_list/list': PinListListParams;
  'pin_list/search': PinListSearchParams;
  'pin_list/get': PbxByIdParams;
  'pin_list/query': PbxByIdsParams;
  'pin_list/update': PinListUpdateParams;
  'pin_list/delete': PbxByIdParams;
  'ivr/list': IvrListParams;
  'ivr/search': IvrSearchParams;
  'ivr/get': PbxByIdParams;
  'ivr/query': PbxByIdsParams;
  'ivr/update': IvrUpdateParams;
  'ivr/delete': PbxByIdParams;
  'message_queue/list': MessageQueueListParams;
  'message_queue/search': MessageQueueSearchParams;
  'message_queue/get': PbxByIdParams;
  'message_queue/query': PbxByIdsParams;
  'message_queue/update': MessageQueueUpdateParams;
  'message_queue/delete': PbxByIdParams;
  'phone/search': PhoneSearchParams;
  'phone/get': PbxByIdParams;
  'phone/batchdelete': PhoneBatchParams;
  'phone/batchreprovision': PhoneBatchParams;
  'auto_provisioning/compatibility': PhoneOptionsParams;
  'company_contact/list': CompanyContactListParams;
  'company_contact/search': CompanyContactSearchParams;
  'message_channel/search': MessageChannelSearchParams;
  'message_channel/getlivechat': MessageChannelGetLiveChatParams;
  'message_session/list': MessageSessionListParams;
  'message_session/search': MessageSessionSearchParams;
  'message_session/query': PbxByIdsParams;
  'message/get': MessageGetParams;
  'message/query': MessageQueryParams;
  get_token: TokenGetParams;
  refresh_token: TokenRefreshParams;
  del_token: NoParams;
  'recording/download': RecordingRef;
}

/** The answer of every operation, by name, as the client returns it (before the gateway removes secrets). */
export interface PbxOperationAnswers {
  'ivr/create': PbxCreatedResponse;
  'phone/batchcreate': PbxSuccess;
  'phone/batchupdate': PbxSuccess;
  'queue_pause_reason/update': PbxSuccess;
  'message_queue/create': PbxCreatedResponse;
  'allow_numbers/create': PbxCreatedResponse;
  'block_numbers/create': PbxCreatedResponse;
  'block_numbers/list': PbxRowsResponse<NumberRule>;
  'block_numbers/delete': PbxSuccess;
  'pin_list/create': PbxCreatedResponse;
  'cdr/search': CdrSearchResponse;
  'cdr/aidownload': AiTranscriptionLeg[];
  'inbound_route/query': InboundRouteQueryResponse;
  'inbound_route/list': InboundRouteListResponse;
  'inbound_route/search': InboundRouteListResponse;
  'callnotes/get': CallNoteGetResponse;
  'callnotes/update': PbxSuccess;
  'message_channel/list': MessageChannelListResponse;
  'message_channel/get': MessageChannelGetResponse;
  'company_contact/query': CompanyContactQueryResponse;
  'message_session/get': MessageSessionGetResponse;
  'allow_numbers/query': PbxQueryResponse<NumberRule>;
  'recording/list': RecordingListResponse;
  'recording/search': RecordingSearchResponse;
  'system/information': SystemInformationResponse;
  'system/get_menuoptions': SystemMenuOptionsResponse;
  'queue/list': QueueListResponse;
  'extension/list': ExtensionListResponse;
  'queue/agent_status': QueueAgentStatusResponse;
  'queue/call_status': QueueCallStatusResponse;
  'agent/login': PbxSuccess;
  'agent/pause': PbxSuccess;
  'queue/agent_pause': PbxSuccess;
  'queue_pause_reason/list': QueuePauseReasonListResponse;
  'call/query': CallQueryResponse;
  'call/accept_inbound': CallAcceptInboundResponse;
  'call/refuse_inbound': CallRefuseInboundResponse;
  'call/listen': CallListenResponse;
  'call/hangup': CallHangupResponse;
  'uacsta_call/refuse': PbxSuccess;
  'conference/query_ongoing_conference': ConferenceQueryOngoingResponse;
  'conference/kick_member': PbxSuccess;
  'conference/mute_member': PbxSuccess;
  'conference/invite_member': PbxSuccess;
  'conference/list': ConferenceListResponse;
  'uacsta_call/hangup': PbxSuccess;
  'queue/agent_login': PbxSuccess;
  'cdr/list': CdrSearchResponse;
  'extension/search': ExtensionListResponse;
  'extension/get': ExtensionGetResponse;
  'extension/query': ExtensionQueryResponse;
  'extension_status_monitor/list': ExtensionStatusMonitorListResponse;
  'system/capacity': SystemCapacityResponse;
  'allow_numbers/list': PbxRowsResponse<NumberRule>;
  'allow_numbers/search': PbxRowsResponse<NumberRule>;
  'allow_numbers/get': PbxObjectResponse<NumberRule>;
  'allow_numbers/update': PbxSuccess;
  'allow_numbers/delete': PbxSuccess;
  'block_numbers/search': PbxRowsResponse<NumberRule>;
  'block_numbers/get': PbxObjectResponse<NumberRule>;
  'block_numbers/query': PbxQueryResponse<NumberRule>;
  'block_numbers/update': PbxSuccess;
  'pin_list/list': PbxRowsResponse<PinList>;
  'pin_list/search': PbxRowsResponse<PinList>;
  'pin_list/get': PbxObjectResponse<PinList>;
  'pin_list/query': PbxQueryResponse<PinList>;
  'pin_list/update': PbxSuccess;
  'pin_list/delete': PbxSuccess;
  'ivr/list': PbxRowsResponse<IvrSummary>;
  'ivr/search': PbxRowsResponse<IvrSummary>;
  'ivr/get': PbxObjectResponse<IvrDetail>;
  'ivr/query': PbxQueryResponse<IvrDetail>;
  'ivr/update': PbxSuccess;
  'ivr/delete': PbxSuccess;
  'message_queue/list': MessageQueueListResponse;
  'message_queue/search': MessageQueueListResponse;
  'message_queue/get': PbxObjectResponse<MessageQueue>;
  'message_queue/query': MessageQueueQueryResponse;
  'message_queue/update': PbxSuccess;
  'message_queue/delete': PbxSuccess;
  'phone/search': PbxRowsResponse<PhoneSummary>;
  'phone/get': PhoneGetResponse;
  'phone/batchdelete': PbxSuccess;
  'phone/batchreprovision': PbxSuccess;
  'auto_provisioning/compatibility': PhoneOptionsResponse;
  'company_contact/list': PbxRowsResponse<CompanyContactRow>;
  'company_contact/search': PbxRowsResponse<CompanyContactRow>;
  'message_channel/search': MessageChannelListResponse;
  'message_channel/getlivechat': MessageChannelGetLiveChatResponse;
  'message_session/list': MessageSessionListResponse;
  'message_session/search': MessageSessionListResponse;
  'message_session/query': MessageSessionQueryResponse;
  'message/get': MessageGetResponse;
  'message/query': MessageQueryResponse;
  get_token: TokenResponse;
  refresh_token: TokenResponse;
  del_token: PbxSuccess;
  'recording/download': RecordingDownloadResponse;
}

// Both maps name exactly the operations of PBX_OPERATIONS: a missing or an unknown name fails to compile here.
type Exactly<T, K extends PropertyKey> = [Exclude<K, keyof T>, Exclude<keyof T, K>] extends [never, never]
  ? true
  : { missing: Exclude<K, keyof T>; unknown: Exclude<keyof T, K> };
type Holds<T extends true> = T;
export type OperationTypesCoverEveryOperation = [
  Holds<Exactly<PbxOperationParams, PbxOperationName>>,
  Holds<Exactly<PbxOperationAnswers, PbxOperationName>>,
];
