import { flag, int, list, obj, reqInt, reqStr, str } from './builders.js';
import type { FieldRule, ObjectRule, OperationSpec } from './schema.js';

/** Call dispositions in CDRs and the cdr/search `status` filter. */
export const CDR_DISPOSITIONS = ['ANSWERED', 'NO ANSWER', 'BUSY', 'FAILED', 'VOICEMAIL'] as const;
/** AI transcription `last_status` adds ABANDONED. */
export const AI_CALL_STATUSES = [...CDR_DISPOSITIONS, 'ABANDONED'] as const;
/** Call types as CDRs and AI data spell them. */
export const CALL_TYPES = ['Inbound', 'Outbound', 'Internal'] as const;
/** Periods for message counters. */
export const MESSAGE_TIME_RANGES = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'all',
] as const;
/** Provisioning methods named by the spec's text (its full list is not published). */
export const PROVISIONING_METHODS = [
  'rps',
  'rps_fqdn',
  'pnp_via_onsite_proxy',
  'dhcp_via_onsite_proxy',
] as const;
/** Monitoring modes of call/listen. */
export const LISTEN_TYPES = ['listen', 'whisper', 'barge'] as const;

/** What agent/pause and queue/agent_pause do. */
export const PAUSE_OPERATIONS = ['pause', 'unpause'] as const;

/** Digit keys of an IVR menu, as they appear in field names (`press0_dest` ... `press_star_dest`). */
export const IVR_KEYS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '_hash', '_star'] as const;

const extEntry = obj({ value: reqStr(), type: reqStr() });

function ivrKeyFields(): Record<string, FieldRule> {
  const fields: Record<string, FieldRule> = {};
  const keys = [...IVR_KEYS, '_timeout', '_invalid'];
  for (const key of keys) {
    // press0_dest / press_hash_dest / timeout_dest / invalid_dest
    const base =
      key.startsWith('_') && (key === '_timeout' || key === '_invalid') ? key.slice(1) : `press${key}`;
    fields[`${base}_dest`] = str();
    fields[`${base}_dest_prefix`] = str();
    fields[`${base}_dest_value`] = str();
    const recordSuffix = key.startsWith('_') ? key.slice(1) : key;
    fields[`allow_out_record${key.startsWith('_') ? '_' : ''}${recordSuffix}`] = flag();
  }
  return fields;
}

const ivrCreate = obj(
  {
    number: reqStr(),
    name: reqStr(),
    prompt: reqStr(),
    prompt_repeat: reqInt({ min: 1, max: 5 }),
    resp_timeout: reqInt({ min: 1, max: 10 }),
    digit_timeout: reqInt({ min: 1, max: 10 }),
    alert_info: str(),
    client_unique_ringtone: str(),
    dial_ext_option: reqStr({ enum: ['allow', 'restrict'] }),
    dial_ext_list: list(extEntry),
    restrict_dial_ext_list: list(extEntry),
    enb_dial_call_number: flag(),
    dial_call_number_list: list(extEntry),
    enb_dial_outb_routes: flag(),
    dial_outb_route_list: list(obj({ text: str(), value: reqStr() })),
    enb_dial_check_vm: flag(),
    prompt_manger_enb: flag(),
    prompt_manger_password: str(),
    ...ivrKeyFields(),
  },
  {
    conditions: [
      { field: 'dial_ext_option', in: ['allow'], require: ['dial_ext_list'] },
      { field: 'dial_ext_option', in: ['restrict'], require: ['restrict_dial_ext_list'] },
      { field: 'enb_dial_outb_routes', in: [1], require: ['dial_outb_route_list'] },
      { field: 'prompt_manger_enb', in: [1], require: ['prompt_manger_password'] },
    ],
  },
);

const paging = { page: int({ min: 1 }), page_size: int({ min: 1 }) };
const sorted = (sortBy: readonly string[]) => ({
  sort_by: str({ enum: sortBy }),
  order_by: str({ enum: ['asc', 'desc'] }),
});

function op(
  path: string,
  method: 'GET' | 'POST',
  params: ObjectRule,
  extra: Partial<Pick<OperationSpec, 'version' | 'authenticated' | 'idempotent' | 'responseArrays'>> = {},
): OperationSpec {
  return {
    path,
    method,
    version: extra.version ?? 'v1.0',
    authenticated: extra.authenticated ?? true,
    idempotent: extra.idempotent ?? method === 'GET',
    params,
    ...(extra.responseArrays ? { responseArrays: extra.responseArrays } : {}),
  };
}

/**
 * Every operation this product uses: the 22 of the vendor's interface document plus call/refuse_inbound and
 * the ones of the PBX's public guide (docs/pbx/README.md). Keyed by `resource/action`.
 */
