import { describe, expect, it } from 'vitest';
import { parseMonitorCheck, parseMonitorStop } from './index.js';

describe('monitor payloads', () => {
  it('reads an extension to check, trimmed, and names a bad one', () => {
    expect(parseMonitorCheck({ extension: ' 2001 ' })).toEqual({ ok: true, data: { extension: '2001' } });
    for (const bad of [null, 'x', 7, ['2001']])
      expect(parseMonitorCheck(bad)).toMatchObject({
        ok: false,
        error: { code: 'invalid_payload', fields: [{ field: '(payload)' }] },
      });
    for (const bad of [{}, { extension: '' }, { extension: '20 01' }, { extension: 'x'.repeat(33) }])
      expect(parseMonitorCheck(bad)).toMatchObject({
        ok: false,
        error: { code: 'invalid_payload', fields: [{ field: 'extension' }] },
      });
  });

  it('stop takes an empty object or nothing', () => {
    expect(parseMonitorStop({})).toEqual({ ok: true, data: {} });
    expect(parseMonitorStop(undefined)).toEqual({ ok: true, data: {} });
    expect(parseMonitorStop([1])).toMatchObject({ ok: false, error: { code: 'invalid_payload' } });
  });
});
