import { describe, expect } from 'vitest';
import type {
  CallNoteUpdateParams,
  CdrSearchParams,
  CompanyContact,
  MenuOption,
  MessageChannelSummary,
  MessageSession,
  Recording,
  SystemInformation,
} from '../index.js';
import { ok, queryOf } from '../../test/support/fake-pbx.js';
import { exchange, itSendsEach } from '../../test/support/exchanges.js';
import { CALL_NOTE } from '../../test/support/samples.js';

const TOKEN = { access_token: 'test-token' };

const newCdr = { new_id: 'a1', uid: 'u1', call_from: '2001', disposition: 'ANSWERED', call_note: null };
const legacyCdr = { id: 12, uid: 'u2', reason: 'hangup' };
const bareCdr = { uid: 'u3' };
const cdrFilters: CdrSearchParams = {
  page: 2,
  page_size: 500,
  start_time: '08/22/2025 00:00:00',
  end_time: '1755900000',
  call_from: '2001',
  call_to: '5551234',
  pin_code: '9999',
  extension_group: 4,
  disposition_code_list: '1,4',
  call_note_remark: 'callback',
  status: 'NO ANSWER',
  did: '5550000:trunk-a,Sales:trunk-b',
};
const cdrSorting = { page: 2, page_size: 3, sort_by: 'talk_duration', order_by: 'desc' } as const;
const aiFilters = {
  call_type: 'Inbound',
  last_status: 'ABANDONED',
  start_time: '2025/08/22 00:00:00',
} as const;

const recording = (id: number): Recording => ({
  id,
  time: '2025/08/22 16:44:40',
  uid: `u${id}`,
  call_from: '2001',
  call_to: '5551234',
  duration: 30,
  size: 48_000,
  call_type: 'Outbound',
  file: `r${id}.wav`,
  archive_status: '',
});
const recordingSorting = { page: 1, page_size: 10, sort_by: 'time', order_by: 'desc' } as const;
const recordingFilters = {
  start_time: '1755820800',
  end_time: '1755907199',
  caller: '2001',
  callee: '5551234',
  ids: '449,506',
  sort_by: 'id',
  order_by: 'desc',
} as const;

const route = {
  id: 1,
  name: 'Main DID',
  did_option: 'patterns',
  did_pattern_list: [{ id: 1, did_pattern: '5550000' }],
  cid_option: 'phonebook',
  trunk_list: [{ id: 2, name: 'trunk-a', type: 'register' }],
  def_dest: 'queue',
  def_dest_value: '6400',
};
const routeRow = { id: 1012, pos: 1, name: 'Night line', default_destination: 'queue' };
const routeSorting = { page: 2, page_size: 1, sort_by: 'pos', order_by: 'desc' } as const;

const channel: MessageChannelSummary = {
  id: 1,
  status: 'status_connect_succ',
  reason: '',
  name: 'SMS 1',
  channel: 'siptrunk',
  type: 'sms',
  number: ['5550000'],
  sent: 3,
  delivered: 2,
  failed: 1,
  received: 4,
};
const channelDetail = {
  id: 4,
  name: 'WhatsApp',
  domain_type: 'fqdn',
  webhook_gid: 'g1',
  webhook_url: 'https://pbx.example.com/hook',
  type: 'sms',
  channel: 'general',
  account_data: [{ k: 'api_key', v: '***' }],
  verify_token: 'v',
  send_rate: 5,
  auto_close_session: 1,
  session_expired_time: 3,
  dids: [
    {
      id: 9,
      omnichannel_id: 4,
      did_number: '5550000',
      destination_id: '2',
      destination_number: '7000',
      destination_name: 'Support',
      members: [{ text: 'Ann', text2: '2001', value: '12', type: 'extension' }],
      destination_type: 'queue',
    },
  ],
};
const session: MessageSession = {
  id: 23,
  channel_type: 'livechat',
  channel_name: 'Website',
  did_number: '',
  to_number: 'visitor-9',
  origin: '',
  website_domain: 'example.com',
  pre_chat_form: { name: 'Ann', email: 'ann@example.com' },
  user_info: { user_id: 0, user_no: 'visitor-9', user_type: 2, avatar: '', username: 'Ann' },
  participants: [{ user_id: 12, user_no: '2001', user_type: 1, avatar: 'a1', username: 'Bob' }],
};
const contact: CompanyContact = {
  id: 3,
  first_name: 'Lee',
  company: 'Acme',
  phonebook_list: [{ id: 1, name: 'Customers' }],
  number_list: [{ num_type: 'business_number', number: '5551234' }],
};
const noteUpdate: CallNoteUpdateParams = {
  id: CALL_NOTE.id,
  group_id: CALL_NOTE.group_id,
  disposition_code_ids: '1,3',
  remark: 'called back',
  update_entry: 'queue_agent',
};

