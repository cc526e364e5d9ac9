/**
 * Contract: libs/pbx-api's queue/agent_login against the running simulator — several dynamic agents of one
 * queue logged out, logged back in paused with a reason and a pause time, logged out for a time after which
 * the PBX logs them in again — each seen in queue/agent_status and event 30029, plus PBX errors and the shared
 * checks. No generated traffic and a manual clock: agents are free and time moves only when a test says.
 */
import { PBX_ERRCODE, type QueueAgent } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { expectPbxError, itHonoursTheContract } from './support/contract-kit.js';
import { contractSuite } from './support/contract-suite.js';

const {
  ctx,
  get,
  clock,
  world,
  extensionId,
  events: capture,
} = contractSuite({ scenario: 'contact-center' }, { manualClock: true, topics: [30029] });

interface Agent {
  number: string;
  extId: number;
}

/** A queue with two dynamic agents and a static one, taken from queue/agent_status. */
async function queueWithAgents(): Promise<{ queueId: number; dynamic: [Agent, Agent]; fixed: Agent }> {
  for (const queue of world().queues ?? []) {
    const agents = (await ctx.client.queue.agentStatus({ id: queue.id })).data;
    const of = (a: QueueAgent): Agent => ({ number: a.number, extId: extensionId(a.number) });
    const dynamic = agents.filter((a) => a.agent_type === 'dynamic').map(of);
    const fixed = agents.find((a) => a.agent_type === 'static');
    const [first, second] = dynamic;
    if (first && second && fixed) return { queueId: queue.id, dynamic: [first, second], fixed: of(fixed) };
  }
  throw new Error('no queue has two dynamic agents and a static one');
}

async function statusIn(queueId: number, agents: readonly Agent[]): Promise<QueueAgent[]> {
  const data = (await ctx.client.queue.agentStatus({ id: queueId })).data;
  return agents.map((agent) => {
    const row = data.find((a) => a.number === agent.number);
    if (!row) throw new Error(`agent ${agent.number} is not in queue ${queueId}`);
    return row;
  });
}

const idsOf = (agents: readonly Agent[]) => agents.map((a) => a.extId).join(',');

/** `field` of each agent one simulated second before `ms` have passed, and again once they have. */
async function aroundTime(
  queueId: number,
  agents: readonly Agent[],
  field: 'is_pause' | 'is_login',
  ms: number,
): Promise<[number[], number[]]> {
  await capture().advance(clock(), ms - 1_000);
  const before = (await statusIn(queueId, agents)).map((a) => a[field]);
  await capture().advance(clock(), 1_000);
  return [before, (await statusIn(queueId, agents)).map((a) => a[field])];
}

