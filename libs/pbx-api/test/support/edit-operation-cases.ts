/**
 * The rule-table cases of the configuration read-and-edit operations (list / search / get / query / update /
 * delete and the phone, contact and messaging reads), kept beside src/rules/operations.spec.ts's tables, which
 * merge them: a request using every field, and values each rule must refuse.
 */
import type { FieldViolation } from '../../src/errors.js';
import type { PbxOperationName } from '../../src/rules/operations.js';

type Body = Record<string, unknown>;

/** A value of `field` that `op` must refuse with `rule`. */
export interface EditRejection {
  op: PbxOperationName;
  patch: Body;
  field: string;
  rule: FieldViolation['rule'];
}

const NUMBER_RULE_LIST = { page: 1, page_size: 20, sort_by: 'name', order_by: 'asc' };
const MESSAGE_SESSION_LIST = {
  page_size: 20,
  user_type: 1,
  user_no: '2001',
  collection: 'all',
  first_msg_id: 40,
  is_archived: 2,
  is_closed: 0,
  is_pickup: 1,
};
const CONTACT_LIST = { page: 1, page_size: 10_000, sort_by: 'contact_name', order_by: 'desc' };

/** Valid requests that use every field of each operation (ivr/update's is ivr/create's with an id). */
export const EDIT_VALID = {
  'allow_numbers/list': NUMBER_RULE_LIST,
  'allow_numbers/search': { ...NUMBER_RULE_LIST, search_value: 'VIP' },
  'allow_numbers/get': { id: 2 },
  'allow_numbers/query': { ids: '2' },
  'allow_numbers/update': { id: 2, name: 'VIP', limit_type: 'outbound', number_list: '5551234&5555678' },
  'allow_numbers/delete': { id: 2 },
  'block_numbers/list': { page: 1, page_size: 20, sort_by: 'id', order_by: 'desc' },
  'block_numbers/search': { ...NUMBER_RULE_LIST, search_value: '555' },
  'block_numbers/get': { id: 3 },
  'block_numbers/query': { ids: '3,5' },
  'block_numbers/update': { id: 5, name: 'Fraud', limit_type: 'both', number_list: '82469079' },
  'block_numbers/delete': { id: 4 },
  'pin_list/list': { page: 1, page_size: 20 },
  'pin_list/search': { ...NUMBER_RULE_LIST, search_value: 'local' },
  'pin_list/get': { id: 13 },
  'pin_list/query': { ids: '13,14' },
  'pin_list/update': { id: 11, name: 'local_calls', pin_list: '2283,3301', enb_record_cdr: 0 },
  'pin_list/delete': { id: 11 },
  'ivr/list': { page: 1, page_size: 20, sort_by: 'number', order_by: 'asc' },
  'ivr/search': { page: 1, page_size: 20, sort_by: 'name', order_by: 'asc', search_value: '6200' },
  'ivr/get': { id: 1 },
  'ivr/query': { ids: '1,2' },
  'ivr/delete': { id: 1 },
  'message_queue/list': { page: 1, page_size: 20 },
  'message_queue/search': { page: 1, page_size: 20, search_value: 'PreSales' },
  'message_queue/get': { id: 3 },
  'message_queue/query': { ids: '3' },
  'message_queue/update': {
    id: 20,
    name: 'PreSales Consult Queue',
    assignment_mode: 'manual',
    members: [{ id: 1, extension_id: 137 }, { extension_id: 26 }],
  },
  'message_queue/delete': { id: 2 },
  'phone/search': { page: 1, page_size: 20, sort_by: 'model', order_by: 'asc', search_value: 'Yealink' },
  'phone/get': { id: 75 },
  'phone/batchdelete': { batch_id_list: [75, 90] },
  'phone/batchreprovision': { batch_id_list: [75, 90] },
  'auto_provisioning/compatibility': { menu: 'autop_method', vendor: 'Yealink', model: 'T54W' },
  'company_contact/list': CONTACT_LIST,
  'company_contact/search': { ...CONTACT_LIST, search_value: 'Acme' },
  'message_channel/search': { page: 1, page_size: 20, time_range: 'last_7_days', search_value: 'SMS' },
  'message_channel/getlivechat': { id: 3 },
  'message_session/list': MESSAGE_SESSION_LIST,
  'message_session/search': { ...MESSAGE_SESSION_LIST, search_value: 'Mia' },
  'message_session/query': { ids: '1,2' },
  'message/get': { page_size: 20, id: 3, last_msg_id: 35 },
  'message/query': { page_size: 20, ids: '3,4' },
} satisfies Partial<Record<PbxOperationName, Body>>;

const reject = (op: PbxOperationName, patch: Body, field: string, rule: FieldViolation['rule']) => ({
  op,
  patch,
  field,
  rule,
});
const missing = (op: PbxOperationName, field: string) =>
  reject(op, { [field]: undefined }, field, 'required');

