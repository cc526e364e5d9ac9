import { describe, expect, it } from 'vitest';
import type { FieldViolation } from '../errors.js';
import { IVR_KEYS, PBX_OPERATIONS, type PbxOperationName } from './operations.js';
import type { FieldRule, ObjectRule } from './schema.js';
import { validate } from './validate.js';
import { EDIT_REJECTED, EDIT_VALID, ivrUpdateRejections } from '../../test/support/edit-operation-cases.js';

type Body = Record<string, unknown>;
type RuleKind = FieldViolation['rule'];

/** Every field of the ivr/create key settings: `press0_dest` ... `allow_out_record_invalid`. */
function ivrKeyFields(): { texts: string[]; flags: string[] } {
  const texts: string[] = [];
  const flags: string[] = [];
  for (const key of [...IVR_KEYS, '_timeout', '_invalid']) {
    const base = key === '_timeout' || key === '_invalid' ? key.slice(1) : `press${key}`;
    texts.push(`${base}_dest`, `${base}_dest_prefix`, `${base}_dest_value`);
    flags.push(`allow_out_record${key}`);
  }
  return { texts, flags };
}
const IVR_KEY = ivrKeyFields();

/** ivr/create with every field set, keys included (ivr/update takes the same fields, none required). */
const IVR_EVERY_FIELD = {
  number: '6200',
  name: 'Menu',
  prompt: 'welcome',
  prompt_repeat: 3,
  resp_timeout: 5,
  digit_timeout: 5,
  alert_info: 'ring2',
  client_unique_ringtone: 'bells',
  dial_ext_option: 'allow',
  dial_ext_list: [{ value: '1', type: 'extension' }],
  restrict_dial_ext_list: [{ value: '2', type: 'ext_group' }],
  enb_dial_call_number: 1,
  dial_call_number_list: [{ value: '3', type: 'queue' }],
  enb_dial_outb_routes: 1,
  dial_outb_route_list: [{ text: 'Local', value: '4' }],
  enb_dial_check_vm: 0,
  prompt_manger_enb: 1,
  prompt_manger_password: '1234',
  ...Object.fromEntries(
    IVR_KEY.texts.map((field) => [field, field.endsWith('_dest') ? 'extension' : '2001']),
  ),
  ...Object.fromEntries(IVR_KEY.flags.map((field) => [field, 1])),
};