describe('queue/agent_login', () => {
  it('logs several agents out, then in paused with a reason and a pause time that ends by itself', async () => {
    const { queueId, dynamic } = await queueWithAgents();
    const queueNumber = world().queues?.find((q) => q.id === queueId)?.number;
    expect(
      await ctx.client.queue.agentLogin({ ext_ids: idsOf(dynamic), queue_id: queueId, operation: 'logout' }),
    ).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
    expect((await statusIn(queueId, dynamic)).map((a) => a.is_login)).toEqual([0, 0]);

    await ctx.client.queue.agentLogin({
      ext_ids: idsOf(dynamic),
      queue_id: queueId,
      operation: 'login',
      is_paused: 1,
      reason: '*701',
      max_threshold_for_pause_time: 300,
    });
    for (const agent of await statusIn(queueId, dynamic))
      expect(agent).toMatchObject({
        is_login: 1,
        is_pause: 1,
        pause_reason: 'Lunch',
        max_threshold_for_pause_time: 300,
      });
    await capture().settle();
    for (const { number } of dynamic)
      expect(
        capture().events.some(
          (e) =>
            e.kind === 'agent_status_changed' &&
            e.msg.agent_number === number &&
            e.msg.queue_number === `queue-${queueNumber}` &&
            e.msg.status === 'Paused' &&
            e.msg.reason === 'Lunch',
        ),
      ).toBe(true);

    expect(await aroundTime(queueId, dynamic, 'is_pause', 300_000)).toEqual([
      [1, 1],
      [0, 0],
    ]);
  });

  it('logs agents out for a time: the queue shows it, and the PBX logs them back in when it has passed', async () => {
    const { queueId, dynamic } = await queueWithAgents();
    await ctx.client.queue.agentLogin({
      ext_ids: idsOf(dynamic),
      queue_id: queueId,
      operation: 'logout',
      max_threshold_for_logout_time: 600,
    });
    for (const agent of await statusIn(queueId, dynamic))
      expect(agent).toMatchObject({ is_login: 0, max_threshold_for_logout_time: 600 });
    expect(await aroundTime(queueId, dynamic, 'is_login', 600_000)).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  it('a log-in without is_paused is unpaused', async () => {
    const { queueId, dynamic } = await queueWithAgents();
    const [agent] = dynamic;
    await ctx.client.queue.agentLogin({
      ext_ids: idsOf([agent]),
      queue_id: queueId,
      operation: 'login',
      is_paused: 1,
    });
    expect((await statusIn(queueId, [agent]))[0]).toMatchObject({
      is_login: 1,
      is_pause: 1,
      pause_reason: '',
    });
    await ctx.client.queue.agentLogin({ ext_ids: idsOf([agent]), queue_id: queueId, operation: 'login' });
    expect((await statusIn(queueId, [agent]))[0]).toMatchObject({ is_login: 1, is_pause: 0 });
  });

  it('a static agent, an extension of no queue or an unknown one changes nobody; errors name the field sent', async () => {
    const { queueId, dynamic, fixed } = await queueWithAgents();
    await ctx.client.queue.agentLogin({ ext_ids: idsOf(dynamic), queue_id: queueId, operation: 'login' });
    const nonAgent = world().extensions.find((e) =>
      (world().queues ?? []).every((q) => !(q.agentNumbers ?? []).includes(e.number)),
    );
    const cases: [string, number, string][] = [
      [`${dynamic[0].extId},${fixed.extId}`, PBX_ERRCODE.PARAMETER_ERROR, 'ext_ids'],
      [`${dynamic[0].extId},${nonAgent?.id ?? 0}`, PBX_ERRCODE.PARAMETER_ERROR, 'ext_ids'],
      [`${dynamic[0].extId},99999`, PBX_ERRCODE.NOT_FOUND, 'ext_ids'],
    ];
    for (const [extIds, errcode, field] of cases) {
      const error = await expectPbxError(
        ctx.client.queue.agentLogin({ ext_ids: extIds, queue_id: queueId, operation: 'logout' }),
        errcode,
      );
      expect(error.invalidParamList.map((p) => p.field)).toEqual([field]);
    }
    expect((await statusIn(queueId, dynamic)).map((a) => a.is_login)).toEqual([1, 1]);
    await expectPbxError(
      ctx.client.queue.agentLogin({ ext_ids: idsOf(dynamic), queue_id: 9_999, operation: 'logout' }),
      PBX_ERRCODE.NOT_FOUND,
    );
    const unknownReason = await expectPbxError(
      ctx.client.queue.agentLogin({
        ext_ids: idsOf(dynamic),
        queue_id: queueId,
        operation: 'login',
        is_paused: 1,
        reason: '*799',
      }),
      PBX_ERRCODE.PARAMETER_ERROR,
    );
    expect(unknownReason.invalidParamList.map((p) => p.field)).toEqual(['reason']);
    expect((await statusIn(queueId, dynamic)).map((a) => a.is_pause)).toEqual([0, 0]);
  });

  itHonoursTheContract(get, 'queue/agent_login', {
    valid: async (client) => {
      const { queueId, dynamic } = await queueWithAgents();
      return client.queue.agentLogin({ ext_ids: idsOf(dynamic), queue_id: queueId, operation: 'login' });
    },
    invalid: {
      call: (client) =>
        client.queue.agentLogin({
          ext_ids: '1',
          queue_id: 1,
          operation: 'logout',
          max_threshold_for_logout_time: 5,
        }),
      wire: { ext_ids: '1', queue_id: 1, operation: 'logout', max_threshold_for_logout_time: 5 },
      field: 'max_threshold_for_logout_time',
    },
  });
});
