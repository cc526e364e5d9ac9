import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PBX_FORMAT_NAMES, type PbxSchemaAnswer } from '@switchboard/live-protocol';
import { PBX_OPERATIONS, validate, type PbxOperationName } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { ADMIN_OPERATIONS } from './admin-operations.js';
import { fieldSchema, operationKind, pbxSchemaAnswer } from './pbx-schema.js';

/**
 * The cases the dashboard's form check (apps/dashboard/src/lib/pbx-form-rules.ts) must answer exactly as the
 * PBX client does. The file holds each case's errors as the client reports them and the schema of the
 * operations used; this test holds the file to the client and the schema route, the dashboard's spec holds
 * its check to the file. After a rule change: PBX_FORM_CASES=write npx vitest run src/admin/pbx-schema.spec.ts
 */
const CASES_FILE = fileURLToPath(
  new URL('../../../dashboard/src/lib/pbx-form-rules.cases.json', import.meta.url),
);

const ivr = {
  number: '6200',
  name: 'Menu',
  prompt: 'default',
  prompt_repeat: 3,
  resp_timeout: 5,
  digit_timeout: 5,
  dial_ext_option: 'allow',
  dial_ext_list: [{ value: '1', type: 'extension' }],
};
const phones = {
  vendor: 'Yealink',
  model: 'T46U',
  template_name: 'default',
  provisioning_method: 'rps',
  phone_list: [{ mac: '00:1A:2B:3C:4D:5E', ext_id: 12 }],
};

const INPUTS: readonly { operation: PbxOperationName; values: unknown }[] = [
  { operation: 'ivr/create', values: ivr },
  { operation: 'ivr/create', values: {} },
  {
    operation: 'ivr/create',
    values: { ...ivr, prompt_repeat: 6, digit_timeout: 0, dial_ext_option: 'maybe', name: ' ' },
  },
  { operation: 'ivr/create', values: { ...ivr, dial_ext_list: [], enb_dial_outb_routes: 1 } },
  { operation: 'ivr/create', values: { ...ivr, dial_ext_option: 'restrict', prompt_manger_enb: 1 } },
  { operation: 'ivr/create', values: { ...ivr, dial_ext_option: 'disable', dial_ext_list: undefined } },
  { operation: 'ivr/create', values: { ...ivr, dial_ext_option: 'all', dial_ext_list: undefined } },
  { operation: 'ivr/create', values: { ...ivr, allow_out_record_invaild: 1 } },
  { operation: 'ivr/create', values: { ...ivr, allow_out_record_invaild: 2, colour: 'red' } },
  { operation: 'ivr/create', values: { ...ivr, dial_ext_list: [{ value: 1 }, 'x'] } },
  { operation: 'ivr/create', values: { ...ivr, name: 7, prompt_repeat: '3', resp_timeout: 2.5 } },
  { operation: 'ivr/create', values: { ...ivr, name: 'bad \uD800 text' } },
  { operation: 'ivr/create', values: [ivr] },
  { operation: 'phone/batchcreate', values: phones },
  {
    operation: 'phone/batchcreate',
    values: {
      ...phones,
      onsite_proxy_uuid: 'abc',
      phone_list: [{ mac: '00:1A:2B:3C:4D', ext_id: 0 }, { mac: '001A2B3C4D5E' }],
    },
  },
  { operation: 'phone/batchcreate', values: { ...phones, phone_list: [] } },
  { operation: 'call/query', values: {} },
  { operation: 'call/query', values: { call_id: '1', extension: '1001' } },
  { operation: 'call/query', values: { type: 'inbound' } },
  { operation: 'company_contact/query', values: { id: '1,2' } },
  { operation: 'company_contact/query', values: { id: 'one' } },
  { operation: 'company_contact/query', values: {} },
  { operation: 'allow_numbers/create', values: { name: 'VIP', limit_type: 'both', number_list: '555&5+1' } },
  { operation: 'allow_numbers/create', values: { name: 'VIP', limit_type: 'all', number_list: '555 & 5 5' } },
  {
    operation: 'allow_numbers/create',
    values: { name: 'VIP', limit_type: 'both', number_list: '+[13-5]XZN!&9011.&abc-not-a-number' },
  },
  { operation: 'block_numbers/create', values: { name: 'Spam', limit_type: 'both', number_list: '*99#' } },
  { operation: 'agent/login', values: { ext_id: 1, operation: 'login', max_threshold_for_pause_time: 0 } },
  { operation: 'agent/login', values: { ext_id: 1, operation: 'login', max_threshold_for_pause_time: 9 } },
  { operation: 'uacsta_call/refuse', values: { extension: '1', call_id: '2', ip_address: '[fe80::1]:5060' } },
  { operation: 'uacsta_call/refuse', values: { extension: '1', call_id: '2', ip_address: '10.0.0.1:70000' } },
  { operation: 'cdr/search', values: { did: '5550100:Trunk A,5550101:', page_size: 10_001 } },
  { operation: 'conference/kick_member', values: { number: '6500', member_channel_id: 'all' } },
  { operation: 'conference/kick_member', values: { number: '6500', member_channel_id: 'a, b' } },
  { operation: 'callnotes/get', values: { id: 12, group_id: '' } },
  { operation: 'message_queue/create', values: { name: 'Sales', assignment_mode: 'auto', members: [] } },
  { operation: 'queue_pause_reason/update', values: { pause_reason_list: [] } },
  { operation: 'queue_pause_reason/update', values: { pause_reason_list: [{ code: '1' }] } },
  { operation: 'pin_list/create', values: { name: 'Intl', pin_list: '1234,56a' } },
  { operation: 'cdr/search', values: { page: '', page_size: '' } },
  { operation: 'cdr/search', values: { page: ' ', page_size: '10' } },
  { operation: 'recording/search', values: { start_time: '1755900000', end_time: '2025-08-23' } },
  { operation: 'pin_list/query', values: { id: '13,14' } },
];