const info: SystemInformation = {
  device_name: 'PBX',
  model_name: 'P570',
  sn: '3631A2124XXX',
  hardware_version: '1.0',
  firmware_version: '37.21.0.117',
  system_time: '2025/08/22 16:44:40',
  up_time: 3600,
  system_date_format: 'YYYY/MM/DD',
  system_time_format: 'hh:mm:ss',
  timestamp: 1755852280,
};
const capacity = { extension_capacity: 500, extension_used: 128, cc_capacity: 120, cc_used: 7 };
const queueAgents: MenuOption[] = [{ text: 'Ann Lee', value: '12', type: '' }];

describe('call records and recordings: what each method sends and what it returns', () => {
  itSendsEach([
    exchange({
      sends: 'GET v1.0 cdr/search',
      name: 'cdr.search with every filter, and adds record_id to each record',
      answer: ok({ total_number: 3, data: [newCdr, legacyCdr, bareCdr] }),
      call: (pbx) => pbx.cdr.search(cdrFilters),
      returns: (result, sent) => {
        expect(sent.query).toEqual({ ...queryOf(cdrFilters), ...TOKEN });
        expect(result.total_number).toBe(3);
        expect(result.data).toEqual([
          { ...newCdr, record_id: 'a1' },
          { ...legacyCdr, record_id: '12' },
          { ...bareCdr, record_id: 'u3' },
        ]);
      },
    }),
    exchange({
      sends: 'GET v1.0 cdr/search',
      name: 'cdr.search without filters sends only the token; an answer without data is an empty list',
      answer: ok({ total_number: 0 }),
      call: (pbx) => pbx.cdr.search(),
      returns: (result, sent) => {
        expect(sent.query).toEqual(TOKEN);
        expect(result.data).toEqual([]);
      },
    }),
    exchange({
      sends: 'GET v1.0 cdr/list',
      name: 'cdr.list with paging and sorting, and adds record_id to each record',
      answer: ok({ total_number: 3, data: [newCdr, legacyCdr, bareCdr] }),
      call: (pbx) => pbx.cdr.list(cdrSorting),
      carrying: { query: queryOf(cdrSorting) },
      returns: (result) => {
        expect(result.total_number).toBe(3);
        expect(result.data.map((record) => record.record_id)).toEqual(['a1', '12', 'u3']);
      },
    }),
    exchange({
      sends: 'GET v1.0 cdr/list',
      name: 'cdr.list without parameters sends only the token; an answer without data is an empty list',
      answer: ok({ total_number: 0 }),
      call: (pbx) => pbx.cdr.list(),
      returns: (result, sent) => {
        expect(sent.query).toEqual(TOKEN);
        expect(result.data).toEqual([]);
      },
    }),
    exchange({
      sends: 'GET v2.0 cdr/aidownload',
      name: 'cdr.aiDownloadUrl with the filters',
      answer: ok({ file: 'ai-1.json', download_resource_url: '/api/download/ai-1.json' }),
      call: (pbx) => pbx.cdr.aiDownloadUrl(aiFilters),
      carrying: { query: { ...queryOf(aiFilters), ...TOKEN } },
      returns: (result) =>
        expect(result).toMatchObject({ file: 'ai-1.json', download_resource_url: '/api/download/ai-1.json' }),
    }),
    exchange({
      sends: 'GET v1.0 recording/list',
      name: 'recording.list with paging and sorting, and returns the recordings',
      answer: ok({ total_number: 1, data: [recording(1)] }),
      call: (pbx) => pbx.recording.list(recordingSorting),
      carrying: { query: { ...queryOf(recordingSorting), ...TOKEN } },
      returns: (result) => expect(result.data).toEqual([recording(1)]),
    }),
    exchange({
      sends: 'GET v1.0 recording/search',
      name: 'recording.search with Unix-second times, parties and ids',
      answer: ok({ total_number: 2, data: [recording(449), recording(506)] }),
      call: (pbx) => pbx.recording.search(recordingFilters),
      returns: (result, sent) => {
        expect(sent.query).toEqual({ ...queryOf(recordingFilters), ...TOKEN });
        expect(result.data.map((r) => r.id)).toEqual([449, 506]);
      },
    }),
    exchange({
      sends: 'GET v1.0 recording/search',
      name: 'recording.search answers [] when the PBX leaves data out',
      answer: ok({ total_number: 0 }),
      call: (pbx) => pbx.recording.search({ caller: '2001' }),
      returns: (result) => expect(result.data).toEqual([]),
    }),
    exchange({
      sends: 'GET v1.0 callnotes/get',
      name: 'callNote.get with the text ids of event 30028, and returns current and history',
      answer: ok({ history: [{ ...CALL_NOTE, remark: 'old' }], current: CALL_NOTE }),
      call: (pbx) => pbx.callNote.get({ id: CALL_NOTE.id, group_id: CALL_NOTE.group_id }),
      carrying: { query: { id: CALL_NOTE.id, group_id: CALL_NOTE.group_id, ...TOKEN } },
      returns: (result) => {
        expect(result.current).toEqual(CALL_NOTE);
        expect(result.history[0]?.remark).toBe('old');
      },
    }),
    exchange({
      sends: 'GET v1.0 callnotes/get',
      name: 'callNote.get accepts numeric ids too',
      answer: ok({ history: [], current: CALL_NOTE }),
      call: (pbx) => pbx.callNote.get({ id: 17, group_id: 3 }),
      carrying: { query: { id: '17', group_id: '3' } },
    }),
    exchange({
      sends: 'POST v1.0 callnotes/update',
      name: 'callNote.update POSTs JSON',
      call: (pbx) => pbx.callNote.update(noteUpdate),
      carrying: { body: noteUpdate },
      returns: (_, sent) => expect(sent.query).toEqual(TOKEN),
    }),
  ]);
});

