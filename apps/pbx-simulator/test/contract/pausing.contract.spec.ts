/**
 * Contract: libs/pbx-api's pause operations against the running simulator — queue_pause_reason/list,
 * agent/pause (pause with a reason and a duration, unpause) and queue/agent_pause — each seen in
 * queue/agent_status and event 30029, with the reason checked against the current list, the automatic
 * unpause on the simulator's clock, no queue calls for a paused agent, PBX errors and the shared checks.
 */
import { AGENT_CALL_STATUS, PBX_ERRCODE, type PbxEvent, type QueueAgent } from '@switchboard/pbx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectPbxError, invalidAsSent, itHonoursTheContract } from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';
import { EventCapture } from './support/event-capture.js';

const { ctx, get, clock, extensionId } = contractSuite(
  { scenario: 'contact-center', trafficRate: 1 },
  { manualClock: true },
);
let capture: EventCapture;
beforeAll(async () => {
  ctx.clock?.advance(20 * 60_000);
  // Opened after the first 20 minutes, so it holds only the events of the tests.
  capture = await new EventCapture(ctx.sim, [30029]).open();
});
afterAll(async () => capture.close());

const queues = () => ctx.sim.control.world().queues ?? [];
const queueNumber = (id: number) => queues().find((q) => q.id === id)?.number;

async function agentIn(queueId: number, number: string): Promise<QueueAgent | undefined> {
  return (await ctx.client.queue.agentStatus({ id: queueId })).data.find((a) => a.number === number);
}

/** Dynamic agents logged in to a queue, not paused and free now, with their queue; `skip` leaves some out. */
async function freeDynamicAgents(skip: readonly string[] = []) {
  for (const queue of queues()) {
    const agents = (await ctx.client.queue.agentStatus({ id: queue.id })).data.filter(
      (a) =>
        a.agent_type === 'dynamic' &&
        a.is_login === 1 &&
        a.is_pause === 0 &&
        a.call_status === AGENT_CALL_STATUS.IDLE &&
        !skip.includes(a.number),
    );
    if (agents.length >= 2)
      return agents.map((a) => ({ queueId: queue.id, number: a.number, extId: extensionId(a.number) }));
  }
  throw new Error('no queue has two free dynamic agents');
}

const statusOf = (number: string, status: string) => (event: PbxEvent) =>
  event.kind === 'agent_status_changed' && event.msg.agent_number === number && event.msg.status === status;

describe('queue_pause_reason/list', () => {
  it('answers the current reasons (code and text) without a total, a page at a time', async () => {
    const { data } = await ctx.client.queuePauseReason.list();
    expect(data).toEqual([
      { code: '*701', reason: 'Lunch' },
      { code: '*702', reason: 'Break' },
      { code: '*703', reason: 'Training' },
      { code: '*704', reason: 'Meeting' },
    ]);
    expect(await ctx.raw('queue_pause_reason/list')).not.toHaveProperty('total_number');
    const second = await ctx.client.queuePauseReason.list({ page: 2, page_size: 3 });
    expect(second.data).toEqual([{ code: '*704', reason: 'Meeting' }]);
  });

  itHonoursTheContract(get, 'queue_pause_reason/list', {
    valid: (client) => client.queuePauseReason.list(),
    invalid: invalidAsSent({ page_size: 0 }, 'page_size', (client, input) =>
      client.queuePauseReason.list(input),
    ),
  });
});

