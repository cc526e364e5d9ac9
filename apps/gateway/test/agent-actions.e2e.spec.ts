import type { HeldCallView, PauseReasonsView, QueueView, Result } from '@switchboard/live-protocol';
import type { PbxClient, QueueAgent } from '@switchboard/pbx-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { PbxConnectionService } from '../src/pbx/pbx-connection.service.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, waitFor, type TestClient } from './support/command-client.js';
import { ROOMY_BUDGETS, eventStreamOpen, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

/**
 * The console's agent actions end to end against the simulator: pause with one of the PBX's reasons and a
 * duration, unpause, the reason list, undoing a refuse-and-block, and the scope refusals of each. What the
 * PBX did is read back from the simulator (queue/agent_status, block_numbers/list, request counts).
 */
describe('agent actions against the simulator', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let pbx: PbxClient;
  const clients: Partial<Record<'admin' | 'sup' | 'sup2' | 'supq' | 'view', TestClient>> = {};
  const as = (user: keyof typeof clients): TestClient => {
    const client = clients[user];
    if (!client) throw new Error(`${user} is not connected`);
    return client;
  };
  const requests = async (operation: string) => (await sim.stats()).requests.by_operation[operation] ?? 0;

  /** A dynamic agent logged in to `queueId` only (of the first two queues), with its status there. */
  async function agentOnlyIn(queueId: number, other: number): Promise<QueueAgent> {
    const { queue_list } = await pbx.queue.list();
    const dynamic = (id: number) =>
      new Set((queue_list.find((q) => q.id === id)?.dynamic_agent_list ?? []).map((a) => a.text2));
    const status = await pbx.queue.agentStatus({ id: queueId });
    const agent = status.data.find(
      (a) => dynamic(queueId).has(a.number) && !dynamic(other).has(a.number) && a.is_login === 1,
    );
    if (!agent) throw new Error(`queue ${queueId} has no logged-in dynamic agent of its own`);
    return agent;
  }
  const statusIn = async (queueId: number, number: string) =>
    (await pbx.queue.agentStatus({ id: queueId })).data.find((a) => a.number === number);

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', seed: 7, trafficRate: 0, holdWindowMs: 20_000 },
      { POLL_QUEUES_MS: '500', ...ROOMY_BUDGETS },
    ));
    pbx = gateway.app.get(PbxConnectionService).client;
    await eventStreamOpen(gateway);
    for (const user of ['admin', 'sup', 'sup2', 'supq', 'view'] as const)
      clients[user] = await connectClient(gateway.url, tokenFor(gateway, user));
    await as('sup').subscribe(['queue:1', 'inbound']);
    await as('sup2').subscribe(['inbound']);
  }, 30_000);
  afterAll(async () => {
    for (const client of Object.values(clients)) client.close();
    await stopStack(gateway, sim);
  });

  it('serves the PBX pause reasons, reading the PBX once for many screens', async () => {
    const before = await requests('queue_pause_reason/list');
    const answers = await Promise.all(
      (['sup', 'sup2', 'supq', 'admin'] as const).map((user) =>
        as(user).command<PauseReasonsView>('agent:pause-reasons', {}),
      ),
    );
    for (const answer of answers)
      expect(answer).toMatchObject({
        ok: true,
        data: { reasons: [{ code: '*701', reason: 'Lunch' }, { code: '*702', reason: 'Break' }, {}, {}] },
      });
    expect(await requests('queue_pause_reason/list')).toBe(before + 1);
  });

  it('pauses an agent with a reason and a duration, and unpauses it: the PBX and the queue stream show it', async () => {
    const agent = await agentOnlyIn(1, 2);
    const paused = await as('sup').command('agent:pause', {
      extension: agent.number,
      operation: 'pause',
      reason: '*701',
      durationSec: 600,
    });
    expect(paused).toEqual({ ok: true, data: { done: true } });
    expect(await statusIn(1, agent.number)).toMatchObject({
      is_pause: 1,
      pause_reason: 'Lunch',
      max_threshold_for_pause_time: 600,
    });
    const shown = () =>
      (as('sup').data<'queue'>('queue:1') as QueueView | undefined)?.agents.find(
        (a) => a.number === agent.number,
      );
    await waitFor(
      () => shown()?.state === 'paused' && shown()?.pauseReason === 'Lunch',
      'the pause on the queue stream',
    );

    expect(await as('sup').command('agent:pause', { extension: agent.number, operation: 'unpause' })).toEqual(
      {
        ok: true,
        data: { done: true },
      },
    );
    expect(await statusIn(1, agent.number)).toMatchObject({ is_pause: 0, pause_reason: '' });
    await waitFor(() => shown()?.state !== 'paused', 'the unpause on the queue stream');

    const audit = await as('sup').command<
      { action: string; result: string; facts?: Record<string, string> }[]
    >('audit:recent', { limit: 5 });
    expect(
      audit.ok && audit.data.filter((e) => e.action === 'agent:pause').map((e) => e.facts?.operation),
    ).toEqual(['unpause', 'pause']);
  });

  it('refuses a reason the PBX does not have, and scope violations, before asking the PBX', async () => {
    const agent = await agentOnlyIn(1, 2);
    const other = await agentOnlyIn(2, 1);
    const before = await requests('agent/pause');
    expect(
      await as('sup').command('agent:pause', { extension: agent.number, operation: 'pause', reason: '*799' }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_payload', fields: [{ field: 'reason' }] } });
    // A supervisor of queue 1 may not pause an agent of queue 2 only, nor name queue 2.
    expect(
      await as('supq').command('agent:pause', { extension: other.number, operation: 'pause' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('not an agent of your queues') },
    });
    expect(
      await as('supq').command('agent:pause', { extension: agent.number, operation: 'pause', queueIds: [2] }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'Queue 2 is not in your scope.' } });
    expect(
      await as('view').command('agent:pause', { extension: agent.number, operation: 'unpause' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await requests('agent/pause')).toBe(before);
    // Within scope it goes through.
    expect(
      await as('supq').command('agent:pause', { extension: agent.number, operation: 'pause' }),
    ).toMatchObject({
      ok: true,
    });
    expect(await statusIn(1, agent.number)).toMatchObject({ is_pause: 1 });
    await as('supq').command('agent:pause', { extension: agent.number, operation: 'unpause' });
  });

  /** Holds a call from `from` and refuses and blocks it as `user`. */
  async function refuseAndBlock(from: string, user: 'sup' | 'sup2'): Promise<HeldCallView> {
    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from,
      // The inbound routes of /sim/world: 8005551002 leads to queue 2 on sip-backup (Control Inbound Call).
      to: '8005551002',
      trunk_name: 'sip-backup',
    });
    expect(held.status).toBe(200);
    await waitFor(
      () =>
        (as('sup').data<'inbound'>('inbound') as HeldCallView[] | undefined)?.some(
          (c) => c.callId === held.body.call_id,
        ),
      'the held call',
    );
    const decided = (await as(user).command<HeldCallView>('inbound:decide', {
      callId: held.body.call_id,
      decision: 'refuse_and_block',
    })) as Result<HeldCallView>;
    if (!decided.ok) throw new Error(decided.error.message);
    return decided.data;
  }
  const rulesFor = async (number: string) =>
    (await pbx.blockNumbers.list({ page_size: 1000 })).data.filter((r) => r.number_list === number);

  it('undoes a refuse-and-block for its decider: exactly the rule it created is deleted', async () => {
    const call = await refuseAndBlock('5550881', 'sup');
    expect(call).toMatchObject({ status: 'refused', blocked: true, blockUndoUntil: expect.any(Number) });
    expect(await rulesFor('5550881')).toHaveLength(1);
    const before = (await pbx.blockNumbers.list({ page_size: 1000 })).data.map((r) => r.id);

    // Another supervisor, a viewer: refused, and the rule stays.
    expect(await as('sup2').command('inbound:unblock', { callId: call.callId })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('Only sup') },
    });
    expect(await as('view').command('inbound:unblock', { callId: call.callId })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await rulesFor('5550881')).toHaveLength(1);

    const undone = await as('sup').command<HeldCallView>('inbound:unblock', { callId: call.callId });
    expect(undone).toMatchObject({
      ok: true,
      data: { status: 'refused', blocked: false, unblockedBy: 'sup' },
    });
    const after = (await pbx.blockNumbers.list({ page_size: 1000 })).data.map((r) => r.id);
    expect(before.filter((id) => !after.includes(id))).toHaveLength(1);
    expect(await rulesFor('5550881')).toEqual([]);
    expect(await as('sup').command('inbound:unblock', { callId: call.callId })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: 'sup already undid the block of 5550881.' },
    });
    const audit = await as('sup').command<{ action: string; result: string }[]>('audit:recent', {
      limit: 10,
    });
    expect(audit.ok && audit.data.filter((e) => e.action === 'inbound:unblock').map((e) => e.result)).toEqual(
      ['error', 'ok', 'error', 'error'],
    );
  });

  it('lets an admin undo another supervisor’s block; a supervisor of another queue cannot see it', async () => {
    const call = await refuseAndBlock('5550882', 'sup2');
    expect(call.queueId).toBe(2);
    // supq (queue 1 only) does not see a call of queue 2: it is answered as one not held.
    expect(await as('supq').command('inbound:unblock', { callId: call.callId })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await as('admin').command('inbound:unblock', { callId: call.callId })).toMatchObject({
      ok: true,
      data: { unblockedBy: 'admin' },
    });
    expect(await rulesFor('5550882')).toEqual([]);
  });
});
