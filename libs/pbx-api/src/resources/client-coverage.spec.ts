import { describe, expect, it } from 'vitest';
import { PBX_OPERATIONS, type PbxClient, type PbxOperationName } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

/** Token operations belong to `auth` and the token provider, tested with them. */
type ResourceOperation = Exclude<PbxOperationName, 'get_token' | 'refresh_token' | 'del_token'>;

// A Record over every operation name: adding an operation to the catalogue without a client method
// fails to compile here.
const CALLS: Record<ResourceOperation, (pbx: PbxClient) => Promise<unknown>> = {
  'ivr/create': (pbx) =>
    pbx.ivr.create({
      number: '6200',
      name: 'Menu',
      prompt: 'welcome',
      prompt_repeat: 1,
      resp_timeout: 1,
      digit_timeout: 1,
      dial_ext_option: 'restrict',
      restrict_dial_ext_list: [{ value: '1', type: 'extension' }],
    }),
  'phone/batchcreate': (pbx) =>
    pbx.phone.batchCreate({
      vendor: 'Yealink',
      model: 'T54W',
      phone_list: [{ mac: '805EC0112233', ext_id: 1 }],
      template_name: 'default',
      provisioning_method: 'rps',
    }),
  'phone/batchupdate': (pbx) =>
    pbx.phone.batchUpdate({ batch_id_list: [1], phone_list: [{ id: 1, mac: '805EC0112233', ext_id: 2 }] }),
  'queue_pause_reason/update': (pbx) => pbx.queuePauseReason.update({ pause_reason_list: [] }),
  'message_queue/create': (pbx) =>
    pbx.messageQueue.create({ name: 'Chat', assignment_mode: 'auto', members: [{ extension_id: 1 }] }),
  'allow_numbers/create': (pbx) =>
    pbx.allowNumbers.create({ name: 'a', limit_type: 'inbound', number_list: '1' }),
  'block_numbers/create': (pbx) =>
    pbx.blockNumbers.create({ name: 'b', limit_type: 'inbound', number_list: '1' }),
  'pin_list/create': (pbx) => pbx.pinList.create({ name: 'p', pin_list: '1234' }),
  'cdr/search': (pbx) => pbx.cdr.search(),
  'cdr/aidownload': (pbx) => pbx.cdr.aiDownloadUrl(),
  'inbound_route/query': (pbx) => pbx.inboundRoute.query({ ids: '1' }),
  'inbound_route/list': (pbx) => pbx.inboundRoute.list({ sort_by: 'pos' }),
  'inbound_route/search': (pbx) => pbx.inboundRoute.search({ search_value: '5550' }),
  'callnotes/get': (pbx) => pbx.callNote.get({ id: 'n1', group_id: 'g1' }),
  'message_channel/list': (pbx) => pbx.messageChannel.list({ page: 1, page_size: 10, time_range: 'all' }),
  'message_channel/get': (pbx) => pbx.messageChannel.get({ id: 1 }),
  'company_contact/query': (pbx) => pbx.companyContact.query({ ids: '1' }),
  'message_session/get': (pbx) => pbx.messageSession.get({ id: 1 }),
  'allow_numbers/query': (pbx) => pbx.allowNumbers.query({ ids: '1' }),
  'recording/list': (pbx) => pbx.recording.list(),
  'system/information': (pbx) => pbx.system.information(),
  'queue/list': (pbx) => pbx.queue.list(),
  'queue/agent_status': (pbx) => pbx.queue.agentStatus({ id: 1 }),
  'queue/call_status': (pbx) => pbx.queue.callStatus({ id: 1 }),
  'agent/login': (pbx) => pbx.agent.login({ ext_id: 1 }),
  'agent/pause': (pbx) => pbx.agent.pause({ ext_id: 1, reason: '*01' }),
  'queue/agent_pause': (pbx) => pbx.queue.agentPause({ ext_ids: '1,2', queue_id: 1, operation: 'unpause' }),
  'queue_pause_reason/list': (pbx) => pbx.queuePauseReason.list(),
  'block_numbers/delete': (pbx) => pbx.blockNumbers.delete({ id: 1 }),
  'block_numbers/list': (pbx) => pbx.blockNumbers.list(),
  'call/query': (pbx) => pbx.call.query({ type: 'internal' }),
  'call/accept_inbound': (pbx) => pbx.call.acceptInbound({ channel_id: 'c' }),
  'call/refuse_inbound': (pbx) => pbx.call.refuseInbound({ channel_id: 'c' }),
  'call/listen': (pbx) => pbx.call.listen({ monitor: '2001', channel_id: 'c', type: 'listen' }),
  'call/hangup': (pbx) => pbx.call.hangup({ channel_id: 'c' }),
  'extension/list': (pbx) => pbx.extension.list({ page: 1, page_size: 100 }),
  'uacsta_call/refuse': (pbx) =>
    pbx.uacstaCall.refuse({ extension: '1', call_id: '2', ip_address: '10.0.0.1:5060' }),
  'conference/query_ongoing_conference': (pbx) => pbx.conference.queryOngoing({ number: '6901' }),
  'conference/kick_member': (pbx) => pbx.conference.kickMember({ member_channel_id: 'all', number: '6901' }),
  'conference/mute_member': (pbx) => pbx.conference.muteMember({ member_channel_id: 'all', number: '6901' }),
  'conference/invite_member': (pbx) =>
    pbx.conference.inviteMember({ invitemembers: ['995000'], dialpermission: '1001', number: '6901' }),
  'conference/list': (pbx) => pbx.conference.list({ page: 1, page_size: 5 }),
  'uacsta_call/hangup': (pbx) =>
    pbx.uacstaCall.hangup({ extension: '2000', call_id: '32786', ip_address: '192.168.28.2:5060' }),
  'queue/agent_login': (pbx) => pbx.queue.agentLogin({ ext_ids: '21,24', queue_id: 1, operation: 'login' }),
  'cdr/list': (pbx) => pbx.cdr.list({ page_size: 100 }),
  'extension/search': (pbx) => pbx.extension.search({ search_value: '2001' }),
  'extension/get': (pbx) => pbx.extension.get({ id: 1 }),
  'extension/query': (pbx) => pbx.extension.query({ ids: '1,2' }),
  'extension_status_monitor/list': (pbx) => pbx.extension.statusMonitors(),
  'system/capacity': (pbx) => pbx.system.capacity(),
  // Configuration reads and edits (docs/pbx/configuration.md#reading-and-editing-configuration)
  'allow_numbers/list': (pbx) => pbx.allowNumbers.list(),
  'allow_numbers/search': (pbx) => pbx.allowNumbers.search({ search_value: 'VIP' }),
  'allow_numbers/get': (pbx) => pbx.allowNumbers.get({ id: 1 }),
  'allow_numbers/update': (pbx) => pbx.allowNumbers.update({ id: 1, limit_type: 'both' }),
  'allow_numbers/delete': (pbx) => pbx.allowNumbers.delete({ id: 1 }),
  'block_numbers/search': (pbx) => pbx.blockNumbers.search({ search_value: '555' }),
  'block_numbers/get': (pbx) => pbx.blockNumbers.get({ id: 1 }),
  'block_numbers/query': (pbx) => pbx.blockNumbers.query({ ids: '1' }),
  'block_numbers/update': (pbx) => pbx.blockNumbers.update({ id: 1, name: 'Spam' }),
  'pin_list/list': (pbx) => pbx.pinList.list(),
  'pin_list/search': (pbx) => pbx.pinList.search({ sort_by: 'name' }),
  'pin_list/get': (pbx) => pbx.pinList.get({ id: 1 }),
  'pin_list/query': (pbx) => pbx.pinList.query({ ids: '1,2' }),
  'pin_list/update': (pbx) => pbx.pinList.update({ id: 1, enb_record_cdr: 0 }),
  'pin_list/delete': (pbx) => pbx.pinList.delete({ id: 1 }),
  'ivr/list': (pbx) => pbx.ivr.list(),
  'ivr/search': (pbx) => pbx.ivr.search({ search_value: '6200' }),
  'ivr/get': (pbx) => pbx.ivr.get({ id: 1 }),
  'ivr/query': (pbx) => pbx.ivr.query({ ids: '1' }),
  'ivr/update': (pbx) => pbx.ivr.update({ id: 1, prompt_repeat: 2 }),
  'ivr/delete': (pbx) => pbx.ivr.delete({ id: 1 }),
  'message_queue/list': (pbx) => pbx.messageQueue.list({ page: 1, page_size: 10 }),
  'message_queue/search': (pbx) => pbx.messageQueue.search({ page: 1, page_size: 10, search_value: 'Sales' }),
  'message_queue/get': (pbx) => pbx.messageQueue.get({ id: 1 }),
  'message_queue/query': (pbx) => pbx.messageQueue.query({ ids: '1' }),
  'message_queue/update': (pbx) => pbx.messageQueue.update({ id: 1, members: [{ id: 1, extension_id: 2 }] }),
  'message_queue/delete': (pbx) => pbx.messageQueue.delete({ id: 1 }),
  'phone/search': (pbx) => pbx.phone.search(),
  'phone/get': (pbx) => pbx.phone.get({ id: 1 }),
  'phone/batchdelete': (pbx) => pbx.phone.batchDelete({ batch_id_list: [1] }),
  'phone/batchreprovision': (pbx) => pbx.phone.batchReprovision({ batch_id_list: [1] }),
  'auto_provisioning/compatibility': (pbx) => pbx.phone.options({ menu: 'phone_vendor' }),
  'company_contact/list': (pbx) => pbx.companyContact.list(),
  'company_contact/search': (pbx) => pbx.companyContact.search({ search_value: 'Acme' }),
  'message_channel/search': (pbx) =>
    pbx.messageChannel.search({ page: 1, page_size: 10, time_range: 'today', search_value: 'SMS' }),
  'message_channel/getlivechat': (pbx) => pbx.messageChannel.getLiveChat({ id: 3 }),
  'message_session/list': (pbx) => pbx.messageSession.list({ page_size: 10, user_type: 9 }),
  'message_session/search': (pbx) =>
    pbx.messageSession.search({ page_size: 10, user_type: 1, user_no: '2001', search_value: 'Mia' }),
  'message_session/query': (pbx) => pbx.messageSession.query({ ids: '1,2' }),
  'message/get': (pbx) => pbx.messageSession.messages({ page_size: 10, id: 1 }),
  'message/query': (pbx) => pbx.messageSession.queryMessages({ page_size: 10, ids: '1,2' }),
  'recording/search': (pbx) => pbx.recording.search({ caller: '2001' }),
  'recording/download': (pbx) => pbx.recording.downloadLink({ id: 7 }),
  'system/get_menuoptions': (pbx) => pbx.system.menuOptions({ menu: 'disposition_code' }),
  'callnotes/update': (pbx) => pbx.callNote.update({ id: 'n1', update_entry: 'cdr', remark: 'r' }),
};

// Enough of every answer shape for any operation to accept it.
const ANY_ANSWER = ok({
  total_number: 0,
  data: [],
  list: [],
  history: [],
  file: 'f.json',
  download_resource_url: '/api/download/f.json',
});

describe('PbxClient covers the interface', () => {
  it.each(Object.keys(CALLS) as ResourceOperation[])(
    '%s is sent by a client method as the catalogue says',
    async (name) => {
      const spec = PBX_OPERATIONS[name];
      const fake = new FakePbx().otherwise({ body: ANY_ANSWER });
      await CALLS[name](clientOn(fake));
      expect(fake.requests).toHaveLength(1);
      expect(fake.last.method).toBe(spec.method);
      expect(fake.last.path).toBe(`/openapi/${spec.version}/${spec.path}`);
      expect(fake.last.query['access_token']).toBe('test-token');
    },
  );
});
