import { describe, expect, it } from 'vitest';
import type { ScenarioName } from '../contracts.js';
import { startedHarness } from './testing/harness.js';
import { controlledLine } from './testing/world-lookup.js';

const HOUR_MS = 3_600_000;

/** One simulated hour with traffic, plus scripted inputs at fixed simulated times. */
function run(seed: number, speed: number, scenario: ScenarioName = 'contact-center') {
  const h = startedHarness({ scenario, seed, speed, trafficRate: 1, holdWindowMs: 5000 });
  const line = controlledLine(h.center.control.world());
  h.clock.advance(10 * 60_000);
  const held = h.center.control.holdInboundCall({
    from: '5550003333',
    to: line.did,
    trunk_name: line.trunk.name,
  });
  h.clock.advance(1000);
  h.call('call/accept_inbound', { channel_id: held.channel_id });
  h.clock.advance(HOUR_MS - 10 * 60_000 - 1000);
  return { events: h.recorder.events, finished: h.recorder.finished };
}

describe('determinism', () => {
  it('gives the same events and finished calls for the same seed, speed and inputs', () => {
    const first = run(42, 1);
    const second = run(42, 1);
    expect(first.events.length).toBeGreaterThan(5000);
    expect(first.finished.length).toBeGreaterThan(500);
    expect(second.events).toEqual(first.events);
    expect(second.finished).toEqual(first.finished);
  });

  it('gives a different history for a different seed', () => {
    const a = run(42, 1, 'small');
    const b = run(43, 1, 'small');
    expect(b.finished.map((f) => [f.call_from_number, f.duration])).not.toEqual(
      a.finished.map((f) => [f.call_from_number, f.duration]),
    );
  });

  it('gives the same history at the same speed above 1', () => {
    expect(run(7, 60, 'small')).toEqual(run(7, 60, 'small'));
  });
});
