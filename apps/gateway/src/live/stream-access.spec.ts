import type { SessionInfo } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { mayWatch } from './stream-access.js';

const base: SessionInfo = {
  user: 'u',
  role: 'viewer',
  queues: 'all',
  display: false,
  features: { listen: true, agentLogin: true, uacsta: true },
  holdWindowMs: 10_000,
};
const known = (id: number) => id !== 99;

describe('mayWatch', () => {
  it('grants queues in scope that the gateway watches', () => {
    expect(mayWatch(base, 'queue:3', known)).toBe(true);
    expect(mayWatch(base, 'queue:99', known)).toBe(false);
    expect(mayWatch({ ...base, queues: [1, 2] }, 'queue:3', known)).toBe(false);
    expect(mayWatch({ ...base, queues: [1, 3] }, 'queue:3', known)).toBe(true);
  });

  it('keeps call control streams for supervisors and admins, never displays', () => {
    expect(mayWatch(base, 'inbound', known)).toBe(false);
    expect(mayWatch({ ...base, role: 'supervisor' }, 'inbound', known)).toBe(true);
    expect(mayWatch({ ...base, role: 'admin' }, 'uacsta', known)).toBe(true);
    expect(
      mayWatch({ ...base, role: 'admin', features: { ...base.features, uacsta: false } }, 'uacsta', known),
    ).toBe(false);
    expect(mayWatch({ ...base, role: 'admin', display: true }, 'inbound', known)).toBe(false);
  });

  it('shows conferences to signed-in people and health to every screen', () => {
    expect(mayWatch(base, 'conferences', known)).toBe(true);
    expect(mayWatch({ ...base, display: true }, 'conferences', known)).toBe(false);
    expect(mayWatch({ ...base, display: true, queues: [] }, 'health', known)).toBe(true);
  });
});
