import type { SessionInfo } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { testSession } from '../../test/support/session-fixtures.js';
import { mayWatch, type StreamAccess } from './stream-access.js';

const base = testSession({ user: 'u' });
const access: StreamAccess = { isKnownQueue: (id) => id !== 99, conferences: 'whole-pbx' };
const supq: SessionInfo = { ...base, role: 'supervisor', queues: [1] };

describe('mayWatch', () => {
  it('grants queues in scope that the gateway watches', () => {
    expect(mayWatch(base, 'queue:3', access)).toBe(true);
    expect(mayWatch(base, 'queue:99', access)).toBe(false);
    expect(mayWatch({ ...base, queues: [1, 2] }, 'queue:3', access)).toBe(false);
    expect(mayWatch({ ...base, queues: [1, 3] }, 'queue:3', access)).toBe(true);
  });

  it('keeps call control streams for supervisors and admins, never displays', () => {
    expect(mayWatch(base, 'inbound', access)).toBe(false);
    expect(mayWatch(base, 'inbound:1', access)).toBe(false);
    expect(mayWatch({ ...base, role: 'supervisor' }, 'inbound', access)).toBe(true);
    expect(mayWatch({ ...base, role: 'admin' }, 'uacsta', access)).toBe(true);
    expect(
      mayWatch({ ...base, role: 'admin', features: { ...base.features, uacsta: false } }, 'uacsta', access),
    ).toBe(false);
    expect(mayWatch({ ...base, role: 'admin', display: true }, 'inbound', access)).toBe(false);
    expect(mayWatch({ ...supq, display: true }, 'inbound:1', access)).toBe(false);
  });

  it('gives a limited scope the calls of its queues only, never the whole streams', () => {
    expect(mayWatch(supq, 'inbound:1', access)).toBe(true);
    expect(mayWatch(supq, 'uacsta:1', access)).toBe(true);
    expect(mayWatch(supq, 'inbound:2', access)).toBe(false);
    expect(mayWatch(supq, 'uacsta:2', access)).toBe(false);
    // The whole streams carry calls of other queues and calls routed to no queue.
    expect(mayWatch(supq, 'inbound', access)).toBe(false);
    expect(mayWatch(supq, 'uacsta', access)).toBe(false);
    // Admins see the whole PBX whatever their list.
    expect(mayWatch({ ...supq, role: 'admin' }, 'inbound', access)).toBe(true);
    expect(mayWatch({ ...supq, role: 'admin' }, 'inbound:2', access)).toBe(true);
  });

  it('shows conferences per CONFERENCE_ACCESS, never to displays', () => {
    expect(mayWatch(base, 'conferences', access)).toBe(true);
    expect(mayWatch({ ...base, role: 'admin', queues: [1] }, 'conferences', access)).toBe(true);
    expect(mayWatch(supq, 'conferences', access)).toBe(false);
    const wide: StreamAccess = { ...access, conferences: 'signed-in' };
    expect(mayWatch(supq, 'conferences', wide)).toBe(true);
    expect(mayWatch({ ...base, display: true }, 'conferences', wide)).toBe(false);
  });

  it('shows health to every screen', () => {
    expect(mayWatch({ ...base, display: true, queues: [] }, 'health', access)).toBe(true);
  });

  it('refuses stream ids it cannot read (fail closed)', () => {
    const admin: SessionInfo = { ...base, role: 'admin' };
    for (const stream of [
      'audit',
      'inbound:x',
      'inbound:0',
      'conferences:1',
      'health:2',
      'queue',
      '',
      'queue:01',
    ])
      expect(mayWatch(admin, stream, access), stream).toBe(false);
  });
});
