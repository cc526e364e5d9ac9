import type { TokenGetParams, TokenRefreshParams, TokenResponse } from '../auth/token.types.js';
import type { PbxSuccess } from '../types.js';
import type { PbxOperationName } from './operations.js';
import type * as Agent from '../resources/agent.types.js';
import type * as Call from '../resources/call.types.js';
import type * as CallNote from '../resources/call-note.types.js';
import type * as Cdr from '../resources/cdr.types.js';
import type * as Common from '../resources/common.types.js';
import type * as CompanyContact from '../resources/company-contact.types.js';
import type * as Conference from '../resources/conference.types.js';
import type * as Editable from '../resources/editable.types.js';
import type * as Extension from '../resources/extension.types.js';
import type * as InboundRoute from '../resources/inbound-route.types.js';
import type * as Ivr from '../resources/ivr.types.js';
import type * as MessageChannel from '../resources/message-channel.types.js';
import type * as MessageQueue from '../resources/message-queue.types.js';
import type * as MessageSession from '../resources/message-session.types.js';
import type * as NumberRules from '../resources/number-rules.types.js';
import type * as Phone from '../resources/phone.types.js';
import type * as PinList from '../resources/pin-list.types.js';
import type * as Queue from '../resources/queue.types.js';
import type * as QueuePauseReason from '../resources/queue-pause-reason.types.js';
import type * as Recording from '../resources/recording.types.js';
import type * as System from '../resources/system.types.js';
import type * as UacstaCall from '../resources/uacsta-call.types.js';

/** An operation that takes no parameters. */
export type NoParams = Record<string, never>;

/**
 * The parameters of every operation, by name: what the client's method takes, what the gateway's admin REST
 * passes on and what the dashboard sends, so `callPbx('ivr/create', body)` is checked against IvrCreateParams.
 * The check at the end makes the compiler name an operation added to PBX_OPERATIONS and missing here.
 */
