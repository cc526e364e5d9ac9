import {
  heldCallAt,
  type ConferenceView,
  type HeldCallView,
  type Result,
  type UacstaCallView,
} from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { CallerContextService } from '../src/inbound/caller-context.service.js';
import { PbxConnectionService } from '../src/pbx/pbx-connection.service.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, waitFor, type TestClient } from './support/command-client.js';
import { ROOMY_BUDGETS, eventStreamOpen, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator, SimulatorOptions } from './support/simulator.js';

/** The controlled trunk and a DID of the small scenario (GET /sim/world). */
const TRUNK = 'carrier-west';
const DID = '8005551000';

async function boot(
  sim: SimulatorOptions,
  holdWindowMs: number,
): Promise<{ sim: RunningSimulator; gateway: RunningGateway }> {
  const started = await startStack(
    { scenario: 'small', seed: 3, ...sim },
    {
      PBX_HOLD_WINDOW_MS: String(holdWindowMs),
      POLL_QUEUES_MS: '500',
      POLL_CONFERENCES_MS: '300',
      ...ROOMY_BUDGETS,
    },
  );
  await eventStreamOpen(started.gateway);
  return started;
}

const decisions = async (sim: RunningSimulator) => {
  const ops = (await sim.stats()).requests.by_operation;
  return {
    accept: ops['call/accept_inbound'] ?? 0,
    refuse: ops['call/refuse_inbound'] ?? 0,
    block: ops['block_numbers/create'] ?? 0,
  };
};

