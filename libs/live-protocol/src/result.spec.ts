import { describe, expect, it } from 'vitest';
import { fail, ok, queueRoom, type Result } from './index.js';

describe('results and rooms', () => {
  it('ok and fail build the discriminated result', () => {
    const good: Result<number> = ok(3);
    const bad: Result<number> = fail('forbidden', 'Viewers cannot accept calls');
    expect(good).toEqual({ ok: true, data: 3 });
    expect(bad).toEqual({ ok: false, error: { code: 'forbidden', message: 'Viewers cannot accept calls' } });
    expect(fail('invalid_payload', 'bad', [{ field: 'callId', message: 'is required' }])).toMatchObject({
      error: { fields: [{ field: 'callId' }] },
    });
  });

  it('room names are distinct per queue', () => {
    expect(queueRoom(1)).not.toBe(queueRoom(2));
    expect(queueRoom(7)).toBe('queue:7');
  });
});