export interface PbxOperationParams {
  'ivr/create': Ivr.IvrCreateParams;
  'phone/batchcreate': Phone.PhoneBatchCreateParams;
  'phone/batchupdate': Phone.PhoneBatchUpdateParams;
  'queue_pause_reason/update': QueuePauseReason.QueuePauseReasonUpdateParams;
  'message_queue/create': MessageQueue.MessageQueueCreateParams;
  'allow_numbers/create': NumberRules.NumberRuleFields;
  'block_numbers/create': NumberRules.NumberRuleFields;
  'block_numbers/list': NumberRules.NumberRuleListParams;
  'block_numbers/delete': Editable.PbxByIdParams;
  'pin_list/create': PinList.PinListCreateParams;
  'cdr/search': Cdr.CdrSearchParams;
  'cdr/aidownload': Cdr.CdrAiDownloadUrlParams;
  'inbound_route/query': InboundRoute.InboundRouteQueryParams;
  'inbound_route/list': InboundRoute.InboundRouteListParams;
  'inbound_route/search': InboundRoute.InboundRouteSearchParams;
  'callnotes/get': CallNote.CallNoteGetParams;
  'callnotes/update': CallNote.CallNoteUpdateParams;
  'message_channel/list': MessageChannel.MessageChannelListParams;
  'message_channel/get': MessageChannel.MessageChannelGetParams;
  'company_contact/query': CompanyContact.CompanyContactQueryParams;
  'message_session/get': MessageSession.MessageSessionGetParams;
  'allow_numbers/query': Editable.PbxByIdsParams;
  'recording/list': Recording.RecordingListParams;
  'recording/search': Recording.RecordingSearchParams;
  'system/information': NoParams;
  'system/get_menuoptions': System.SystemMenuOptionsParams;
  'queue/list': Queue.QueueListParams;
  'extension/list': Extension.ExtensionListParams;
  'queue/agent_status': Queue.QueueAgentStatusParams;
  'queue/call_status': Queue.QueueCallStatusParams;
  'agent/login':
    (Agent.AgentLoginParams & { operation: 'login' }) | (Agent.AgentLogoutParams & { operation: 'logout' });
  'agent/pause':
    (Agent.AgentPauseParams & { operation: 'pause' }) | (Agent.AgentUnpauseParams & { operation: 'unpause' });
  'queue/agent_pause': Queue.QueueAgentPauseParams;
  'queue_pause_reason/list': QueuePauseReason.QueuePauseReasonListParams;
  'call/query': Call.CallQueryParams;
  'call/accept_inbound': Call.CallAcceptInboundParams;
  'call/refuse_inbound': Call.CallRefuseInboundParams;
  'call/listen': Call.CallListenParams;
  'call/hangup': Call.CallHangupParams;
  'uacsta_call/refuse': UacstaCall.UacstaCallRefuseParams;
  'conference/query_ongoing_conference': Conference.ConferenceQueryOngoingParams;
  'conference/kick_member': Conference.ConferenceKickMemberParams;
  'conference/mute_member': Conference.ConferenceMuteMemberParams;
  'conference/invite_member': Conference.ConferenceInviteMemberParams;
  'conference/list': Conference.ConferenceListParams;
  'uacsta_call/hangup': UacstaCall.UacstaCallRefuseParams;
  'queue/agent_login': Queue.QueueAgentLoginParams | Queue.QueueAgentLogoutParams;
  'cdr/list': Cdr.CdrListParams;
  'extension/search': Extension.ExtensionSearchParams;
  'extension/get': Extension.ExtensionGetParams;
  'extension/query': Extension.ExtensionQueryParams;
  'extension_status_monitor/list': NoParams;
  'system/capacity': NoParams;
  'allow_numbers/list': NumberRules.NumberRuleListParams;
  'allow_numbers/search': NumberRules.NumberRuleSearchParams;
  'allow_numbers/get': Editable.PbxByIdParams;
  'allow_numbers/update': NumberRules.NumberRuleUpdateParams;
  'allow_numbers/delete': Editable.PbxByIdParams;
  'block_numbers/search': NumberRules.NumberRuleSearchParams;
  'block_numbers/get': Editable.PbxByIdParams;
  'block_numbers/query': Editable.PbxByIdsParams;
  'block_numbers/update': NumberRules.NumberRuleUpdateParams;
  'pin_list/list': PinList.PinListListParams;
  'pin_list/search': PinList.PinListSearchParams;
  'pin_list/get': Editable.PbxByIdParams;
  'pin_list/query': Editable.PbxByIdsParams;
  'pin_list/update': PinList.PinListUpdateParams;
  'pin_list/delete': Editable.PbxByIdParams;
  'ivr/list': Ivr.IvrListParams;
  'ivr/search': Ivr.IvrSearchParams;
  'ivr/get': Editable.PbxByIdParams;
  'ivr/query': Editable.PbxByIdsParams;
  'ivr/update': Ivr.IvrUpdateParams;
  'ivr/delete': Editable.PbxByIdParams;
  'message_queue/list': MessageQueue.MessageQueueListParams;
  'message_queue/search': MessageQueue.MessageQueueSearchParams;
  'message_queue/get': Editable.PbxByIdParams;
  'message_queue/query': Editable.PbxByIdsParams;
  'message_queue/update': MessageQueue.MessageQueueUpdateParams;
  'message_queue/delete': Editable.PbxByIdParams;
  'phone/search': Phone.PhoneSearchParams;
  'phone/get': Editable.PbxByIdParams;
  'phone/batchdelete': Phone.PhoneBatchParams;
  'phone/batchreprovision': Phone.PhoneBatchParams;
  'auto_provisioning/compatibility': Phone.PhoneOptionsParams;
  'company_contact/list': CompanyContact.CompanyContactListParams;
  'company_contact/search': CompanyContact.CompanyContactSearchParams;
  'message_channel/search': MessageChannel.MessageChannelSearchParams;
  'message_channel/getlivechat': MessageChannel.MessageChannelGetLiveChatParams;
  'message_session/list': MessageSession.MessageSessionListParams;
  'message_session/search': MessageSession.MessageSessionSearchParams;
  'message_session/query': Editable.PbxByIdsParams;
  'message/get': MessageSession.MessageGetParams;
  'message/query': MessageSession.MessageQueryParams;
  get_token: TokenGetParams;
  refresh_token: TokenRefreshParams;
  del_token: NoParams;
  'recording/download': Recording.RecordingRef;
}

/**
 * What list, search, get, query, update and delete of one configuration resource answer: pages of `Row`, and
 * `Item` alone or queried (docs/pbx/configuration.md#reading-and-editing-configuration).
 */
type EditAnswers<R extends string, Row, Item = Row> = Record<
  `${R}/list` | `${R}/search`,
  Editable.PbxRowsResponse<Row>
> &
  Record<`${R}/get`, Editable.PbxObjectResponse<Item>> &
  Record<`${R}/query`, Editable.PbxQueryResponse<Item>> &
  Record<`${R}/update` | `${R}/delete`, PbxSuccess>;