/** page 0 and page_size 0; with `required`, each left out too. */
const paging = (op: PbxOperationName, required = false): EditRejection[] => [
  reject(op, { page: 0 }, 'page', 'range'),
  reject(op, { page_size: 0 }, 'page_size', 'range'),
  ...(required ? [missing(op, 'page'), missing(op, 'page_size')] : []),
];
const sorting = (op: PbxOperationName): EditRejection[] => [
  reject(op, { sort_by: 'size' }, 'sort_by', 'enum'),
  reject(op, { order_by: 'up' }, 'order_by', 'enum'),
];
const oneId = (op: PbxOperationName): EditRejection[] => [
  missing(op, 'id'),
  reject(op, { id: 0 }, 'id', 'range'),
];
const someIds = (op: PbxOperationName): EditRejection[] => [
  missing(op, 'ids'),
  reject(op, { ids: '1;2' }, 'ids', 'format'),
];
const sixOps = (
  resource: string,
  list: (op: PbxOperationName) => EditRejection[],
  search: (op: PbxOperationName) => EditRejection[] = list,
): EditRejection[] => {
  const at = (action: string) => `${resource}/${action}` as PbxOperationName;
  return [
    ...list(at('list')),
    ...search(at('search')),
    ...oneId(at('get')),
    ...someIds(at('query')),
    ...oneId(at('update')),
    ...oneId(at('delete')),
  ];
};
const sessionList = (op: PbxOperationName): EditRejection[] => [
  missing(op, 'page_size'),
  reject(op, { page_size: 0 }, 'page_size', 'range'),
  missing(op, 'user_type'),
  reject(op, { user_type: 2 }, 'user_type', 'enum'),
  reject(op, { user_no: undefined }, 'user_no', 'required'),
  reject(op, { collection: 'none' }, 'collection', 'enum'),
  reject(op, { first_msg_id: 0 }, 'first_msg_id', 'range'),
  reject(op, { is_archived: 3 }, 'is_archived', 'enum'),
  reject(op, { is_closed: 3 }, 'is_closed', 'enum'),
  reject(op, { is_pickup: 3 }, 'is_pickup', 'enum'),
];
const contactList = (op: PbxOperationName): EditRejection[] => [
  ...paging(op),
  reject(op, { page_size: 10_001 }, 'page_size', 'range'),
  ...sorting(op),
];
const channelSearch = (op: PbxOperationName): EditRejection[] => [
  ...paging(op, true),
  missing(op, 'time_range'),
  reject(op, { time_range: 'last_year' }, 'time_range', 'enum'),
];

/**
 * Values the edit operations must refuse. Update's own fields: the number-rule, PIN-list and message-queue
 * fields here; ivr/update's are ivr/create's (all optional), taken from `ivrCreate` rejections by
 * {@link ivrUpdateRejections}.
 */
export const EDIT_REJECTED: EditRejection[] = [
  ...sixOps('allow_numbers', (op) => [...paging(op), ...sorting(op)]),
  ...sixOps('block_numbers', (op) => [...paging(op), ...sorting(op)]),
  ...['allow_numbers/update', 'block_numbers/update'].flatMap((op) => [
    reject(op as PbxOperationName, { limit_type: 'all' }, 'limit_type', 'enum'),
    reject(op as PbxOperationName, { number_list: '5551234,5555678' }, 'number_list', 'format'),
  ]),
  ...sixOps('pin_list', paging, (op) => [...paging(op), ...sorting(op)]),
  reject('pin_list/update', { pin_list: '12a4' }, 'pin_list', 'format'),
  reject('pin_list/update', { enb_record_cdr: 2 }, 'enb_record_cdr', 'enum'),
  ...sixOps('ivr', (op) => [...paging(op), ...sorting(op)]),
  ...sixOps('message_queue', (op) => paging(op, true)),
  reject('message_queue/update', { assignment_mode: 'round_robin' }, 'assignment_mode', 'enum'),
  reject('message_queue/update', { members: [{ id: 0, extension_id: 26 }] }, 'members[0].id', 'range'),
  reject('message_queue/update', { members: [{ id: 1 }] }, 'members[0].extension_id', 'required'),
  reject('message_queue/update', { members: [{ extension_id: 0 }] }, 'members[0].extension_id', 'range'),
  ...paging('phone/search'),
  ...sorting('phone/search'),
  ...oneId('phone/get'),
  ...(['phone/batchdelete', 'phone/batchreprovision'] as const).flatMap((op) => [
    missing(op, 'batch_id_list'),
    reject(op, { batch_id_list: [0] }, 'batch_id_list[0]', 'range'),
  ]),
  missing('auto_provisioning/compatibility', 'menu'),
  reject('auto_provisioning/compatibility', { menu: 'phone_color' }, 'menu', 'enum'),
  reject('auto_provisioning/compatibility', { vendor: undefined }, 'vendor', 'required'),
  reject('auto_provisioning/compatibility', { model: undefined }, 'model', 'required'),
  ...contactList('company_contact/list'),
  ...contactList('company_contact/search'),
  ...channelSearch('message_channel/search'),
  ...oneId('message_channel/getlivechat'),
  ...sessionList('message_session/list'),
  ...sessionList('message_session/search'),
  ...someIds('message_session/query'),
  missing('message/get', 'page_size'),
  reject('message/get', { page_size: 0 }, 'page_size', 'range'),
  ...oneId('message/get'),
  reject('message/get', { last_msg_id: 0 }, 'last_msg_id', 'range'),
  missing('message/query', 'page_size'),
  reject('message/query', { page_size: 0 }, 'page_size', 'range'),
  ...someIds('message/query'),
];

/**
 * ivr/update takes ivr/create's fields, none required: every create rejection that is not the absence of a
 * field create requires applies to update as well.
 */
export function ivrUpdateRejections(
  createRejections: readonly EditRejection[],
  createRequired: readonly string[],
): EditRejection[] {
  return createRejections
    .filter((c) => c.op === 'ivr/create' && !(c.rule === 'required' && createRequired.includes(c.field)))
    .map((c) => ({ ...c, op: 'ivr/update' }));
}
