import { describe, expect, it } from 'vitest';
import { FORMATS } from './formats.js';
import { PBX_OPERATIONS, type PbxOperationName } from './operations.js';
import type { StringFormat } from './schema.js';
import { validate } from './validate.js';

interface FormatCase {
  /** An operation and field that use the format, to check the violation's path and kind end to end. */
  op: PbxOperationName;
  field: string;
  accept: string[];
  reject: string[];
}

const CASES: Record<StringFormat, FormatCase> = {
  ip_port: {
    op: 'uacsta_call/refuse',
    field: 'ip_address',
    accept: ['192.168.28.2:5060', '10.0.0.1:1', '255.255.255.255:65535', '[fe80::1]:5060'],
    reject: [
      '192.168.28.2',
      '192.168.28.2:',
      '192.168.28.2:0',
      '192.168.28.2:65536',
      '192.168.28.2:50a0',
      '192.168.28.256:5060',
      '192.168.28:5060',
      '01.2.3.4:5060',
      'pbx.example.com:5060',
      ':5060',
      '[1.2.3.4]:5060',
    ],
  },
  mac: {
    op: 'phone/batchcreate',
    field: 'phone_list[0].mac',
    accept: ['805EC0112233', '80:5e:c0:11:22:33', '80-5E-C0-11-22-33'],
    reject: [
      '80:5E-C0:11:22:33',
      '805EC0:112233',
      '80:5EC0112233',
      '80:5E:C0:11:22',
      '80:5E:C0:11:22:33:44',
      '80:5E:C0:11:22:3G',
      '80.5E.C0.11.22.33',
    ],
  },
  amp_list: {
    op: 'allow_numbers/create',
    field: 'number_list',
    // A number or a pattern of the guide's DID/caller ID pattern page: 9011. and +[13-5]XZN! are its examples.
    accept: ['5551234', '5551234&5555678', '+4420123&9011.', '+[13-5]XZN!', '0591ZXXXX', '[0-9]x.'],
    reject: [
      'abc-not-a-number',
      '5551234,5555678',
      '5551234&&5555678',
      '5551234&',
      '555 1234',
      '5551234;5555678',
      '*99#',
      '555-1234',
      '[5',
      '[a-c]1',
      '55+5',
    ],
  },
  comma_id_list: {
    op: 'inbound_route/query',
    field: 'ids',
    accept: ['1', '1,2,30', '1, 2'],
    reject: ['1,,2', '1,', ',1', 'a', '1;2', '1,-2', '1.5'],
  },
  comma_digit_list: {
    op: 'pin_list/create',
    field: 'pin_list',
    accept: ['1234', '1234,0000,987654'],
    reject: ['12a4', '1234,,5678', '1234;5678', '*1234'],
  },
  member_channel_ids: {
    op: 'conference/kick_member',
    field: 'member_channel_id',
    accept: ['all', 'PJSIP/1003-00000021', 'PJSIP/1003-00000021,PJSIP/1004-00000022'],
    reject: ['PJSIP/1,,PJSIP/2', 'PJSIP/1,', 'PJSIP/1 PJSIP/2', ','],
  },
  did_filter_list: {
    op: 'cdr/search',
    field: 'did',
    accept: ['5550000:trunk-a', 'Sales line:trunk-a,5550001:trunk-b', 'sip:5550000:trunk'],
    reject: ['5550000', ':trunk-a', '5550000:', '5550000:trunk-a,', '5550000:trunk-a,5550001'],
  },
  unix_seconds: {
    op: 'recording/search',
    field: 'start_time',
    accept: ['0', '1755900000'],
    reject: ['2025/08/22 16:44:40', '-1', '1755900000.5', '1755900000000000'],
  },
};

/** Puts `value` at `field` (which may be `list[0].key`) of an otherwise valid request. */
function requestWith(op: PbxOperationName, field: string, value: string): Record<string, unknown> {
  const bases: Partial<Record<PbxOperationName, Record<string, unknown>>> = {
    'uacsta_call/refuse': { extension: '2000', call_id: '1' },
    'allow_numbers/create': { name: 'n', limit_type: 'inbound' },
    'inbound_route/query': {},
    'pin_list/create': { name: 'n' },
    'conference/kick_member': { number: '6901' },
    'cdr/search': {},
    'recording/search': {},
  };
  if (op === 'phone/batchcreate') {
    return {
      vendor: 'v',
      model: 'm',
      template_name: 't',
      provisioning_method: 'rps',
      phone_list: [{ mac: value, ext_id: 1 }],
    };
  }
  return { ...bases[op], [field]: value };
}

describe('string formats', () => {
  for (const [format, { op, field, accept, reject }] of Object.entries(CASES) as Array<
    [StringFormat, FormatCase]
  >) {
    describe(format, () => {
      it.each(accept)('accepts %j', (value) => {
        expect(FORMATS[format].test(value)).toBe(true);
        expect(
          validate(PBX_OPERATIONS[op].params, requestWith(op, field, value), { rejectUnknown: true }),
        ).toEqual([]);
      });

      it.each(reject)('rejects %j as a format violation of the field', (value) => {
        expect(FORMATS[format].test(value)).toBe(false);
        const violations = validate(PBX_OPERATIONS[op].params, requestWith(op, field, value));
        expect(violations).toEqual([
          { field, rule: 'format', message: expect.stringContaining(JSON.stringify(value)) },
        ]);
        expect(violations[0]?.message).toContain(FORMATS[format].message);
      });
    });
  }

  it('every format has cases', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(FORMATS).sort());
  });
});
