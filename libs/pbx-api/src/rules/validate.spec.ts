import { describe, expect, it } from 'vitest';
import type { FieldViolation } from '../errors.js';
import { IVR_MENU } from '../../test/support/samples.js';
import { findOperation, PBX_OPERATIONS } from './operations.js';
import { canonicalParams, validate, VALIDATE_LIMITS } from './validate.js';

const pairs = (violations: FieldViolation[]) => violations.map((v) => [v.field, v.rule]);

const IVR = PBX_OPERATIONS['ivr/create'].params;
const AGENT = PBX_OPERATIONS['agent/login'].params;

describe('validate', () => {
  it('reports every violation at once, in field order, with a message naming the limit and the value', () => {
    const violations = validate(
      IVR,
      { ...IVR_MENU, name: undefined, prompt_repeat: 6, digit_timeout: 0, dial_ext_option: 'maybe' },
      { rejectUnknown: true },
    );
    expect(pairs(violations)).toEqual([
      ['name', 'required'],
      ['prompt_repeat', 'range'],
      ['digit_timeout', 'range'],
      ['dial_ext_option', 'enum'],
    ]);
    expect(violations[1]?.message).toBe('must be between 1 and 5, got 6');
    expect(violations[3]?.message).toBe('must be one of disable, all, allow, restrict, got "maybe"');
  });

  it('rejects text holding a lone UTF-16 surrogate, in strings and IDs, but keeps real pairs', () => {
    expect(pairs(validate(IVR, { ...IVR_MENU, name: 'Menu \uD800' }))).toEqual([['name', 'format']]);
    expect(pairs(validate(IVR, { ...IVR_MENU, name: '\uDC00 late' }))).toEqual([['name', 'format']]);
    expect(pairs(validate(AGENT, { ext_id: 1, operation: 'login', queue_ids: '1\uD83D' }))).toEqual([
      ['queue_ids', 'format'],
    ]);
    expect(validate(IVR, { ...IVR_MENU, name: 'Menu \uD83D\uDE00' })).toEqual([]);
  });

  it('rejects unknown fields only when asked, at the top level and inside lists', () => {
    const input = {
      ...IVR_MENU,
      colour: 'red',
      dial_ext_list: [{ value: '1', type: 'extension', note: 'x' }],
    };
    expect(pairs(validate(IVR, input, { rejectUnknown: true }))).toEqual([
      ['dial_ext_list[0].note', 'unknown'],
      ['colour', 'unknown'],
    ]);
    expect(validate(IVR, input)).toEqual([]);
  });

  it('treats field names that exist on every object (constructor, toString) as unknown', () => {
    const input = JSON.parse('{"id":"3","constructor":"x","toString":"y","hasOwnProperty":"z"}') as unknown;
    expect(
      pairs(
        validate(PBX_OPERATIONS['queue/agent_status'].params, input, {
          rejectUnknown: true,
          integersAsText: true,
        }),
      ),
    ).toEqual([
      ['constructor', 'unknown'],
      ['toString', 'unknown'],
      ['hasOwnProperty', 'unknown'],
    ]);
  });

  it('treats null like an absent field and a blank required string as missing', () => {
    expect(pairs(validate(IVR, { ...IVR_MENU, number: null, alert_info: null, prompt: '  ' }))).toEqual([
      ['number', 'required'],
      ['prompt', 'required'],
    ]);
  });

  it('requires a non-empty list when a condition requires it', () => {
    expect(pairs(validate(IVR, { ...IVR_MENU, dial_ext_list: [] }))).toEqual([['dial_ext_list', 'required']]);
    expect(pairs(validate(IVR, { ...IVR_MENU, enb_dial_outb_routes: 1, dial_outb_route_list: [] }))).toEqual([
      ['dial_outb_route_list', 'required'],
    ]);
    expect(pairs(validate(IVR, { ...IVR_MENU, prompt_manger_enb: 1, prompt_manger_password: '' }))).toEqual([
      ['prompt_manger_password', 'required'],
    ]);
  });

  it('reports wrong shapes as type violations with the path of the item', () => {
    expect(pairs(validate(IVR, { ...IVR_MENU, dial_ext_list: ['1'], prompt_repeat: 2.5 }))).toEqual([
      ['prompt_repeat', 'type'],
      ['dial_ext_list[0]', 'type'],
    ]);
    expect(pairs(validate(IVR, 'not an object'))).toEqual([['(body)', 'type']]);
    expect(pairs(validate(IVR, [IVR_MENU]))).toEqual([['(body)', 'type']]);
  });

  describe('hostile input (it must answer, never throw)', () => {
    /** `[[[...]]]` nested `levels` deep, built without recursion. */
    const deepArray = (levels: number): unknown => {
      let value: unknown = [];
      for (let i = 1; i < levels; i++) value = [value];
      return value;
    };

    it('describes a 10,000-deep array in one short message instead of overflowing the stack', () => {
      const started = performance.now();
      const violations = validate(IVR, { ...IVR_MENU, name: deepArray(10_000) });
      const body = validate(IVR, deepArray(10_000));
      console.log(`validate: 10,000-deep array described in ${(performance.now() - started).toFixed(1)} ms`);
      expect(violations).toEqual([
        { field: 'name', rule: 'type', message: 'must be a string, got an array of 1 item(s)' },
      ]);
      expect(pairs(body)).toEqual([['(body)', 'type']]);
    });

    it('describes objects without calling their own toString or valueOf', () => {
      const input = JSON.parse('{"name":{"toString":1,"valueOf":2}}') as Record<string, unknown>;
      expect(validate(IVR, { ...IVR_MENU, ...input })).toEqual([
        { field: 'name', rule: 'type', message: 'must be a string, got an object' },
      ]);
      expect(validate(IVR, { ...IVR_MENU, prompt_repeat: 10n })[0]?.message).toBe(
        'must be an integer, got 10',
      );
    });

    it('caps strings and arrays, and reports a long value without quoting all of it', () => {
      const long = 'x'.repeat(VALIDATE_LIMITS.maxStringLength + 1);
      const [text] = validate(IVR, { ...IVR_MENU, name: long });
      expect(text).toMatchObject({ field: 'name', rule: 'range' });
      expect(text?.message.length).toBeLessThan(80);
      const items = Array.from({ length: VALIDATE_LIMITS.maxArrayItems + 1 }, () => ({ value: '1' }));
      expect(pairs(validate(IVR, { ...IVR_MENU, dial_ext_list: items }))).toEqual([
        ['dial_ext_list', 'range'],
      ]);
      const [quoted] = validate(IVR, { ...IVR_MENU, dial_ext_option: 'y'.repeat(500) });
      expect(quoted?.message).toBe(
        'must be one of disable, all, allow, restrict, got "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy...',
      );
    });

    it('returns at most maxViolations violations, the first ones in field order', () => {
      const unknown = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`extra${i}`, i]));
      const violations = validate(IVR, { ...IVR_MENU, ...unknown }, { rejectUnknown: true });
      expect(violations).toHaveLength(VALIDATE_LIMITS.maxViolations);
      expect(violations[0]?.field).toBe('extra0');
    });

    it('reports input it cannot read (a throwing getter) as invalid instead of throwing', () => {
      const input = Object.defineProperty({ ...IVR_MENU }, 'name', {
        enumerable: true,
        get: () => {
          throw new Error('boom');
        },
      });
      expect(pairs(validate(IVR, input))).toEqual([['(body)', 'type']]);
    });
  });

  describe('integersAsText (query strings, used by the simulator)', () => {
    it('reads decimal text as integers and still checks ranges, enums and conditions', () => {
      const query = { ext_id: '12', operation: 'login', is_paused: '1', max_threshold_for_pause_time: '0' };
      expect(validate(AGENT, query, { integersAsText: true, rejectUnknown: true })).toEqual([]);
      expect(
        pairs(validate(AGENT, { ...query, max_threshold_for_pause_time: '9' }, { integersAsText: true })),
      ).toEqual([['max_threshold_for_pause_time', 'range']]);
      expect(pairs(validate(AGENT, { ...query, is_paused: '2' }, { integersAsText: true }))).toEqual([
        ['is_paused', 'enum'],
      ]);
      const routes = { ...IVR_MENU, prompt_repeat: '3', enb_dial_outb_routes: '1' };
      expect(pairs(validate(IVR, routes, { integersAsText: true }))).toEqual([
        ['dial_outb_route_list', 'required'],
      ]);
    });

    it('rejects text that is not a whole number', () => {
      for (const text of ['1.5', ' 3', '3 ', '', '0x10', '1e2']) {
        expect(
          pairs(validate(AGENT, { ext_id: text, operation: 'login' }, { integersAsText: true })),
        ).toEqual([['ext_id', 'type']]);
      }
    });

    it('is off by default: numeric text is a type violation for the client', () => {
      expect(pairs(validate(AGENT, { ext_id: '12', operation: 'login' }))).toEqual([['ext_id', 'type']]);
    });

    it('accepts blank text for an integer whose blank means the default (cdr/search paging), nothing else', () => {
      const CDR = PBX_OPERATIONS['cdr/search'].params;
      expect(pairs(validate(CDR, { page: '', page_size: '' }, { integersAsText: true }))).toEqual([]);
      expect(pairs(validate(CDR, { page: '', page_size: '' }))).toEqual([]);
      expect(pairs(validate(CDR, { page: ' ', page_size: '0' }, { integersAsText: true }))).toEqual([
        ['page', 'type'],
        ['page_size', 'range'],
      ]);
    });
  });
});

