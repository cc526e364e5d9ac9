import type { Snapshot } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { stampHealth } from './live.gateway.js';

describe('stampHealth', () => {
  it('stamps a health snapshot with the time it is sent and leaves other streams alone', () => {
    const health: Snapshot = {
      stream: 'health',
      kind: 'health',
      seq: 3,
      data: {
        pbx: 'connected',
        lastSuccessAt: 1,
        lastError: null,
        eventStream: 'open',
        pbxSince: 1,
        eventStreamSince: 1,
        serverTime: 1000,
      },
    };
    const before = Date.now();
    const stamped = stampHealth(health);
    expect((stamped?.data as { serverTime: number }).serverTime).toBeGreaterThanOrEqual(before);
    expect((health.data as { serverTime: number }).serverTime).toBe(1000);
    const queue = { stream: 'conferences', kind: 'conferences', seq: 1, data: [] } as Snapshot;
    expect(stampHealth(queue)).toBe(queue);
    expect(stampHealth(undefined)).toBeUndefined();
  });
});
