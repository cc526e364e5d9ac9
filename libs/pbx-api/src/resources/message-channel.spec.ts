import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MessageChannelListParams } from '../index.js';
import { clientOn, FakePbx } from '../../test/support/fake-pbx.js';

// What list and get send and refuse, and how iterate pages: record-requests.spec.ts, refusals.spec.ts and
// iterate.spec.ts.
describe('MessageChannelResource', () => {
  it('types: list needs all three, iterate only time_range', () => {
    expectTypeOf<MessageChannelListParams>().toEqualTypeOf<{
      page: number;
      page_size: number;
      time_range: 'today' | 'yesterday' | 'last_7_days' | 'last_30_days' | 'this_month' | 'all';
    }>();
    // @ts-expect-error time_range is required
    const call = () => clientOn(new FakePbx()).messageChannel.iterate({});
    expect(call).toBeTypeOf('function');
  });
});
