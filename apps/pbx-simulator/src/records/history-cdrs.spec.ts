import { describe, expect, it } from 'vitest';
import { createCallCenter } from '../callcenter/call-center.js';
import { Recorder } from '../callcenter/testing/harness.js';
import type { WorldInfo } from '../contracts.js';
import { historyCalls } from './history-cdrs.js';

const DAY_START = 1_755_820_800; // 2025-08-22 00:00 UTC

function world(): WorldInfo {
  const recorder = new Recorder();
  const center = createCallCenter({
    scenario: 'contact-center',
    seed: 3,
    speed: 1,
    holdWindowMs: 10_000,
    trafficRate: 0,
    events: recorder,
    records: recorder,
  });
  return center.control.world();
}

describe('historyCalls (--history)', () => {
  it('spreads N inbound queue calls over the day before, oldest first, answered ones by an agent of that queue', () => {
    const w = world();
    const calls = historyCalls(w, 42, 10_000, DAY_START);
    expect(calls).toHaveLength(10_000);
    expect(new Set(calls.map((c) => c.call_id)).size).toBe(10_000);
    expect(calls[0]?.timestamp).toBe(DAY_START - 86_400);
    expect(calls.every((c, i) => i === 0 || c.timestamp >= (calls[i - 1]?.timestamp ?? 0))).toBe(true);
    expect(calls.every((c) => c.timestamp < DAY_START && c.type === 'Inbound')).toBe(true);
    const answered = calls.filter((c) => c.disposition === 'ANSWERED');
    expect(answered.length / calls.length).toBeGreaterThan(0.7);
    for (const call of answered.slice(0, 200)) {
      const queue = w.queues?.find((q) => q.number === call.queue_number);
      expect(queue?.agentNumbers).toContain(call.agent_number);
      expect(call.recorded).toBe(true);
      expect(call.talk_duration).toBeGreaterThan(0);
    }
    const callers = new Set(w.callers?.map((c) => c.number));
    expect(calls.every((c) => callers.has(c.call_from_number) && c.did_number !== '')).toBe(true);
  });

  it('repeats for a seed and differs for another; none without queues or when N is 0', () => {
    const w = world();
    expect(historyCalls(w, 42, 50, DAY_START)).toEqual(historyCalls(w, 42, 50, DAY_START));
    expect(historyCalls(w, 43, 50, DAY_START)).not.toEqual(historyCalls(w, 42, 50, DAY_START));
    expect(historyCalls(w, 42, 0, DAY_START)).toEqual([]);
    expect(historyCalls({ ...w, inboundRoutes: [] }, 42, 50, DAY_START)).toEqual([]);
  });

  it('spreads the calls over several days before today with --history-days', () => {
    const calls = historyCalls(world(), 42, 700, DAY_START, 7);
    expect(calls).toHaveLength(700);
    expect(calls[0]?.timestamp).toBe(DAY_START - 7 * 86_400);
    expect(Math.max(...calls.map((c) => c.timestamp))).toBeLessThan(DAY_START);
    // Each day gets its share: a chart of last week's same weekday has calls to draw.
    for (let day = 1; day <= 7; day++) {
      const inDay = calls.filter(
        (c) => c.timestamp >= DAY_START - day * 86_400 && c.timestamp < DAY_START - (day - 1) * 86_400,
      );
      expect(inDay).toHaveLength(100);
    }
  });
});
