/**
 * Contract: libs/pbx-api's queue and agent operations against the running simulator — queue/list,
 * queue/agent_status, queue/call_status and agent/login (log in, log out, paused) — each answer checked
 * against the call center's state, a PBX error, and the shared checks.
 */
import { AGENT_CALL_STATUS, PBX_ERRCODE, type QueueAgent } from '@switchboard/pbx-api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectPbxError,
  invalidAsSent,
  itHonoursTheContract,
  itReportsPbxFailure,
} from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const { ctx, get, extensionId } = contractSuite(
  { scenario: 'contact-center', trafficRate: 1 },
  { manualClock: true },
);
beforeAll(() => {
  // Half a simulated hour of traffic: queues have callers waiting, ringing and talking.
  ctx.clock?.advance(30 * 60_000);
});

const queues = () => ctx.sim.control.world().queues ?? [];
const firstQueueId = () => queues()[0]?.id ?? 1;

describe('queue/list', () => {
  it('lists every queue of the scenario with its agents; pages and sorts as asked', async () => {
    const all = await ctx.client.queue.list();
    expect(all.queue_list.map((q) => q.number).sort()).toEqual(
      queues()
        .map((q) => q.number)
        .sort(),
    );
    const agents = all.queue_list.flatMap((q) => [
      ...(q.static_agent_list ?? []),
      ...(q.dynamic_agent_list ?? []),
    ]);
    expect(new Set(agents.map((a) => a.text2)).size).toBe(120);

    const page = await ctx.client.queue.list({ page: 2, page_size: 2, sort_by: 'number', order_by: 'desc' });
    const byNumberDesc = queues()
      .map((q) => q.number)
      .sort()
      .reverse();
    expect(page.queue_list.map((q) => q.number)).toEqual(byNumberDesc.slice(2, 4));
  });

  itReportsPbxFailure(get, 'queue/list', (client) => client.queue.list());

  itHonoursTheContract(get, 'queue/list', {
    valid: (client) => client.queue.list({ page_size: 1 }),
    invalid: invalidAsSent({ page: 0 }, 'page', (client, input) => client.queue.list(input)),
  });
});

describe('queue/agent_status', () => {
  it('answers every agent of the queue as queue/list names them, with login, pause and call state', async () => {
    const { queue_list } = await ctx.client.queue.list();
    const summary = queue_list.find((q) => q.id === firstQueueId());
    const status = await ctx.client.queue.agentStatus({ id: firstQueueId() });
    expect(status.total_number).toBe(status.data.length);
    const listed = [...(summary?.static_agent_list ?? []), ...(summary?.dynamic_agent_list ?? [])].map(
      (a) => a.text2,
    );
    expect(status.data.map((a) => a.number).sort()).toEqual(listed.sort());
    for (const agent of status.data) {
      expect([0, 1]).toContain(agent.is_login);
      expect([0, 1]).toContain(agent.is_pause);
      if (agent.is_pause === 0) expect(agent.pause_reason).toBe('');
    }
    // Every code is a documented one, and 0 (unknown) never comes from this PBX.
    for (const agent of status.data) expect([1, 2, 3, 4, 5]).toContain(agent.call_status);
    expect(status.data.some((a) => a.call_status !== AGENT_CALL_STATUS.IDLE)).toBe(true); // traffic keeps some agents busy
  });

  it('an unknown queue is 40004', async () => {
    await expectPbxError(ctx.client.queue.agentStatus({ id: 999 }), PBX_ERRCODE.NOT_FOUND);
  });

  itHonoursTheContract(get, 'queue/agent_status', {
    valid: (client) => client.queue.agentStatus({ id: firstQueueId() }),
    invalid: invalidAsSent({ id: 0 }, 'id', (client, input) => client.queue.agentStatus(input)),
  });
});

