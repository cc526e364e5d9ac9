import { queueStream, type HeldCallView, type StreamId } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/auth/token-signer.js';
import { connectClient, rest, type TestClient } from './support/command-client.js';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { LiveTestClient, waitFor } from './support/live-client.js';
import { replicaEnv } from './support/replica-env.js';
import { startRedis, type RunningRedis } from './support/redis-server.js';
import { startSimulator, type RunningSimulator, type SimulatorStats } from './support/simulator.js';

/** Several gateway processes sharing one simulator through one Redis (build first: see the README). */

const AUTH_SECRET = 'cluster-test-secret-cluster-test-secret-0123';
const QUEUE: StreamId = queueStream(1);
/** The controlled trunk and a DID of the small scenario. */
const TRUNK = 'carrier-west';
const DID = '8005551000';
const POLLED = ['queue/agent_status', 'queue/call_status', 'conference/query_ongoing_conference'] as const;
const WINDOW_MS = 3_000;
/** Start-up work (queue list, CDR rebuild, phonebook) is over by then. */
const WARM_UP_MS = 4_000;
/** Long enough for a call held before a leader crash to be decided after the takeover. */
const HOLD_WINDOW_MS = 9_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signer = new TokenSigner(AUTH_SECRET);
const tokenOf = (user: 'sup' | 'sup2' | 'admin') => signer.issue('session', user, 3_600_000).token;

interface Readiness {
  status: string;
  cluster?: { replica: string; role: 'leader' | 'follower'; leader: string | null; redis: string };
}

