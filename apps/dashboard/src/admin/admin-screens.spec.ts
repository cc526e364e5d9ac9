import type { MessageQueue } from '@switchboard/pbx-api/rules';
import { describe, expect, it } from 'vitest';
import { DIAL_EXT_WORDS, ivrBody, ivrForm, blankIvr } from './ivrs/ivr-form.js';
import { IVR_KEY_SLOTS, keyFields, keyRowProblems, keyRowsFromIvr } from './ivrs/ivr-keys.js';
import { messageQueueBody, messageQueueForm } from './message-queues/message-queues.js';
import {
  linesToNumbers,
  numberLineProblems,
  numberRuleBody,
  numberRuleForm,
  numbersInBrief,
  numbersToLines,
} from './number-rules/number-rules.js';
import { pinListBody, pinListForm, pinsToPbx } from './pin-lists/pin-lists.js';

describe('number rules', () => {
  it('edits the PBX’s &-joined numbers one per line and joins them back', () => {
    expect(numbersToLines('5551234&5555678& 9011.')).toBe('5551234\n5555678\n9011.');
    expect(linesToNumbers(' 5551234 \r\n\n5555678\n')).toBe('5551234&5555678');
    const form = numberRuleForm({ id: 4, name: 'Partners', limit_type: 'both', number_list: '1&2' });
    expect(numberRuleBody({ ...form, name: ' Partners ' }, 4)).toEqual({
      id: 4,
      name: 'Partners',
      limit_type: 'both',
      number_list: '1&2',
    });
    expect(numberRuleBody(form)).not.toHaveProperty('id');
    expect(numbersInBrief('1&2&3&4&5')).toBe('1, 2, 3 and 2 more');
  });

  it('names each line the PBX would refuse: numbers and dial patterns only', () => {
    expect(numberLineProblems('5551234\n+4420123\n9011.\n+[13-5]XZN!\n\n0591ZXXXX')).toEqual([]);
    const [problem] = numberLineProblems('5551234\nabc-not-a-number');
    expect(problem?.field).toBe('number_list');
    expect(problem?.message).toMatch(
      /^Line 2 \(“abc-not-a-number”\) is not a phone number or dial pattern\. Use digits/,
    );
    expect(numberLineProblems('a\nb\n1\n*99#\n555-0100')[0]?.message).toMatch(
      /^Line 1 \(“a”\), line 2 \(“b”\), line 4 \(“\*99#”\) and 1 more are not phone numbers or dial patterns\./,
    );
  });
});

describe('PIN lists', () => {
  it('takes PINs by comma, space or line and sends them comma-separated', () => {
    expect(pinsToPbx('1234, 5678\n9012  3456,')).toBe('1234,5678,9012,3456');
    const form = pinListForm({ id: 2, name: 'Intl', pin_list: '1234,5678', enb_record_cdr: 1 });
    expect(form.pin_list).toBe('1234, 5678');
    expect(pinListBody(form, 2)).toEqual({ id: 2, name: 'Intl', pin_list: '1234,5678', enb_record_cdr: 1 });
  });
});

describe('message queues', () => {
  it('sends every kept member again with its entry id, new ones without', () => {
    const queue: MessageQueue = {
      id: 3,
      name: 'Presales',
      assignment_mode: 'manual',
      members: [
        { id: 7, extension_id: 39, ext_num: '1039', caller_id_name: 'James Smith' },
        { id: 8, extension_id: 40, ext_num: '1040', caller_id_name: '' },
      ],
    };
    const form = messageQueueForm(queue);
    expect(form.members).toEqual(['39', '40']);
    expect(messageQueueBody({ ...form, members: ['39', '41'] }, queue)).toEqual({
      id: 3,
      name: 'Presales',
      assignment_mode: 'manual',
      members: [{ id: 7, extension_id: 39 }, { extension_id: 41 }],
    });
  });
});

describe('IVR key map', () => {
  it('names every key’s fields as the PBX spells them', () => {
    expect(IVR_KEY_SLOTS.map((slot) => `${slot.field}/${slot.recordField}`)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map((n) => `press${n}/allow_out_record${n}`),
      'press_star/allow_out_record_star',
      'press_hash/allow_out_record_hash',
      'timeout/allow_out_record_timeout',
      'invalid/allow_out_record_invalid',
    ]);
  });

  it('turns rows into flat fields, leaving out idle keys on create and clearing them on update', () => {
    const rows = keyRowsFromIvr({});
    const set = (key: string, change: object) =>
      Object.assign(rows.find((row) => row.key === key) ?? {}, change);
    set('1', { dest: 'queue', value: '2', record: 1 });
    set('#', { dest: 'external_num', value: '5550100', prefix: '9' });
    set('timeout', { dest: 'end_call', value: 'left over' });
    expect(keyFields(rows)).toEqual({
      press1_dest: 'queue',
      press1_dest_value: '2',
      allow_out_record1: 1,
      press_hash_dest: 'external_num',
      press_hash_dest_value: '5550100',
      press_hash_dest_prefix: '9',
      allow_out_record_hash: 0,
      timeout_dest: 'end_call',
      allow_out_record_timeout: 0,
    });
    expect(keyFields(rows, true)).toMatchObject({ press2_dest: '', invalid_dest: '' });
  });

  it('reads the sample’s allow_out_record_invaild spelling and says which key lacks a destination', () => {
    const rows = keyRowsFromIvr({
      invalid_dest: 'ivr',
      allow_out_record_invaild: 1,
      press2_dest: 'extension',
    });
    expect(rows.find((row) => row.key === 'invalid')).toMatchObject({ dest: 'ivr', record: 1 });
    expect(keyRowProblems(rows)).toEqual([
      { field: 'press2_dest_value', message: 'needs a destination: choose one from the list' },
      { field: 'invalid_dest_value', message: 'needs a destination: choose one from the list' },
    ]);
  });
});