describe('held inbound calls against the simulator', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let sup: TestClient;
  let sup2: TestClient;
  let counter = 0;

  /** Holds a new call on the simulator and waits until both supervisors see it pending. */
  const holdCall = async (from = `55520${String(counter++).padStart(5, '0')}`): Promise<HeldCallView> => {
    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from,
      to: DID,
      trunk_name: TRUNK,
    });
    expect(held.status).toBe(200);
    const seen = (client: TestClient) =>
      client.data<'inbound'>('inbound')?.find((c) => (c as HeldCallView).callId === held.body.call_id) as
        HeldCallView | undefined;
    await waitFor(() => seen(sup2), 'the second supervisor to see the held call');
    return waitFor(() => seen(sup), 'the held call on the inbound stream');
  };
  /** A call as a screen shows it: through the held-call rule (the auto-accept at the deadline is not sent). */
  const viewOf = (client: TestClient, callId: string) => {
    const view = (client.data<'inbound'>('inbound') as HeldCallView[] | undefined)?.find(
      (c) => c.callId === callId,
    );
    return view && heldCallAt(view, Date.now());
  };

  beforeAll(async () => {
    ({ sim, gateway } = await boot({ trafficRate: 0, holdWindowMs: 1_500 }, 1_500));
    sup = await connectClient(gateway.url, tokenFor(gateway, 'sup'));
    sup2 = await connectClient(gateway.url, tokenFor(gateway, 'sup2'));
    await sup.subscribe(['inbound']);
    await sup2.subscribe(['inbound']);
    const context = gateway.app.get(CallerContextService);
    await waitFor(() => context.phonebookLoadedAt, 'the phonebook index', 10_000);
  });
  afterAll(async () => {
    sup?.close();
    sup2?.close();
    await stopStack(gateway, sim);
  });

  it('shows a held call with caller, DID, trunk, deadline and caller context', async () => {
    const { data } = await gateway.app.get(PbxConnectionService).client.companyContact.query({ ids: '1' });
    const contact = data[0];
    const number = contact?.number_list?.[0]?.number;
    if (!contact || !number) throw new Error('the simulator phonebook has no contact 1 with a number');
    const call = await holdCall(number);
    expect(call).toMatchObject({ from: number, to: DID, trunk: TRUNK, status: 'pending', decidedBy: null });
    expect(call.deadline - call.receivedAt).toBe(1_500);
    await waitFor(() => viewOf(sup, call.callId)?.context.contactName, 'the contact match');
    expect(viewOf(sup, call.callId)?.context).toMatchObject({
      contactName: `${contact.first_name} ${contact.last_name}`,
      company: contact.company,
    });
  });

  it('accepts a call; everyone sees who decided', async () => {
    const before = await decisions(sim);
    const call = await holdCall();
    const answer = await sup.command<HeldCallView>('inbound:decide', {
      callId: call.callId,
      decision: 'accept',
    });
    expect(answer).toMatchObject({ ok: true, data: { status: 'accepted', decidedBy: 'sup' } });
    await waitFor(() => viewOf(sup2, call.callId)?.status === 'accepted', 'the decision on the other screen');
    expect(viewOf(sup2, call.callId)?.decidedBy).toBe('sup');
    expect(await decisions(sim)).toEqual({ ...before, accept: before.accept + 1 });
  });

  it('refuses a call, and counts it when the same number calls again', async () => {
    const before = await decisions(sim);
    const call = await holdCall('5550999');
    expect(call.context).toMatchObject({ callsToday: 0, lastOutcome: null });
    const answer = await sup2.command<HeldCallView>('inbound:decide', {
      callId: call.callId,
      decision: 'refuse',
    });
    expect(answer).toMatchObject({
      ok: true,
      data: { status: 'refused', decidedBy: 'sup2', blocked: false },
    });
    expect(await decisions(sim)).toEqual({ ...before, refuse: before.refuse + 1 });
    const again = await holdCall('5550999');
    await waitFor(
      () => viewOf(sup, again.callId)?.context.callsToday === 1,
      'the repeat caller to be recognised',
    );
    expect(viewOf(sup, again.callId)?.context.lastOutcome).toBe('failed');
  });

  it('refuses and blocks a caller: the PBX gets a blocklist rule', async () => {
    const before = await decisions(sim);
    const call = await holdCall('5550777');
    const answer = await sup.command<HeldCallView>('inbound:decide', {
      callId: call.callId,
      decision: 'refuse_and_block',
    });
    expect(answer).toMatchObject({ ok: true, data: { status: 'refused', blocked: true } });
    expect(await decisions(sim)).toEqual({ ...before, refuse: before.refuse + 1, block: before.block + 1 });
  });

  it('makes exactly one PBX call when two supervisors decide at once', async () => {
    const before = await decisions(sim);
    const call = await holdCall();
    const [a, b] = await Promise.all([
      sup.command<HeldCallView>('inbound:decide', { callId: call.callId, decision: 'accept' }),
      sup2.command<HeldCallView>('inbound:decide', { callId: call.callId, decision: 'refuse' }),
    ]);
    const results: Result<HeldCallView>[] = [a, b];
    const winners = results.flatMap((r) => (r.ok ? [r.data] : []));
    const losers = results.filter((r) => !r.ok);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    const winner = winners[0]?.decidedBy;
    expect(losers[0]).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining(String(winner)) },
    });
    const after = await decisions(sim);
    expect(after.accept + after.refuse).toBe(before.accept + before.refuse + 1);
    await waitFor(
      () => viewOf(sup, call.callId)?.decidedBy === winner && viewOf(sup2, call.callId)?.decidedBy === winner,
      'both screens to show the winner',
    );
  });

  it('shows a call nobody decided as accepted automatically after the hold window', async () => {
    const before = await decisions(sim);
    const call = await holdCall();
    await waitFor(() => viewOf(sup, call.callId)?.status === 'auto_accepted', 'the automatic accept', 4_000);
    expect(viewOf(sup, call.callId)).toMatchObject({ decidedBy: null, decidedAt: call.deadline });
    const late = await sup.command('inbound:decide', { callId: call.callId, decision: 'refuse' });
    expect(late).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await decisions(sim)).toEqual(before);
  });

  it('answers bad payloads and unknown calls with clear errors', async () => {
    expect(await sup.command('inbound:decide', { callId: 'x', decision: 'maybe' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', fields: [{ field: 'decision' }] },
    });
    expect(await sup.command('inbound:decide', { callId: 'nope', decision: 'accept' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('shows desk-phone calls from uaCSTA reports without the phone address, and sends refusals to the PBX', async () => {
    await sup.subscribe(['uacsta']);
    const msg = { operation: 'call_start', extension: '1003', call_id: '777', ip_address: '10.9.8.7:5060' };
    await sim.post('/sim/events', { type: 30020, msg });
    const calls = () => (sup.data<'uacsta'>('uacsta') ?? []) as UacstaCallView[];
    const call = await waitFor(() => calls().find((c) => c.key === '1003:777'), 'the uaCSTA call');
    expect(call).toMatchObject({ extension: '1003', callId: '777', state: 'ringing' });
    expect(JSON.stringify(calls())).not.toContain('10.9.8.7');
    // The simulator never placed this call, so it refuses; the point is that the refusal reached it.
    const before = (await sim.stats()).requests.by_operation['uacsta_call/refuse'] ?? 0;
    const answer = await sup.command('uacsta:refuse', { extension: '1003', callId: '777' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'pbx_error' } });
    expect((await sim.stats()).requests.by_operation['uacsta_call/refuse']).toBe(before + 1);
    await sim.post('/sim/events', { type: 30020, msg: { ...msg, operation: 'call_over' } });
    await waitFor(() => !calls().some((c) => c.key === '1003:777'), 'the uaCSTA call to end');
    expect(await sup.command('uacsta:refuse', { extension: '1003', callId: '777' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('logs a dynamic agent out and back in', async () => {
    const list = await gateway.app.get(PbxConnectionService).client.queue.list();
    const agent = list.queue_list[0]?.dynamic_agent_list?.[0]?.text2;
    if (!agent) throw new Error('the small scenario has no dynamic agent');
    const before = (await sim.stats()).requests.by_operation['agent/login'] ?? 0;
    expect(await sup.command('agent:login', { extension: agent, operation: 'logout' })).toEqual({
      ok: true,
      data: { done: true },
    });
    expect(await sup.command('agent:login', { extension: agent, operation: 'login' })).toEqual({
      ok: true,
      data: { done: true },
    });
    expect((await sim.stats()).requests.by_operation['agent/login']).toBe(before + 2);
  });

  it('keeps every decision in the audit log', async () => {
    const answer = await sup.command<{ action: string; user: string; result: string }[]>('audit:recent', {
      limit: 50,
    });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const decided = answer.data.filter((e) => e.action === 'inbound:decide');
    expect(decided.length).toBeGreaterThanOrEqual(6);
    expect(decided.some((e) => e.user === 'sup2' && e.result === 'ok')).toBe(true);
    expect(decided.some((e) => e.result === 'error')).toBe(true);
  });
});

describe('conference kick against the simulator', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let sup: TestClient;

  beforeAll(async () => {
    // Fast simulated time and busy traffic, so a conference with several members opens within seconds.
    ({ sim, gateway } = await boot({ trafficRate: 20, speed: 60 }, 10_000));
    sup = await connectClient(gateway.url, tokenFor(gateway, 'sup'));
    await sup.subscribe(['conferences']);
  });
  afterAll(async () => {
    sup?.close();
    await stopStack(gateway, sim);
  });

  it('removes a member and the conference view follows', async () => {
    const conferences = () => (sup.data<'conferences'>('conferences') ?? []) as ConferenceView[];
    const conference = await waitFor(
      () => conferences().find((c) => c.members.length >= 2),
      'a conference with two members',
      30_000,
    );
    const member = conference.members[1];
    if (!member) throw new Error('the conference lost its second member');
    const answer = await sup.command('conference:kick', {
      conference: conference.number,
      members: [member.channelId],
    });
    expect(answer).toEqual({ ok: true, data: { kicked: [member.channelId] } });
    await waitFor(
      () => !conferences().some((c) => c.members.some((m) => m.channelId === member.channelId)),
      'the member to leave the conference view',
    );
    expect((await sim.stats()).requests.by_operation['conference/kick_member']).toBe(1);
  });
});
