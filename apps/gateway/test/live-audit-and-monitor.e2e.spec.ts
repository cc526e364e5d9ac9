import type { AuditEntryView, KnownExtension, MonitorView, QueueView } from '@switchboard/live-protocol';
import { auditSentence } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { PbxConnectionService } from '../src/pbx/pbx-connection.service.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, waitFor, type TestClient } from './support/command-client.js';
import { ROOMY_BUDGETS, eventStreamOpen, queues1And2Polled, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

const log = (line: string) => console.log(`[live-audit] ${line}`);

/** A supervisor who signs in through the trusted proxy, with an extension that does not exist on the PBX. */
const PIA = {
  'x-forwarded-user': 'pia',
  'x-forwarded-groups': 'sb-sups',
  'x-forwarded-extension': '2999',
};

/**
 * The live audit trail and listening against the simulator: `audit:follow` pushes each new entry to exactly
 * the sessions GET /api/audit would show it to, and a listen uses the profile's extension or a checked
 * override, shows the monitor on the supervisor's screens and stop hangs it up.
 */
describe('live audit trail and monitoring', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let admin: TestClient;
  let sup: TestClient;
  let sup2: TestClient;
  let supq: TestClient;
  const pushed = new Map<string, AuditEntryView[]>();
  const monitorStates: (MonitorView | null)[] = [];
  /** Agents of queue 1 but not 2, and of 2 but not 1. */
  const agent = { q1: '', q2: '' };
  let queues: QueuesService;

  const follow = async (name: string, client: TestClient) => {
    const list: AuditEntryView[] = [];
    pushed.set(name, list);
    client.socket.on('audit:entry', (entry) => list.push(entry));
    expect(await client.command('audit:follow', { limit: 5 })).toMatchObject({ ok: true });
  };

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', seed: 11, trafficRate: 0, speed: 20 },
      {
        QUEUES: '1,2',
        POLL_QUEUES_MS: '300',
        ...ROOMY_BUDGETS,
        TRUSTED_PROXIES: '127.0.0.1,::1',
        PROXY_GROUPS: JSON.stringify({ 'sb-sups': { role: 'supervisor', queues: 'all' } }),
      },
    ));
    queues = gateway.app.get(QueuesService);
    await eventStreamOpen(gateway);
    await queues1And2Polled(gateway);
    const numbers = (id: number) => new Set((queues.view(id) as QueueView).agents.map((a) => a.number));
    const [one, two] = [numbers(1), numbers(2)];
    agent.q1 = [...one].find((n) => !two.has(n) && n !== '1011') ?? '';
    agent.q2 = [...two].find((n) => !one.has(n) && n !== '1011') ?? '';
    admin = await connectClient(gateway.url, tokenFor(gateway, 'admin'));
    sup = await connectClient(gateway.url, tokenFor(gateway, 'sup'));
    sup2 = await connectClient(gateway.url, tokenFor(gateway, 'sup2'));
    supq = await connectClient(gateway.url, tokenFor(gateway, 'supq'));
    sup.socket.on('monitor:state', (state) => monitorStates.push(state));
  }, 30_000);
  afterAll(async () => {
    for (const client of [admin, sup, sup2, supq]) client?.close();
    await stopStack(gateway, sim);
  });

  it('pushes each new entry, as it happens, to the followers that may read it and no other', async () => {
    expect(agent.q1 && agent.q2).toBeTruthy();
    await follow('sup', sup);
    await follow('supq', supq);
    const started = Date.now();
    // admin acts on queue 2, on queue 1 and on no queue; supq acts on queue 1 itself.
    await admin.command('uacsta:refuse', { extension: agent.q2, callId: 'live-audit-2' });
    await admin.command('uacsta:refuse', { extension: agent.q1, callId: 'live-audit-1' });
    await admin.command('conference:kick', { conference: '6999', members: 'all' });
    await supq.command('uacsta:refuse', { extension: agent.q2, callId: 'live-audit-own' });
    await waitFor(() => (pushed.get('sup')?.length ?? 0) >= 4, 'four entries pushed to sup', 5_000);
    const lastAt = (pushed.get('sup') ?? []).map((e) => e.at).at(-1) ?? 0;
    log(`4 entries pushed to sup within ${Date.now() - started} ms of the first action`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const targets = (name: string) => (pushed.get(name) ?? []).map((e) => e.target);
    expect(targets('sup')).toEqual([
      `extension ${agent.q2} call live-audit-2`,
      `extension ${agent.q1} call live-audit-1`,
      'conference 6999: all members',
      `extension ${agent.q2} call live-audit-own`,
    ]);
    // supq: admin's entry about queue 1, and its own (whatever the queue); never queue 2 or no queue.
    expect(targets('supq')).toEqual([
      `extension ${agent.q1} call live-audit-1`,
      `extension ${agent.q2} call live-audit-own`,
    ]);
    // The same scope as GET /api/audit and audit:recent.
    const recent = await supq.command<AuditEntryView[]>('audit:recent', { limit: 4 });
    expect(recent.ok && recent.data.map((e) => e.target).reverse()).toEqual(targets('supq'));
    expect(lastAt).toBeGreaterThanOrEqual(started);
    const sentence = auditSentence((pushed.get('supq') ?? [])[0] as AuditEntryView);
    log(`supq reads: ${sentence}`);
    expect(sentence).toMatch(/^admin refused the call ringing on .+’s desk phone – failed: /);
  });

  it('answers monitor:check from the PBX’s extensions', async () => {
    const known = await sup2.command<KnownExtension>('monitor:check', { extension: '1011' });
    expect(known).toMatchObject({ ok: true, data: { number: '1011' } });
    expect(await sup2.command('monitor:check', { extension: '9999' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: 'Extension 9999 does not exist on the PBX; check the number.' },
    });
    expect(await sup2.command('monitor:check', { extension: '9 9' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload' },
    });
  });

  it('takes the profile’s extension from USERS or the trusted proxy, and says which one to fix', async () => {
    expect(sup.session.extension).toBe('1011');
    expect(sup2.session.extension).toBeUndefined();
    const pia = await connectClient(gateway.url, undefined, PIA);
    try {
      expect(pia.session).toMatchObject({ user: 'pia', role: 'supervisor', extension: '2999' });
      const before = (await sim.stats()).requests.by_operation['call/listen'] ?? 0;
      expect(
        await pia.command('call:listen', { agent: agent.q1, monitor: '2999', mode: 'listen' }),
      ).toMatchObject({
        ok: false,
        error: {
          code: 'not_found',
          message: expect.stringMatching(/^Your extension 2999 does not exist on the PBX; set yours under/),
        },
      });
      // An override that does not exist either: named as the one to correct; the PBX is never asked to ring it.
      expect(
        await sup2.command('call:listen', { agent: agent.q1, monitor: '9999', mode: 'listen' }),
      ).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining('Your extension 9999 does not exist on the PBX') },
      });
      expect((await sim.stats()).requests.by_operation['call/listen'] ?? 0).toBe(before);
    } finally {
      pia.close();
    }
  });

  it('shows a running monitor on the supervisor’s screens, switches its mode and stop hangs it up', async () => {
    // An answered call on an agent of queue 1: a held call accepted into the queue, answered by an agent.
    const world = await sim.get<{
      trunks: { id: number; name: string; controlled: boolean }[];
      inboundRoutes: { did_patterns: string[]; trunk_ids: number[]; def_dest_value: string }[];
    }>('/sim/world');
    const route = world.inboundRoutes.find((r) => r.def_dest_value === '1');
    const trunk = world.trunks.find((t) => t.controlled && route?.trunk_ids.includes(t.id));
    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from: '5557770001',
      to: route?.did_patterns[0],
      trunk_name: trunk?.name,
    });
    await sup.subscribe(['inbound']);
    await waitFor(
      async () => (await sup.command('inbound:decide', { callId: held.body.call_id, decision: 'accept' })).ok,
      'the held call accepted',
      5_000,
    );
    let talking = '';
    await waitFor(
      () => {
        const busy = (queues.view(1) as QueueView).agents.find(
          (a) => a.state === 'on_call' && a.number !== '1011',
        );
        talking = busy?.number ?? '';
        return talking !== '';
      },
      'an agent of queue 1 on the call',
      20_000,
    );
    const listen = await sup.command<{ callId: string; monitor: MonitorView }>('call:listen', {
      agent: talking,
      monitor: '1011',
      mode: 'listen',
    });
    expect(listen).toMatchObject({
      ok: true,
      data: { monitor: { agent: talking, monitor: '1011', mode: 'listen' } },
    });
    await waitFor(() => monitorStates.at(-1)?.mode === 'listen', 'the monitor shown', 2_000);
    // A second screen of the same supervisor learns of it when it connects.
    const second = await connectClient(gateway.url, tokenFor(gateway, 'sup'));
    const secondStates: (MonitorView | null)[] = [];
    second.socket.on('monitor:state', (state) => secondStates.push(state));
    try {
      const barge = await sup.command('call:listen', { agent: talking, monitor: '1011', mode: 'barge' });
      expect(barge).toMatchObject({ ok: true });
      await waitFor(() => secondStates.at(-1)?.mode === 'barge', 'the new mode on the second screen', 2_000);
      expect((await sim.stats()).requests.by_operation['call/hangup']).toBe(1);
      expect(await sup.command('call:monitor-stop', {})).toMatchObject({ ok: true, data: { stopped: true } });
      await waitFor(
        () => monitorStates.at(-1) === null && secondStates.at(-1) === null,
        'the bar cleared',
        2_000,
      );
      expect((await sim.stats()).requests.by_operation['call/hangup']).toBe(2);
      // The PBX agrees: 1011 is no longer a member of the agent's call, which goes on.
      const calls = await gateway.app
        .get(PbxConnectionService)
        .request('call/query', (client) => client.call.query({ extension: talking }));
      const members = (calls.data ?? []).flatMap((call) => call.members.map((m) => m.extension?.number));
      expect(members).toContain(talking);
      expect(members).not.toContain('1011');
    } finally {
      second.close();
    }
  }, 40_000);
});
