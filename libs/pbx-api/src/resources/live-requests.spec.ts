import { describe, expect } from 'vitest';
import type {
  CallListenParams,
  ConferenceInviteMemberParams,
  ExtensionBasicInfo,
  ExtensionStatusMonitor,
  OngoingConference,
  ScheduledConference,
} from '../index.js';
import { ok, queryOf } from '../../test/support/fake-pbx.js';
import { exchange, itSendsEach } from '../../test/support/exchanges.js';
import { CALL_INFO, INBOUND_MEMBER } from '../../test/support/samples.js';

const TOKEN = { access_token: 'test-token' };
const channel = INBOUND_MEMBER.inbound.channel_id;

const conference: OngoingConference = {
  call_id: '1748247575.86',
  conference_number: '6901',
  conference_name: 'instant conference',
  members: [
    {
      from: '1003',
      trunk_name: '<no name>',
      channel_id: 'PJSIP/1003-00000021',
      member_type: 'ext',
      member_status: 'ANSWERED',
    },
  ],
};

// The guide's example answer (query-scheduled-conference-list.html), first entry.
const sales: ScheduledConference = {
  id: 1,
  name: 'Sales Weekly Meeting',
  number: '6500',
  moderator_list: [{ id: '50', name: 'Emily Parker', type: 'extension' }],
};

const extensionRow: ExtensionBasicInfo = {
  id: 12,
  number: '2001',
  caller_id_name: 'Ann Lee',
  presence_status: 'available',
  custom_presence_status: '',
  online_status: {
    sip_phone: { ext_dev_type: 'sip', status_list: [{ status: 1, ip: '192.168.10.2' }] },
    linkus_desktop: { status: 0, ext_dev_type: 'linkusdesktop' },
    linkus_mobile: { status: 1, ext_dev_type: 'linkusmobile' },
    linkus_web: { status: 0, ext_dev_type: 'linkusweb' },
  },
  role_name: 'Agent',
  email_addr: '',
  mobile_number: '',
};
const extensionDetails = { id: 12, number: '2001', caller_id_name: 'Ann Lee', first_name: 'Ann' };
const monitor: ExtensionStatusMonitor = {
  ext_id: 12,
  number: '2001',
  name: 'Ann Lee',
  enb_register_status: 1,
  enb_call_status: 1,
  enb_presence_status: 0,
};

const agent = {
  name: 'Ann Lee',
  number: '2001',
  is_login: 1,
  is_pause: 0,
  call_status: 2,
  pause_reason: '',
  agent_type: 'static',
};
const waiting = {
  call_id: '1.1',
  caller_number: '5551',
  caller_display_name: '',
  callee_number: '6400',
  callee_display_name: 'Sales',
  duration: 12,
};

const agentLogin = { ext_id: 12, queue_ids: '1,2', is_paused: 1, max_threshold_for_pause_time: 0 } as const;
const agentPause = { ext_id: 85, queue_ids: '2', reason: '*01', max_threshold_for_pause_time: 600 };
const queuePause = { ext_ids: '73,85', queue_id: 2, operation: 'pause', reason: '*01' } as const;
const queueLogin = {
  ext_ids: '21,24',
  queue_id: 1,
  operation: 'login',
  is_paused: 1,
  max_threshold_for_pause_time: 300,
} as const;
const queueList = { page: 1, page_size: 50, sort_by: 'number', order_by: 'asc' } as const;
const listen: CallListenParams = { monitor: '2001', channel_id: 'PJSIP/2002-00000013', type: 'whisper' };
const invite: ConferenceInviteMemberParams = {
  dialpermission: '1001',
  invitemembers: ['995000'],
  number: '6901',
};
const pauseReasons = [
  { code: '*01', reason: 'Lunch' },
  { code: '*02', reason: 'Break' },
];
const uacsta = (call_id: string) => ({ extension: '2000', call_id, ip_address: '192.168.28.2:5060' });