interface CasesFile {
  schema: PbxSchemaAnswer;
  cases: { operation: string; values: unknown; errors: { field: string; message: string }[] }[];
}

/** The file as the client and the schema route make it now. */
function currentCases(): CasesFile {
  const full = pbxSchemaAnswer();
  const used = new Set(INPUTS.map((input) => input.operation as string));
  return {
    schema: { ...full, operations: full.operations.filter((operation) => used.has(operation.name)) },
    cases: INPUTS.map(({ operation, values }) => ({
      operation,
      values,
      errors: validate(PBX_OPERATIONS[operation].params, values, { rejectUnknown: true }).map((v) => ({
        field: v.field,
        message: v.message,
      })),
    })),
  };
}

describe('the PBX schema for forms', () => {
  it('lists every admin operation with its kind and its rules in plain JSON, defaults spelled out', () => {
    const answer = pbxSchemaAnswer();
    expect(answer.operations.map((operation) => operation.name)).toEqual(ADMIN_OPERATIONS.map((o) => o.name));
    const names = answer.operations.map((operation) => operation.name);
    expect(names).not.toContain('get_token');
    const ivrCreate = answer.operations.find((operation) => operation.name === 'ivr/create');
    expect(ivrCreate).toMatchObject({ method: 'POST', kind: 'create' });
    expect(ivrCreate?.params.aliases).toEqual({ allow_out_record_invaild: 'allow_out_record_invalid' });
    expect(ivrCreate?.params.fields['prompt_repeat']).toEqual({
      type: 'integer',
      required: true,
      min: 1,
      max: 5,
    });
    expect(ivrCreate?.params.conditions).toContainEqual({
      field: 'dial_ext_option',
      in: ['allow'],
      require: ['dial_ext_list'],
      forbid: [],
    });
    const phone = answer.operations.find((operation) => operation.name === 'phone/batchcreate');
    expect(phone?.params.fields['phone_list']).toMatchObject({
      type: 'array',
      required: true,
      minItems: 1,
      items: { type: 'object', fields: { mac: { type: 'string', format: 'mac', required: true } } },
    });
    expect(answer.formats.mac).toContain('MAC address');
    // Every format the rules know reaches the dashboard, whose check has a test for each (pbx-form-rules.ts).
    expect(Object.keys(answer.formats).sort()).toEqual([...PBX_FORMAT_NAMES].sort());
    expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
  });

  it('names each operation’s kind: creates, updates and deletes by action, reads by being safe to repeat', () => {
    expect(operationKind('phone/batchcreate', { idempotent: false })).toBe('create');
    expect(operationKind('phone/batchupdate', { idempotent: false })).toBe('update');
    expect(operationKind('block_numbers/delete', { idempotent: false })).toBe('delete');
    expect(operationKind('phone/batchdelete', { idempotent: false })).toBe('delete');
    expect(operationKind('block_numbers/list', { idempotent: true })).toBe('read');
    expect(operationKind('call/hangup', { idempotent: false })).toBe('control');
    expect(fieldSchema({ type: 'array', items: { type: 'id' } })).toMatchObject({
      minItems: 0,
      required: false,
    });
  });

  it('keeps the form-check cases true to the client and the schema route', () => {
    const current = currentCases();
    if (process.env['PBX_FORM_CASES'] === 'write')
      writeFileSync(CASES_FILE, `${JSON.stringify(current, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(CASES_FILE, 'utf8')) as CasesFile;
    // A difference means a rule or a message changed: write the file again (see above) and run the dashboard's
    // pbx-form-rules.spec.ts, which then says whether the form check still agrees.
    expect(recorded).toEqual(current);
    expect(current.cases.filter((c) => c.errors.length === 0).length).toBeGreaterThan(5);
    expect(current.cases.filter((c) => c.errors.length > 0).length).toBeGreaterThan(20);
  });
});
