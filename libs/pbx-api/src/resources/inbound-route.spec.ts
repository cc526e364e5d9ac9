import { describe, expect, expectTypeOf, it } from 'vitest';
import type { InboundRoute } from '../index.js';
import { clientOn, FakePbx } from '../../test/support/fake-pbx.js';

// What list, search and query send and refuse, and how iterate pages: record-requests.spec.ts,
// refusals.spec.ts and iterate.spec.ts.
describe('InboundRouteResource', () => {
  it('types: ids is required', () => {
    expectTypeOf<InboundRoute['cid_to_phonebook']>().toEqualTypeOf<number[]>();
    // @ts-expect-error ids is required
    const call = () => clientOn(new FakePbx()).inboundRoute.query({});
    expect(call).toBeTypeOf('function');
    // @ts-expect-error list sorts by id, pos or name only
    const badSort = () => clientOn(new FakePbx()).inboundRoute.list({ sort_by: 'did' });
    expect(badSort).toBeTypeOf('function');
  });
});