describe('extensions, queues and agents: what each method sends and what it returns', () => {
  itSendsEach([
    exchange({
      sends: 'GET v1.0 extension/list',
      name: 'extension.list returns rows with their online status',
      answer: ok({ total_number: 1, data: [extensionRow] }),
      call: (pbx) => pbx.extension.list({ page: 1, page_size: 100, sort_by: 'number' }),
      carrying: { query: { page: '1', page_size: '100', sort_by: 'number' } },
      returns: (result) => expect(result.data).toEqual([extensionRow]),
    }),
    exchange({
      sends: 'GET v1.0 extension/search',
      name: 'extension.search with the list parameters and the keyword',
      answer: ok({ total_number: 1, data: [extensionRow] }),
      call: (pbx) => pbx.extension.search({ search_value: 'Ann', page_size: 10 }),
      carrying: { query: { search_value: 'Ann', page_size: '10', ...TOKEN } },
      returns: (result) => expect(result.total_number).toBe(1),
    }),
    exchange({
      sends: 'GET v1.0 extension/get',
      name: 'extension.get sends the id and returns the settings as the PBX sends them',
      data: extensionDetails,
      call: (pbx) => pbx.extension.get({ id: 12 }),
      carrying: { query: { id: '12' } },
    }),
    exchange({
      sends: 'GET v1.0 extension/query',
      name: 'extension.query sends the ids and returns the settings as the PBX sends them',
      data: [extensionDetails],
      call: (pbx) => pbx.extension.query({ ids: '12,13' }),
      carrying: { query: { ids: '12,13' } },
    }),
    exchange({
      sends: 'GET v1.0 extension_status_monitor/list',
      name: 'extension.statusMonitors with only the token',
      data: [monitor],
      call: (pbx) => pbx.extension.statusMonitors(),
      returns: (_, sent) => expect(sent.query).toEqual(TOKEN),
    }),
    exchange({
      sends: 'GET v1.0 queue/list',
      name: 'queue.list with paging and sorting',
      answer: ok({ total_number: 1, queue_list: [{ id: 1, number: '6400', name: 'Sales' }] }),
      call: (pbx) => pbx.queue.list(queueList),
      carrying: { query: queryOf(queueList) },
      returns: (result) => expect(result.queue_list[0]?.name).toBe('Sales'),
    }),
    exchange({
      sends: 'GET v1.0 queue/agent_status',
      name: 'queue.agentStatus with id, token and User-Agent, and returns the agents',
      answer: ok({ total_number: 1, data: [agent] }),
      call: (pbx) => pbx.queue.agentStatus({ id: 3 }),
      carrying: { query: { id: '3', ...TOKEN } },
      returns: (result, sent) => {
        expect(sent.headers['user-agent']).toMatch(/OpenAPI/);
        expect(result.data).toEqual([agent]);
        expect(result.total_number).toBe(1);
      },
    }),
    exchange({
      sends: 'GET v1.0 queue/call_status',
      name: 'queue.callStatus returns the three lists',
      answer: ok({
        waiting_calls: 1,
        active_calls: 0,
        ringing_calls: 0,
        waiting_list: [waiting],
        active_list: [],
        ringing_list: [],
      }),
      call: (pbx) => pbx.queue.callStatus({ id: 7 }),
      carrying: { query: { id: '7' } },
      returns: (result) => expect(result.waiting_list[0]?.duration).toBe(12),
    }),
    exchange({
      sends: 'GET v1.0 queue/agent_pause',
      name: 'queue.agentPause for several agents',
      call: (pbx) => pbx.queue.agentPause(queuePause),
      carrying: { query: { ...queryOf(queuePause), ...TOKEN } },
    }),
    exchange({
      sends: 'GET v1.0 queue/agent_login',
      name: 'queue.agentLogin as the guide’s example does',
      call: (pbx) => pbx.queue.agentLogin(queueLogin),
      carrying: { query: { ...queryOf(queueLogin), ...TOKEN } },
    }),
    exchange({
      sends: 'GET v1.0 queue/agent_login',
      name: 'queue.agentLogin logs out with a log-back-in time',
      call: (pbx) =>
        pbx.queue.agentLogin({
          ext_ids: '21',
          queue_id: 1,
          operation: 'logout',
          max_threshold_for_logout_time: 600,
        }),
      carrying: { query: { operation: 'logout', max_threshold_for_logout_time: '600' } },
    }),
    exchange({
      sends: 'GET v1.0 agent/login',
      name: 'agent.login with operation=login and the options',
      call: (pbx) => pbx.agent.login(agentLogin),
      returns: (_, sent) =>
        expect(sent.query).toEqual({ ...queryOf(agentLogin), operation: 'login', ...TOKEN }),
    }),
    exchange({
      sends: 'GET v1.0 agent/login',
      name: 'agent.logout with operation=logout',
      call: (pbx) => pbx.agent.logout({ ext_id: 12 }),
      returns: (result, sent) => {
        expect(sent.query).toEqual({ ext_id: '12', operation: 'logout', ...TOKEN });
        expect(result.errcode).toBe(0);
      },
    }),
    exchange({
      sends: 'GET v1.0 agent/pause',
      name: 'agent.pause with operation=pause, the reason code and the duration',
      call: (pbx) => pbx.agent.pause(agentPause),
      returns: (_, sent) =>
        expect(sent.query).toEqual({ ...queryOf(agentPause), operation: 'pause', ...TOKEN }),
    }),
    exchange({
      sends: 'GET v1.0 agent/pause',
      name: 'agent.unpause with operation=unpause',
      call: (pbx) => pbx.agent.unpause({ ext_id: 85 }),
      returns: (_, sent) => expect(sent.query).toEqual({ ext_id: '85', operation: 'unpause', ...TOKEN }),
    }),
    exchange({
      sends: 'GET v1.0 queue_pause_reason/list',
      name: 'queuePauseReason.list returns the reasons',
      data: pauseReasons,
      call: (pbx) => pbx.queuePauseReason.list(),
      carrying: { query: TOKEN },
    }),
  ]);
});