describe('routes, messaging, contacts and the system: what each method sends and what it returns', () => {
  itSendsEach([
    exchange({
      sends: 'GET v1.0 inbound_route/query',
      name: 'inboundRoute.query with ids, and reads cid_to_phonebook into numbers',
      answer: ok({
        data: [
          { ...route, cid_to_phonebook: '[1,2]' },
          { ...route, id: 2, cid_to_phonebook: [3] },
          { ...route, id: 3, cid_to_phonebook: '' },
          { ...route, id: 4 },
        ],
      }),
      call: (pbx) => pbx.inboundRoute.query({ ids: '1,2,3,4' }),
      carrying: { query: { ids: '1,2,3,4', ...TOKEN } },
      returns: (result) => {
        expect(result.data.map((r) => r.cid_to_phonebook)).toEqual([[1, 2], [3], [], []]);
        expect(result.data[0]).toEqual({ ...route, cid_to_phonebook: [1, 2] });
      },
    }),
    exchange({
      sends: 'GET v1.0 inbound_route/list',
      name: 'inboundRoute.list with paging and sorting, and answers rows with their positions',
      answer: ok({ total_number: 3, last_pos: 3, data: [routeRow] }),
      call: (pbx) => pbx.inboundRoute.list(routeSorting),
      carrying: { query: { ...queryOf(routeSorting), ...TOKEN } },
      returns: (result) => expect(result).toMatchObject({ total_number: 3, last_pos: 3, data: [routeRow] }),
    }),
    exchange({
      sends: 'GET v1.0 inbound_route/search',
      name: 'inboundRoute.search sends search_value and reads a page without data as no routes',
      answer: ok({ total_number: 0, last_pos: 4 }),
      call: (pbx) => pbx.inboundRoute.search({ search_value: 'Sales', sort_by: 'name' }),
      carrying: { query: { search_value: 'Sales', sort_by: 'name' } },
      returns: (result) => {
        expect(result.data).toEqual([]);
        expect(result.last_pos).toBe(4);
      },
    }),
    exchange({
      sends: 'GET v1.0 message_channel/list',
      name: 'messageChannel.list with page, page_size and time_range',
      answer: ok({ total_number: 1, list: [channel] }),
      call: (pbx) => pbx.messageChannel.list({ page: 1, page_size: 20, time_range: 'last_7_days' }),
      carrying: { query: { page: '1', page_size: '20', time_range: 'last_7_days', ...TOKEN } },
      returns: (result) => {
        expect(result.list).toEqual([channel]);
        expect(result.total_number).toBe(1);
      },
    }),
    exchange({
      sends: 'GET v1.0 message_channel/get',
      name: 'messageChannel.get returns the detailed channel',
      data: channelDetail,
      call: (pbx) => pbx.messageChannel.get({ id: 4 }),
      carrying: { query: { id: '4' } },
    }),
    exchange({
      sends: 'GET v1.0 message_session/get',
      name: 'messageSession.get returns the session under list',
      answer: ok({ list: session }),
      call: (pbx) => pbx.messageSession.get({ id: 23 }),
      carrying: { query: { id: '23', ...TOKEN } },
      returns: (result) => expect(result.list).toEqual(session),
    }),
    exchange({
      sends: 'GET v1.0 company_contact/query',
      name: 'companyContact.query with both ids and id, and returns the contacts',
      data: [contact],
      call: (pbx) => pbx.companyContact.query({ ids: '3,8' }),
      returns: (_, sent) => expect(sent.query).toEqual({ ids: '3,8', id: '3,8', ...TOKEN }),
    }),
    exchange({
      sends: 'GET v1.0 system/information',
      name: 'system.information with only the token, and returns the data',
      data: info,
      call: (pbx) => pbx.system.information(),
      returns: (_, sent) => expect(sent.query).toEqual(TOKEN),
    }),
    exchange({
      sends: 'GET v1.0 system/capacity',
      name: 'system.capacity with only the token, and returns the data',
      data: capacity,
      call: (pbx) => pbx.system.capacity(),
      returns: (_, sent) => expect(sent.query).toEqual(TOKEN),
    }),
    exchange({
      sends: 'GET v1.0 system/get_menuoptions',
      name: 'system.menuOptions with menu (and id), and returns the options',
      data: queueAgents,
      call: (pbx) => pbx.system.menuOptions({ menu: 'queue_agent', id: 3 }),
      returns: (_, sent) => expect(sent.query).toEqual({ menu: 'queue_agent', id: '3', ...TOKEN }),
    }),
    exchange({
      sends: 'GET v1.0 system/get_menuoptions',
      name: 'system.menuOptions answers an empty list when the PBX leaves data out',
      call: (pbx) => pbx.system.menuOptions({ menu: 'fxs' }),
      returns: (result) => expect(result.data).toEqual([]),
    }),
  ]);
});
