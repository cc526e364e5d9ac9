import { IVR_INVALID_FLAG, IVR_INVALID_FLAG_SAMPLE_SPELLING } from '../quirks.js';
import { flag, int, list, obj, reqInt, reqStr, str } from './builders.js';
import { paging, sorted, searching, byId, op, editable } from './operation-parts.js';
import {
  PROVISIONING_METHODS,
  IVR_KEYS,
  IVR_DIAL_EXT_OPTIONS,
  MESSAGE_QUEUE_ASSIGNMENT_MODES,
  PHONE_OPTION_MENUS,
} from './operation-values.js';
import type { FieldRule, OperationSpec } from './schema.js';

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

/** Configuration: IVRs, IP phones, pause reasons, message queues, allowlist and blocklist, PIN lists. */
export const CONFIG_OPERATIONS = {
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
} as const satisfies Record<string, OperationSpec>;