/** A request for every operation that uses every field it has, and is valid. */
const VALID: Record<PbxOperationName, Body> = {
  get_token: { username: 'client-id', password: 'client-secret' },
  refresh_token: { refresh_token: 'r' },
  del_token: {},
  // The read-and-edit operations of configuration resources (test/support/edit-operation-cases.ts).
  ...EDIT_VALID,
  'ivr/create': IVR_EVERY_FIELD,
  'ivr/update': { id: 1, ...IVR_EVERY_FIELD },
  'phone/batchcreate': {
    vendor: 'Yealink',
    model: 'T54W',
    phone_list: [{ mac: '80:5E:C0:11:22:33', ext_id: 12 }],
    template_name: 'default',
    provisioning_method: 'pnp_via_onsite_proxy',
    onsite_proxy_uuid: 'proxy-1',
    enb_rps_auth: 0,
  },
  'phone/batchupdate': { batch_id_list: [5], phone_list: [{ id: 5, mac: '805EC0112233', ext_id: 14 }] },
  'queue_pause_reason/update': { pause_reason_list: [{ code: '*801', reason: 'Lunch' }] },
  'message_queue/create': { name: 'Chat', assignment_mode: 'auto', members: [{ extension_id: 12 }] },
  'allow_numbers/create': { name: 'VIP', limit_type: 'both', number_list: '5551234&5555678' },
  'block_numbers/create': { name: 'Spam', limit_type: 'inbound', number_list: '5551234' },
  'pin_list/create': { name: 'PINs', pin_list: '1234,5678', enb_record_cdr: 1 },
  'cdr/search': {
    page: 1,
    page_size: 10_000,
    start_time: '08/22/2025 00:00:00',
    end_time: '1755900000',
    call_from: '2001',
    call_to: '5551234',
    pin_code: '1234',
    extension_group: 2,
    disposition_code_list: '1,4',
    call_note_remark: 'callback',
    status: 'VOICEMAIL',
    did: '5550000:trunk-a',
  },
  'cdr/aidownload': {
    call_from: '2001',
    call_to: '5551234',
    call_type: 'Internal',
    start_time: '2025/08/22 00:00:00',
    end_time: '2025/08/23 00:00:00',
    last_status: 'ABANDONED',
  },
  'inbound_route/query': { ids: '1,2' },
  'inbound_route/list': { page: 1, page_size: 100, sort_by: 'pos', order_by: 'asc' },
  'inbound_route/search': { page: 2, page_size: 20, sort_by: 'name', order_by: 'desc', search_value: '5550' },
  'callnotes/get': { id: '20250306093306-5E6B3', group_id: 1741224782 },
  'message_channel/list': { page: 1, page_size: 20, time_range: 'this_month' },
  'message_channel/get': { id: 4 },
  'company_contact/query': { ids: '3' },
  'message_session/get': { id: 23 },
  'recording/list': { page: 1, page_size: 50, sort_by: 'time', order_by: 'desc' },
  'recording/download': { id: 449 },
  'recording/search': {
    page: 1,
    page_size: 20,
    sort_by: 'id',
    order_by: 'desc',
    start_time: '1755820800',
    end_time: '1755907199',
    caller: '5551234',
    callee: '2001',
    ids: '449,506',
  },
  'system/information': {},
  'system/get_menuoptions': { menu: 'queue_agent', id: 2 },
  'callnotes/update': {
    id: '20250306093306-5E6B3',
    group_id: '1741224782.220',
    disposition_code_ids: '1,3',
    remark: 'called back',
    update_entry: 'queue_agent',
  },
  'queue/list': { page: 1, page_size: 50, sort_by: 'name', order_by: 'asc' },
  'extension/list': { page: 1, page_size: 1000, sort_by: 'number', order_by: 'desc' },
  'queue/agent_status': { id: 1 },
  'queue/call_status': { id: 1 },
  'agent/login': {
    ext_id: 12,
    operation: 'login',
    queue_ids: '1,2',
    is_paused: 0,
    max_threshold_for_pause_time: 10,
  },
  'agent/pause': {
    ext_id: 85,
    operation: 'pause',
    queue_ids: '2',
    max_threshold_for_pause_time: 10,
    reason: '*01',
  },
  'queue/agent_pause': {
    ext_ids: '73,85',
    queue_id: 2,
    operation: 'unpause',
    max_threshold_for_pause_time: 0,
    reason: '#02',
  },
  'queue_pause_reason/list': { page: 1, page_size: 20 },
  'call/query': { call_id: '1651057476.362' },
  'call/accept_inbound': { channel_id: 'PJSIP/trunk-1' },
  'call/refuse_inbound': { channel_id: 'PJSIP/trunk-1' },
  'call/listen': { monitor: '2001', channel_id: 'PJSIP/2002-1', type: 'barge' },
  'call/hangup': { channel_id: 'PJSIP/2001-1' },
  'uacsta_call/refuse': { extension: '2000', call_id: '32789', ip_address: '192.168.28.2:5060' },
  'conference/query_ongoing_conference': { number: '6901' },
  'conference/kick_member': { member_channel_id: 'PJSIP/1003-00000021', number: '6901' },
  'conference/mute_member': { member_channel_id: 'PJSIP/1003-00000021,PJSIP/1007-00000023', number: '6901' },
  'conference/invite_member': { invitemembers: ['995000', '1003'], dialpermission: '1001', number: '6901' },
  'conference/list': { page: 1, page_size: 5, sort_by: 'name', order_by: 'desc' },
  'uacsta_call/hangup': { extension: '2000', call_id: '32786', ip_address: '192.168.28.2:5060' },
  'queue/agent_login': {
    ext_ids: '21,24',
    queue_id: 1,
    operation: 'login',
    is_paused: 1,
    max_threshold_for_pause_time: 300,
    max_threshold_for_logout_time: 0,
    reason: '*01',
  },
  'cdr/list': { page: 2, page_size: 10_000, sort_by: 'src_addr', order_by: 'asc' },
  'extension/search': {
    page: 1,
    page_size: 20,
    sort_by: 'caller_id_name',
    order_by: 'asc',
    search_value: 'Ann',
  },
  'extension/get': { id: 12 },
  'extension/query': { ids: '12,13' },
  'extension_status_monitor/list': {},
  'system/capacity': {},
};

/** Field `field` of `op` set to `value` (undefined = left out). */
interface Case {
  op: PbxOperationName;
  patch: Body;
}
interface Rejection extends Case {
  field: string;
  rule: RuleKind;
}

const reject = (op: PbxOperationName, patch: Body, field: string, rule: RuleKind): Rejection => ({
  op,
  patch,
  field,
  rule,
});
const missing = (op: PbxOperationName, field: string): Rejection =>
  reject(op, { [field]: undefined }, field, 'required');
const ext = (item: Body) => [{ value: '1', type: 'extension', ...item }];