export const PBX_OPERATIONS = {
  // Authentication (docs/pbx/auth.md#token-operations)
  get_token: op('get_token', 'POST', obj({ username: reqStr(), password: reqStr() }), {
    authenticated: false,
    idempotent: false,
  }),
  refresh_token: op('refresh_token', 'POST', obj({ refresh_token: reqStr() }), {
    authenticated: false,
    idempotent: false,
  }),
  del_token: op('del_token', 'GET', obj({}), { idempotent: false }),

  // Configuration
  'ivr/create': op('ivr/create', 'POST', ivrCreate),
  'phone/batchcreate': op(
    'phone/batchcreate',
    'POST',
    obj(
      {
        vendor: reqStr(),
        model: reqStr(),
        phone_list: list(obj({ mac: reqStr({ format: 'mac' }), ext_id: reqInt({ min: 1 }) }), true),
        template_name: reqStr(),
        provisioning_method: reqStr({ enum: PROVISIONING_METHODS }),
        onsite_proxy_uuid: str(),
        enb_rps_auth: flag(),
      },
      {
        conditions: [
          {
            field: 'provisioning_method',
            notIn: ['pnp_via_onsite_proxy', 'dhcp_via_onsite_proxy'],
            forbid: ['onsite_proxy_uuid'],
          },
        ],
      },
    ),
  ),
  'phone/batchupdate': op(
    'phone/batchupdate',
    'POST',
    obj({
      batch_id_list: list(reqInt({ min: 1 }), true),
      phone_list: list(
        obj({ id: reqInt({ min: 1 }), mac: reqStr({ format: 'mac' }), ext_id: reqInt({ min: 1 }) }),
        true,
      ),
    }),
  ),
  'queue_pause_reason/update': op(
    'queue_pause_reason/update',
    'POST',
    // An empty list is allowed: it deletes every reason, as the spec says update replaces the list.
    obj({
      pause_reason_list: {
        type: 'array',
        required: true,
        minItems: 0,
        items: obj({ code: reqStr(), reason: reqStr() }),
      },
    }),
  ),
  'message_queue/create': op(
    'message_queue/create',
    'POST',
    obj({
      name: reqStr(),
      assignment_mode: reqStr({ enum: ['none', 'auto', 'manual'] }),
      members: list(obj({ extension_id: reqInt({ min: 1 }) }), true),
    }),
  ),
  'allow_numbers/create': op(
    'allow_numbers/create',
    'POST',
    obj({
      name: reqStr(),
      limit_type: reqStr({ enum: ['inbound', 'outbound', 'both'] }),
      number_list: reqStr({ format: 'amp_list' }),
    }),
  ),
  'block_numbers/create': op(
    'block_numbers/create',
    'POST',
    obj({
      name: reqStr(),
      limit_type: reqStr({ enum: ['inbound', 'outbound', 'both'] }),
      number_list: reqStr({ format: 'amp_list' }),
    }),
  ),
  'block_numbers/list': op('block_numbers/list', 'GET', obj({ ...paging, ...sorted(['id', 'name']) }), {
    responseArrays: ['data'],
  }),
  'block_numbers/delete': op('block_numbers/delete', 'GET', obj({ id: reqInt({ min: 1 }) }), {
    // Deleting twice fails the second time (the rule is gone): never replay it blindly.
    idempotent: false,
  }),
  'pin_list/create': op(
    'pin_list/create',
    'POST',
    obj({ name: reqStr(), pin_list: reqStr({ format: 'comma_digit_list' }), enb_record_cdr: flag() }),
  ),

  // Reads
  'cdr/search': op(
    'cdr/search',
    'GET',
    obj({
      page: int({ min: 1 }),
      page_size: int({ min: 1, max: 10_000 }),
      start_time: str(),
      end_time: str(),
      call_from: str(),
      call_to: str(),
      pin_code: str(),
      extension_group: int({ min: 1 }),
      disposition_code_list: str({ format: 'comma_id_list' }),
      call_note_remark: str(),
      status: str({ enum: CDR_DISPOSITIONS }),
      did: str({ format: 'did_filter_list' }),
    }),
    { responseArrays: ['data'] },
  ),
  'cdr/aidownload': op(
    'cdr/aidownload',
    'GET',
    obj({
      call_from: str(),
      call_to: str(),
      call_type: str({ enum: CALL_TYPES }),
      start_time: str(),
      end_time: str(),
      last_status: str({ enum: AI_CALL_STATUSES }),
    }),
    { version: 'v2.0' },
  ),
  'inbound_route/query': op('inbound_route/query', 'GET', obj({ ids: reqStr({ format: 'comma_id_list' }) }), {
    responseArrays: ['data'],
  }),
  'callnotes/get': op(
    'callnotes/get',
    'GET',
    obj({ id: { type: 'id', required: true }, group_id: { type: 'id', required: true } }),
    {
      responseArrays: ['history'],
    },
  ),
  'message_channel/list': op(
    'message_channel/list',
    'GET',
    obj({
      page: reqInt({ min: 1 }),
      page_size: reqInt({ min: 1 }),
      time_range: reqStr({ enum: MESSAGE_TIME_RANGES }),
    }),
    { responseArrays: ['list'] },
  ),
  'message_channel/get': op('message_channel/get', 'GET', obj({ id: reqInt({ min: 1 }) })),
  'company_contact/query': op(
    'company_contact/query',
    'GET',
    obj({ ids: reqStr({ format: 'comma_id_list' }) }),
    {
      responseArrays: ['data'],
    },
  ),
  'message_session/get': op('message_session/get', 'GET', obj({ id: reqInt({ min: 1 }) })),
  'allow_numbers/query': op('allow_numbers/query', 'GET', obj({ ids: reqStr({ format: 'comma_id_list' }) }), {
    responseArrays: ['data'],
  }),
  'recording/list': op('recording/list', 'GET', obj({ ...paging, ...sorted(['id', 'time']) }), {
    responseArrays: ['data'],
  }),
  'system/information': op('system/information', 'GET', obj({})),

  // Queues and agents
  // docs/pbx/configuration.md#extensions
  'extension/list': op(
    'extension/list',
    'GET',
    obj({
      ...paging,
      ...sorted(['id', 'number', 'caller_id_name', 'email_addr', 'mobile_number', 'presence_status']),
    }),
    { responseArrays: ['data'] },
  ),
  'queue/list': op('queue/list', 'GET', obj({ ...paging, ...sorted(['id', 'number', 'name']) }), {
    responseArrays: ['queue_list'],
  }),
  'queue/agent_status': op('queue/agent_status', 'GET', obj({ id: reqInt({ min: 1 }) }), {
    responseArrays: ['data'],
  }),
  'queue/call_status': op('queue/call_status', 'GET', obj({ id: reqInt({ min: 1 }) }), {
    responseArrays: ['waiting_list', 'active_list', 'ringing_list'],
  }),
  'agent/login': op(
    'agent/login',
    'GET',
    obj({
      ext_id: reqInt({ min: 1 }),
      operation: reqStr({ enum: ['login', 'logout'] }),
      queue_ids: str({ format: 'comma_id_list' }),
      is_paused: flag(),
      max_threshold_for_pause_time: int({ min: 10, alsoAllow: [0] }),
    }),
    // A login/logout changes state: never replay it blindly.
    { idempotent: false },
  ),
  // docs/pbx/queues-and-agents.md#pausing-agents
  'agent/pause': op(
    'agent/pause',
    'GET',
    obj({
      ext_id: reqInt({ min: 1 }),
      operation: reqStr({ enum: PAUSE_OPERATIONS }),
      queue_ids: str({ format: 'comma_id_list' }),
      max_threshold_for_pause_time: int({ min: 10, alsoAllow: [0] }),
      reason: str(),
    }),
    { idempotent: false },
  ),
  'queue/agent_pause': op(
    'queue/agent_pause',
    'GET',
    obj({
      ext_ids: reqStr({ format: 'comma_id_list' }),
      queue_id: reqInt({ min: 1 }),
      operation: reqStr({ enum: PAUSE_OPERATIONS }),
      max_threshold_for_pause_time: int({ min: 10, alsoAllow: [0] }),
      reason: str(),
    }),
    { idempotent: false },
  ),
  'queue_pause_reason/list': op('queue_pause_reason/list', 'GET', obj({ ...paging }), {
    responseArrays: ['data'],
  }),

  // Live calls
  'call/query': op(
    'call/query',
    'GET',
    obj(
      { call_id: str(), type: str({ enum: ['inbound', 'outbound', 'internal'] }), extension: str() },
      { exactlyOneOf: [['call_id', 'type', 'extension']] },
    ),
    { responseArrays: ['data'] },
  ),
  'call/accept_inbound': op('call/accept_inbound', 'POST', obj({ channel_id: reqStr() })),
  'call/refuse_inbound': op('call/refuse_inbound', 'POST', obj({ channel_id: reqStr() })),
  'call/listen': op(
    'call/listen',
    'POST',
    obj({ monitor: reqStr(), channel_id: reqStr(), type: reqStr({ enum: LISTEN_TYPES }) }),
  ),
  // Only community-documented: docs/pbx/call-control.md#hanging-up-a-channel
  'call/hangup': op('call/hangup', 'POST', obj({ channel_id: reqStr() }), {
    // A second hang-up finds no channel: never replay it blindly.
    idempotent: false,
  }),
  'uacsta_call/refuse': op(
    'uacsta_call/refuse',
    'POST',
    obj({ extension: reqStr(), call_id: reqStr(), ip_address: reqStr({ format: 'ip_port' }) }),
  ),
  'conference/query_ongoing_conference': op(
    'conference/query_ongoing_conference',
    'GET',
    obj({ number: reqStr() }),
    { responseArrays: ['data'] },
  ),
  'conference/kick_member': op(
    'conference/kick_member',
    'POST',
    obj({ member_channel_id: reqStr({ format: 'member_channel_ids' }), number: reqStr() }),
  ),
} as const satisfies Record<string, OperationSpec>;

/** Name of an operation in {@link PBX_OPERATIONS}. */
export type PbxOperationName = keyof typeof PBX_OPERATIONS;

/** Looks up an operation by its URL path (`queue/agent_status`), for servers routing requests. */
export function findOperation(path: string): OperationSpec | undefined {
  // Own keys only: a path such as `constructor` must not resolve to something on Object.prototype.
  return Object.hasOwn(PBX_OPERATIONS, path)
    ? (PBX_OPERATIONS as Record<string, OperationSpec>)[path]
    : undefined;
}
