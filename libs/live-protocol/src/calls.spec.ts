import { describe, expect, it } from 'vitest';
import {
  callSearchParams,
  isLocalDateTime,
  parseCallSearchQuery,
  parseCallWatch,
  parseRecordingLinkRequest,
} from './calls.js';

describe('parseCallSearchQuery', () => {
  it('fills paging and reads query-string text', () => {
    const result = parseCallSearchQuery({
      from: '2026-11-24T08:00',
      to: '2026-11-24T09:30:15',
      caller: ' 5551234 ',
      status: 'NO ANSWER',
      extensionGroup: '3',
      dispositionCodes: '1,4,4',
      page: '2',
      pageSize: '50',
    });
    expect(result).toEqual({
      ok: true,
      data: {
        from: '2026-11-24T08:00:00',
        to: '2026-11-24T09:30:15',
        caller: '5551234',
        status: 'NO ANSWER',
        extensionGroup: 3,
        dispositionCodes: [1, 4],
        page: 2,
        pageSize: 50,
      },
    });
    expect(parseCallSearchQuery({})).toEqual({ ok: true, data: { page: 1, pageSize: 10_000 } });
  });

  it('reads a JSON body with numbers and a list', () => {
    const result = parseCallSearchQuery({ dispositionCodes: [2], extensionGroup: 1, noteRemark: 'refund' });
    expect(result.ok && result.data).toMatchObject({ dispositionCodes: [2], extensionGroup: 1 });
  });

  it('names every failing field', () => {
    const wrong = {
      from: '2026-02-30T10:00',
      to: '24/11/2026',
      status: 'answered',
      pageSize: '10001',
      page: '0',
      dispositionCodes: '1,x',
      extensionGroup: '-1',
      caller: 'a\nb',
      colour: 'red',
    };
    const result = parseCallSearchQuery(wrong);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_payload');
    expect(result.error.fields?.map((f) => f.field).sort()).toEqual(Object.keys(wrong).sort());
  });

  it('refuses a range that ends before it starts, and a non-object', () => {
    const result = parseCallSearchQuery({ from: '2026-11-24T10:00', to: '2026-11-24T09:00' });
    expect(!result.ok && result.error.fields).toEqual([{ field: 'to', message: 'must not be before from' }]);
    expect(parseCallSearchQuery('x').ok).toBe(false);
  });
});

describe('isLocalDateTime', () => {
  it('checks the calendar', () => {
    expect(isLocalDateTime('2024-02-29T23:59:59')).toBe(true);
    expect(isLocalDateTime('2026-02-29T00:00')).toBe(false);
    expect(isLocalDateTime('2026-11-24T24:00')).toBe(false);
    expect(isLocalDateTime('2026-11-24 10:00')).toBe(false);
  });
});

describe('callSearchParams', () => {
  it('writes lists with commas and leaves empty fields out', () => {
    expect(callSearchParams({ caller: '1001', dispositionCodes: [1, 4], did: '', page: 1 }).toString()).toBe(
      'caller=1001&dispositionCodes=1%2C4&page=1',
    );
  });
  it('round-trips through the parser', () => {
    const query = { from: '2026-11-24T08:00:00', dispositionCodes: [3], page: 1, pageSize: 100 };
    const parsed = parseCallSearchQuery(Object.fromEntries(callSearchParams(query)));
    expect(parsed).toEqual({ ok: true, data: query });
  });
});

describe('parseCallWatch', () => {
  it('takes a URL-safe id only', () => {
    expect(parseCallWatch({ id: '1732430000-100123' })).toEqual({
      ok: true,
      data: { id: '1732430000-100123' },
    });
    expect(parseCallWatch({ id: '../x/y' }).ok).toBe(false);
    expect(parseCallWatch(null).ok).toBe(false);
    for (const payload of ['x', 5, [{ id: '1-2' }], null]) {
      const result = parseCallWatch(payload);
      expect(!result.ok && result.error.fields?.[0]?.field).toBe('(payload)');
    }
  });
});

describe('parseRecordingLinkRequest', () => {
  it('reads no body as a link to play, and download as true or false only', () => {
    expect(parseRecordingLinkRequest(undefined)).toEqual({ ok: true, data: {} });
    expect(parseRecordingLinkRequest({ download: true })).toEqual({ ok: true, data: { download: true } });
    expect(parseRecordingLinkRequest({ download: false })).toEqual({ ok: true, data: { download: false } });
    const refused = parseRecordingLinkRequest({ download: 'yes' });
    expect(refused.ok ? undefined : refused.error).toEqual({
      code: 'invalid_payload',
      message: 'Invalid request: download must be true or false',
      fields: [{ field: 'download', message: 'must be true or false' }],
    });
    expect(parseRecordingLinkRequest([]).ok).toBe(false);
  });
});
