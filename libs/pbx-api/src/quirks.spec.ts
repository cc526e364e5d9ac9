import { describe, expect, it } from 'vitest';
import {
  companyContactQueryWire,
  ivrCreateCanonical,
  ivrCreateWire,
  normaliseCallType,
  normaliseCdr,
  normaliseCdrStatus,
  parseEventMsg,
  parsePhonebookIds,
  stripQueuePrefix,
  toInt,
} from './quirks.js';

describe('quirks', () => {
  it('ivr/create: either spelling of the invalid-input flag is read, both are sent', () => {
    const canonical = ivrCreateCanonical({ name: 'x', allow_out_record_invaild: 1 });
    expect(canonical).toEqual({ name: 'x', allow_out_record_invalid: 1 });
    expect(ivrCreateWire(canonical)).toEqual({
      name: 'x',
      allow_out_record_invalid: 1,
      allow_out_record_invaild: 1,
    });
    expect(ivrCreateWire({ name: 'y' })).toEqual({ name: 'y' });
  });

  it('company_contact/query sends ids and id', () => {
    expect(companyContactQueryWire({ ids: '1,2' })).toEqual({ ids: '1,2', id: '1,2' });
  });

  it('cid_to_phonebook as an array or bracketed text', () => {
    expect(parsePhonebookIds([1, 2])).toEqual([1, 2]);
    expect(parsePhonebookIds('[1,2]')).toEqual([1, 2]);
    expect(parsePhonebookIds('["3", "4"]')).toEqual([3, 4]);
    expect(parsePhonebookIds('')).toEqual([]);
    expect(parsePhonebookIds(undefined)).toEqual([]);
  });

  it('30012 status and type spellings', () => {
    expect(normaliseCdrStatus('ANSWERD')).toBe('ANSWERED');
    expect(normaliseCdrStatus('answered')).toBe('ANSWERED');
    expect(normaliseCdrStatus('No Answer')).toBe('NO ANSWER');
    expect(normaliseCallType('Inbound')).toBe('inbound');
    expect(normaliseCallType('OUTBOUND')).toBe('outbound');
  });

  it('event msg as string or object; anything else is undefined', () => {
    expect(parseEventMsg('{"a":1}')).toEqual({ a: 1 });
    expect(parseEventMsg({ a: 1 })).toEqual({ a: 1 });
    expect(parseEventMsg('not json')).toBeUndefined();
    expect(parseEventMsg('[1]')).toBeUndefined();
    expect(parseEventMsg(null)).toBeUndefined();
  });

  it('queue prefix, numeric text and CDR keys', () => {
    expect(stripQueuePrefix('queue-6402')).toBe('6402');
    expect(stripQueuePrefix('6402')).toBe('6402');
    expect(toInt('12')).toBe(12);
    expect(toInt('1.5')).toBeUndefined();
    expect(normaliseCdr({ new_id: 'a1', id: 3 }).record_id).toBe('a1');
    expect(normaliseCdr({ id: 3 }).record_id).toBe('3');
    expect(normaliseCdr({ uid: 'u' }).record_id).toBe('u');
  });
});