/** The answer of every operation, by name, as the client returns it (before the gateway removes secrets). */
export interface PbxOperationAnswers
  extends
    EditAnswers<'allow_numbers', NumberRules.NumberRule>,
    EditAnswers<'block_numbers', NumberRules.NumberRule>,
    EditAnswers<'pin_list', PinList.PinList>,
    EditAnswers<'ivr', Ivr.IvrSummary, Ivr.IvrDetail> {
  'ivr/create': Common.PbxCreatedResponse;
  'phone/batchcreate': PbxSuccess;
  'phone/batchupdate': PbxSuccess;
  'queue_pause_reason/update': PbxSuccess;
  'message_queue/create': Common.PbxCreatedResponse;
  'allow_numbers/create': Common.PbxCreatedResponse;
  'block_numbers/create': Common.PbxCreatedResponse;
  'pin_list/create': Common.PbxCreatedResponse;
  'cdr/search': Cdr.CdrSearchResponse;
  'cdr/aidownload': Cdr.AiTranscriptionLeg[];
  'inbound_route/query': InboundRoute.InboundRouteQueryResponse;
  'inbound_route/list': InboundRoute.InboundRouteListResponse;
  'inbound_route/search': InboundRoute.InboundRouteListResponse;
  'callnotes/get': CallNote.CallNoteGetResponse;
  'callnotes/update': PbxSuccess;
  'message_channel/list': MessageChannel.MessageChannelListResponse;
  'message_channel/get': MessageChannel.MessageChannelGetResponse;
  'company_contact/query': CompanyContact.CompanyContactQueryResponse;
  'message_session/get': MessageSession.MessageSessionGetResponse;
  'recording/list': Recording.RecordingListResponse;
  'recording/search': Recording.RecordingSearchResponse;
  'system/information': System.SystemInformationResponse;
  'system/get_menuoptions': System.SystemMenuOptionsResponse;
  'queue/list': Queue.QueueListResponse;
  'extension/list': Extension.ExtensionListResponse;
  'queue/agent_status': Queue.QueueAgentStatusResponse;
  'queue/call_status': Queue.QueueCallStatusResponse;
  'agent/login': PbxSuccess;
  'agent/pause': PbxSuccess;
  'queue/agent_pause': PbxSuccess;
  'queue_pause_reason/list': QueuePauseReason.QueuePauseReasonListResponse;
  'call/query': Call.CallQueryResponse;
  'call/accept_inbound': Call.CallAcceptInboundResponse;
  'call/refuse_inbound': Call.CallRefuseInboundResponse;
  'call/listen': Call.CallListenResponse;
  'call/hangup': Call.CallHangupResponse;
  'uacsta_call/refuse': PbxSuccess;
  'conference/query_ongoing_conference': Conference.ConferenceQueryOngoingResponse;
  'conference/kick_member': PbxSuccess;
  'conference/mute_member': PbxSuccess;
  'conference/invite_member': PbxSuccess;
  'conference/list': Conference.ConferenceListResponse;
  'uacsta_call/hangup': PbxSuccess;
  'queue/agent_login': PbxSuccess;
  'cdr/list': Cdr.CdrSearchResponse;
  'extension/search': Extension.ExtensionListResponse;
  'extension/get': Extension.ExtensionGetResponse;
  'extension/query': Extension.ExtensionQueryResponse;
  'extension_status_monitor/list': Extension.ExtensionStatusMonitorListResponse;
  'system/capacity': System.SystemCapacityResponse;
  'message_queue/list': MessageQueue.MessageQueueListResponse;
  'message_queue/search': MessageQueue.MessageQueueListResponse;
  'message_queue/get': Editable.PbxObjectResponse<MessageQueue.MessageQueue>;
  'message_queue/query': MessageQueue.MessageQueueQueryResponse;
  'message_queue/update': PbxSuccess;
  'message_queue/delete': PbxSuccess;
  'phone/search': Editable.PbxRowsResponse<Phone.PhoneSummary>;
  'phone/get': Phone.PhoneGetResponse;
  'phone/batchdelete': PbxSuccess;
  'phone/batchreprovision': PbxSuccess;
  'auto_provisioning/compatibility': Phone.PhoneOptionsResponse;
  'company_contact/list': Editable.PbxRowsResponse<CompanyContact.CompanyContactRow>;
  'company_contact/search': Editable.PbxRowsResponse<CompanyContact.CompanyContactRow>;
  'message_channel/search': MessageChannel.MessageChannelListResponse;
  'message_channel/getlivechat': MessageChannel.MessageChannelGetLiveChatResponse;
  'message_session/list': MessageSession.MessageSessionListResponse;
  'message_session/search': MessageSession.MessageSessionListResponse;
  'message_session/query': MessageSession.MessageSessionQueryResponse;
  'message/get': MessageSession.MessageGetResponse;
  'message/query': MessageSession.MessageQueryResponse;
  get_token: TokenResponse;
  refresh_token: TokenResponse;
  del_token: PbxSuccess;
  'recording/download': Recording.RecordingDownloadResponse;
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
