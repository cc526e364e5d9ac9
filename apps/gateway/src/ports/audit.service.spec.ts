import { describe, expect, it } from 'vitest';
import { AuditService } from './audit.service.js';

describe('AuditService', () => {
  it('returns the newest entries first, with ids and times', () => {
    let now = 100;
    const audit = new AuditService(10, () => now++);
    audit.record({ user: 'ann', action: 'inbound:decide', target: 'c1', result: 'ok', detail: 'accepted' });
    audit.record({
      user: 'bob',
      action: 'conference:kick',
      target: '6900',
      result: 'error',
      detail: 'not found',
    });
    expect(audit.recent(5)).toEqual([
      {
        id: 2,
        at: 101,
        user: 'bob',
        action: 'conference:kick',
        target: '6900',
        result: 'error',
        detail: 'not found',
      },
      {
        id: 1,
        at: 100,
        user: 'ann',
        action: 'inbound:decide',
        target: 'c1',
        result: 'ok',
        detail: 'accepted',
      },
    ]);
    expect(audit.recent(1).map((e) => e.id)).toEqual([2]);
  });

  it('keeps a bounded number of entries', () => {
    const audit = new AuditService(3);
    for (let i = 0; i < 5; i++)
      audit.record({ user: 'u', action: 'call:listen', target: String(i), result: 'ok', detail: '' });
    expect(audit.recent(100).map((e) => e.target)).toEqual(['4', '3', '2']);
  });

  it('cuts overly long targets and details', () => {
    const audit = new AuditService(3);
    const entry = audit.record({
      user: 'u',
      action: 'call:listen',
      target: 'x'.repeat(1_000),
      result: 'ok',
      detail: 'y'.repeat(1_000),
    });
    expect(entry.target).toHaveLength(200);
    expect(entry.detail).toHaveLength(500);
  });
});
