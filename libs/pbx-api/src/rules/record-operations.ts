import { flag, int, obj, reqId, reqInt, reqStr, str } from './builders.js';
import { paging, sorted, searching, byId, byIds, op } from './operation-parts.js';
import {
  CDR_DISPOSITIONS,
  AI_CALL_STATUSES,
  CALL_TYPES,
  MESSAGE_TIME_RANGES,
  MENU_OPTION_MENUS,
  CALL_NOTE_UPDATE_ENTRIES,
  CDR_LIST_SORT_FIELDS,
} from './operation-values.js';
import type { OperationSpec } from './schema.js';

/** Parameters of company_contact/list (docs/pbx/configuration.md#company-contacts). */
const COMPANY_CONTACT_LIST = {
  page: int({ min: 1 }),
  page_size: int({ min: 1, max: 10_000 }),
  ...sorted(['id', 'contact_name', 'company', 'email', 'business', 'mobile', 'home', 'business_fax']),
};

/** Parameters of message_session/list (docs/pbx/configuration.md#message-sessions). */
const MESSAGE_SESSION_LIST = obj(
  {
    page_size: reqInt({ min: 1 }),
    user_type: reqInt({ enum: [1, 9] }),
    user_no: str(),
    collection: str({ enum: ['all', 'campaign'] }),
    first_msg_id: int({ min: 1 }),
    is_archived: int({ enum: [0, 1, 2] }),
    is_closed: int({ enum: [0, 1, 2] }),
    is_pickup: int({ enum: [0, 1, 2] }),
  },
  { conditions: [{ field: 'user_type', in: [1], require: ['user_no'] }] },
);

/** cdr/search and cdr/list paging; left blank: the first page and 10,000 (docs/pbx/records.md#cdr-search). */
const CDR_PAGING = {
  page: int({ min: 1, blankIsDefault: true }),
  page_size: int({ min: 1, max: 10_000, blankIsDefault: true }),
};

/** Parameters of message_channel/list, all required; message_channel/search adds `search_value`. */
const CHANNEL_LIST = {
  page: reqInt({ min: 1 }),
  page_size: reqInt({ min: 1 }),
  time_range: reqStr({ enum: MESSAGE_TIME_RANGES }),
};