/** Values a rule accepts at its edges. */
const ACCEPTED: Array<Case & { why: string }> = [
  { op: 'ivr/create', patch: { prompt_repeat: 1 }, why: 'prompt_repeat lower bound' },
  { op: 'ivr/create', patch: { prompt_repeat: 5 }, why: 'prompt_repeat upper bound' },
  { op: 'ivr/create', patch: { resp_timeout: 1, digit_timeout: 10 }, why: 'timeouts at their bounds' },
  { op: 'ivr/create', patch: { resp_timeout: 10, digit_timeout: 1 }, why: 'timeouts at their bounds' },
  {
    op: 'ivr/create',
    patch: { dial_ext_option: 'restrict', dial_ext_list: undefined },
    why: 'restrict needs only its list',
  },
  {
    op: 'ivr/create',
    patch: { dial_ext_option: 'disable', dial_ext_list: undefined, restrict_dial_ext_list: undefined },
    why: 'no direct dialling needs no list',
  },
  {
    op: 'ivr/create',
    patch: { dial_ext_option: 'all', dial_ext_list: undefined, restrict_dial_ext_list: undefined },
    why: 'any extension needs no list',
  },
  {
    op: 'ivr/create',
    patch: { enb_dial_outb_routes: 0, dial_outb_route_list: undefined },
    why: 'routes off',
  },
  {
    op: 'ivr/create',
    patch: { prompt_manger_enb: 0, prompt_manger_password: undefined },
    why: 'manager off',
  },
  { op: 'ivr/create', patch: { dial_outb_route_list: [{ value: '4' }] }, why: 'route text is optional' },
  { op: 'cdr/search', patch: { page_size: 1 }, why: 'page_size lower bound' },
  { op: 'cdr/search', patch: { did: '' }, why: 'an empty optional filter is not checked for format' },
  { op: 'cdr/search', patch: { page: '', page_size: '' }, why: 'blank paging means page 1 of 10,000' },
  { op: 'recording/download', patch: { id: undefined, file: 'r.wav' }, why: 'a file name instead of the id' },
  {
    op: 'phone/batchcreate',
    patch: { provisioning_method: 'dhcp_via_onsite_proxy' },
    why: 'other proxy method',
  },
  {
    op: 'phone/batchcreate',
    patch: { provisioning_method: 'rps', onsite_proxy_uuid: undefined },
    why: 'rps alone',
  },
  {
    op: 'queue_pause_reason/update',
    patch: { pause_reason_list: [] },
    why: 'an empty list clears every reason',
  },
  { op: 'agent/login', patch: { max_threshold_for_pause_time: 0 }, why: '0 = until unpaused' },
  { op: 'agent/login', patch: { max_threshold_for_pause_time: 3600 }, why: 'long threshold' },
  { op: 'agent/login', patch: { operation: 'logout', queue_ids: undefined }, why: 'logout of all queues' },
  {
    op: 'agent/login',
    patch: { operation: 'logout', max_threshold_for_logout_time: 600 },
    why: 'logged back in by the PBX after 10 minutes',
  },
  { op: 'agent/login', patch: { is_paused: 1, reason: '*01' }, why: 'paused log-in with a reason' },
  { op: 'call/query', patch: { call_id: undefined, type: 'outbound' }, why: 'type alone' },
  { op: 'call/query', patch: { call_id: undefined, extension: '2001' }, why: 'extension alone' },
  {
    op: 'call/hangup',
    patch: { channel_id: undefined, paging_number: '6300' },
    why: 'a paging call by its number',
  },
  { op: 'callnotes/get', patch: { id: 17, group_id: '1741224782.220' }, why: 'ids as number or text' },
  { op: 'system/get_menuoptions', patch: { menu: 'disposition_code', id: undefined }, why: 'no id' },
  { op: 'system/get_menuoptions', patch: { menu: 'IVR', id: undefined }, why: "the older guide's IVR" },
  { op: 'callnotes/update', patch: { update_entry: 'cdr', group_id: undefined }, why: 'cdr needs no group' },
  { op: 'callnotes/update', patch: { disposition_code_ids: '' }, why: 'empty text clears the codes' },
  { op: 'conference/kick_member', patch: { member_channel_id: 'all' }, why: 'everyone' },
  { op: 'conference/mute_member', patch: { member_channel_id: 'all' }, why: 'everyone' },
  { op: 'cdr/list', patch: { page: '', page_size: '' }, why: 'blank paging means page 1 of 10,000' },
  {
    op: 'queue/agent_login',
    patch: { operation: 'logout', is_paused: undefined, max_threshold_for_logout_time: 10 },
    why: 'logged back in after 10 s',
  },
  { op: 'block_numbers/create', patch: { limit_type: 'outbound' }, why: 'blocklist limit types' },
];

