import { PBX_EVENT } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { AUTO_PAUSE_REASON } from './queue-calls.js';
import { startedHarness } from './testing/harness.js';

/**
 * docs/pbx/queues-and-agents.md#pause-reasons: once queue_pause_reason/update has replaced the list, nobody is
 * paused with a reason it deleted, not even a simulated agent whose break was decided during a call and
 * starts when the call's wrap-up ends.
 */
describe('pause reasons replaced by queue_pause_reason/update', () => {
  it('no agent goes on a break with a reason the list no longer has', () => {
    const h = startedHarness({ scenario: 'contact-center', trafficRate: 2 });
    const stale: Record<string, unknown>[] = [];
    // The reason an agent is paused with in a queue, from 30029 (every status of a paused agent carries it, a
    // call from another queue included): an event repeating it continues a pause begun earlier, which keeps
    // its text until it ends.
    const pausedWith = new Map<string, string>();
    // Replace the whole list with new texts every 5 minutes for 3 hours: breaks decided under one list and
    // started under the next would show the older texts.
    for (let round = 0; round < 36; round++) {
      const texts = [`Lunch ${round}`, `Break ${round}`];
      h.call('queue_pause_reason/update', {
        pause_reason_list: texts.map((reason, i) => ({ code: `*7${i}${round}`, reason })),
      });
      const from = h.recorder.events.length;
      h.clock.advance(5 * 60_000);
      const allowed = new Set(['', AUTO_PAUSE_REASON, ...texts]);
      for (const { type, msg } of h.recorder.events.slice(from)) {
        if (type !== PBX_EVENT.AGENT_STATUS_CHANGED) continue;
        const key = `${String(msg['agent_number'])}@${String(msg['queue_number'])}`;
        const reason = String(msg['reason']);
        if (reason === '') pausedWith.delete(key);
        else {
          if (pausedWith.get(key) !== reason && !allowed.has(reason)) stale.push(msg);
          pausedWith.set(key, reason);
        }
      }
    }
    expect(stale).toEqual([]);
  });
});
