import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AgentLoginParams, AgentLogoutParams } from '../index.js';

// What agent/login and agent/pause send, and what they refuse: live-requests.spec.ts and refusals.spec.ts.
describe('AgentResource', () => {
  it('types: ext_id required; logout takes no pause options', () => {
    expectTypeOf<AgentLogoutParams>().toEqualTypeOf<{
      ext_id: number;
      queue_ids?: string;
      max_threshold_for_logout_time?: number;
    }>();
    // @ts-expect-error ext_id is required
    const noExt: AgentLoginParams = { queue_ids: '1' };
    // @ts-expect-error logout cannot pause
    const pausedLogout: AgentLogoutParams = { ext_id: 1, is_paused: 1 };
    expect([noExt, pausedLogout]).toHaveLength(2);
  });
});
