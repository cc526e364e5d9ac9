import { flag, int, list, obj, reqInt, reqStr, str } from './builders.js';
import { paging, sorted, searching, byId, byIds, op } from './operation-parts.js';
import { LISTEN_TYPES, PAUSE_OPERATIONS, AGENT_LOGIN_OPERATIONS } from './operation-values.js';
import type { OperationSpec } from './schema.js';

/** Parameters of extension/list; extension/search adds `search_value` (docs/pbx/configuration.md#extensions). */
const EXTENSION_LIST = {
  ...paging,
  ...sorted(['id', 'number', 'caller_id_name', 'email_addr', 'mobile_number', 'presence_status']),
};

/** A pause or log-back-in limit in seconds: 0 for none, else at least 10. */
const SECONDS_OR_NONE = int({ min: 10, alsoAllow: [0] });

/** The agents of one queue, as queue/agent_pause and queue/agent_login name them. */
const QUEUE_AGENTS = { ext_ids: reqStr({ format: 'comma_id_list' }), queue_id: reqInt({ min: 1 }) };

/** Extensions, queues and agents, live calls and conferences. */
export const LIVE_OPERATIONS = {
  // docs/pbx/configuration.md#extensions
  'extension/list': op('extension/list', 'GET', obj(EXTENSION_LIST), { responseArrays: ['data'] }),
  'extension/search': op('extension/search', 'GET', obj({ ...EXTENSION_LIST, ...searching }), {
    responseArrays: ['data'],
  }),
  'extension/get': op('extension/get', 'GET', obj(byId)),
  'extension/query': op('extension/query', 'GET', byIds, { responseArrays: ['data'] }),
  // Whether 30007/30008/30009 are sent for each extension (docs/pbx/configuration.md#extension-status-monitors).
  'extension_status_monitor/list': op('extension_status_monitor/list', 'GET', obj({}), {
    responseArrays: ['data'],
  }),
  'queue/list': op(
    'queue/list',
    'GET',
    obj({ ...paging, ...sorted(['id', 'number', 'name', 'ring_strategy']) }),
    {
      responseArrays: ['queue_list'],
    },
  ),
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
      max_threshold_for_pause_time: SECONDS_OR_NONE,
      // 0: stays logged out; 10 or more: the PBX logs the agent back in after that many seconds.
      max_threshold_for_logout_time: SECONDS_OR_NONE,
      // A pause reason's feature code, for a paused log-in (the PBX's plan must include it).
      reason: str(),
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
      max_threshold_for_pause_time: SECONDS_OR_NONE,
      reason: str(),
    }),
    { idempotent: false },
  ),
  'queue/agent_pause': op(
    'queue/agent_pause',
    'GET',
    obj({
      ...QUEUE_AGENTS,
      operation: reqStr({ enum: PAUSE_OPERATIONS }),
      max_threshold_for_pause_time: SECONDS_OR_NONE,
      reason: str(),
    }),
    { idempotent: false },
  ),
  // docs/pbx/queues-and-agents.md#logging-agents-in-and-out: several agents of one queue at once.
  'queue/agent_login': op(
    'queue/agent_login',
    'GET',
    obj({
      ...QUEUE_AGENTS,
      operation: reqStr({ enum: AGENT_LOGIN_OPERATIONS }),
      is_paused: flag(),
      max_threshold_for_pause_time: SECONDS_OR_NONE,
      max_threshold_for_logout_time: SECONDS_OR_NONE,
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
  // docs/pbx/call-control.md#hanging-up-a-channel: both fields optional on the page; one of them says what to end.
  'call/hangup': op(
    'call/hangup',
    'POST',
    obj({ channel_id: str(), paging_number: str() }, { exactlyOneOf: [['channel_id', 'paging_number']] }),
    // A second hang-up finds no channel: never replay it blindly.
    { idempotent: false },
  ),
  'uacsta_call/refuse': op(
    'uacsta_call/refuse',
    'POST',
    obj({ extension: reqStr(), call_id: reqStr(), ip_address: reqStr({ format: 'ip_port' }) }),
  ),
  // uaCSTA hang-up takes the same three values as refuse (docs/pbx/call-control.md#uacsta-desk-phones).
  'uacsta_call/hangup': op(
    'uacsta_call/hangup',
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
  // docs/pbx/conferences.md#muting-and-inviting-members
  'conference/mute_member': op(
    'conference/mute_member',
    'POST',
    obj({ member_channel_id: reqStr({ format: 'member_channel_ids' }), number: reqStr() }),
  ),
  'conference/invite_member': op(
    'conference/invite_member',
    'POST',
    obj({ invitemembers: list(reqStr(), true), dialpermission: reqStr(), number: reqStr() }),
  ),
  // docs/pbx/conferences.md#scheduled-conferences: the page marks page and page_size required.
  'conference/list': op(
    'conference/list',
    'GET',
    obj({ page: reqInt({ min: 1 }), page_size: reqInt({ min: 1 }), ...sorted(['number', 'name']) }),
    { responseArrays: ['data'] },
  ),
} as const satisfies Record<string, OperationSpec>;
