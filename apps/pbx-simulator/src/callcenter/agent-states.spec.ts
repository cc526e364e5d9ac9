import { PBX_EVENT } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { AUTO_PAUSE_REASON } from './queue-calls.js';
import { members } from './testing/expectations.js';
import { startedHarness, type Harness } from './testing/harness.js';
import { controlledLine } from './testing/world-lookup.js';

function agentStatuses(h: Harness, agent: string): string[] {
  return h.recorder
    .of(PBX_EVENT.AGENT_STATUS_CHANGED)
    .filter((msg) => msg['agent_number'] === agent)
    .map((msg) => msg['status'] as string);
}

function agentRow(h: Harness, queueId: string, agent: string): Record<string, unknown> | undefined {
  return (h.call('queue/agent_status', { id: queueId })['data'] as Record<string, unknown>[]).find(
    (row) => row['number'] === agent,
  );
}

describe('agent states', () => {
  it('move through Ringing, Busy, WrapUp and Idle for a queue call, with phone status and call_status', () => {
    const h = startedHarness();
    const line = controlledLine(h.center.control.world());
    const queueId = line.route.def_dest_value;
    const { channel_id, call_id } = h.center.control.holdInboundCall({
      from: '5550009999',
      to: line.did,
      trunk_name: line.trunk.name,
    });
    h.recorder.clear();
    h.call('call/accept_inbound', { channel_id });
    const ringing = h.recorder.of(PBX_EVENT.AGENT_STATUS_CHANGED).find((msg) => msg['status'] === 'Ringing');
    const agent = ringing?.['agent_number'] as string;
    expect(agent).toMatch(/^100\d$/);
    expect(agentRow(h, queueId, agent)?.['call_status']).toBe(3); // ringing

    let sawBusy = false;
    for (let s = 0; s < 3 * 3600 && agentStatuses(h, agent).at(-1) !== 'Idle'; s += 1) {
      h.clock.advance(1000);
      if (!sawBusy && agentStatuses(h, agent).at(-1) === 'Busy') {
        sawBusy = true;
        expect(agentRow(h, queueId, agent)?.['call_status']).toBe(2);
      }
    }
    expect(agentStatuses(h, agent)).toEqual(['Ringing', 'Busy', 'WrapUp', 'Idle']);
    expect(agentRow(h, queueId, agent)?.['call_status']).toBe(1); // idle again
    const phone = h.recorder
      .of(PBX_EVENT.EXTENSION_CALL_STATUS_CHANGED)
      .filter((msg) => msg['extension'] === agent)
      .map((msg) => msg['status']);
    expect(phone).toEqual(['Ringing', 'Busy', 'Idle']);
    expect(h.recorder.finished).toEqual([
      expect.objectContaining({
        call_id,
        disposition: 'ANSWERED',
        agent_number: agent,
        queue_number: '6400',
      }),
    ]);
  });

  it('report call_status 5 when the caller holds and 2 when the agent holds, with HOLD on the holder', () => {
    const h = startedHarness({ scenario: 'contact-center', trafficRate: 1 });
    const queues = new Map(h.center.control.world().queues?.map((q) => [q.number, String(q.id)]));
    const seen = new Set<string>();
    for (let s = 0; s < 4 * 3600 && seen.size < 2; s += 1) {
      h.clock.advance(1000);
      for (const info of h.call('call/query', { type: 'inbound' })['data'] as Record<string, unknown>[]) {
        const all = members(info);
        const caller = all.find(([kind]) => kind === 'inbound')?.[1];
        const agent = all.find(([kind]) => kind === 'extension')?.[1];
        if (!caller || !agent) continue;
        const holder =
          caller['member_status'] === 'HOLD' ? 'caller' : agent['member_status'] === 'HOLD' ? 'agent' : '';
        if (!holder) continue;
        const row = agentRow(
          h,
          queues.get(caller['call_path'] as string) as string,
          agent['number'] as string,
        );
        expect(row?.['call_status']).toBe(holder === 'caller' ? 5 : 2);
        seen.add(holder);
      }
    }
    expect(seen).toEqual(new Set(['caller', 'agent']));
    h.clock.advance(3_600_000);
    const held = h.recorder.finished.filter((f) => f.hold_duration > 0);
    expect(held.length).toBeGreaterThan(0);
    for (const f of held) expect(f.hold_duration).toBeLessThanOrEqual(f.talk_duration);
  });

  it('pause automatically after missed calls (30025 then 30029 Paused), take breaks and log out', () => {
    const h = startedHarness({ scenario: 'contact-center', trafficRate: 1 });
    h.clock.advance(6 * 3_600_000);
    const autoPause = h.recorder.of(PBX_EVENT.AGENT_AUTO_PAUSE)[0];
    expect(autoPause).toEqual({
      queue_number: expect.stringMatching(/^64\d\d$/),
      agent_number: expect.stringMatching(/^1\d{3}$/),
      calls: [
        { caller_number: expect.any(String), call_id: expect.stringMatching(/^\d+\.\d+$/) },
        { caller_number: expect.any(String), call_id: expect.stringMatching(/^\d+\.\d+$/) },
      ],
    });
    const index = h.recorder.events.findIndex((e) => e.msg === autoPause);
    const next = h.recorder.events
      .slice(index)
      .find(
        (e) =>
          e.type === PBX_EVENT.AGENT_STATUS_CHANGED && e.msg['agent_number'] === autoPause?.['agent_number'],
      );
    expect(next?.msg).toMatchObject({
      queue_number: `queue-${autoPause?.['queue_number'] as string}`,
      status: 'Paused',
      reason: AUTO_PAUSE_REASON,
    });
    const statuses = h.recorder.of(PBX_EVENT.AGENT_STATUS_CHANGED);
    const breakReasons = new Set(statuses.filter((m) => m['status'] === 'Paused').map((m) => m['reason']));
    expect([...breakReasons]).toEqual(expect.arrayContaining(['Lunch', 'Break', 'Training', 'Meeting']));
    expect(statuses.some((m) => m['status'] === 'LoggedOut')).toBe(true);
  });
});