describe('calls and conferences: what each method sends and what it returns', () => {
  itSendsEach([
    exchange({
      sends: 'POST v1.0 call/accept_inbound',
      name: 'call.acceptInbound with the channel, and returns the call id',
      answer: ok({ call_id: '1648861726.280' }),
      call: (pbx) => pbx.call.acceptInbound({ channel_id: channel }),
      carrying: { query: TOKEN, body: { channel_id: channel } },
      returns: (result) => expect(result.call_id).toBe('1648861726.280'),
    }),
    exchange({
      sends: 'POST v1.0 call/refuse_inbound',
      name: 'call.refuseInbound with the channel, and returns the call id',
      answer: ok({ call_id: '1650780369.279' }),
      call: (pbx) => pbx.call.refuseInbound({ channel_id: channel }),
      carrying: { body: { channel_id: channel } },
      returns: (result) => expect(result.call_id).toBe('1650780369.279'),
    }),
    exchange({
      sends: 'GET v1.0 call/query',
      name: 'call.query with exactly the call id, and returns the calls',
      data: [CALL_INFO],
      call: (pbx) => pbx.call.query({ call_id: CALL_INFO.call_id }),
      returns: (_, sent) => expect(sent.query).toEqual({ call_id: CALL_INFO.call_id, ...TOKEN }),
    }),
    exchange({
      sends: 'GET v1.0 call/query',
      name: 'call.query with exactly the type',
      call: (pbx) => pbx.call.query({ type: 'inbound' }),
      returns: (_, sent) => expect(sent.query).toEqual({ type: 'inbound', ...TOKEN }),
    }),
    exchange({
      sends: 'GET v1.0 call/query',
      name: 'call.query with exactly the extension',
      call: (pbx) => pbx.call.query({ extension: '2002' }),
      returns: (_, sent) => expect(sent.query).toEqual({ extension: '2002', ...TOKEN }),
    }),
    exchange({
      sends: 'POST v1.0 call/listen',
      name: 'call.listen returns the call id',
      answer: ok({ call_id: '1.5' }),
      call: (pbx) => pbx.call.listen(listen),
      carrying: { body: listen },
      returns: (result) => expect(result.call_id).toBe('1.5'),
    }),
    exchange({
      sends: 'POST v1.0 call/hangup',
      name: 'call.hangup with the channel, and reads call_id',
      answer: ok({ call_id: '1648627871.65' }),
      call: (pbx) => pbx.call.hangup({ channel_id: 'PJSIP/2001-0000001a' }),
      carrying: { body: { channel_id: 'PJSIP/2001-0000001a' } },
      returns: (result) => expect(result.call_id).toBe('1648627871.65'),
    }),
    exchange({
      sends: 'POST v1.0 call/hangup',
      name: 'call.hangup with a paging number only',
      answer: ok({ call_id: '1648627871.66' }),
      call: (pbx) => pbx.call.hangup({ paging_number: '6300' }),
      returns: (_, sent) => expect(sent.body).toEqual({ paging_number: '6300' }),
    }),
    exchange({
      sends: 'POST v1.0 uacsta_call/refuse',
      name: 'uacstaCall.refuse with the three values of event 30020',
      call: (pbx) => pbx.uacstaCall.refuse(uacsta('32789')),
      carrying: { query: TOKEN, body: uacsta('32789') },
      returns: (result) => expect(result.errcode).toBe(0),
    }),
    exchange({
      sends: 'POST v1.0 uacsta_call/hangup',
      name: 'uacstaCall.hangup with the guide example’s body',
      call: (pbx) => pbx.uacstaCall.hangup(uacsta('32786')),
      carrying: { query: TOKEN, body: uacsta('32786') },
    }),
    exchange({
      sends: 'GET v1.0 conference/query_ongoing_conference',
      name: 'conference.queryOngoing with the number',
      data: [conference],
      call: (pbx) => pbx.conference.queryOngoing({ number: '6901' }),
      carrying: { query: { number: '6901', ...TOKEN } },
    }),
    exchange({
      sends: 'POST v1.0 conference/kick_member',
      name: 'conference.kickMember with the body as given',
      call: (pbx) => pbx.conference.kickMember({ member_channel_id: 'PJSIP/1003-00000021', number: '6901' }),
      carrying: { body: { member_channel_id: 'PJSIP/1003-00000021', number: '6901' } },
    }),
    exchange({
      sends: 'POST v1.0 conference/mute_member',
      name: 'conference.muteMember as the guide’s example does',
      call: (pbx) => pbx.conference.muteMember({ member_channel_id: 'all', number: '6901' }),
      carrying: { body: { member_channel_id: 'all', number: '6901' } },
      returns: (result) => expect(result).toEqual({ errcode: 0, errmsg: 'SUCCESS' }),
    }),
    exchange({
      sends: 'POST v1.0 conference/invite_member',
      name: 'conference.inviteMember with the numbers as an array',
      call: (pbx) => pbx.conference.inviteMember(invite),
      carrying: { body: invite },
    }),
    exchange({
      sends: 'GET v1.0 conference/list',
      name: 'conference.list with the required paging, and returns the conferences',
      answer: ok({ total_number: 3, data: [sales] }),
      call: (pbx) => pbx.conference.list({ page: 1, page_size: 5, sort_by: 'name' }),
      carrying: { query: { page: '1', page_size: '5', sort_by: 'name', ...TOKEN } },
      returns: (result) => {
        expect(result.total_number).toBe(3);
        expect(result.data).toEqual([sales]);
      },
    }),
  ]);
});
