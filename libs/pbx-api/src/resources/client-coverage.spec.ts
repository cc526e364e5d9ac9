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
