import { PBX_ERRCODE } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { expectSimError } from '../testing/expectations.js';
import { harness, startedHarness } from '../testing/harness.js';
import { controlledLine } from '../testing/world-lookup.js';

interface Summary {
  id: number;
  number: string;
  name: string;
  ring_strategy: string;
  dynamic_agent_list: { text: string; text2: string; value: string; type: string }[];
  static_agent_list: { text: string; text2: string; value: string; type: string }[];
  manager_list: unknown[];
}

interface Entry {
  call_id: string;
  caller_number: string;
  caller_display_name: string;
  callee_number: string;
  callee_display_name: string;
  duration: number;
}

describe('queue/list', () => {
  const h = harness({ scenario: 'contact-center' });

  it('lists every queue with strategy, static and dynamic agents and managers', () => {
    const result = h.call('queue/list');
    const list = result['queue_list'] as Summary[];
    expect(result['total_number']).toBe(5);
    expect(list.map((q) => q.id)).toEqual([1, 2, 3, 4, 5]);
    const first = list[0] as Summary;
    expect(first).toMatchObject({ number: '6400', name: 'Sales', ring_strategy: 'least_recent' });
    expect(first.static_agent_list.length + first.dynamic_agent_list.length).toBeGreaterThan(5);
    expect(first.static_agent_list[0]).toEqual({
      text: expect.any(String),
      text2: expect.stringMatching(/^\d{4}$/),
      value: expect.stringMatching(/^\d+$/),
      type: 'extension',
    });
    expect(first.manager_list).toHaveLength(1);
  });

  it('pages and sorts, with integers given as text', () => {
    const page = h.call('queue/list', { page: '2', page_size: '2' });
    expect((page['queue_list'] as Summary[]).map((q) => q.id)).toEqual([3, 4]);
    expect(page['total_number']).toBe(5);
    const byName = h.call('queue/list', { sort_by: 'name', order_by: 'desc' })['queue_list'] as Summary[];
    expect(byName.map((q) => q.name)).toEqual(['Support', 'Sales', 'Retention', 'Onboarding', 'Billing']);
    expect(h.call('queue/list', { page: '9', page_size: '2' })['queue_list']).toEqual([]);
  });

  it('sorts by ring_strategy, as the Software Edition page allows, ties by id', () => {
    const byStrategy = h.call('queue/list', { sort_by: 'ring_strategy' })['queue_list'] as Summary[];
    const keys = byStrategy.map((q) => `${q.ring_strategy}#${String(q.id).padStart(3, '0')}`);
    expect(keys).toEqual([...keys].sort());
  });
});

describe('queue/agent_status', () => {
  it('reports every agent of the queue with the Agent_List fields', () => {
    const h = harness();
    const result = h.call('queue/agent_status', { id: '1' });
    const data = result['data'] as Record<string, unknown>[];
    expect(result['total_number']).toBe(8);
    expect(data).toHaveLength(8);
    for (const agent of data) {
      expect(Object.keys(agent).sort()).toEqual(
        [
          'agent_type',
          'call_status',
          'is_login',
          'is_pause',
          'max_threshold_for_logout_time',
          'max_threshold_for_pause_time',
          'name',
          'number',
          'pause_reason',
        ].sort(),
      );
      expect([0, 1]).toContain(agent['is_login']);
      expect([0, 1]).toContain(agent['is_pause']);
      expect(['static', 'dynamic']).toContain(agent['agent_type']);
      expect(agent['call_status']).toBe(1); // idle: no traffic has started
      if (agent['is_pause'] === 0) expect(agent['pause_reason']).toBe('');
    }
  });

  it('answers NOT_FOUND for an unknown queue id', () => {
    const h = harness();
    expectSimError(() => h.call('queue/agent_status', { id: '99' }), PBX_ERRCODE.NOT_FOUND, 'id');
    expectSimError(() => h.call('queue/call_status', { id: 99 }), PBX_ERRCODE.NOT_FOUND, 'id');
  });
});

describe('queue/call_status', () => {
  it('shows waiting callers longest first with their wait, ringing agents and active calls with talk time', () => {
    const h = startedHarness();
    const line = controlledLine(h.center.control.world());
    const queueId = line.route.def_dest_value;
    const acceptedAt = new Map<string, number>();
    for (let i = 0; i < 14; i += 1) {
      const { call_id, channel_id } = h.center.control.holdInboundCall({
        from: `55500040${String(i).padStart(2, '0')}`,
        to: line.did,
        trunk_name: line.trunk.name,
      });
      h.call('call/accept_inbound', { channel_id });
      acceptedAt.set(call_id, h.clock.now());
      h.clock.advance(1000);
    }
    h.clock.advance(10_000);
    const status = h.call('queue/call_status', { id: queueId });
    const waiting = status['waiting_list'] as Entry[];
    const ringing = status['ringing_list'] as Entry[];
    const active = status['active_list'] as Entry[];
    expect(status['waiting_calls']).toBe(waiting.length);
    expect(status['ringing_calls']).toBe(ringing.length);
    expect(status['active_calls']).toBe(active.length);
    expect(waiting.length).toBeGreaterThan(0);
    expect(active.length).toBeGreaterThan(0);
    expect(waiting.length + ringing.length + active.length).toBe(14 - h.recorder.finished.length);
    const queue = h.center.control.world().queues?.find((q) => String(q.id) === queueId);
    for (const entry of waiting) {
      expect(entry.callee_number).toBe(queue?.number);
      expect(entry.callee_display_name).toBe(queue?.name);
      expect(entry.duration).toBe(
        Math.floor((h.clock.now() - (acceptedAt.get(entry.call_id) as number)) / 1000),
      );
    }
    const waits = waiting.map((e) => e.duration);
    expect(waits).toEqual([...waits].sort((a, b) => b - a));
    for (const entry of [...ringing, ...active]) expect(entry.callee_number).toMatch(/^10\d\d$/);
    for (const entry of active) expect(entry.duration).toBeLessThan(25);
  });
});
