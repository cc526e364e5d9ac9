import {
  PBX_OPERATIONS,
  type AgentLoginParams,
  type AgentPauseParams,
  type AllowNumbersCreateParams,
  type AllowNumbersQueryParams,
  type BlockNumbersCreateParams,
  type BlockNumbersDeleteParams,
  type BlockNumbersListParams,
  type CallAcceptInboundParams,
  type CallHangupParams,
  type ExtensionListParams,
  type CallListenParams,
  type CallNoteGetParams,
  type CallNoteUpdateParams,
  type CallQueryParams,
  type CallRefuseInboundParams,
  type CdrAiDownloadParams,
  type CdrListParams,
  type CdrSearchParams,
  type CompanyContactQueryParams,
  type ConferenceInviteMemberParams,
  type ConferenceKickMemberParams,
  type ConferenceListParams,
  type ConferenceMuteMemberParams,
  type ConferenceQueryOngoingParams,
  type ExtensionGetParams,
  type ExtensionQueryParams,
  type ExtensionSearchParams,
  type InboundRouteListParams,
  type InboundRouteQueryParams,
  type InboundRouteSearchParams,
  type IvrCreateParams,
  type MessageChannelGetParams,
  type MessageChannelListParams,
  type MessageQueueCreateParams,
  type MessageSessionGetParams,
  type OperationSpec,
  type PbxClient,
  type PbxOperationName,
  type PhoneBatchCreateParams,
  type PhoneBatchUpdateParams,
  type PinListCreateParams,
  type QueueAgentLoginParams,
  type QueueAgentLogoutParams,
  type QueueAgentPauseParams,
  type QueueAgentStatusParams,
  type QueueCallStatusParams,
  type QueueListParams,
  type QueuePauseReasonListParams,
  type QueuePauseReasonUpdateParams,
  type RecordingListParams,
  type RecordingSearchParams,
  type SystemMenuOptionsParams,
  type UacstaCallHangupParams,
  type UacstaCallRefuseParams,
} from '@switchboard/pbx-api';
import type {
  CompanyContactListParams,
  CompanyContactSearchParams,
  IvrListParams,
  IvrSearchParams,
  IvrUpdateParams,
  MessageChannelGetLiveChatParams,
  MessageChannelSearchParams,
  MessageGetParams,
  MessageQueryParams,
  MessageQueueListParams,
  MessageQueueSearchParams,
  MessageQueueUpdateParams,
  MessageSessionListParams,
  MessageSessionSearchParams,
  NumberRuleListParams,
  NumberRuleSearchParams,
  NumberRuleUpdateParams,
  PbxByIdParams,
  PbxByIdsParams,
  PhoneBatchParams,
  PhoneOptionsParams,
  PhoneSearchParams,
  PinListListParams,
  PinListSearchParams,
  PinListUpdateParams,
} from '@switchboard/pbx-api';

/**
 * Operations the gateway keeps to itself: its own PBX credentials and tokens never pass through REST, and
 * recording/download answers a link that works with the gateway's token, which must not reach a browser
 * (recordings are streamed by the gateway instead).
 */
export const PRIVATE_OPERATIONS = ['get_token', 'refresh_token', 'del_token', 'recording/download'] as const;

/** An operation admins may call through POST /api/pbx/<resource>/<action>. */
export type AdminOperationName = Exclude<PbxOperationName, (typeof PRIVATE_OPERATIONS)[number]>;

/** Calls one operation with a body that already passed the operation's rules. */
type Invoker = (client: PbxClient, params: Record<string, unknown>) => Promise<unknown>;

// The body was checked against the same rules the typed parameters describe, so the cast is sound.
const as = <T>(params: Record<string, unknown>): T => params as unknown as T;

/**
 * How each operation is called through the typed client. `satisfies` makes the compiler list any operation
 * added to PBX_OPERATIONS and missing here.
 */