describe('queue/call_status', () => {
  it('lists waiting, ringing and active calls; the counts match the lists, and the calls are live', async () => {
    let seen = 0;
    for (const queue of queues()) {
      const status = await ctx.client.queue.callStatus({ id: queue.id });
      expect(status.waiting_calls).toBe(status.waiting_list.length);
      expect(status.ringing_calls).toBe(status.ringing_list.length);
      expect(status.active_calls).toBe(status.active_list.length);
      for (const entry of [...status.waiting_list, ...status.ringing_list, ...status.active_list]) {
        const { data } = await ctx.client.call.query({ call_id: entry.call_id });
        expect(data.map((c) => c.call_id)).toEqual([entry.call_id]);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('an unknown queue is 40004', async () => {
    await expectPbxError(ctx.client.queue.callStatus({ id: 999 }), PBX_ERRCODE.NOT_FOUND);
  });

  itHonoursTheContract(get, 'queue/call_status', {
    valid: (client) => client.queue.callStatus({ id: firstQueueId() }),
    invalid: invalidAsSent({ id: -3 }, 'id', (client, input) => client.queue.callStatus(input)),
  });
});

describe('agent/login: log in and log out', () => {
  const agentIn = async (queueId: number, number: string): Promise<QueueAgent | undefined> =>
    (await ctx.client.queue.agentStatus({ id: queueId })).data.find((a) => a.number === number);

  /** A dynamic agent of the first queue that has one. */
  async function dynamicAgent(): Promise<{ queueId: number; number: string; extId: number }> {
    for (const queue of queues()) {
      const agent = (await ctx.client.queue.agentStatus({ id: queue.id })).data.find(
        (a) => a.agent_type === 'dynamic',
      );
      if (agent) return { queueId: queue.id, number: agent.number, extId: extensionId(agent.number) };
    }
    throw new Error('the scenario has no dynamic agent');
  }

  it('logout takes the agent out of the queue; login brings it back, paused when asked', async () => {
    const { queueId, number, extId } = await dynamicAgent();
    const queueIds = String(queueId);
    expect(await ctx.client.agent.logout({ ext_id: extId, queue_ids: queueIds })).toEqual({
      errcode: 0,
      errmsg: 'SUCCESS',
    });
    expect(await agentIn(queueId, number)).toMatchObject({ is_login: 0 });
    await ctx.client.agent.login({ ext_id: extId, queue_ids: queueIds, is_paused: 1 });
    expect(await agentIn(queueId, number)).toMatchObject({ is_login: 1, is_pause: 1 });
    await ctx.client.agent.login({ ext_id: extId, queue_ids: queueIds, is_paused: 0 });
    expect(await agentIn(queueId, number)).toMatchObject({ is_login: 1, is_pause: 0 });
  });

  it('an unknown extension is 40004; a static agent is refused naming ext_id', async () => {
    await expectPbxError(ctx.client.agent.login({ ext_id: 9_999 }), PBX_ERRCODE.NOT_FOUND);
    const status = await ctx.client.queue.agentStatus({ id: firstQueueId() });
    const staticOnly = status.data.find((a) => a.agent_type === 'static');
    const error = await expectPbxError(
      ctx.client.agent.logout({
        ext_id: extensionId(staticOnly?.number ?? ''),
        queue_ids: String(firstQueueId()),
      }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(error.invalidParamList[0]).toMatchObject({ field: 'ext_id', validation_type: 'static_agent' });
  });

  itHonoursTheContract(get, 'agent/login', {
    valid: async (client) => client.agent.login({ ext_id: (await dynamicAgent()).extId }),
    invalid: {
      call: (client) => client.agent.login({ ext_id: 0 }),
      wire: { ext_id: 0, operation: 'login' },
      field: 'ext_id',
    },
  });

  itHonoursTheContract(get, 'agent/login', {
    label: 'agent/login (logout)',
    valid: async (client) => client.agent.logout({ ext_id: (await dynamicAgent()).extId }),
    invalid: {
      call: (client) => client.agent.logout({ ext_id: 5, queue_ids: 'a,b' }),
      wire: { ext_id: 5, operation: 'logout', queue_ids: 'a,b' },
      field: 'queue_ids',
    },
  });
});
