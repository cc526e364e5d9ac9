import { describe, expect, it } from 'vitest';
import {
  createdChanges,
  createdItem,
  deletedChanges,
  findItem,
  itemRead,
  itemWords,
  updatedChanges,
  valueText,
  wholeListItem,
} from './config-audit.js';

const rule = { id: 3, name: 'VIP', limit_type: 'inbound', number_list: '5551234&5555678' };

describe('configuration changes for the audit log', () => {
  it('lists a create’s fields, a PIN only as set', () => {
    expect(createdChanges({ name: 'Intl', pin_list: '1234,5678', enb_record_cdr: 1, note: '' })).toEqual([
      { field: 'name', after: 'Intl' },
      { field: 'pin_list', secret: true },
      { field: 'enb_record_cdr', after: '1' },
    ]);
  });

  it('records an update’s changed fields only, before -> after, secrets without values', () => {
    expect(updatedChanges(rule, { id: 3, name: 'VIP', limit_type: 'both' })).toEqual([
      { field: 'limit_type', before: 'inbound', after: 'both' },
    ]);
    expect(updatedChanges({ id: 5, pin_list: '1' }, { id: 5, pin_list: '2' })).toEqual([
      { field: 'pin_list', secret: true },
    ]);
    expect(updatedChanges({ id: 5, pin_list: '1' }, { id: 5, pin_list: '1' })).toEqual([]);
    // The item could not be read: the new values, as given.
    expect(updatedChanges(undefined, { id: 3, name: 'New' })).toEqual([{ field: 'name', after: 'New' }]);
    const members = [{ extension_id: 26 }];
    expect(updatedChanges({ id: 1, members: [{ id: 7, extension_id: 26 }] }, { id: 1, members })).toEqual([
      {
        field: 'members',
        before: 'id 7, extension id 26',
        after: 'extension id 26',
      },
    ]);
  });

  it('records a replaced list item by item: the pause reasons an update deletes, adds and renames', () => {
    const item = wholeListItem('queue_pause_reason/update', {
      errcode: 0,
      data: [
        { code: '*01', reason: 'Lunch' },
        { code: '*02', reason: 'Break' },
      ],
    });
    expect(item).toEqual({
      pause_reason_list: [
        { code: '*01', reason: 'Lunch' },
        { code: '*02', reason: 'Break' },
      ],
    });
    const body = {
      pause_reason_list: [
        { code: '*02', reason: 'Short break' },
        { code: '*03', reason: 'Training' },
      ],
    };
    expect(updatedChanges(item, body)).toEqual([
      { field: 'pause reason *01', before: 'Lunch' },
      { field: 'pause reason *02', before: 'Break', after: 'Short break' },
      { field: 'pause reason *03', after: 'Training' },
    ]);
    expect(itemRead('queue_pause_reason/update', body, () => true)).toEqual({
      name: 'queue_pause_reason/list',
      params: { page: 1, page_size: 1000 },
    });
    expect(wholeListItem('allow_numbers/update', { data: [] })).toBeUndefined();
  });

  it('records what a delete removed', () => {
    expect(deletedChanges(rule)).toEqual([
      { field: 'name', before: 'VIP' },
      { field: 'limit_type', before: 'inbound' },
      { field: 'number_list', before: '5551234&5555678' },
    ]);
    expect(deletedChanges(undefined)).toEqual([]);
    expect(deletedChanges(undefined, { id: 4 })).toEqual([]);
    expect(deletedChanges(undefined, { batch_id_list: [75, 90] })).toEqual([
      { field: 'batch_id_list', before: '75, 90' },
    ]);
  });

  it('names the item in words', () => {
    expect(itemWords('allow_numbers/update', rule, { id: 3 })).toBe('allowlist rule “VIP” (id 3)');
    expect(itemWords('pin_list/create', undefined, { name: 'Intl' })).toBe('PIN list “Intl”');
    expect(itemWords('pin_list/create', createdItem({ errcode: 0, id: 9 }), { name: 'Intl' })).toBe(
      'PIN list “Intl” (id 9)',
    );
    expect(createdItem({ errcode: 0 })).toBeUndefined();
    expect(itemWords('ivr/delete', { id: 4, number: '6200' }, { id: 4 })).toBe('IVR “6200” (id 4)');
    expect(itemWords('queue_pause_reason/update', undefined, { pause_reason_list: [] })).toBe(
      'the pause reasons',
    );
  });

  it('finds the item in a get or query answer under whatever key the PBX used', () => {
    expect(findItem({ errcode: 0, block_number_info: rule }, 3)).toBe(rule);
    expect(findItem({ errcode: 0, data: rule }, '3')).toBe(rule);
    expect(findItem({ errcode: 0, data: [{ id: 2 }, rule] }, 3)).toBe(rule);
    expect(findItem({ errcode: 0, list: [{ id: 2 }] }, 3)).toBeUndefined();
    expect(findItem({ errcode: 0, data: { name: 'no id' } }, 3)).toEqual({ name: 'no id' });
    expect(findItem('nothing', 3)).toBeUndefined();
  });

  it('reads the item first with X/get, else X/query, only when the body names an id', () => {
    const exists = (name: string) => ['allow_numbers/get', 'pin_list/query'].includes(name);
    expect(itemRead('allow_numbers/delete', { id: 3 }, exists)).toEqual({
      name: 'allow_numbers/get',
      params: { id: 3 },
    });
    expect(itemRead('pin_list/update', { id: 3 }, exists)).toEqual({
      name: 'pin_list/query',
      params: { ids: '3' },
    });
    expect(itemRead('ivr/update', { id: 3 }, exists)).toBeUndefined();
    expect(itemRead('allow_numbers/update', {}, exists)).toBeUndefined();
  });

  it('writes values as one line of words, never JSON', () => {
    expect(valueText(['a', 'b'])).toBe('a, b');
    expect(
      valueText([
        { mac: '00:1A:2B:3C:4D:99', ext_id: 130 },
        { mac: '00:1A:2B:3C:4D:98', ext_id: 131 },
      ]),
    ).toBe('mac 00:1A:2B:3C:4D:99, ext id 130; mac 00:1A:2B:3C:4D:98, ext id 131');
    expect(valueText({ value: '1', type: 'extension', pin: '1234' })).toBe('value 1, type extension');
    expect(valueText([{ text: 'Out', value: '4', extra: { deep: [1, 2] } }])).toBe(
      'text Out, value 4, extra deep 1, 2',
    );
    for (const value of [[{ a: 1 }], { b: [{ c: 2 }] }]) expect(valueText(value)).not.toMatch(/[{}[\]"]/);
    expect(valueText(null)).toBeUndefined();
    expect(valueText('x'.repeat(300))).toHaveLength(200);
  });
});
