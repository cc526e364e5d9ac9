import type {
  AuditEntryView,
  HeldCallView,
  Result,
  StreamId,
  UacstaCallView,
} from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { InboundRoutesService } from '../src/inbound/inbound-routes.service.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, rest, waitFor, type TestClient } from './support/command-client.js';
import { ROOMY_BUDGETS, eventStreamOpen, queues1And2Polled, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

/** What GET /sim/world tells about routes and trunks. */
interface World {
  trunks: { id: number; name: string; controlled: boolean }[];
  inboundRoutes: { id: number; did_patterns: string[]; trunk_ids: number[]; def_dest_value: string }[];
}

const HOLD_WINDOW_MS = 8_000;
const log = (line: string) => console.log(`[scoped-access] ${line}`);

/**
 * The scope rule, against the simulator: a supervisor whose scope is some queues sees only those queues'
 * streams, held calls, agents' desk phones and audit entries, sees no conference, and may act (decide,
 * refuse, listen, kick) only within them; anything else is refused without asking the PBX. `supq` (a
 * supervisor of queue 1) is checked next to `sup` (every queue) and `admin`. Every frame `supq` receives is
 * recorded, so "invisible" means never sent.
 */
describe('scopes: a supervisor of queue 1 sees and acts on queue 1 only', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let admin: TestClient;
  let sup: TestClient;
  let supq: TestClient;
  /** Every snapshot and delta supq received, as sent. */
  const supqFrames: string[] = [];
  /** A DID and controlled trunk of the route to each queue. */
  const lineOf = new Map<number, { did: string; trunk: string }>();
  let calls = 0;

  const ops = async (operation: string) => (await sim.stats()).requests.by_operation[operation] ?? 0;
  const heldOn = (client: TestClient, stream: StreamId, callId: string) =>
    (client.data<'inbound'>(stream) as HeldCallView[] | undefined)?.find((call) => call.callId === callId);
  const hold = async (queueId: number): Promise<{ callId: string; at: number }> => {
    const line = lineOf.get(queueId);
    if (!line) throw new Error(`no controlled line to queue ${queueId}`);
    const at = Date.now();
    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from: `5553${String(queueId)}${String(calls++).padStart(5, '0')}`,
      to: line.did,
      trunk_name: line.trunk,
    });
    expect(held.status).toBe(200);
    return { callId: held.body.call_id, at };
  };

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', seed: 7, trafficRate: 0, holdWindowMs: HOLD_WINDOW_MS },
      { QUEUES: '1,2', POLL_QUEUES_MS: '500', ...ROOMY_BUDGETS },
    ));
    const world = await sim.get<World>('/sim/world');
    for (const route of world.inboundRoutes) {
      const trunk = world.trunks.find((t) => t.controlled && route.trunk_ids.includes(t.id));
      const did = route.did_patterns[0];
      if (trunk && did) lineOf.set(Number(route.def_dest_value), { did, trunk: trunk.name });
    }
    const routes = gateway.app.get(InboundRoutesService);
    await eventStreamOpen(gateway);
    await queues1And2Polled(gateway);
    await waitFor(() => routes.loaded, 'the inbound routes', 10_000);
    admin = await connectClient(gateway.url, tokenFor(gateway, 'admin'));
    sup = await connectClient(gateway.url, tokenFor(gateway, 'sup'));
    supq = await connectClient(gateway.url, tokenFor(gateway, 'supq'));
    for (const event of ['snapshot', 'delta'] as const)
      supq.socket.on(event, (frame: unknown) => supqFrames.push(JSON.stringify(frame)));
  }, 30_000);
  afterAll(async () => {
    for (const client of [admin, sup, supq]) client?.close();
    await stopStack(gateway, sim);
  });

  it('grants supq the streams of queue 1 only, and the whole streams to whole-PBX sessions', async () => {
    const wanted: StreamId[] = ['inbound', 'inbound:1', 'inbound:2', 'uacsta', 'uacsta:1', 'uacsta:2'];
    const scoped = await supq.subscribe([...wanted, 'conferences']);
    log(`supq subscribe: granted ${scoped.granted.join(', ')}; denied ${scoped.denied.join(', ')}`);
    expect(scoped).toEqual({
      granted: ['inbound:1', 'uacsta:1'],
      denied: ['inbound', 'inbound:2', 'uacsta', 'uacsta:2', 'conferences'],
    });
    expect((await sup.subscribe(['inbound', 'uacsta', 'conferences'])).denied).toEqual([]);
    expect((await admin.subscribe(['inbound', 'inbound:2'])).denied).toEqual([]);
    for (const stream of ['inbound', 'inbound:2', 'conferences'])
      expect(await supq.command('resync', { stream })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
  });

  it('keeps a held call routed to queue 2 from supq (never sent, not decidable) and shows it to sup and admin', async () => {
    const q2 = await hold(2);
    const q1 = await hold(1);
    const seenBySup = await waitFor(() => heldOn(sup, 'inbound', q2.callId), 'sup to see the queue-2 call');
    const supMs = Date.now() - q2.at;
    expect(seenBySup).toMatchObject({ queueId: 2, status: 'pending' });
    expect(await waitFor(() => heldOn(admin, 'inbound:2', q2.callId), 'admin on inbound:2')).toMatchObject({
      queueId: 2,
    });
    const mine = await waitFor(() => heldOn(supq, 'inbound:1', q1.callId), 'supq to see the queue-1 call');
    const supqMs = Date.now() - q1.at;
    expect(mine).toMatchObject({ queueId: 1, status: 'pending' });
    expect(heldOn(sup, 'inbound', q1.callId)?.queueId).toBe(1);

    // A guessed id of another queue gets exactly the answer of an id that does not exist; the PBX hears nothing.
    const accepts = await ops('call/accept_inbound');
    const guessed = await supq.command('inbound:decide', { callId: q2.callId, decision: 'accept' });
    const unknown = await supq.command('inbound:decide', { callId: 'no-such-call', decision: 'accept' });
    expect(guessed).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(guessed).toEqual(unknown);
    expect(await ops('call/accept_inbound')).toBe(accepts);
    expect(heldOn(sup, 'inbound', q2.callId)?.status).toBe('pending');

    // Those who may decide it still can; supq decides its own.
    expect(await sup.command('inbound:decide', { callId: q2.callId, decision: 'accept' })).toMatchObject({
      ok: true,
      data: { status: 'accepted', decidedBy: 'sup', queueId: 2 },
    });
    expect(await supq.command('inbound:decide', { callId: q1.callId, decision: 'refuse' })).toMatchObject({
      ok: true,
      data: { status: 'refused', decidedBy: 'supq', queueId: 1 },
    });
    await waitFor(
      () => heldOn(admin, 'inbound:2', q2.callId)?.status === 'accepted',
      'the decision on admin’s',
    );
    expect(await ops('call/accept_inbound')).toBe(accepts + 1);
    const leaked = supqFrames.filter((frame) => frame.includes(q2.callId));
    log(
      `held call ${q2.callId} to queue 2: on sup's screen after ${supMs} ms; supq: ${supqFrames.length} frames, ` +
        `${leaked.length} mention it; guessed decide: ${JSON.stringify(guessed)}; ` +
        `own queue-1 call ${q1.callId} on supq's screen after ${supqMs} ms`,
    );
    expect(leaked).toEqual([]);
  });

  it('refuses uaCSTA and listen for extensions that are not agents of queue 1, and hides their phones', async () => {
    const queues = gateway.app.get(QueuesService);
    const agents = (id: number) => new Set(queues.view(id)?.agents.map((agent) => agent.number) ?? []);
    const [one, two] = [agents(1), agents(2)];
    const mine = [...one].find((number) => !two.has(number));
    const theirs = [...two].find((number) => !one.has(number));
    if (!mine || !theirs) throw new Error('queues 1 and 2 share every agent in this scenario');
    const ring = (extension: string, operation = 'call_start') =>
      sim.post('/sim/events', {
        type: 30020,
        msg: { operation, extension, call_id: '4242', ip_address: '10.1.2.3:5060' },
      });
    await ring(theirs);
    await ring(mine);
    const desk = (client: TestClient, stream: StreamId) =>
      ((client.data<'uacsta'>(stream) ?? []) as UacstaCallView[]).map((call) => call.extension);
    await waitFor(() => desk(sup, 'uacsta').includes(theirs) && desk(sup, 'uacsta').includes(mine), 'sup');
    await waitFor(() => desk(supq, 'uacsta:1').includes(mine), 'supq to see its agent’s phone');
    // Only phones of queue 1's agents (the simulator's own traffic rings some too), never theirs.
    expect(desk(supq, 'uacsta:1').every((extension) => one.has(extension))).toBe(true);
    expect(desk(supq, 'uacsta:1')).not.toContain(theirs);

    const refusals = await ops('uacsta_call/refuse');
    expect(await supq.command('uacsta:refuse', { extension: theirs, callId: '4242' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await ops('uacsta_call/refuse')).toBe(refusals);
    // In scope it reaches the PBX (which never placed this call and says so).
    expect(await supq.command('uacsta:refuse', { extension: mine, callId: '4242' })).toMatchObject({
      ok: false,
      error: { code: 'pbx_error' },
    });
    expect(await ops('uacsta_call/refuse')).toBe(refusals + 1);

    const lookups = await ops('call/query');
    const listenTheirs = await supq.command('call:listen', { agent: theirs, monitor: '1011', mode: 'barge' });
    expect(listenTheirs).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await ops('call/query')).toBe(lookups);
    // An agent of queue 1 passes the scope check; the PBX then says it has no call in progress.
    expect(await supq.command('call:listen', { agent: mine, monitor: '1011', mode: 'listen' })).toMatchObject(
      {
        ok: false,
        error: { code: 'not_found' },
      },
    );
    expect(await sup.command('call:listen', { agent: mine, monitor: '1011', mode: 'whisper' })).toMatchObject(
      {
        ok: false,
        error: { code: 'not_found' },
      },
    );
    expect(await ops('call/query')).toBe(lookups + 2);

    await ring(theirs, 'call_over');
    await ring(mine, 'call_over');
    await waitFor(
      () => !desk(sup, 'uacsta').some((extension) => extension === mine || extension === theirs),
      'the desk-phone calls to end',
    );
    const leaked = supqFrames.filter((frame) => frame.includes(`"${theirs}:4242"`));
    log(
      `desk phones: queue-2 agent ${theirs} shown to sup, ${leaked.length} of supq's frames mention it; ` +
        `uacsta:refuse and barge on it: forbidden with no PBX request; queue-1 agent ${mine}: allowed`,
    );
    expect(leaked).toEqual([]);
  });

  it('hides conferences from supq and refuses its kick without asking the PBX', async () => {
    const kicks = await ops('conference/kick_member');
    expect(await supq.command('conference:kick', { conference: '6900', members: 'all' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await ops('conference/kick_member')).toBe(kicks);
    // sup may: the request reaches the PBX (which has no conference 6999).
    expect(await sup.command('conference:kick', { conference: '6999', members: 'all' })).toMatchObject({
      ok: false,
      error: { code: 'pbx_error' },
    });
    expect(await ops('conference/kick_member')).toBe(kicks + 1);
    expect(supqFrames.some((frame) => frame.includes('"kind":"conferences"'))).toBe(false);
    log(
      `conferences: supq subscribe denied, kick forbidden (PBX kick requests +0); sup's kick reached the PBX (+1)`,
    );
  });

  it('shows each reader the audit entries it may see', async () => {
    const trail = async (client: TestClient) => {
      const answer = (await client.command('audit:recent', { limit: 500 })) as Result<AuditEntryView[]>;
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.data;
    };
    const all = await trail(admin);
    const whole = await trail(sup);
    const scoped = await trail(supq);
    const viaRest = await rest<Result<AuditEntryView[]>>(
      gateway.url,
      'GET',
      '/api/audit?limit=500',
      tokenFor(gateway, 'supq'),
    );
    expect(viaRest.status).toBe(200);
    expect(viaRest.body.ok && viaRest.body.data.map((e) => e.id)).toEqual(scoped.map((e) => e.id));
    expect(whole.map((e) => e.id)).toEqual(all.map((e) => e.id));
    // Every entry supq reads is its own or about queue 1, and it reads every such entry.
    const readable = (e: AuditEntryView) => e.user === 'supq' || (e.queues ?? []).includes(1);
    expect(scoped.every(readable)).toBe(true);
    expect(scoped.map((e) => e.id)).toEqual(all.filter(readable).map((e) => e.id));
    const line = (e: AuditEntryView) => `${e.user} ${e.action} ${e.target}`;
    // Its own refused guess and sup's listen on a queue-1 agent, yes; sup's decision on queue 2 and kick, no.
    expect(scoped.map(line)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^supq inbound:decide .* \(accept\)$/),
        expect.stringMatching(/^sup call:listen whisper/),
      ]),
    );
    const hidden = all.filter((e) => !readable(e));
    expect(hidden.map(line)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^sup inbound:decide/),
        expect.stringMatching(/^sup conference:kick/),
      ]),
    );
    log(
      `audit: admin and sup read ${all.length} entries, supq ${scoped.length} (own: ${scoped.filter((e) => e.user === 'supq').length}, ` +
        `others' about queue 1: ${scoped.filter((e) => e.user !== 'supq').length}); hidden from supq: ${hidden.map(line).join('; ')}`,
    );
  });
});
