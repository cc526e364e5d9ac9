import { describe, expect, it } from 'vitest';
import { pbxRefusal, type PbxRefusalFacts } from './pbx-refusal.js';

const refused = (over: Partial<PbxRefusalFacts>): PbxRefusalFacts => ({
  errcode: 40002,
  invalidParamList: [],
  duplicateFieldList: [],
  ...over,
});

/** What a create answers when the PBX says (40003) that other objects, or the request itself, hold its values. */
const duplicateOnCreate = (
  operation: string,
  duplicateFieldList: PbxRefusalFacts['duplicateFieldList'],
  body: Readonly<Record<string, unknown>> = {},
) => pbxRefusal(operation, 'create', refused({ errcode: 40003, duplicateFieldList }), body);

/** Nothing a person reads may carry the PBX's codes, operation names or raw JSON. */
function expectPlain(text: string): void {
  expect(text).not.toMatch(/errcode|4000\d|DUPLICATE|PARAMETER ERROR|[a-z_]+\/[a-z_]+|[{}[\]]/);
}

describe('PBX refusals in plain words', () => {
  it('marks the field of a 40003 with a sentence about the object that already has the value', () => {
    const answer = duplicateOnCreate(
      'allow_numbers/create',
      [
        {
          field: 'name',
          value: 'Partners',
          external_source: 'allow_numbers',
          external_source_name: 'Partners',
        },
      ],
      { name: 'Partners', limit_type: 'both', number_list: '5550100' },
    );
    expect(answer).toEqual({
      message: 'An allowlist rule named “Partners” already exists.',
      fields: [{ field: 'name', message: 'An allowlist rule named “Partners” already exists.' }],
    });
    expectPlain(answer.message);
  });

  it('names what else holds a number, and a value given twice in one request', () => {
    const ivr = duplicateOnCreate('ivr/create', [
      { field: 'number', value: '1001', external_source: 'extension', external_source_name: 'Ana' },
      { field: 'name', value: 'Main Menu', external_source: 'ivr', external_source_name: 'Main Menu' },
    ]);
    expect(ivr.fields).toEqual([
      { field: 'number', message: 'The number “1001” is already used by extension “Ana”.' },
      { field: 'name', message: 'An IVR named “Main Menu” already exists.' },
    ]);
    expect(ivr.message).toBe(
      'The number “1001” is already used by extension “Ana”. An IVR named “Main Menu” already exists.',
    );
    const phones = duplicateOnCreate('phone/batchcreate', [
      {
        field: 'phone_list[1].mac',
        value: '00:1A:2B:3C:4D:99',
        external_source: 'request',
        external_source_name: 'phone_list[0].mac',
      },
      {
        field: 'phone_list[2].mac',
        value: '00:1A:2B:3C:4D:01',
        external_source: 'phone',
        external_source_name: 'T46U 00:1A:2B:3C:4D:01',
      },
    ]);
    expect(phones.fields.map((f) => f.message)).toEqual([
      'The MAC address “00:1A:2B:3C:4D:99” is given twice in this request.',
      'An IP phone with the MAC address “00:1A:2B:3C:4D:01” already exists.',
    ]);
    phones.fields.forEach((field) => expectPlain(field.message));
  });

  it('says what the PBX found wrong with each field of a 40002, quoting only values that are not secret', () => {
    const answer = pbxRefusal(
      'block_numbers/create',
      'create',
      refused({
        invalidParamList: [
          { field: 'number_list', validation_type: 'format', value: 'abc-not-a-number' },
          { field: 'limit_type', validation_type: 'enum' },
          { field: 'name', validation_type: 'required' },
        ],
      }),
      { limit_type: 'sideways' },
    );
    expect(answer.fields).toEqual([
      { field: 'number_list', message: '“abc-not-a-number” is not written in a form the PBX accepts.' },
      { field: 'limit_type', message: '“sideways” is not one of the choices the PBX offers.' },
      { field: 'name', message: 'The PBX needs a value here.' },
    ]);
    expect(answer.message).toBe(
      'The PBX could not create the blocklist rule. Numbers: “abc-not-a-number” is not written in a form the PBX accepts. ' +
        'Type of calls: “sideways” is not one of the choices the PBX offers. Name: The PBX needs a value here.',
    );
    const secret = pbxRefusal(
      'pin_list/update',
      'update',
      refused({ invalidParamList: [{ field: 'pin_list', validation_type: 'format', value: '12a4' }] }),
      { id: 3, pin_list: '12a4' },
    );
    expect(secret.fields).toEqual([
      { field: 'pin_list', message: 'This value is not written in a form the PBX accepts.' },
    ]);
    expect(secret.message).not.toContain('12a4');
  });

  it('explains a refusal that names no field by what it means', () => {
    const answer = (errcode: number, operation = 'ivr/delete', kind = 'delete' as const) =>
      pbxRefusal(operation, kind, refused({ errcode }), { id: 9 }).message;
    expect(answer(40004)).toBe(
      'The PBX could not delete the IVR: it does not exist (any more). Reload the list.',
    );
    expect(answer(50001)).toBe('The PBX is busy; try again in a moment.');
    expect(answer(-1)).toBe('The PBX could not delete the IVR and gave no reason.');
    expect(
      pbxRefusal(
        'ivr/delete',
        'delete',
        refused({ invalidParamList: [{ field: 'id', validation_type: 'in_use' }] }),
        { id: 1 },
      ).message,
    ).toBe('The PBX could not delete the IVR. It is still in use elsewhere on the PBX.');
    for (const code of [40002, 40003, 40004, 50001, -1, 12345]) expectPlain(answer(code));
  });
});
