import { PBX_ERRCODE, PBX_EVENT } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import type { CallCenterOptions } from '../contracts.js';
import { createCallCenter } from './call-center.js';
import { RealClock } from './clock.js';
import { expectSimError } from './testing/expectations.js';
import { FakeTimers } from './testing/fake-timers.js';
import { harness, startedHarness, Recorder, START_MS } from './testing/harness.js';
import { controlledLine } from './testing/world-lookup.js';

function options(overrides: Partial<CallCenterOptions> = {}): CallCenterOptions {
  const recorder = new Recorder();
  return {
    scenario: 'small',
    seed: 1,
    speed: 1,
    holdWindowMs: 10_000,
    trafficRate: 1,
    events: recorder,
    records: recorder,
    ...overrides,
  };
}

const seq = (callId: string) => Number(callId.split('.')[1]);

describe('createCallCenter', () => {
  it('rejects bad options with a message naming the option', () => {
    expect(() => createCallCenter(options({ scenario: 'huge' as never }))).toThrow(/scenario/);
    expect(() => createCallCenter(options({ speed: 0 }))).toThrow(/speed/);
    expect(() => createCallCenter(options({ seed: 1.5 }))).toThrow(/seed/);
    expect(() => createCallCenter(options({ holdWindowMs: -1 }))).toThrow(/holdWindowMs/);
    expect(() => createCallCenter(options({ trafficRate: Number.NaN }))).toThrow(/trafficRate/);
    expect(() => createCallCenter(options({ controlledCallShare: 2 }))).toThrow(/controlledCallShare/);
    expect(() => createCallCenter(options({ agents: 0 }))).toThrow(/agents/);
  });

  it("builds as many queue agents as asked instead of the scenario's count, staff unchanged", () => {
    const own = createCallCenter(options({ scenario: 'contact-center' })).control.world();
    const big = createCallCenter(options({ scenario: 'contact-center', agents: 500 })).control.world();
    // contact-center: 120 agents and 16 staff, numbered from 1001.
    expect(own.extensions).toHaveLength(136);
    expect(big.extensions).toHaveLength(516);
    expect(big.queues).toHaveLength(5);
  });

  it('describes its world: extensions, trunks, routes, queues, callers and the contact numbers', () => {
    const world = harness({ scenario: 'contact-center' }).center.control.world();
    expect(world.extensions[0]).toEqual({ id: 1, number: '1001', name: expect.any(String) });
    expect(world.queues).toHaveLength(5);
    expect(world.inboundRoutes[0]).not.toHaveProperty('queueId');
    const contacts = new Set(world.callers?.filter((c) => c.contact).map((c) => c.number));
    expect(new Set(world.callerNumbers)).toEqual(contacts);
    expect(contacts.size).toBeGreaterThan(100);
  });

  it('scales generated traffic with the traffic rate, and rejects a negative rate', () => {
    const arrivals = (rate: number) => {
      const h = startedHarness({ scenario: 'contact-center', trafficRate: 1 });
      h.center.control.setTrafficRate(rate);
      h.clock.advance(3_600_000);
      return h.recorder.finished.filter((f) => f.type === 'Inbound').length;
    };
    expect(arrivals(0)).toBeLessThan(20); // only conference members from sessions already open
    expect(arrivals(2)).toBeGreaterThan(arrivals(1) * 1.5);
    const h = harness();
    expectSimError(() => h.center.control.setTrafficRate(-1), PBX_ERRCODE.PARAMETER_ERROR, 'rate');
    h.center.control.setTrafficRate(0.5);
    expect(h.center.control.trafficRate()).toBe(0.5);
  });

  it('runs only between start and stop on a real clock, and reports simulated time', () => {
    const real = new FakeTimers();
    const recorder = new Recorder();
    const clock = new RealClock({ speed: 10, startMs: START_MS, timers: real });
    const center = createCallCenter(
      options({ scenario: 'contact-center', events: recorder, records: recorder }),
      {
        clock,
      },
    );
    real.tick(600_000, 1000);
    expect(recorder.events).toHaveLength(0);
    center.control.start();
    real.tick(60_000, 1000);
    const running = recorder.events.length;
    expect(running).toBeGreaterThan(100);
    expect(center.control.now?.()).toBeCloseTo(START_MS / 1000 + 600, 0);
    expect(real.armed).toHaveLength(1);
    center.control.stop();
    real.tick(60_000, 1000);
    expect(recorder.events).toHaveLength(running);
    center.control.start();
    real.tick(10_000, 1000);
    expect(recorder.events.length).toBeGreaterThan(running);
  });

  it('resets to the initial state of the same seed without reusing call ids', () => {
    const h = startedHarness({ scenario: 'contact-center' });
    const before = h.call('queue/agent_status', { id: '1' });
    const line = controlledLine(h.center.control.world());
    const held = () =>
      h.center.control.holdInboundCall({ from: '5551110000', to: line.did, trunk_name: line.trunk.name });
    const first = held();
    const dynamic = (before['data'] as { number: string; agent_type: string }[]).find(
      (a) => a.agent_type === 'dynamic',
    );
    const extId = h.center.control.world().extensions.find((e) => e.number === dynamic?.number)?.id;
    h.call('agent/login', { ext_id: String(extId), operation: 'logout' });
    expect(h.call('queue/agent_status', { id: '1' })).not.toEqual(before);

    h.center.control.reset();
    expect(h.call('queue/agent_status', { id: '1' })).toEqual(before);
    expect(h.call('call/query', { type: 'inbound' })).toEqual({ data: [] });
    expect(seq(held().call_id)).toBeGreaterThan(seq(first.call_id));
  });

  it('keeps memory bounded: finished calls are handed off, live state stays small', () => {
    const h = startedHarness({ scenario: 'contact-center', trafficRate: 1 });
    h.clock.advance(4 * 3_600_000);
    const live = ['inbound', 'outbound', 'internal'].reduce(
      (sum, type) => sum + (h.call('call/query', { type })['data'] as unknown[]).length,
      0,
    );
    expect(h.recorder.finished.length).toBeGreaterThan(4000);
    expect(live).toBeLessThan(200);
    expect(h.clock.pending).toBeLessThan(1000);
  });

  it('runs the stress scenario (2,000 agents) far faster than real time', () => {
    const h = startedHarness({ scenario: 'stress', trafficRate: 1 });
    const started = performance.now();
    h.clock.advance(30 * 60_000);
    const elapsedMs = performance.now() - started;
    expect(h.recorder.of(PBX_EVENT.CALL_STATUS_CHANGED).length).toBeGreaterThan(20_000);
    // 30 simulated minutes take about one second here; at speed 1 that is well under 1% of a core.
    expect(elapsedMs).toBeLessThan(15_000);
  }, 30_000);
});
