import { describe, expect, it } from 'vitest';
import {
  heldCallAt,
  heldCallGone,
  heldCallLeavesAt,
  pendingHeldCall,
  RESOLVED_VISIBLE_MS,
  type HeldCallView,
} from './index.js';

const DEADLINE = 1_000_000;

function call(change: Partial<HeldCallView> = {}): HeldCallView {
  const arrival = { callId: 'c1', from: '+15551234', to: '6400', trunk: 'sip1' };
  return { ...pendingHeldCall({ ...arrival, receivedAt: DEADLINE - 10_000, deadline: DEADLINE }), ...change };
}

describe('heldCallAt', () => {
  it('leaves an open call as it is before its deadline (the same object)', () => {
    const open = call();
    expect(heldCallAt(open, DEADLINE - 1)).toBe(open);
  });

  it('reads an open call as accepted automatically at its deadline, decided then by nobody', () => {
    expect(heldCallAt(call(), DEADLINE)).toEqual(
      call({ status: 'auto_accepted', decidedBy: null, decidedAt: DEADLINE }),
    );
    expect(heldCallAt(call(), DEADLINE + 60_000).decidedAt).toBe(DEADLINE);
  });

  it('reads a failed call the same way, keeping why the decision failed', () => {
    const failed = call({ status: 'failed', decidedBy: 'sup1', decidedAt: DEADLINE - 5, error: 'busy' });
    expect(heldCallAt(failed, DEADLINE)).toEqual({
      ...failed,
      status: 'auto_accepted',
      decidedBy: null,
      decidedAt: DEADLINE,
    });
  });

  it('never changes a call being decided or already settled', () => {
    for (const status of ['deciding', 'accepted', 'refused', 'auto_accepted'] as const) {
      const view = call({ status, decidedBy: 'sup1', decidedAt: DEADLINE - 100 });
      expect(heldCallAt(view, DEADLINE + 1)).toBe(view);
    }
  });
});

describe('heldCallGone', () => {
  it('keeps a decided call for the visible window from its decision', () => {
    const accepted = call({ status: 'accepted', decidedBy: 'sup1', decidedAt: DEADLINE - 4_000 });
    expect(heldCallLeavesAt(accepted)).toBe(DEADLINE - 4_000 + RESOLVED_VISIBLE_MS);
    expect(heldCallGone(accepted, DEADLINE - 4_001 + RESOLVED_VISIBLE_MS)).toBe(false);
    expect(heldCallGone(accepted, DEADLINE - 4_000 + RESOLVED_VISIBLE_MS)).toBe(true);
  });

  it('lets an undecided call go the visible window after its deadline, as if accepted then', () => {
    expect(heldCallGone(call(), DEADLINE + RESOLVED_VISIBLE_MS - 1)).toBe(false);
    expect(heldCallGone(call(), DEADLINE + RESOLVED_VISIBLE_MS)).toBe(true);
    expect(
      heldCallGone(call({ status: 'failed', decidedAt: DEADLINE - 9_000 }), DEADLINE + RESOLVED_VISIBLE_MS),
    ).toBe(true);
    expect(
      heldCallGone(call({ status: 'auto_accepted', decidedAt: null }), DEADLINE + RESOLVED_VISIBLE_MS),
    ).toBe(true);
  });

  it('never times out a call being decided, nor one the PBX routed while nobody could see it', () => {
    const later = DEADLINE + 10 * RESOLVED_VISIBLE_MS;
    expect(heldCallGone(call({ status: 'deciding', decidedAt: DEADLINE - 1 }), later)).toBe(false);
    const unseen = call({ status: 'auto_accepted', decidedAt: DEADLINE, unseenReason: 'link down' });
    expect(heldCallLeavesAt(unseen)).toBeUndefined();
    expect(heldCallGone(unseen, later)).toBe(false);
  });
});

describe('pendingHeldCall', () => {
  it('shows a held call pending, undecided, its caller unknown unless the context is given', () => {
    const arrival = { callId: 'c9', from: '555', to: '6400', trunk: 'sip1', receivedAt: 1, deadline: 10_001 };
    expect(pendingHeldCall(arrival)).toEqual({
      ...arrival,
      context: { contactName: null, company: null, callsToday: 0, lastOutcome: null },
      status: 'pending',
      blocked: false,
      decidedBy: null,
      decidedAt: null,
      error: null,
    });
    const context = { contactName: 'Ana', company: null, callsToday: 2, lastOutcome: null };
    expect(pendingHeldCall({ ...arrival, queueId: 3, context })).toMatchObject({ queueId: 3, context });
    // Each call gets its own context object: changing one never changes another.
    expect(pendingHeldCall(arrival).context).not.toBe(pendingHeldCall(arrival).context);
  });
});