const REJECTED: Rejection[] = [
  missing('get_token', 'username'),
  missing('get_token', 'password'),
  missing('refresh_token', 'refresh_token'),
  // ivr/create
  ...['number', 'name', 'prompt', 'prompt_repeat', 'resp_timeout', 'digit_timeout', 'dial_ext_option'].map(
    (f) => missing('ivr/create', f),
  ),
  reject('ivr/create', { prompt_repeat: 0 }, 'prompt_repeat', 'range'),
  reject('ivr/create', { prompt_repeat: 6 }, 'prompt_repeat', 'range'),
  reject('ivr/create', { resp_timeout: 0 }, 'resp_timeout', 'range'),
  reject('ivr/create', { resp_timeout: 11 }, 'resp_timeout', 'range'),
  reject('ivr/create', { digit_timeout: 0 }, 'digit_timeout', 'range'),
  reject('ivr/create', { digit_timeout: 11 }, 'digit_timeout', 'range'),
  reject('ivr/create', { dial_ext_option: 'deny' }, 'dial_ext_option', 'enum'),
  reject('ivr/create', { dial_ext_option: 'none' }, 'dial_ext_option', 'enum'),
  reject('ivr/create', { dial_ext_list: undefined }, 'dial_ext_list', 'required'),
  reject(
    'ivr/create',
    { dial_ext_option: 'restrict', restrict_dial_ext_list: undefined },
    'restrict_dial_ext_list',
    'required',
  ),
  reject('ivr/create', { dial_outb_route_list: undefined }, 'dial_outb_route_list', 'required'),
  reject('ivr/create', { prompt_manger_password: undefined }, 'prompt_manger_password', 'required'),
  reject('ivr/create', { dial_ext_list: ext({ value: undefined }) }, 'dial_ext_list[0].value', 'required'),
  reject('ivr/create', { dial_ext_list: ext({ type: '' }) }, 'dial_ext_list[0].type', 'required'),
  reject(
    'ivr/create',
    { restrict_dial_ext_list: ext({ value: '' }) },
    'restrict_dial_ext_list[0].value',
    'required',
  ),
  reject(
    'ivr/create',
    { restrict_dial_ext_list: ext({ type: undefined }) },
    'restrict_dial_ext_list[0].type',
    'required',
  ),
  reject(
    'ivr/create',
    { dial_call_number_list: ext({ value: undefined }) },
    'dial_call_number_list[0].value',
    'required',
  ),
  reject(
    'ivr/create',
    { dial_call_number_list: ext({ type: undefined }) },
    'dial_call_number_list[0].type',
    'required',
  ),
  reject(
    'ivr/create',
    { dial_outb_route_list: [{ text: 'x' }] },
    'dial_outb_route_list[0].value',
    'required',
  ),
  ...[
    'enb_dial_call_number',
    'enb_dial_outb_routes',
    'enb_dial_check_vm',
    'prompt_manger_enb',
    ...IVR_KEY.flags,
  ].map((flag) => reject('ivr/create', { [flag]: 2 }, flag, 'enum')),
  // phone
  ...['vendor', 'model', 'phone_list', 'template_name'].map((f) => missing('phone/batchcreate', f)),
  // Without a valid method the proxy UUID is out of place too; leave it out to see the method's own violation.
  reject(
    'phone/batchcreate',
    { provisioning_method: undefined, onsite_proxy_uuid: undefined },
    'provisioning_method',
    'required',
  ),
  reject('phone/batchcreate', { phone_list: [] }, 'phone_list', 'required'),
  reject('phone/batchcreate', { phone_list: [{ ext_id: 1 }] }, 'phone_list[0].mac', 'required'),
  reject(
    'phone/batchcreate',
    { phone_list: [{ mac: '80:5E-C0:11:22:33', ext_id: 1 }] },
    'phone_list[0].mac',
    'format',
  ),
  reject('phone/batchcreate', { phone_list: [{ mac: '805EC0112233' }] }, 'phone_list[0].ext_id', 'required'),
  reject(
    'phone/batchcreate',
    { phone_list: [{ mac: '805EC0112233', ext_id: 0 }] },
    'phone_list[0].ext_id',
    'range',
  ),
  reject(
    'phone/batchcreate',
    { provisioning_method: 'tftp', onsite_proxy_uuid: undefined },
    'provisioning_method',
    'enum',
  ),
  reject('phone/batchcreate', { provisioning_method: 'rps' }, 'onsite_proxy_uuid', 'unknown'),
  reject('phone/batchcreate', { enb_rps_auth: 2 }, 'enb_rps_auth', 'enum'),
  missing('phone/batchupdate', 'batch_id_list'),
  missing('phone/batchupdate', 'phone_list'),
  reject('phone/batchupdate', { batch_id_list: [0] }, 'batch_id_list[0]', 'range'),
  reject(
    'phone/batchupdate',
    { phone_list: [{ mac: '805EC0112233', ext_id: 1 }] },
    'phone_list[0].id',
    'required',
  ),
  reject(
    'phone/batchupdate',
    { phone_list: [{ id: 0, mac: '805EC0112233', ext_id: 1 }] },
    'phone_list[0].id',
    'range',
  ),
  reject('phone/batchupdate', { phone_list: [{ id: 1, ext_id: 1 }] }, 'phone_list[0].mac', 'required'),
  reject(
    'phone/batchupdate',
    { phone_list: [{ id: 1, mac: '80:5E:C0', ext_id: 1 }] },
    'phone_list[0].mac',
    'format',
  ),
  reject(
    'phone/batchupdate',
    { phone_list: [{ id: 1, mac: '805EC0112233' }] },
    'phone_list[0].ext_id',
    'required',
  ),
  reject(
    'phone/batchupdate',
    { phone_list: [{ id: 1, mac: '805EC0112233', ext_id: -1 }] },
    'phone_list[0].ext_id',
    'range',
  ),
  // other configuration
  missing('queue_pause_reason/update', 'pause_reason_list'),
  reject(
    'queue_pause_reason/update',
    { pause_reason_list: [{ reason: 'x' }] },
    'pause_reason_list[0].code',
    'required',
  ),
  reject(
    'queue_pause_reason/update',
    { pause_reason_list: [{ code: '*1' }] },
    'pause_reason_list[0].reason',
    'required',
  ),
  missing('message_queue/create', 'name'),
  missing('message_queue/create', 'assignment_mode'),
  missing('message_queue/create', 'members'),
  reject('message_queue/create', { assignment_mode: 'random' }, 'assignment_mode', 'enum'),
  reject('message_queue/create', { members: [{}] }, 'members[0].extension_id', 'required'),
  reject('message_queue/create', { members: [{ extension_id: 0 }] }, 'members[0].extension_id', 'range'),
  ...(['allow_numbers/create', 'block_numbers/create'] as const).flatMap((op) => [
    missing(op, 'name'),
    missing(op, 'limit_type'),
    missing(op, 'number_list'),
    reject(op, { limit_type: 'any' }, 'limit_type', 'enum'),
    reject(op, { number_list: '5551234,5555678' }, 'number_list', 'format'),
    reject(op, { number_list: '5551234&abc-not-a-number' }, 'number_list', 'format'),
  ]),
  missing('pin_list/create', 'name'),
  missing('pin_list/create', 'pin_list'),
  reject('pin_list/create', { pin_list: '12a4' }, 'pin_list', 'format'),
  reject('pin_list/create', { enb_record_cdr: -1 }, 'enb_record_cdr', 'enum'),
  // reads
  reject('cdr/search', { page: 0 }, 'page', 'range'),
  reject('cdr/search', { page_size: 0 }, 'page_size', 'range'),
  reject('cdr/search', { page_size: 10_001 }, 'page_size', 'range'),
  reject('cdr/search', { enable_fuzzy_search: 2 }, 'enable_fuzzy_search', 'enum'),
  reject('cdr/search', { extension_group: 0 }, 'extension_group', 'range'),
  reject('cdr/search', { disposition_code_list: '1;4' }, 'disposition_code_list', 'format'),
  reject('cdr/search', { status: 'ABANDONED' }, 'status', 'enum'),
  reject('cdr/search', { did: '5550000' }, 'did', 'format'),
  reject('cdr/aidownload', { call_type: 'inbound' }, 'call_type', 'enum'),
  reject('cdr/aidownload', { last_status: 'MISSED' }, 'last_status', 'enum'),
  ...(['inbound_route/query', 'company_contact/query', 'allow_numbers/query'] as const).flatMap((op) => [
    missing(op, 'ids'),
    reject(op, { ids: '1,two' }, 'ids', 'format'),
  ]),
  missing('callnotes/get', 'id'),
  missing('callnotes/get', 'group_id'),
  missing('system/get_menuoptions', 'menu'),
  missing('system/get_menuoptions', 'id'),
  reject('system/get_menuoptions', { menu: 'outbound_route' }, 'menu', 'enum'),
  reject('system/get_menuoptions', { id: 0 }, 'id', 'range'),
  missing('callnotes/update', 'id'),
  missing('callnotes/update', 'update_entry'),
  missing('callnotes/update', 'group_id'),
  reject('callnotes/update', { update_entry: 'in-call' }, 'update_entry', 'enum'),
  reject('callnotes/update', { disposition_code_ids: '1;3' }, 'disposition_code_ids', 'format'),
  missing('message_channel/list', 'page'),
  missing('message_channel/list', 'page_size'),
  missing('message_channel/list', 'time_range'),
  reject('message_channel/list', { page: 0 }, 'page', 'range'),
  reject('message_channel/list', { page_size: 0 }, 'page_size', 'range'),
  reject('message_channel/list', { time_range: 'last_year' }, 'time_range', 'enum'),
  ...(
    ['message_channel/get', 'message_session/get', 'queue/agent_status', 'queue/call_status'] as const
  ).flatMap((op) => [missing(op, 'id'), reject(op, { id: 0 }, 'id', 'range')]),
  reject('recording/search', { start_time: '2025/08/22 00:00:00' }, 'start_time', 'format'),
  reject('recording/download', { id: undefined }, 'id|file', 'required'),
  reject('recording/download', { file: 'a.wav' }, 'id|file', 'required'),
  reject('recording/download', { id: 0 }, 'id', 'range'),
  reject('recording/search', { end_time: '1755907199.5' }, 'end_time', 'format'),
  reject('recording/search', { ids: '449 506' }, 'ids', 'format'),
  ...(
    [
      'recording/list',
      'recording/search',
      'queue/list',
      'block_numbers/list',
      'extension/list',
      'inbound_route/list',
      'inbound_route/search',
    ] as const
  ).flatMap((op) => [
    reject(op, { page: 0 }, 'page', 'range'),
    reject(op, { page_size: 0 }, 'page_size', 'range'),
    reject(op, { sort_by: 'size' }, 'sort_by', 'enum'),
    reject(op, { order_by: 'up' }, 'order_by', 'enum'),
  ]),
  // agents
  missing('agent/login', 'ext_id'),
  missing('agent/login', 'operation'),
  reject('agent/login', { ext_id: 0 }, 'ext_id', 'range'),
  reject('agent/login', { operation: 'pause' }, 'operation', 'enum'),
  reject('agent/login', { queue_ids: '1 2' }, 'queue_ids', 'format'),
  reject('agent/login', { is_paused: 2 }, 'is_paused', 'enum'),
  reject(
    'agent/login',
    { operation: 'logout', max_threshold_for_logout_time: 5 },
    'max_threshold_for_logout_time',
    'range',
  ),
  reject('agent/login', { max_threshold_for_pause_time: 9 }, 'max_threshold_for_pause_time', 'range'),
  reject('agent/login', { max_threshold_for_pause_time: 1 }, 'max_threshold_for_pause_time', 'range'),
  reject('agent/login', { max_threshold_for_pause_time: -1 }, 'max_threshold_for_pause_time', 'range'),
  ...(['agent/pause', 'queue/agent_pause'] as const).flatMap((op) => [
    missing(op, 'operation'),
    reject(op, { operation: 'login' }, 'operation', 'enum'),
    reject(op, { max_threshold_for_pause_time: 9 }, 'max_threshold_for_pause_time', 'range'),
  ]),
  missing('agent/pause', 'ext_id'),
  reject('agent/pause', { ext_id: 0 }, 'ext_id', 'range'),
  reject('agent/pause', { queue_ids: '1;2' }, 'queue_ids', 'format'),
  missing('queue/agent_pause', 'ext_ids'),
  missing('queue/agent_pause', 'queue_id'),
  reject('queue/agent_pause', { ext_ids: '73 85' }, 'ext_ids', 'format'),
  reject('queue/agent_pause', { queue_id: 0 }, 'queue_id', 'range'),
  reject('queue_pause_reason/list', { page: 0 }, 'page', 'range'),
  reject('queue_pause_reason/list', { page_size: 0 }, 'page_size', 'range'),
  missing('block_numbers/delete', 'id'),
  reject('block_numbers/delete', { id: 0 }, 'id', 'range'),
  // live calls
  reject('call/query', { call_id: undefined }, 'call_id|type|extension', 'required'),
  reject('call/query', { extension: '2001' }, 'call_id|type|extension', 'required'),
  reject('call/query', { call_id: undefined, type: 'all' }, 'type', 'enum'),
  missing('call/accept_inbound', 'channel_id'),
  missing('call/refuse_inbound', 'channel_id'),
  reject('call/hangup', { channel_id: undefined }, 'channel_id|paging_number', 'required'),
  reject('call/hangup', { paging_number: '6300' }, 'channel_id|paging_number', 'required'),
  missing('call/listen', 'monitor'),
  missing('call/listen', 'channel_id'),
  missing('call/listen', 'type'),
  reject('call/listen', { type: 'spy' }, 'type', 'enum'),
  missing('uacsta_call/refuse', 'extension'),
  missing('uacsta_call/refuse', 'call_id'),
  missing('uacsta_call/refuse', 'ip_address'),
  reject('uacsta_call/refuse', { ip_address: '192.168.28.2:0' }, 'ip_address', 'format'),
  missing('conference/query_ongoing_conference', 'number'),
  missing('conference/kick_member', 'member_channel_id'),
  missing('conference/kick_member', 'number'),
  reject('conference/kick_member', { member_channel_id: 'a,,b' }, 'member_channel_id', 'format'),
  missing('conference/mute_member', 'member_channel_id'),
  missing('conference/mute_member', 'number'),
  reject('conference/mute_member', { member_channel_id: 'a b' }, 'member_channel_id', 'format'),
  missing('conference/invite_member', 'invitemembers'),
  missing('conference/invite_member', 'dialpermission'),
  missing('conference/invite_member', 'number'),
  reject('conference/invite_member', { invitemembers: [] }, 'invitemembers', 'required'),
  missing('conference/list', 'page'),
  missing('conference/list', 'page_size'),
  missing('uacsta_call/hangup', 'extension'),
  missing('uacsta_call/hangup', 'call_id'),
  missing('uacsta_call/hangup', 'ip_address'),
  reject('uacsta_call/hangup', { ip_address: '192.168.28.2' }, 'ip_address', 'format'),
  // queue/agent_login
  missing('queue/agent_login', 'ext_ids'),
  missing('queue/agent_login', 'queue_id'),
  missing('queue/agent_login', 'operation'),
  reject('queue/agent_login', { ext_ids: '21;24' }, 'ext_ids', 'format'),
  reject('queue/agent_login', { queue_id: 0 }, 'queue_id', 'range'),
  reject('queue/agent_login', { operation: 'pause' }, 'operation', 'enum'),
  reject('queue/agent_login', { is_paused: 2 }, 'is_paused', 'enum'),
  reject('queue/agent_login', { max_threshold_for_pause_time: 9 }, 'max_threshold_for_pause_time', 'range'),
  reject('queue/agent_login', { max_threshold_for_logout_time: 5 }, 'max_threshold_for_logout_time', 'range'),
  // records and extensions
  ...(['cdr/list', 'conference/list', 'extension/search'] as const).flatMap((op) => [
    reject(op, { page: 0 }, 'page', 'range'),
    reject(op, { page_size: 0 }, 'page_size', 'range'),
    reject(op, { sort_by: 'size' }, 'sort_by', 'enum'),
    reject(op, { order_by: 'up' }, 'order_by', 'enum'),
  ]),
  reject('cdr/list', { page_size: 10_001 }, 'page_size', 'range'),
  missing('extension/get', 'id'),
  reject('extension/get', { id: 0 }, 'id', 'range'),
  missing('extension/query', 'ids'),
  reject('extension/query', { ids: '12 13' }, 'ids', 'format'),
];
REJECTED.push(
  ...EDIT_REJECTED,
  ...ivrUpdateRejections(
    REJECTED,
    Object.entries(PBX_OPERATIONS['ivr/create'].params.fields).flatMap(([field, rule]) =>
      rule.required ? [field] : [],
    ),
  ),
);

