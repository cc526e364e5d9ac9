import { describe, expect, it } from 'vitest';
import { createCallCenter } from './call-center.js';
import { EVENT } from './event-payloads.js';
import { Recorder } from './testing/harness.js';
import { controlledLine } from './testing/world-lookup.js';

const REAL_WINDOW_MS = 10_000;

/** Polls `check` every 20 ms until it is true; rejects after `timeoutMs`. */
async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('inbound call control with the real 10 s window', () => {
  it('routes a held call automatically after 10 real seconds, even at speed 30', async () => {
    const recorder = new Recorder();
    const center = createCallCenter({
      scenario: 'small',
      seed: 3,
      speed: 30,
      holdWindowMs: REAL_WINDOW_MS,
      trafficRate: 0,
      events: recorder,
      records: recorder,
    });
    center.control.start();
    try {
      const line = controlledLine(center.control.world());
      const heldAt = performance.now();
      const { call_id, channel_id } = center.control.holdInboundCall({
        from: '5550002222',
        to: line.did,
        trunk_name: line.trunk.name,
      });
      const routed = () => recorder.of(EVENT.CALL_STATUS).some((msg) => msg['call_id'] === call_id);

      await new Promise((resolve) => setTimeout(resolve, REAL_WINDOW_MS - 500));
      expect(routed()).toBe(false);

      await waitFor(routed, 1500);
      const elapsed = performance.now() - heldAt;
      expect(elapsed).toBeGreaterThanOrEqual(REAL_WINDOW_MS - 5);
      expect(elapsed).toBeLessThan(REAL_WINDOW_MS + 600);

      const handler = center.handlers['call/accept_inbound'];
      expect(handler?.({ params: { channel_id }, clientIp: '127.0.0.1', clientId: 'test' })).toEqual({
        call_id,
      });
    } finally {
      center.control.stop();
    }
  }, 14_000);
});
