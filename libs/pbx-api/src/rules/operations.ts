import { IVR_INVALID_FLAG, IVR_INVALID_FLAG_SAMPLE_SPELLING } from '../quirks.js';
import { flag, int, list, obj, reqId, reqInt, reqStr, str } from './builders.js';
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
/**
 * Provisioning methods of phone/batchcreate: the Software Edition's page lists `pnp`, `dhcp`, `rps` and
 * `rps_fqdn`, the interface document the two onsite-proxy ones (docs/pbx/configuration.md#ip-phones). The PBX
 * refuses what its edition does not support (the Cloud Edition takes `rps` only); a client must not.
 */
export const PROVISIONING_METHODS = [
  'pnp',
  'dhcp',
  'rps',
  'rps_fqdn',
  'pnp_via_onsite_proxy',
  'dhcp_via_onsite_proxy',
] as const;
/** Monitoring modes of call/listen. */
export const LISTEN_TYPES = ['listen', 'whisper', 'barge'] as const;

/** What agent/pause and queue/agent_pause do. */
export const PAUSE_OPERATIONS = ['pause', 'unpause'] as const;

/**
 * Menus of system/get_menuoptions (docs/pbx/records.md#menu-options), every value any edition's guide lists.
 * `IVR` is the older English guide's spelling of `ivr`; both are accepted.
 */
export const MENU_OPTION_MENUS = [
  'fxs',
  'extension',
  'ext_group',
  'org_list',
  'trunk',
  'role',
  'phonebook',
  'group_vm',
  'ivr',
  'IVR',
  'call_flow',
  'ring_group',
  'queue',
  'queue_agent',
  'conference',
  'pinset',
  'system_prompt',
  'custom_prompt',
  'paging_custom_prompt',
  'disposition_code',
  'message_channel',
  'message_queue',
  'trunk_did_id',
] as const;

/**
 * Where a call note is changed from (callnotes/update `update_entry`): during the call, in the call log, during
 * a queue agent's wrap-up. The guide's example spells `in-call`; servers accept it too (quirks.ts).
 */
export const CALL_NOTE_UPDATE_ENTRIES = ['in_call', 'cdr', 'queue_agent'] as const;

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

/**
 * `dial_ext_option` values (docs/pbx/configuration.md#ivr): `disable` (callers may not dial extensions), `all`
 * (any extension), `allow` (only those of `dial_ext_list`), `restrict` (all but those of
 * `restrict_dial_ext_list`). The create page's table names only the two with a list; the IVR's read and edit
 * pages name all four, and the seeded IVRs use `disable` and `all`, so create takes all four too.
 */
export const IVR_DIAL_EXT_OPTIONS = ['disable', 'all', 'allow', 'restrict'] as const;

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
    dial_ext_option: reqStr({ enum: IVR_DIAL_EXT_OPTIONS }),
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
    // The sample request's spelling of the invalid-input flag (quirks.ts, 1).
    aliases: { [IVR_INVALID_FLAG_SAMPLE_SPELLING]: IVR_INVALID_FLAG },
  },
);

const paging = { page: int({ min: 1 }), page_size: int({ min: 1 }) };
const sorted = (sortBy: readonly string[]) => ({
  sort_by: str({ enum: sortBy }),
  order_by: str({ enum: ['asc', 'desc'] }),
});

/** Parameters of a `search` operation: the list's plus a keyword. */
const searching = { search_value: str() };
/** `id` of one object (get, update, delete). */
const byId = { id: reqInt({ min: 1 }) };
/** `ids` of several objects (query). */
const byIds = obj({ ids: reqStr({ format: 'comma_id_list' }) });
/** The same fields, none of them required (update sends only what changes). */
function optionalAll(fields: Readonly<Record<string, FieldRule>>): Record<string, FieldRule> {
  return Object.fromEntries(Object.entries(fields).map(([key, rule]) => [key, { ...rule, required: false }]));
}

function op(
  path: string,
  method: 'GET' | 'POST',
  params: ObjectRule,
  extra: Partial<
    Pick<OperationSpec, 'version' | 'authenticated' | 'idempotent' | 'responseArrays' | 'alsoAcceptedMethods'>
  > = {},
): OperationSpec {
  return {
    path,
    method,
    version: extra.version ?? 'v1.0',
    authenticated: extra.authenticated ?? true,
    idempotent: extra.idempotent ?? method === 'GET',
    params,
    ...(extra.responseArrays ? { responseArrays: extra.responseArrays } : {}),
    ...(extra.alsoAcceptedMethods ? { alsoAcceptedMethods: extra.alsoAcceptedMethods } : {}),
  };
}

/** Fields of an allowlist or blocklist rule (docs/pbx/configuration.md#allowlist-and-blocklist). */
const NUMBER_RULE_FIELDS = {
  name: reqStr(),
  limit_type: reqStr({ enum: ['inbound', 'outbound', 'both'] }),
  number_list: reqStr({ format: 'amp_list' }),
};
const NUMBER_RULE_EDITS = {
  list: { ...paging, ...sorted(['id', 'name']) },
  update: NUMBER_RULE_FIELDS,
  rows: 'data',
} as const;