/** `field:kind` for every constraint of a rule, derived from the catalogue itself. */
function constraintsOf(rule: ObjectRule, path = ''): string[] {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  const out: string[] = [];
  const scalar = (r: FieldRule, p: string) => {
    if (r.type === 'string' && r.enum) out.push(`${p}:enum`);
    if (r.type === 'string' && r.format) out.push(`${p}:format`);
    if (r.type === 'integer' && r.enum) out.push(`${p}:enum`);
    if (r.type === 'integer' && r.min !== undefined) out.push(`${p}:range-min`);
    if (r.type === 'integer' && r.max !== undefined) out.push(`${p}:range-max`);
    if (r.type === 'object') out.push(...constraintsOf(r, p));
    if (r.type === 'array') scalar(r.items, `${p}[0]`);
  };
  for (const [key, r] of Object.entries(rule.fields)) {
    if (r.required) out.push(`${at(key)}:required`);
    scalar(r, at(key));
  }
  for (const c of rule.conditions ?? []) {
    out.push(
      ...(c.require ?? []).map((k) => `${at(k)}:required`),
      ...(c.forbid ?? []).map((k) => `${at(k)}:unknown`),
    );
  }
  out.push(...(rule.exactlyOneOf ?? []).map((group) => `${at(group.join('|'))}:required`));
  return out;
}