describe('IVR form', () => {
  it('round-trips an IVR from the PBX’s get into an update body', () => {
    const ivr = {
      id: 5,
      number: '6200',
      name: 'Main menu',
      prompt: 'welcome.wav',
      prompt_repeat: 2,
      resp_timeout: 4,
      digit_timeout: 3,
      dial_ext_option: 'allow',
      dial_ext_list: [{ value: '12', type: 'extension' }],
      press1_dest: 'queue',
      press1_dest_value: '1',
    };
    const body = ivrBody(ivrForm(ivr), 5);
    expect(body).toMatchObject({
      id: 5,
      number: '6200',
      prompt: 'welcome.wav',
      prompt_repeat: 2,
      dial_ext_option: 'allow',
      dial_ext_list: [{ value: '12', type: 'extension' }],
      press1_dest: 'queue',
      press1_dest_value: '1',
      press2_dest: '',
    });
    expect(
      ivrBody(
        ivrForm({
          ...ivr,
          dial_ext_option: 'restrict',
          restrict_dial_ext_list: [{ value: '3', type: 'extension' }],
        }),
      ),
    ).toMatchObject({
      dial_ext_option: 'restrict',
      restrict_dial_ext_list: [{ value: '3', type: 'extension' }],
    });
  });

  it('offers no direct dialling and any extension as choices that need no list', () => {
    expect(Object.keys(DIAL_EXT_WORDS)).toEqual(['disable', 'all', 'allow', 'restrict']);
    const blank = ivrBody(blankIvr());
    expect(blank).toMatchObject({ dial_ext_option: 'disable' });
    expect(blank).not.toHaveProperty('dial_ext_list');
    expect(blank).not.toHaveProperty('restrict_dial_ext_list');
    for (const option of ['disable', 'all'] as const) {
      const form = ivrForm({ id: 1, number: '6201', name: 'After Hours', dial_ext_option: option });
      expect(form.dial_ext_option).toBe(option);
      const body = ivrBody({ ...form, dial_extensions: ['12'] }, 1);
      expect(body['dial_ext_option']).toBe(option);
      expect(Object.keys(body).filter((key) => key.endsWith('dial_ext_list'))).toEqual([]);
    }
    // An IVR read without the option has no list either: it reads as no direct dialling.
    expect(ivrForm({ id: 2, number: '6202', name: 'x' }).dial_ext_option).toBe('disable');
  });
});