/** Fields of a PIN list (docs/pbx/configuration.md#pin-lists). */
const PIN_LIST_FIELDS = {
  name: reqStr(),
  pin_list: reqStr({ format: 'comma_digit_list' }),
  enb_record_cdr: flag(),
};

/** How a message queue hands sessions to agents. */
export const MESSAGE_QUEUE_ASSIGNMENT_MODES = ['none', 'auto', 'manual'] as const;
/** Menus of auto_provisioning/compatibility (docs/pbx/configuration.md#phone-options). */
export const PHONE_OPTION_MENUS = ['phone_vendor', 'phone_model', 'phone_template', 'autop_method'] as const;

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

/** Parameters of extension/list; extension/search adds `search_value` (docs/pbx/configuration.md#extensions). */
const EXTENSION_LIST = {
  ...paging,
  ...sorted(['id', 'number', 'caller_id_name', 'email_addr', 'mobile_number', 'presence_status']),
};

/** Fields cdr/list sorts by (docs/pbx/records.md#cdr-list). */
export const CDR_LIST_SORT_FIELDS = [
  'id',
  'uid',
  'time',
  'duration',
  'ring_duration',
  'talk_duration',
  'disposition',
  'src_trunk',
  'dst_trunk',
  'call_type',
  'did_number',
  'dod_number',
  'src_addr',
] as const;

/** What queue/agent_login and agent/login do. */
export const AGENT_LOGIN_OPERATIONS = ['login', 'logout'] as const;

/** The six read-and-edit operations of a configuration resource. */
type EditableOps<R extends string> = Record<
  `${R}/${'list' | 'search' | 'get' | 'query' | 'update' | 'delete'}`,
  OperationSpec
>;

/**
 * list / search / get / query / update / delete of a configuration resource
 * (docs/pbx/configuration.md#reading-and-editing-configuration): GET list and search with paging, GET get
 * with `id`, GET query with `ids`, POST update with `id` and the fields that change, GET delete with `id`.
 */
