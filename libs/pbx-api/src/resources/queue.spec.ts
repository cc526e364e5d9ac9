import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PbxClient, QueueAgentStatusParams } from '../index.js';
import { clientOn, FakePbx } from '../../test/support/fake-pbx.js';

// What each queue method sends, refuses and never retries: live-requests.spec.ts, refusals.spec.ts and
// client.spec.ts.
describe('QueueResource', () => {
  it('types: agentLogin takes the pause fields only with login, the log-back-in time only with logout', () => {
    type Params = Parameters<PbxClient['queue']['agentLogin']>[0];
    const one = { ext_ids: '1', queue_id: 1 };
    // @ts-expect-error a logout is not paused
    const pausedLogout: Params = { ...one, operation: 'logout', is_paused: 1 };
    // @ts-expect-error a login has no log-back-in time
    const timedLogin: Params = { ...one, operation: 'login', max_threshold_for_logout_time: 60 };
    expect([pausedLogout, timedLogin]).toHaveLength(2);
  });

  it('types: id is required on agentStatus, everything optional on list', () => {
    expectTypeOf<QueueAgentStatusParams>().toEqualTypeOf<{ id: number }>();
    expectTypeOf(clientOn(new FakePbx()).queue.list).parameter(0).toEqualTypeOf<
      | {
          page?: number;
          page_size?: number;
          sort_by?: 'id' | 'number' | 'name' | 'ring_strategy';
          order_by?: 'asc' | 'desc';
        }
      | undefined
    >();
  });
});