/** The rule and the value at `path` (`phone_list[0].ext_id`) of a request. */
function lookup(rule: ObjectRule, body: unknown, path: string): { rule?: FieldRule; value: unknown } {
  let current: FieldRule | undefined = rule;
  let value = body;
  for (const part of path.split('.')) {
    const [, name = '', index] = /^([^[]+)(?:\[(\d+)\])?$/.exec(part) ?? [];
    current = current?.type === 'object' ? current.fields[name] : undefined;
    value = (value as Record<string, unknown> | undefined)?.[name];
    if (index !== undefined) {
      current = current?.type === 'array' ? current.items : undefined;
      value = (value as unknown[] | undefined)?.[Number(index)];
    }
  }
  return { ...(current ? { rule: current } : {}), value };
}

/** `field:kind` a rejection tests; ranges say which bound they cross. */
function testedConstraint(c: Rejection): string {
  if (c.rule !== 'range') return `${c.field}:${c.rule}`;
  const { rule, value } = lookup(PBX_OPERATIONS[c.op].params, { ...VALID[c.op], ...c.patch }, c.field);
  const below = rule?.type === 'integer' && rule.min !== undefined && Number(value) < rule.min;
  return `${c.field}:range-${below ? 'min' : 'max'}`;
}

/** A value of the wrong type for a rule. */
function wrongType(rule: FieldRule): unknown {
  return { string: 42, integer: '7', id: true, array: 'x', object: 'x' }[rule.type];
}

const apply = ({ op, patch }: Case) =>
  validate(PBX_OPERATIONS[op].params, { ...VALID[op], ...patch }, { rejectUnknown: true });
const label = (c: Case) =>
  `${c.op} ${JSON.stringify(c.patch, (_k, v: unknown) => (v === undefined ? '<absent>' : v))}`;

describe('PBX_OPERATIONS rules', () => {
  it.each(Object.keys(VALID) as PbxOperationName[])('%s accepts a request that uses every field', (op) => {
    expect(validate(PBX_OPERATIONS[op].params, VALID[op], { rejectUnknown: true })).toEqual([]);
  });

  it.each(ACCEPTED.map((c) => [label(c), c] as const))('accepts %s', (_label, c) => {
    expect(apply(c)).toEqual([]);
  });

  it.each(REJECTED.map((c) => [label(c), c] as const))('rejects %s', (_label, c) => {
    expect(apply(c).map((v) => `${v.field}:${v.rule}`)).toEqual([`${c.field}:${c.rule}`]);
  });

  it.each(Object.keys(PBX_OPERATIONS) as PbxOperationName[])(
    '%s: every field rejects a value of the wrong type',
    (op) => {
      const { params } = PBX_OPERATIONS[op];
      for (const [field, rule] of Object.entries(params.fields)) {
        const violations = validate(params, { ...VALID[op], [field]: wrongType(rule) });
        expect(violations, field).toContainEqual(expect.objectContaining({ field, rule: 'type' }));
      }
    },
  );

  it.each(Object.keys(PBX_OPERATIONS) as PbxOperationName[])('%s: an unknown field is rejected', (op) => {
    expect(apply({ op, patch: { extra_field: 'x' } })).toEqual([
      { field: 'extra_field', rule: 'unknown', message: 'is not a parameter of this operation' },
    ]);
  });

  it('the tables cover every constraint in the catalogue and every operation', () => {
    expect(Object.keys(VALID).sort()).toEqual(Object.keys(PBX_OPERATIONS).sort());
    const tested = new Set(REJECTED.map((c) => `${c.op} ${testedConstraint(c)}`));
    const untested = (Object.keys(PBX_OPERATIONS) as PbxOperationName[]).flatMap((op) =>
      constraintsOf(PBX_OPERATIONS[op].params)
        .map((constraint) => `${op} ${constraint}`)
        .filter((key) => !tested.has(key)),
    );
    expect(untested).toEqual([]);
  });

  it('GET operations are idempotent except those that change state; POST operations never are', () => {
    const retried = Object.values(PBX_OPERATIONS)
      .filter((spec) => spec.idempotent)
      .map((spec) => spec.path);
    for (const changes of [
      'agent/login',
      'agent/pause',
      'queue/agent_pause',
      'queue/agent_login',
      'block_numbers/delete',
    ])
      expect(retried).not.toContain(changes);
    expect(retried).not.toContain('del_token');
    for (const spec of Object.values(PBX_OPERATIONS))
      if (spec.method === 'POST') expect(spec.idempotent).toBe(false);
  });
});