function editable<R extends string>(
  resource: R,
  shape: {
    /** Parameters of list (search adds `search_value`). */
    list: Record<string, FieldRule>;
    /** Parameters of search besides `search_value`, when they differ from list's. */
    search?: Record<string, FieldRule>;
    /** Fields update may change (all optional). */
    update: Record<string, FieldRule>;
    updateRule?: Omit<ObjectRule, 'type' | 'fields'>;
    /** Where list, search and query answer their rows: `data`, or `list` on the messaging pages. */
    rows: 'data' | 'list';
  },
): EditableOps<R> {
  const rows = { responseArrays: [shape.rows] };
  return {
    [`${resource}/list`]: op(`${resource}/list`, 'GET', obj(shape.list), rows),
    [`${resource}/search`]: op(
      `${resource}/search`,
      'GET',
      obj({ ...(shape.search ?? shape.list), ...searching }),
      rows,
    ),
    [`${resource}/get`]: op(`${resource}/get`, 'GET', obj(byId)),
    [`${resource}/query`]: op(`${resource}/query`, 'GET', byIds, rows),
    [`${resource}/update`]: op(
      `${resource}/update`,
      'POST',
      obj({ ...byId, ...optionalAll(shape.update) }, shape.updateRule ?? {}),
      // Sending the same change twice leaves the same state, but an update is never replayed blindly.
      { idempotent: false },
    ),
    // Deleting twice fails the second time (the object is gone): never replay it blindly.
    [`${resource}/delete`]: op(`${resource}/delete`, 'GET', obj(byId), { idempotent: false }),
  } as EditableOps<R>;
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
  // IVRs (docs/pbx/configuration.md#ivr)
  ...editable('ivr', {
    list: { ...paging, ...sorted(['id', 'number', 'name']) },
    update: ivrCreate.fields,
    // The sample's spelling of the invalid-input flag applies to update too (quirks.ts, 15).
    updateRule: {
      conditions: ivrCreate.conditions ?? [],
      ...(ivrCreate.aliases ? { aliases: ivrCreate.aliases } : {}),
    },
    rows: 'data',
  }),
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
  // IP phones (docs/pbx/configuration.md#ip-phones): no phone/list and no single delete exist.
  'phone/search': op(
    'phone/search',
    'GET',
    obj({ ...paging, ...sorted(['vendor', 'model', 'ip']), ...searching }),
    { responseArrays: ['data'] },
  ),
  'phone/get': op('phone/get', 'GET', obj(byId)),
  'phone/batchdelete': op(
    'phone/batchdelete',
    'POST',
    obj({ batch_id_list: list(reqInt({ min: 1 }), true) }),
    { idempotent: false },
  ),
  'phone/batchreprovision': op(
    'phone/batchreprovision',
    'POST',
    obj({ batch_id_list: list(reqInt({ min: 1 }), true) }),
    { idempotent: false },
  ),
  // docs/pbx/configuration.md#phone-options
  'auto_provisioning/compatibility': op(
    'auto_provisioning/compatibility',
    'GET',
    obj(
      { menu: reqStr({ enum: PHONE_OPTION_MENUS }), vendor: str(), model: str() },
      {
        conditions: [
          { field: 'menu', in: ['phone_model', 'autop_method'], require: ['vendor'] },
          { field: 'menu', in: ['phone_template', 'autop_method'], require: ['model'] },
        ],
      },
    ),
    { responseArrays: ['data'] },
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
      assignment_mode: reqStr({ enum: MESSAGE_QUEUE_ASSIGNMENT_MODES }),
      members: list(obj({ extension_id: reqInt({ min: 1 }) }), true),
    }),
  ),
  // Message queues (docs/pbx/configuration.md#message-queues)
  ...editable('message_queue', {
    // The English page marks page and page_size required.
    list: { page: reqInt({ min: 1 }), page_size: reqInt({ min: 1 }) },
    update: {
      name: reqStr(),
      assignment_mode: reqStr({ enum: MESSAGE_QUEUE_ASSIGNMENT_MODES }),
      // Every member to keep: an existing entry by `id`, a new one without.
      members: list(obj({ id: int({ min: 1 }), extension_id: reqInt({ min: 1 }) }), true),
    },
    rows: 'list',
  }),
  // Allowlist and blocklist (docs/pbx/configuration.md#allowlist-and-blocklist)
  'allow_numbers/create': op('allow_numbers/create', 'POST', obj(NUMBER_RULE_FIELDS)),
  ...editable('allow_numbers', NUMBER_RULE_EDITS),
  'block_numbers/create': op('block_numbers/create', 'POST', obj(NUMBER_RULE_FIELDS)),
  ...editable('block_numbers', NUMBER_RULE_EDITS),

  // PIN lists (docs/pbx/configuration.md#pin-lists)
  'pin_list/create': op('pin_list/create', 'POST', obj(PIN_LIST_FIELDS)),
  ...editable('pin_list', {
    // pin_list/list takes no sort (its page names only page and page_size); search does.
    list: { ...paging },
    search: { ...paging, ...sorted(['id', 'name']) },
    update: PIN_LIST_FIELDS,
    rows: 'data',
  }),
  // The example sends the query as `id` (quirks.ts, 14).
  'pin_list/query': op(
    'pin_list/query',
    'GET',
    obj({ ids: reqStr({ format: 'comma_id_list' }) }, { aliases: { id: 'ids' } }),
    {
      responseArrays: ['data'],
    },
  ),

  // Reads
  'cdr/search': op(
    'cdr/search',
    'GET',
    obj({
      // Left blank, they mean the first page and 10,000 (docs/pbx/records.md#cdr-search).
      page: int({ min: 1, blankIsDefault: true }),
      page_size: int({ min: 1, max: 10_000, blankIsDefault: true }),
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
  // docs/pbx/records.md#cdr-list: every record, paged and sorted; blank page and page_size as in cdr/search.
  'cdr/list': op(
    'cdr/list',
    'GET',
    obj({
      page: int({ min: 1, blankIsDefault: true }),
      page_size: int({ min: 1, max: 10_000, blankIsDefault: true }),
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
  // docs/pbx/configuration.md#message-channels
  'message_channel/search': op(
    'message_channel/search',
    'GET',
    obj({
      page: reqInt({ min: 1 }),
      page_size: reqInt({ min: 1 }),
      time_range: reqStr({ enum: MESSAGE_TIME_RANGES }),
      ...searching,
    }),
    { responseArrays: ['list'] },
  ),
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

  // Queues and agents
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
      max_threshold_for_pause_time: int({ min: 10, alsoAllow: [0] }),
      // 0: stays logged out; 10 or more: the PBX logs the agent back in after that many seconds.
      max_threshold_for_logout_time: int({ min: 10, alsoAllow: [0] }),
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
  // docs/pbx/queues-and-agents.md#logging-agents-in-and-out: several agents of one queue at once.
  'queue/agent_login': op(
    'queue/agent_login',
    'GET',
    obj({
      ext_ids: reqStr({ format: 'comma_id_list' }),
      queue_id: reqInt({ min: 1 }),
      operation: reqStr({ enum: AGENT_LOGIN_OPERATIONS }),
      is_paused: flag(),
      max_threshold_for_pause_time: int({ min: 10, alsoAllow: [0] }),
      max_threshold_for_logout_time: int({ min: 10, alsoAllow: [0] }),
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

/** Name of an operation in {@link PBX_OPERATIONS}. */
export type PbxOperationName = keyof typeof PBX_OPERATIONS;

/** Looks up an operation by its URL path (`queue/agent_status`), for servers routing requests. */
export function findOperation(path: string): OperationSpec | undefined {
  // Own keys only: a path such as `constructor` must not resolve to something on Object.prototype.
  return Object.hasOwn(PBX_OPERATIONS, path)
    ? (PBX_OPERATIONS as Record<string, OperationSpec>)[path]
    : undefined;
}
