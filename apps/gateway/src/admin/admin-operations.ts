import {
  PBX_OPERATIONS,
  type AgentLogoutParams,
  type AgentUnpauseParams,
  type OperationSpec,
  type PbxClient,
  type PbxOperationAnswers,
  type PbxOperationParams,
} from '@switchboard/pbx-api';
import type { AdminOperationName } from '@switchboard/live-protocol';

/** Calls one operation with a body that already passed the operation's rules. */
type Invoker = (client: PbxClient, params: Record<string, unknown>) => Promise<unknown>;

/** How each admin operation is called, typed by the operation's parameters and answer (pbx-api operation-types). */
type TypedInvokers = {
  [N in AdminOperationName]: (
    client: PbxClient,
    params: PbxOperationParams[N],
  ) => Promise<PbxOperationAnswers[N]>;
};

/**
 * How each operation is called through the typed client. The mapped type makes the compiler list any operation
 * added to PBX_OPERATIONS and missing here, and check each call against the operation's parameters.
 */
const INVOKERS: TypedInvokers = {
  'ivr/create': (c, p) => c.ivr.create(p),
  'phone/batchcreate': (c, p) => c.phone.batchCreate(p),
  'phone/batchupdate': (c, p) => c.phone.batchUpdate(p),
  'queue_pause_reason/update': (c, p) => c.queuePauseReason.update(p),
  'message_queue/create': (c, p) => c.messageQueue.create(p),
  'allow_numbers/create': (c, p) => c.allowNumbers.create(p),
  'block_numbers/create': (c, p) => c.blockNumbers.create(p),
  'block_numbers/list': (c, p) => c.blockNumbers.list(p),
  'block_numbers/delete': (c, p) => c.blockNumbers.delete(p),
  'pin_list/create': (c, p) => c.pinList.create(p),
  'cdr/search': (c, p) => c.cdr.search(p),
  // The file is fetched here with the gateway's token; the admin gets its content, never the token.
  'cdr/aidownload': (c, p) => c.cdr.aiDownload(p),
  'inbound_route/query': (c, p) => c.inboundRoute.query(p),
  'inbound_route/list': (c, p) => c.inboundRoute.list(p),
  'inbound_route/search': (c, p) => c.inboundRoute.search(p),
  'callnotes/get': (c, p) => c.callNote.get(p),
  'callnotes/update': (c, p) => c.callNote.update(p),
  'message_channel/list': (c, p) => c.messageChannel.list(p),
  'message_channel/get': (c, p) => c.messageChannel.get(p),
  'company_contact/query': (c, p) => c.companyContact.query(p),
  'message_session/get': (c, p) => c.messageSession.get(p),
  'allow_numbers/query': (c, p) => c.allowNumbers.query(p),
  'recording/list': (c, p) => c.recording.list(p),
  'recording/search': (c, p) => c.recording.search(p),
  'system/information': (c) => c.system.information(),
  'system/get_menuoptions': (c, p) => c.system.menuOptions(p),
  'queue/list': (c, p) => c.queue.list(p),
  'extension/list': (c, p) => c.extension.list(p),
  'queue/agent_status': (c, p) => c.queue.agentStatus(p),
  'queue/call_status': (c, p) => c.queue.callStatus(p),
  'agent/login': (c, p) => {
    const { operation, ...rest } = p;
    return operation === 'logout' ? c.agent.logout(rest as AgentLogoutParams) : c.agent.login(rest);
  },
  'agent/pause': (c, p) => {
    const { operation, ...rest } = p;
    return operation === 'unpause' ? c.agent.unpause(rest as AgentUnpauseParams) : c.agent.pause(rest);
  },
  'queue/agent_pause': (c, p) => c.queue.agentPause(p),
  'queue_pause_reason/list': (c, p) => c.queuePauseReason.list(p),
  'call/query': (c, p) => c.call.query(p),
  'call/accept_inbound': (c, p) => c.call.acceptInbound(p),
  'call/refuse_inbound': (c, p) => c.call.refuseInbound(p),
  'call/listen': (c, p) => c.call.listen(p),
  'call/hangup': (c, p) => c.call.hangup(p),
  'uacsta_call/refuse': (c, p) => c.uacstaCall.refuse(p),
  'conference/query_ongoing_conference': (c, p) => c.conference.queryOngoing(p),
  'conference/kick_member': (c, p) => c.conference.kickMember(p),
  'conference/mute_member': (c, p) => c.conference.muteMember(p),
  'conference/invite_member': (c, p) => c.conference.inviteMember(p),
  'conference/list': (c, p) => c.conference.list(p),
  'uacsta_call/hangup': (c, p) => c.uacstaCall.hangup(p),
  'queue/agent_login': (c, p) => c.queue.agentLogin(p),
  'cdr/list': (c, p) => c.cdr.list(p),
  'extension/search': (c, p) => c.extension.search(p),
  'extension/get': (c, p) => c.extension.get(p),
  'extension/query': (c, p) => c.extension.query(p),
  'extension_status_monitor/list': (c) => c.extension.statusMonitors(),
  'system/capacity': (c) => c.system.capacity(),
  // Configuration reads and edits (docs/pbx/configuration.md#reading-and-editing-configuration)
  'allow_numbers/list': (c, p) => c.allowNumbers.list(p),
  'allow_numbers/search': (c, p) => c.allowNumbers.search(p),
  'allow_numbers/get': (c, p) => c.allowNumbers.get(p),
  'allow_numbers/update': (c, p) => c.allowNumbers.update(p),
  'allow_numbers/delete': (c, p) => c.allowNumbers.delete(p),
  'block_numbers/search': (c, p) => c.blockNumbers.search(p),
  'block_numbers/get': (c, p) => c.blockNumbers.get(p),
  'block_numbers/query': (c, p) => c.blockNumbers.query(p),
  'block_numbers/update': (c, p) => c.blockNumbers.update(p),
  'pin_list/list': (c, p) => c.pinList.list(p),
  'pin_list/search': (c, p) => c.pinList.search(p),
  'pin_list/get': (c, p) => c.pinList.get(p),
  'pin_list/query': (c, p) => c.pinList.query(p),
  'pin_list/update': (c, p) => c.pinList.update(p),
  'pin_list/delete': (c, p) => c.pinList.delete(p),
  'ivr/list': (c, p) => c.ivr.list(p),
  'ivr/search': (c, p) => c.ivr.search(p),
  'ivr/get': (c, p) => c.ivr.get(p),
  'ivr/query': (c, p) => c.ivr.query(p),
  'ivr/update': (c, p) => c.ivr.update(p),
  'ivr/delete': (c, p) => c.ivr.delete(p),
  'message_queue/list': (c, p) => c.messageQueue.list(p),
  'message_queue/search': (c, p) => c.messageQueue.search(p),
  'message_queue/get': (c, p) => c.messageQueue.get(p),
  'message_queue/query': (c, p) => c.messageQueue.query(p),
  'message_queue/update': (c, p) => c.messageQueue.update(p),
  'message_queue/delete': (c, p) => c.messageQueue.delete(p),
  'phone/search': (c, p) => c.phone.search(p),
  'phone/get': (c, p) => c.phone.get(p),
  'phone/batchdelete': (c, p) => c.phone.batchDelete(p),
  'phone/batchreprovision': (c, p) => c.phone.batchReprovision(p),
  'auto_provisioning/compatibility': (c, p) => c.phone.options(p),
  'company_contact/list': (c, p) => c.companyContact.list(p),
  'company_contact/search': (c, p) => c.companyContact.search(p),
  'message_channel/search': (c, p) => c.messageChannel.search(p),
  'message_channel/getlivechat': (c, p) => c.messageChannel.getLiveChat(p),
  'message_session/list': (c, p) => c.messageSession.list(p),
  'message_session/search': (c, p) => c.messageSession.search(p),
  'message_session/query': (c, p) => c.messageSession.query(p),
  'message/get': (c, p) => c.messageSession.messages(p),
  'message/query': (c, p) => c.messageSession.queryMessages(p),
};

/** An admin operation: its rules and how to call it. */
export interface AdminOperation {
  name: AdminOperationName;
  spec: OperationSpec;
  invoke: Invoker;
}

/** Every admin operation, in catalogue order. */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = (
  Object.keys(INVOKERS) as AdminOperationName[]
).map((name) => ({
  name,
  spec: PBX_OPERATIONS[name],
  // The body passed the operation's rules (validate.ts), which the typed parameters describe.
  invoke: INVOKERS[name] as Invoker,
}));

const BY_NAME = new Map(ADMIN_OPERATIONS.map((operation) => [operation.name as string, operation]));

/** The admin operation `resource/action`, if there is one. */
export function findAdminOperation(name: string): AdminOperation | undefined {
  return BY_NAME.get(name);
}
