import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallMember, CallQueryParams } from '../index.js';
import { CALL_INFO } from '../../test/support/samples.js';

// What each call method sends, refuses and never retries: live-requests.spec.ts, refusals.spec.ts and
// client.spec.ts.
describe('CallResource', () => {
  it('types: call/query takes exactly one filter; members narrow by their key', () => {
    const byId: CallQueryParams = { call_id: '1.2' };
    // @ts-expect-error at least one filter
    const none: CallQueryParams = {};
    // @ts-expect-error at most one filter
    const two: CallQueryParams = { call_id: '1.2', type: 'inbound' };
    // @ts-expect-error type is inbound, outbound or internal
    const badType: CallQueryParams = { type: 'all' };
    expect([byId, none, two, badType]).toHaveLength(4);

    const member = CALL_INFO.members[0] as CallMember;
    if ('inbound' in member && member.inbound)
      expectTypeOf(member.inbound.trunk_name).toEqualTypeOf<string>();
    if ('extension' in member && member.extension)
      expectTypeOf(member.extension.number).toEqualTypeOf<string>();
    const leg = { number: '2002', channel_id: 'c', member_status: 'RING', call_path: '' } as const;
    const trunk = {
      from: '1',
      to: '2',
      trunk_name: 't',
      channel_id: 'c',
      member_status: 'ALERT',
      call_path: '',
    } as const;
    // @ts-expect-error a member has one key only
    const both: CallMember = { extension: leg, inbound: trunk };
    expect(both).toBeDefined();
  });
});