/** Reads of records and directories: CDRs, inbound routes, call notes, messaging, contacts, recordings, system. */
export const RECORD_OPERATIONS = {
  'cdr/search': op(
    'cdr/search',
    'GET',
    obj({
      ...CDR_PAGING,
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
      // Older copies of the page: fuzzy number matching per request (newer ones switch it with cdr/updateoption).
      enable_fuzzy_search: flag(),
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
  // docs/pbx/records.md#cdr-list: every record, paged and sorted.
  'cdr/list': op(
    'cdr/list',
    'GET',
    obj({
      ...CDR_PAGING,
      ...sorted(CDR_LIST_SORT_FIELDS),
    }),
    { responseArrays: ['data'] },
  ),
  'inbound_route/query': op('inbound_route/query', 'GET', obj({ ids: reqStr({ format: 'comma_id_list' }) }), {
    responseArrays: ['data'],
  }),
  // Where the route ids come from (docs/pbx/configuration.md#inbound-routes); `pos` is the route's place.
  'inbound_route/list': op(
    'inbound_route/list',
    'GET',
    obj({ ...paging, ...sorted(['id', 'pos', 'name']) }),
    {
      responseArrays: ['data'],
    },
  ),
  'inbound_route/search': op(
    'inbound_route/search',
    'GET',
    obj({ ...paging, ...sorted(['id', 'pos', 'name']), ...searching }),
    { responseArrays: ['data'] },
  ),
  'callnotes/get': op(
    'callnotes/get',
    'GET',
    obj({ id: { type: 'id', required: true }, group_id: { type: 'id', required: true } }),
    {
      responseArrays: ['history'],
    },
  ),
  'message_channel/list': op('message_channel/list', 'GET', obj(CHANNEL_LIST), { responseArrays: ['list'] }),
  'message_channel/get': op('message_channel/get', 'GET', obj({ id: reqInt({ min: 1 }) })),
  // docs/pbx/configuration.md#message-channels
  'message_channel/search': op('message_channel/search', 'GET', obj({ ...CHANNEL_LIST, ...searching }), {
    responseArrays: ['list'],
  }),
  'message_channel/getlivechat': op('message_channel/getlivechat', 'GET', obj(byId)),
  'company_contact/query': op(
    'company_contact/query',
    'GET',
    // The sample request names the query `id` (quirks.ts, 2).
    obj({ ids: reqStr({ format: 'comma_id_list' }) }, { aliases: { id: 'ids' } }),
    {
      responseArrays: ['data'],
    },
  ),
  // docs/pbx/configuration.md#company-contacts: list and search answer a flatter shape than query.
  'company_contact/list': op('company_contact/list', 'GET', obj(COMPANY_CONTACT_LIST), {
    responseArrays: ['data'],
  }),
  'company_contact/search': op(
    'company_contact/search',
    'GET',
    obj({ ...COMPANY_CONTACT_LIST, ...searching }),
    { responseArrays: ['data'] },
  ),
  'message_session/get': op('message_session/get', 'GET', obj({ id: reqInt({ min: 1 }) })),
  // docs/pbx/configuration.md#message-sessions: pages follow a cursor (`first_msg_id`), not `page`.
  'message_session/list': op('message_session/list', 'GET', MESSAGE_SESSION_LIST, {
    responseArrays: ['list'],
  }),
  'message_session/search': op(
    'message_session/search',
    'GET',
    obj(
      { ...MESSAGE_SESSION_LIST.fields, ...searching },
      { conditions: MESSAGE_SESSION_LIST.conditions ?? [] },
    ),
    { responseArrays: ['list'] },
  ),
  'message_session/query': op('message_session/query', 'GET', byIds, { responseArrays: ['list'] }),
  // Messages of a session (docs/pbx/configuration.md#messages-of-a-session): older pages by `last_msg_id`.
  'message/get': op(
    'message/get',
    'GET',
    obj({ page_size: reqInt({ min: 1 }), id: reqInt({ min: 1 }), last_msg_id: int({ min: 1 }) }),
  ),
  'message/query': op(
    'message/query',
    'GET',
    obj({ page_size: reqInt({ min: 1 }), ids: reqStr({ format: 'comma_id_list' }) }),
    { responseArrays: ['data'] },
  ),
  'recording/list': op('recording/list', 'GET', obj({ ...paging, ...sorted(['id', 'time']) }), {
    responseArrays: ['data'],
  }),
  // Recordings (docs/pbx/records.md#recording-search): times are Unix seconds here, not the CDR display format.
  'recording/search': op(
    'recording/search',
    'GET',
    obj({
      ...paging,
      ...sorted(['id', 'time']),
      start_time: str({ format: 'unix_seconds' }),
      end_time: str({ format: 'unix_seconds' }),
      caller: str(),
      callee: str(),
      ids: str({ format: 'comma_id_list' }),
    }),
    { responseArrays: ['data'] },
  ),
  // Step 1 of a recording download (docs/pbx/records.md#recording-download): its answer is a link to the file.
  'recording/download': op(
    'recording/download',
    'GET',
    obj({ id: int({ min: 1 }), file: str() }, { exactlyOneOf: [['id', 'file']] }),
  ),
  'system/information': op('system/information', 'GET', obj({})),
  // docs/pbx/configuration.md#pbx-capacity
  'system/capacity': op('system/capacity', 'GET', obj({})),

  // Menu options (docs/pbx/records.md#menu-options) and call-note updates
  // (docs/pbx/records.md#updating-a-call-note)
  'system/get_menuoptions': op(
    'system/get_menuoptions',
    'GET',
    obj(
      { menu: reqStr({ enum: MENU_OPTION_MENUS }), id: int({ min: 1 }) },
      { conditions: [{ field: 'menu', in: ['queue_agent'], require: ['id'] }] },
    ),
    { responseArrays: ['data'] },
  ),
  'callnotes/update': op(
    'callnotes/update',
    'POST',
    obj(
      {
        id: reqId(),
        group_id: { type: 'id' },
        disposition_code_ids: str({ format: 'comma_id_list' }),
        remark: str(),
        update_entry: reqStr({ enum: CALL_NOTE_UPDATE_ENTRIES }),
      },
      { conditions: [{ field: 'update_entry', in: ['in_call', 'queue_agent'], require: ['group_id'] }] },
    ),
    // The URL line of the guide says GET, its example POSTs JSON: servers take both, clients POST.
    { alsoAcceptedMethods: ['GET'], idempotent: false },
  ),
} as const satisfies Record<string, OperationSpec>;