describe('agent/pause', () => {
  it('pauses with a reason: agent status and 30029 show it; unpause lifts it', async () => {
    const [agent] = await freeDynamicAgents();
    if (!agent) throw new Error('no agent');
    const from = capture.events.length;
    await ctx.client.agent.pause({ ext_id: agent.extId, queue_ids: String(agent.queueId), reason: '*702' });
    expect(await agentIn(agent.queueId, agent.number)).toMatchObject({ is_pause: 1, pause_reason: 'Break' });
    // An agent still wrapping up shows as WrapUp until that ends, then as Paused.
    const pausedEvent = () => capture.events.slice(from).find(statusOf(agent.number, 'Paused'));
    for (let step = 0; step < 60 && !pausedEvent(); step++) await capture.advance(clock(), 5_000);
    expect(pausedEvent()?.msg).toMatchObject({ queue: queueNumber(agent.queueId), reason: 'Break' });

    const resumed = capture.next(
      (e) =>
        e.kind === 'agent_status_changed' && e.msg.agent_number === agent.number && e.msg.status !== 'Paused',
      '30029 after unpause',
    );
    await ctx.client.agent.unpause({ ext_id: agent.extId, queue_ids: String(agent.queueId) });
    expect(await agentIn(agent.queueId, agent.number)).toMatchObject({ is_pause: 0, pause_reason: '' });
    await resumed;
  });

  it('a paused agent is offered no queue call while others in the queue are', async () => {
    const [agent] = await freeDynamicAgents();
    if (!agent) throw new Error('no agent');
    await ctx.client.agent.pause({ ext_id: agent.extId, queue_ids: String(agent.queueId) });
    const rung = new Set<string>();
    for (let step = 0; step < 40; step++) {
      ctx.clock?.advance(15_000);
      const status = await ctx.client.queue.callStatus({ id: agent.queueId });
      for (const call of status.ringing_list) rung.add(call.callee_number);
    }
    expect(rung.size).toBeGreaterThan(0);
    expect(rung.has(agent.number)).toBe(false);
    expect(await agentIn(agent.queueId, agent.number)).toMatchObject({ is_pause: 1 });
    await ctx.client.agent.unpause({ ext_id: agent.extId });
  });

  it('a pause of 10 s or more ends by itself after that many seconds of the simulator clock', async () => {
    const [agent] = await freeDynamicAgents();
    if (!agent) throw new Error('no agent');
    const queueIds = String(agent.queueId);
    await ctx.client.agent.pause({
      ext_id: agent.extId,
      queue_ids: queueIds,
      max_threshold_for_pause_time: 30,
    });
    ctx.clock?.advance(29_000);
    expect(await agentIn(agent.queueId, agent.number)).toMatchObject({ is_pause: 1 });
    const resumed = capture.next(
      (e) =>
        e.kind === 'agent_status_changed' && e.msg.agent_number === agent.number && e.msg.status !== 'Paused',
      '30029 after the automatic unpause',
    );
    ctx.clock?.advance(2_000);
    expect(await agentIn(agent.queueId, agent.number)).toMatchObject({ is_pause: 0 });
    await resumed;
  });

  it('a reason that is not in the current list is a parameter error naming reason, also after it was deleted', async () => {
    const [agent] = await freeDynamicAgents();
    if (!agent) throw new Error('no agent');
    const unknown = await expectPbxError(
      ctx.client.agent.pause({ ext_id: agent.extId, reason: '*799' }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(unknown.invalidParamList[0]).toMatchObject({ field: 'reason', validation_type: 'unknown_reason' });

    const { data: before } = await ctx.client.queuePauseReason.list();
    await ctx.client.queuePauseReason.update({ pause_reason_list: before.filter((r) => r.code !== '*704') });
    try {
      const deleted = await expectPbxError(
        ctx.client.agent.pause({ ext_id: agent.extId, reason: '*704' }),
        PBX_ERRCODE.PARAMETER_ERROR,
      );
      expect(deleted.invalidParamList[0]).toMatchObject({ field: 'reason', value: '*704' });
      expect(await agentIn(agent.queueId, agent.number)).toMatchObject({ is_pause: 0 });
    } finally {
      await ctx.client.queuePauseReason.update({ pause_reason_list: before });
    }
  });

  it('an unknown extension is 40004; a static agent is refused naming ext_id', async () => {
    await expectPbxError(ctx.client.agent.pause({ ext_id: 9_999 }), PBX_ERRCODE.NOT_FOUND);
    const queueId = queues()[0]?.id ?? 1;
    const status = await ctx.client.queue.agentStatus({ id: queueId });
    const staticAgent = status.data.find((a) => a.agent_type === 'static');
    const error = await expectPbxError(
      ctx.client.agent.pause({ ext_id: extensionId(staticAgent?.number ?? ''), queue_ids: String(queueId) }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList[0]).toMatchObject({ field: 'ext_id', validation_type: 'static_agent' });
  });

  itHonoursTheContract(get, 'agent/pause', {
    valid: async (client) => {
      const [agent] = await freeDynamicAgents();
      return client.agent.unpause({ ext_id: agent?.extId ?? 0 });
    },
    invalid: {
      call: (client) => client.agent.pause({ ext_id: 5, max_threshold_for_pause_time: 9 }),
      wire: { ext_id: 5, operation: 'pause', max_threshold_for_pause_time: 9 },
      field: 'max_threshold_for_pause_time',
    },
  });
});

describe('a pause reason deleted by queue_pause_reason/update', () => {
  // docs/pbx/queues-and-agents.md#pause-reasons: after the update nobody is paused with a deleted reason.
  // The simulated agents' own breaks: src/callcenter/pause-reason-update.spec.ts.
  it('is refused by agent/pause and queue/agent_pause like an unknown reason', async () => {
    const { data: before } = await ctx.client.queuePauseReason.list();
    const kept = before.slice(0, 1);
    await ctx.client.queuePauseReason.update({ pause_reason_list: kept });
    try {
      const [agent, other] = await freeDynamicAgents();
      if (!agent || !other) throw new Error('no agents');
      for (const deleted of before.slice(1)) {
        const single = await expectPbxError(
          ctx.client.agent.pause({ ext_id: agent.extId, reason: deleted.code }),
          PBX_ERRCODE.PARAMETER_ERROR,
        );
        expect(single.invalidParamList[0]).toMatchObject({
          field: 'reason',
          validation_type: 'unknown_reason',
        });
        const several = await expectPbxError(
          ctx.client.queue.agentPause({
            ext_ids: `${agent.extId},${other.extId}`,
            queue_id: agent.queueId,
            operation: 'pause',
            reason: deleted.code,
          }),
          PBX_ERRCODE.PARAMETER_ERROR,
        );
        expect(several.invalidParamList[0]).toMatchObject({
          field: 'reason',
          validation_type: 'unknown_reason',
        });
      }
      expect(await agentIn(agent.queueId, agent.number)).toMatchObject({ is_pause: 0 });
    } finally {
      await ctx.client.queuePauseReason.update({ pause_reason_list: before });
    }
  });
});

describe('queue/agent_pause', () => {
  it('pauses and unpauses several agents of one queue at once', async () => {
    const agents = (await freeDynamicAgents()).slice(0, 2);
    const queueId = agents[0]?.queueId ?? 0;
    const ext_ids = agents.map((a) => a.extId).join(',');
    await ctx.client.queue.agentPause({ ext_ids, queue_id: queueId, operation: 'pause', reason: '*701' });
    for (const agent of agents)
      expect(await agentIn(queueId, agent.number)).toMatchObject({ is_pause: 1, pause_reason: 'Lunch' });
    await ctx.client.queue.agentPause({ ext_ids, queue_id: queueId, operation: 'unpause' });
    for (const agent of agents) expect(await agentIn(queueId, agent.number)).toMatchObject({ is_pause: 0 });
  });

  it('an unknown queue is 40004; one unknown agent in the list changes nobody', async () => {
    const [agent] = await freeDynamicAgents();
    if (!agent) throw new Error('no agent');
    await expectPbxError(
      ctx.client.queue.agentPause({ ext_ids: String(agent.extId), queue_id: 999, operation: 'pause' }),
      PBX_ERRCODE.NOT_FOUND,
    );
    await expectPbxError(
      ctx.client.queue.agentPause({
        ext_ids: `${agent.extId},9999`,
        queue_id: agent.queueId,
        operation: 'pause',
      }),
      PBX_ERRCODE.NOT_FOUND,
    );
    expect(await agentIn(agent.queueId, agent.number)).toMatchObject({ is_pause: 0 });
  });

  itHonoursTheContract(get, 'queue/agent_pause', {
    valid: async (client) => {
      const [agent] = await freeDynamicAgents();
      return client.queue.agentPause({
        ext_ids: String(agent?.extId),
        queue_id: agent?.queueId ?? 0,
        operation: 'unpause',
      });
    },
    invalid: invalidAsSent({ ext_ids: '1 2', queue_id: 1, operation: 'pause' }, 'ext_ids', (client, input) =>
      client.queue.agentPause(input),
    ),
  });
});