describe('aliases: a second spelling the documents give one parameter (quirks.ts)', () => {
  const IVR_RULE = PBX_OPERATIONS['ivr/create'].params;
  const CONTACTS = PBX_OPERATIONS['company_contact/query'].params;

  it('accepts the sample spellings even when unknown fields are rejected', () => {
    expect(validate(IVR_RULE, { ...IVR_MENU, allow_out_record_invaild: 1 }, { rejectUnknown: true })).toEqual(
      [],
    );
    expect(validate(CONTACTS, { id: '1,2' }, { rejectUnknown: true })).toEqual([]);
    expect(validate(CONTACTS, { ids: '1,2', id: '1,2' }, { rejectUnknown: true })).toEqual([]);
  });

  it('checks a value given under an alias by the field’s rule, naming it as the caller spelled it', () => {
    expect(pairs(validate(IVR_RULE, { ...IVR_MENU, allow_out_record_invaild: 2 }))).toEqual([
      ['allow_out_record_invaild', 'enum'],
    ]);
    expect(pairs(validate(CONTACTS, { id: 'one' }))).toEqual([['id', 'format']]);
    expect(pairs(validate(CONTACTS, {}))).toEqual([['ids', 'required']]);
  });

  it('canonicalParams moves an alias to the field’s name, the field’s own spelling winning', () => {
    expect(canonicalParams(CONTACTS, { id: '3' })).toEqual({ ids: '3' });
    expect(canonicalParams(CONTACTS, { id: '3', ids: '4' })).toEqual({ ids: '4' });
    expect(canonicalParams(IVR_RULE, { allow_out_record_invaild: 1 })).toEqual({
      allow_out_record_invalid: 1,
    });
    const plain = { number: '1' };
    expect(canonicalParams(PBX_OPERATIONS['system/information'].params, plain)).toBe(plain);
  });
});

describe('findOperation', () => {
  it('finds operations by path and nothing else, not even names every object has', () => {
    expect(findOperation('queue/agent_status')).toBe(PBX_OPERATIONS['queue/agent_status']);
    expect(findOperation('cdr/aidownload')?.version).toBe('v2.0');
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'queue', '']) {
      expect(findOperation(name)).toBeUndefined();
    }
  });
});