async function readiness(gateway: GatewayProcess): Promise<Readiness | undefined> {
  try {
    const response = await fetch(`${gateway.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
    return (await response.json()) as Readiness;
  } catch {
    return undefined;
  }
}

/** Requests per operation over one window. */
async function measure(sim: RunningSimulator): Promise<Record<string, number>> {
  const before = await sim.stats();
  await sleep(WINDOW_MS);
  return diff(before, await sim.stats());
}

function diff(before: SimulatorStats, after: SimulatorStats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [operation, count] of Object.entries(after.requests.by_operation)) {
    const grown = count - (before.requests.by_operation[operation] ?? 0);
    if (grown > 0) out[operation] = grown;
  }
  return out;
}

const polls = async (sim: RunningSimulator) => {
  const ops = (await sim.stats()).requests.by_operation;
  return POLLED.reduce((sum, operation) => sum + (ops[operation] ?? 0), 0);
};

/** PBX requests a gateway says it sent (its own /metrics). */
async function ownPbxRequests(gateway: GatewayProcess): Promise<number> {
  const text = await (await fetch(`${gateway.url}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('switchboard_pbx_requests_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

describe('several gateways sharing one PBX through Redis', () => {
  let redis: RunningRedis;
  let sim: RunningSimulator;
  let env: Record<string, string>;
  let baseline: Record<string, number>;
  let tokensBefore: number;
  const gateways: GatewayProcess[] = [];
  const clients: { close(): void }[] = [];
  let counter = 0;

  const roles = async () => {
    const answers = await Promise.all(gateways.map(async (g) => ({ g, r: await readiness(g) })));
    return answers.filter((a) => !a.g.exited);
  };
  const leader = async () => (await roles()).find((a) => a.r?.cluster?.role === 'leader')?.g;
  const followers = async () =>
    (await roles()).filter((a) => a.r?.cluster?.role === 'follower').map((a) => a.g);

  const holdCall = async (watchers: TestClient[]): Promise<string> => {
    const from = `55530${String(counter++).padStart(5, '0')}`;
    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from,
      to: DID,
      trunk_name: TRUNK,
    });
    expect(held.status).toBe(200);
    for (const client of watchers)
      await waitFor(
        () =>
          (client.data<'inbound'>('inbound') as HeldCallView[] | undefined)?.find(
            (c) => c.callId === held.body.call_id,
          ),
        'the held call on every supervisor screen',
      );
    return held.body.call_id;
  };
  const viewOf = (client: TestClient, callId: string) =>
    (client.data<'inbound'>('inbound') as HeldCallView[] | undefined)?.find((c) => c.callId === callId);
  const decisions = async () => {
    const ops = (await sim.stats()).requests.by_operation;
    return (ops['call/accept_inbound'] ?? 0) + (ops['call/refuse_inbound'] ?? 0);
  };

  beforeAll(async () => {
    [redis, sim] = await Promise.all([
      startRedis(),
      startSimulator({ scenario: 'small', trafficRate: 0, seed: 11, holdWindowMs: HOLD_WINDOW_MS }),
    ]);
    env = { ...(await replicaEnv(sim.url, HOLD_WINDOW_MS, ['sup', 'sup2', 'admin'])), AUTH_SECRET };
    // The baseline: ONE gateway, no Redis, over the same kind of window.
    const single = await startGatewayProcess(env);
    try {
      await waitFor(
        async () => ((await readiness(single))?.status === 'ready' ? true : undefined),
        'ready',
        10_000,
        100,
      );
      await sleep(WARM_UP_MS);
      baseline = await measure(sim);
    } finally {
      await single.stop('SIGTERM');
    }
    tokensBefore = (await sim.stats()).requests.by_operation['get_token'] ?? 0;
    gateways.push(
      ...(await Promise.all([1, 2, 3].map(() => startGatewayProcess({ ...env, REDIS_URL: redis.url })))),
    );
    await waitFor(leader, 'a leader', 10_000, 100);
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(gateways.map((g) => g.stop('SIGKILL')));
    await sim?.stop();
    await redis?.stop();
  });

  it('sends the PBX what ONE gateway sends over the same period, all from the leader', async () => {
    await sleep(WARM_UP_MS);
    const cluster = await measure(sim);
    for (const operation of POLLED) {
      expect(baseline[operation], operation).toBeGreaterThanOrEqual(operation.startsWith('queue/') ? 4 : 2);
      // One queue, one conference poll: equal within one poll per item.
      expect(Math.abs((cluster[operation] ?? 0) - (baseline[operation] ?? 0)), operation).toBeLessThanOrEqual(
        1,
      );
    }
    expect(Object.keys(cluster).sort()).toEqual(Object.keys(baseline).sort());
    const lead = await leader();
    const others = await followers();
    expect(others).toHaveLength(2);
    for (const follower of others) expect(await ownPbxRequests(follower)).toBe(0);
    expect(await ownPbxRequests(lead as GatewayProcess)).toBeGreaterThan(0);
    // Followers hold no PBX token: the cluster logged in once.
    expect(((await sim.stats()).requests.by_operation['get_token'] ?? 0) - tokensBefore).toBe(1);
  });

  it('pushes what the leader ingests to clients of the other replicas, with the leader’s seq', async () => {
    const lead = (await leader()) as GatewayProcess;
    const [b] = await followers();
    const onLeader = await LiveTestClient.connect(lead.url, tokenOf('sup'));
    const onB = await LiveTestClient.connect((b as GatewayProcess).url, tokenOf('sup'));
    clients.push(onLeader, onB);
    for (const client of [onLeader, onB])
      expect(await client.request('subscribe', { streams: [QUEUE, 'health'] })).toMatchObject({ ok: true });
    // Same stream, same seq and data on both replicas once a few deltas went by.
    await waitFor(
      () => (onB.seq(QUEUE) ?? 0) >= 2 && onB.deltas.length > 0,
      'queue deltas on replica B',
      5_000,
    );
    await waitFor(
      () =>
        onB.seq(QUEUE) === onLeader.seq(QUEUE) &&
        JSON.stringify(onB.data(QUEUE)) === JSON.stringify(onLeader.data(QUEUE)),
      'the same queue state on both replicas',
      5_000,
    );
    expect(onB.gaps).toEqual([]);
    // An event only the leader receives (a held call, event 30016) reaches a supervisor on B.
    const sup = await connectClient((b as GatewayProcess).url, tokenOf('sup'));
    clients.push(sup);
    await sup.subscribe(['inbound']);
    await holdCall([sup]);
  });

  it('makes exactly one PBX call when two supervisors on two replicas decide one held call at once', async () => {
    const [b, c] = await followers();
    const sup = await connectClient((b as GatewayProcess).url, tokenOf('sup'));
    const sup2 = await connectClient((c as GatewayProcess).url, tokenOf('sup2'));
    clients.push(sup, sup2);
    await sup.subscribe(['inbound']);
    await sup2.subscribe(['inbound']);
    const callId = await holdCall([sup, sup2]);
    const before = await decisions();
    const [first, second] = await Promise.all([
      sup.command<HeldCallView>('inbound:decide', { callId, decision: 'accept' }),
      sup2.command<HeldCallView>('inbound:decide', { callId, decision: 'refuse' }),
    ]);
    const results = [first, second];
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    const winner = first.ok ? 'sup' : 'sup2';
    const loser = results.find((r) => !r.ok);
    expect(loser).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining(winner) },
    });
    await sleep(300);
    expect((await decisions()) - before).toBe(1);
    for (const client of [sup, sup2])
      await waitFor(
        () =>
          viewOf(client, callId)?.decidedBy === winner && viewOf(client, callId)?.status !== 'deciding'
            ? true
            : undefined,
        `${winner} shown as the one who decided`,
      );
    expect(viewOf(sup2, callId)?.status).toBe(winner === 'sup' ? 'accepted' : 'refused');
  });

  it('shares display links, their revocation, logouts and the audit trail between replicas', async () => {
    const [a, b, c] = gateways.map((g) => g.url) as [string, string, string];
    const admin = tokenOf('admin');
    const created = await rest<{ ok: true; data: { token: string; display: { id: string } } }>(
      a,
      'POST',
      '/api/display-tokens',
      admin,
      { name: 'Lobby TV', queues: [1] },
    );
    expect(created.status).toBe(201);
    const tv = await connectClient(b, created.body.data.token);
    clients.push(tv);
    expect(tv.session).toMatchObject({ display: true, queues: [1] });
    expect(
      (await rest(c, 'DELETE', `/api/display-tokens/${created.body.data.display.id}`, admin)).status,
    ).toBe(200);
    await waitFor(() => tv.expired.length > 0 && !tv.socket.connected, 'the display on B to be closed');
    await expect(connectClient(a, created.body.data.token)).rejects.toThrow(/revoked/);

    const session = tokenOf('sup');
    const signedIn = await connectClient(b, session);
    clients.push(signedIn);
    expect((await rest(a, 'POST', '/api/auth/logout', session)).status).toBe(200);
    await waitFor(() => signedIn.expired.length > 0, 'the session on B to end');
    expect((await rest(c, 'GET', '/api/auth/session', session)).status).toBe(401);

    // One trail: what was recorded on A and C (and the decisions forwarded from B and C) shows everywhere.
    const trail = await rest<{ ok: true; data: { action: string }[] }>(
      b,
      'GET',
      '/api/audit?limit=50',
      tokenOf('sup2'),
    );
    const actions = trail.body.data.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['display-token:create', 'display-token:revoke', 'inbound:decide']),
    );
  });

  it('moves polling to another replica within 5 s when the leader dies, and screens carry on', async () => {
    const lead = (await leader()) as GatewayProcess;
    const survivors = await followers();
    const watchers = await Promise.all(survivors.map((g) => LiveTestClient.connect(g.url, tokenOf('sup'))));
    const sup = await connectClient((survivors[0] as GatewayProcess).url, tokenOf('sup'));
    clients.push(...watchers, sup);
    for (const client of watchers) await client.request('subscribe', { streams: [QUEUE] });
    await sup.subscribe(['inbound']);
    await waitFor(() => watchers.every((w) => w.deltas.length > 0), 'deltas before the crash', 5_000);
    const seqBefore = Math.max(...watchers.map((w) => w.seq(QUEUE) ?? 0));
    const heldBeforeCrash = await holdCall([sup]);

    await lead.stop('SIGKILL');
    const killedAt = Date.now();
    await sleep(150); // requests already on the wire when it died
    const settled = await polls(sim);
    await waitFor(
      async () => ((await polls(sim)) > settled ? true : undefined),
      'polls from a new leader',
      6_000,
      100,
    );
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(5_000);
    expect(await leader()).toBeDefined();

    // Clients of the survivors stayed connected and get deltas again, continuing the stream's seq.
    const deltasAt = watchers.map((w) => w.deltas.length);
    await waitFor(
      () => watchers.every((w, i) => w.deltas.length > (deltasAt[i] ?? 0)),
      'deltas from the new leader',
      5_000,
    );
    for (const watcher of watchers) {
      expect(watcher.socket.connected).toBe(true);
      expect(watcher.deltas.at(-1)?.seq).toBeGreaterThan(seqBefore);
      // A gap (a delta lost in the crash) is what resync is for; afterwards the mirror matches the new leader.
      const fresh = await watcher.request<{ seq: number; data: unknown }>('resync', { stream: QUEUE });
      expect(fresh.ok).toBe(true);
      if (fresh.ok) expect(fresh.data.seq).toBeGreaterThan(seqBefore);
    }
    // The call held before the crash was handed over: still on screen, and decided through the new leader.
    expect(viewOf(sup, heldBeforeCrash)?.status).toBe('pending');
    expect(
      await sup.command('inbound:decide', { callId: heldBeforeCrash, decision: 'accept' }),
    ).toMatchObject({
      ok: true,
      data: { status: 'accepted', decidedBy: 'sup' },
    });
  });

  it('keeps every replica up while Redis is away, reports it, and leads again once Redis is back', async () => {
    const [watchedGateway] = await followers();
    const watcher = await LiveTestClient.connect((watchedGateway as GatewayProcess).url, tokenOf('sup'));
    clients.push(watcher);
    await watcher.request('subscribe', { streams: [QUEUE] });
    await waitFor(() => watcher.deltas.length > 0, 'deltas before the outage', 5_000);
    await redis.stop();
    // Without a lease nobody polls: the leader steps down before its lease could have expired.
    await waitFor(
      async () => {
        const answers = await Promise.all(gateways.filter((g) => !g.exited).map(readiness));
        const down = answers.every((a) => a?.status === 'unavailable' && a.cluster?.redis === 'down');
        return down && answers.every((a) => a?.cluster?.role === 'follower') ? true : undefined;
      },
      'every replica reporting Redis down and none leading',
      6_000,
      100,
    );
    const idle = await polls(sim);
    await sleep(1_000);
    expect(await polls(sim)).toBe(idle);
    const seqBefore = watcher.seq(QUEUE) ?? 0;

    // Redis comes back empty (no persistence): a leader is elected and streams continue from memory.
    redis = await startRedis(redis.port);
    await waitFor(leader, 'a leader after the outage', 10_000, 100);
    await waitFor(async () => ((await polls(sim)) > idle ? true : undefined), 'polls again', 5_000, 100);
    expect(gateways.filter((g) => !g.exited)).toHaveLength(2);
    expect(watcher.socket.connected).toBe(true);
    await waitFor(() => (watcher.deltas.at(-1)?.seq ?? 0) > seqBefore, 'deltas after the outage', 8_000);
  });
});