const INVOKERS = {
  'ivr/create': (c, p) => c.ivr.create(as<IvrCreateParams>(p)),
  'phone/batchcreate': (c, p) => c.phone.batchCreate(as<PhoneBatchCreateParams>(p)),
  'phone/batchupdate': (c, p) => c.phone.batchUpdate(as<PhoneBatchUpdateParams>(p)),
  'queue_pause_reason/update': (c, p) => c.queuePauseReason.update(as<QueuePauseReasonUpdateParams>(p)),
  'message_queue/create': (c, p) => c.messageQueue.create(as<MessageQueueCreateParams>(p)),
  'allow_numbers/create': (c, p) => c.allowNumbers.create(as<AllowNumbersCreateParams>(p)),
  'block_numbers/create': (c, p) => c.blockNumbers.create(as<BlockNumbersCreateParams>(p)),
  'block_numbers/list': (c, p) => c.blockNumbers.list(as<BlockNumbersListParams>(p)),
  'block_numbers/delete': (c, p) => c.blockNumbers.delete(as<BlockNumbersDeleteParams>(p)),
  'pin_list/create': (c, p) => c.pinList.create(as<PinListCreateParams>(p)),
  'cdr/search': (c, p) => c.cdr.search(as<CdrSearchParams>(p)),
  // The file is fetched here with the gateway's token; the admin gets its content, never the token.
  'cdr/aidownload': (c, p) => c.cdr.aiDownload(as<CdrAiDownloadParams>(p)),
  'inbound_route/query': (c, p) => c.inboundRoute.query(as<InboundRouteQueryParams>(p)),
  'inbound_route/list': (c, p) => c.inboundRoute.list(as<InboundRouteListParams>(p)),
  'inbound_route/search': (c, p) => c.inboundRoute.search(as<InboundRouteSearchParams>(p)),
  'callnotes/get': (c, p) => c.callNote.get(as<CallNoteGetParams>(p)),
  'callnotes/update': (c, p) => c.callNote.update(as<CallNoteUpdateParams>(p)),
  'message_channel/list': (c, p) => c.messageChannel.list(as<MessageChannelListParams>(p)),
  'message_channel/get': (c, p) => c.messageChannel.get(as<MessageChannelGetParams>(p)),
  'company_contact/query': (c, p) => c.companyContact.query(as<CompanyContactQueryParams>(p)),
  'message_session/get': (c, p) => c.messageSession.get(as<MessageSessionGetParams>(p)),
  'allow_numbers/query': (c, p) => c.allowNumbers.query(as<AllowNumbersQueryParams>(p)),
  'recording/list': (c, p) => c.recording.list(as<RecordingListParams>(p)),
  'recording/search': (c, p) => c.recording.search(as<RecordingSearchParams>(p)),
  'system/information': (c) => c.system.information(),
  'system/get_menuoptions': (c, p) => c.system.menuOptions(as<SystemMenuOptionsParams>(p)),
  'queue/list': (c, p) => c.queue.list(as<QueueListParams>(p)),
  'extension/list': (c, p) => c.extension.list(as<ExtensionListParams>(p)),
  'queue/agent_status': (c, p) => c.queue.agentStatus(as<QueueAgentStatusParams>(p)),
  'queue/call_status': (c, p) => c.queue.callStatus(as<QueueCallStatusParams>(p)),
  'agent/login': (c, p) => {
    const { operation, ...rest } = p;
    return operation === 'logout'
      ? c.agent.logout(as<AgentLoginParams>(rest))
      : c.agent.login(as<AgentLoginParams>(rest));
  },
  'agent/pause': (c, p) => {
    const { operation, ...rest } = p;
    return operation === 'unpause'
      ? c.agent.unpause(as<AgentPauseParams>(rest))
      : c.agent.pause(as<AgentPauseParams>(rest));
  },
  'queue/agent_pause': (c, p) => c.queue.agentPause(as<QueueAgentPauseParams>(p)),
  'queue_pause_reason/list': (c, p) => c.queuePauseReason.list(as<QueuePauseReasonListParams>(p)),
  'call/query': (c, p) => c.call.query(as<CallQueryParams>(p)),
  'call/accept_inbound': (c, p) => c.call.acceptInbound(as<CallAcceptInboundParams>(p)),
  'call/refuse_inbound': (c, p) => c.call.refuseInbound(as<CallRefuseInboundParams>(p)),
  'call/listen': (c, p) => c.call.listen(as<CallListenParams>(p)),
  'call/hangup': (c, p) => c.call.hangup(as<CallHangupParams>(p)),
  'uacsta_call/refuse': (c, p) => c.uacstaCall.refuse(as<UacstaCallRefuseParams>(p)),
  'conference/query_ongoing_conference': (c, p) =>
    c.conference.queryOngoing(as<ConferenceQueryOngoingParams>(p)),
  'conference/kick_member': (c, p) => c.conference.kickMember(as<ConferenceKickMemberParams>(p)),
  'conference/mute_member': (c, p) => c.conference.muteMember(as<ConferenceMuteMemberParams>(p)),
  'conference/invite_member': (c, p) => c.conference.inviteMember(as<ConferenceInviteMemberParams>(p)),
  'conference/list': (c, p) => c.conference.list(as<ConferenceListParams>(p)),
  'uacsta_call/hangup': (c, p) => c.uacstaCall.hangup(as<UacstaCallHangupParams>(p)),
  'queue/agent_login': (c, p) => c.queue.agentLogin(as<QueueAgentLoginParams | QueueAgentLogoutParams>(p)),
  'cdr/list': (c, p) => c.cdr.list(as<CdrListParams>(p)),
  'extension/search': (c, p) => c.extension.search(as<ExtensionSearchParams>(p)),
  'extension/get': (c, p) => c.extension.get(as<ExtensionGetParams>(p)),
  'extension/query': (c, p) => c.extension.query(as<ExtensionQueryParams>(p)),
  'extension_status_monitor/list': (c) => c.extension.statusMonitors(),
  'system/capacity': (c) => c.system.capacity(),
  // Configuration reads and edits (docs/pbx/configuration.md#reading-and-editing-configuration)
  'allow_numbers/list': (c, p) => c.allowNumbers.list(as<NumberRuleListParams>(p)),
  'allow_numbers/search': (c, p) => c.allowNumbers.search(as<NumberRuleSearchParams>(p)),
  'allow_numbers/get': (c, p) => c.allowNumbers.get(as<PbxByIdParams>(p)),
  'allow_numbers/update': (c, p) => c.allowNumbers.update(as<NumberRuleUpdateParams>(p)),
  'allow_numbers/delete': (c, p) => c.allowNumbers.delete(as<PbxByIdParams>(p)),
  'block_numbers/search': (c, p) => c.blockNumbers.search(as<NumberRuleSearchParams>(p)),
  'block_numbers/get': (c, p) => c.blockNumbers.get(as<PbxByIdParams>(p)),
  'block_numbers/query': (c, p) => c.blockNumbers.query(as<PbxByIdsParams>(p)),
  'block_numbers/update': (c, p) => c.blockNumbers.update(as<NumberRuleUpdateParams>(p)),
  'pin_list/list': (c, p) => c.pinList.list(as<PinListListParams>(p)),
  'pin_list/search': (c, p) => c.pinList.search(as<PinListSearchParams>(p)),
  'pin_list/get': (c, p) => c.pinList.get(as<PbxByIdParams>(p)),
  'pin_list/query': (c, p) => c.pinList.query(as<PbxByIdsParams>(p)),
  'pin_list/update': (c, p) => c.pinList.update(as<PinListUpdateParams>(p)),
  'pin_list/delete': (c, p) => c.pinList.delete(as<PbxByIdParams>(p)),
  'ivr/list': (c, p) => c.ivr.list(as<IvrListParams>(p)),
  'ivr/search': (c, p) => c.ivr.search(as<IvrSearchParams>(p)),
  'ivr/get': (c, p) => c.ivr.get(as<PbxByIdParams>(p)),
  'ivr/query': (c, p) => c.ivr.query(as<PbxByIdsParams>(p)),
  'ivr/update': (c, p) => c.ivr.update(as<IvrUpdateParams>(p)),
  'ivr/delete': (c, p) => c.ivr.delete(as<PbxByIdParams>(p)),
  'message_queue/list': (c, p) => c.messageQueue.list(as<MessageQueueListParams>(p)),
  'message_queue/search': (c, p) => c.messageQueue.search(as<MessageQueueSearchParams>(p)),
  'message_queue/get': (c, p) => c.messageQueue.get(as<PbxByIdParams>(p)),
  'message_queue/query': (c, p) => c.messageQueue.query(as<PbxByIdsParams>(p)),
  'message_queue/update': (c, p) => c.messageQueue.update(as<MessageQueueUpdateParams>(p)),
  'message_queue/delete': (c, p) => c.messageQueue.delete(as<PbxByIdParams>(p)),
  'phone/search': (c, p) => c.phone.search(as<PhoneSearchParams>(p)),
  'phone/get': (c, p) => c.phone.get(as<PbxByIdParams>(p)),
  'phone/batchdelete': (c, p) => c.phone.batchDelete(as<PhoneBatchParams>(p)),
  'phone/batchreprovision': (c, p) => c.phone.batchReprovision(as<PhoneBatchParams>(p)),
  'auto_provisioning/compatibility': (c, p) => c.phone.options(as<PhoneOptionsParams>(p)),
  'company_contact/list': (c, p) => c.companyContact.list(as<CompanyContactListParams>(p)),
  'company_contact/search': (c, p) => c.companyContact.search(as<CompanyContactSearchParams>(p)),
  'message_channel/search': (c, p) => c.messageChannel.search(as<MessageChannelSearchParams>(p)),
  'message_channel/getlivechat': (c, p) =>
    c.messageChannel.getLiveChat(as<MessageChannelGetLiveChatParams>(p)),
  'message_session/list': (c, p) => c.messageSession.list(as<MessageSessionListParams>(p)),
  'message_session/search': (c, p) => c.messageSession.search(as<MessageSessionSearchParams>(p)),
  'message_session/query': (c, p) => c.messageSession.query(as<PbxByIdsParams>(p)),
  'message/get': (c, p) => c.messageSession.messages(as<MessageGetParams>(p)),
  'message/query': (c, p) => c.messageSession.queryMessages(as<MessageQueryParams>(p)),
} as const satisfies Record<AdminOperationName, Invoker>;

/** An admin operation: its rules and how to call it. */
export interface AdminOperation {
  name: AdminOperationName;
  spec: OperationSpec;
  invoke: Invoker;
}

/** Every admin operation, in catalogue order. */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = (
  Object.keys(INVOKERS) as AdminOperationName[]
).map((name) => ({ name, spec: PBX_OPERATIONS[name], invoke: INVOKERS[name] }));

const BY_NAME = new Map(ADMIN_OPERATIONS.map((operation) => [operation.name as string, operation]));

/** The admin operation `resource/action`, if there is one. */
export function findAdminOperation(name: string): AdminOperation | undefined {
  return BY_NAME.get(name);
}
