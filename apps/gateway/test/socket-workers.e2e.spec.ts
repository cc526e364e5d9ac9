import type { Delta, HealthView, HeldCallView } from '@switchboard/live-protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, login, rest, waitFor, type TestClient } from './support/command-client.js';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { startSimulator, type RunningSimulator } from './support/simulator.js';
import { pbxEnv } from './support/test-config.js';

/**
 * Cluster mode on one machine: SOCKET_WORKERS=2 behind one port and one PBX connection (src/workers).
 * Browser WebSockets land on the workers, polling stays with the primary, and every path of a local socket
 * (handshake refusal, snapshots, held-call prompts and decisions, logout, PBX health) holds for a socket a
 * worker holds. Build first (see the README).
 */

/** The controlled trunk and a DID of the small scenario (GET /sim/world). */
const TRUNK = 'carrier-west';
const DID = '8005551000';
/** Demo users (no USERS): two sign-ins of the supervisor and the admin. */
const SIGN_INS = {
  sup: ['supervisor', 'supervisor'],
  sup2: ['supervisor', 'supervisor'],
  admin: ['admin', 'admin'],
} as const;

/** Sockets each worker holds, from /metrics (switchboard_worker_sockets{worker="n"}). */
async function workerSockets(gateway: GatewayProcess): Promise<Map<string, number>> {
  const text = await (await fetch(`${gateway.url}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^switchboard_worker_sockets\{worker="(\d+)"\} (\d+)$/gm))
    counts.set(String(match[1]), Number(match[2]));
  return counts;
}

/** The pid of each worker number (1, 2, ...) as last started, from the gateway's "socket worker ready" log lines. */
function workerPids(gateway: GatewayProcess): Map<string, number> {
  const pids = new Map<string, number>();
  for (const line of gateway.output().split('\n')) {
    if (!line.includes('"socket worker ready"')) continue;
    const worker = /"worker":(\d+)/.exec(line)?.[1];
    const pid = /"pid":(\d+)/.exec(line)?.[1];
    if (worker && pid) pids.set(worker, Number(pid));
  }
  return pids;
}

/** A client on the primary: socket.io long-polling only (never upgraded), as a proxy without WebSocket. */
function pollingClient(url: string, token: string) {
  const socket = io(url, {
    transports: ['polling'],
    upgrade: false,
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  const deltas: Delta[] = [];
  const held = new Map<string, HeldCallView>();
  socket.on('snapshot', (snapshot) => {
    if (snapshot.stream === 'inbound')
      for (const call of snapshot.data as HeldCallView[]) held.set(call.callId, call);
  });
  socket.on('delta', (delta: Delta) => deltas.push(delta));
  return { socket, deltas, held };
}

/** Records, for each held call, how often a client saw it turn `accepted` (applied state, not raw frames). */
function outcomes(client: TestClient): { accepted: Map<string, number>; duplicateSeqs: number } {
  const tally = { accepted: new Map<string, number>(), duplicateSeqs: 0 };
  const last = new Map<string, string>();
  const seqs = new Set<number>();
  client.socket.on('delta', (delta: Delta) => {
    if (delta.stream !== 'inbound') return;
    if (seqs.has(delta.seq)) tally.duplicateSeqs++;
    seqs.add(delta.seq);
    // Runs after the client applied the delta (its listener was added first).
    for (const call of (client.data<'inbound'>('inbound') ?? []) as HeldCallView[]) {
      if (call.status === 'accepted' && last.get(call.callId) !== 'accepted')
        tally.accepted.set(call.callId, (tally.accepted.get(call.callId) ?? 0) + 1);
      last.set(call.callId, call.status);
    }
  });
  return tally;
}

describe('socket workers: several processes on one port behind one PBX connection', () => {
  let sim: RunningSimulator;
  let gateway: GatewayProcess;
  const tokens = new Map<string, string>();
  const clients: TestClient[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ scenario: 'small', trafficRate: 0, holdWindowMs: 30_000 });
    gateway = await startGatewayProcess({
      ...pbxEnv(sim.url),
      PBX_HOLD_WINDOW_MS: '30000',
      POLL_QUEUES_MS: '500',
      COMMANDS_PER_SECOND: '50',
      SITE_TIME_ZONE: 'UTC',
      SOCKET_WORKERS: '2',
    });
    await waitFor(
      async () => ((await workerSockets(gateway)).size === 2 ? true : undefined),
      'two workers',
      10_000,
      100,
    );
    for (const [key, [username, password]] of Object.entries(SIGN_INS))
      tokens.set(key, await login(gateway.url, username, password));
  }, 30_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await gateway?.stop('SIGTERM');
    await sim?.stop();
  });

  const connect = async (user: string) => {
    const client = await connectClient(gateway.url, tokens.get(user));
    clients.push(client);
    return client;
  };

  it('lands WebSocket clients on both workers; they get hello and snapshots; REST answers on the same port', async () => {
    const before = await workerSockets(gateway);
    const [a, b] = [await connect('sup'), await connect('sup2')];
    expect(a.session.user).toBe('supervisor');
    await a.subscribe(['inbound', 'health']);
    await b.subscribe(['inbound', 'health']);
    expect(a.data<'health'>('health')).toMatchObject({ pbx: expect.any(String) });
    const after = await workerSockets(gateway);
    expect([...after.values()].reduce((s, n) => s + n, 0)).toBe(
      [...before.values()].reduce((s, n) => s + n, 0) + 2,
    );
    // Least-loaded first: one each.
    expect([...after.values()].sort()).toEqual(['1', '1'].map(Number));
    const session = await rest<{ ok: boolean; data: { session: { user: string } } }>(
      gateway.url,
      'GET',
      '/api/auth/session',
      tokens.get('sup'),
    );
    expect(session.body).toMatchObject({ ok: true, data: { session: { user: 'supervisor' } } });
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(await ready.json()).toMatchObject({ status: 'ready', workers: { configured: 2, ready: 2 } });
    // The demo's wallboard link names the port the router listens on.
    const port = new URL(gateway.url).port;
    const link = new RegExp(`"msg":"display link".*"url":"http://localhost:${port}/`);
    await waitFor(() => link.test(gateway.output()), 'the demo display link with the public port');
  });

  it('refuses a bad token on a worker exactly as the primary does', async () => {
    const refusal = (error: unknown) => {
      const e = error as Error & { data?: { code?: string } };
      return { message: e.message, code: e.data?.code };
    };
    const onWorker = await connectClient(gateway.url, 'not-a-token').then(() => undefined, refusal);
    const polling = pollingClient(gateway.url, 'not-a-token');
    const onPrimary = await new Promise((resolve) =>
      polling.socket.once('connect_error', (e) => resolve(refusal(e))),
    );
    polling.socket.close();
    expect(onWorker).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    expect(onWorker).toEqual(onPrimary);
  });

  it('a held call reaches every screen; one decides, every screen sees the outcome once', async () => {
    const deciding = clients[0] ?? (await connect('sup'));
    const watching = clients[1] ?? (await connect('sup2'));
    const third = await connect('admin');
    await third.subscribe(['inbound']);
    const polling = pollingClient(gateway.url, tokens.get('sup2') ?? '');
    await new Promise<void>((resolve) => polling.socket.once('connect', () => resolve()));
    await new Promise((resolve) => polling.socket.emit('subscribe', { streams: ['inbound'] }, resolve));
    const tallies = [deciding, watching, third].map(outcomes);

    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from: '5550123',
      to: DID,
      trunk_name: TRUNK,
    });
    expect(held.status).toBe(200);
    const callId = held.body.call_id;
    const seen = (client: TestClient) =>
      ((client.data<'inbound'>('inbound') ?? []) as HeldCallView[]).find((call) => call.callId === callId);
    for (const client of [deciding, watching, third])
      await waitFor(() => seen(client), 'the prompt on every worker-held screen');
    await waitFor(() => polling.deltas.length > 0, 'the prompt on the polling screen');

    const answer = await deciding.command<HeldCallView>('inbound:decide', { callId, decision: 'accept' });
    expect(answer).toMatchObject({ ok: true, data: { status: 'accepted', decidedBy: 'supervisor' } });
    for (const client of [deciding, watching, third])
      await waitFor(() => seen(client)?.status === 'accepted', 'the outcome on every worker-held screen');
    const pollingSeqs = polling.deltas.filter((d) => d.stream === 'inbound').map((d) => d.seq);
    await waitFor(
      () => polling.deltas.some((d) => JSON.stringify(d.patch).includes('accepted')),
      'the outcome on the polling screen',
    );
    polling.socket.close();
    for (const tally of tallies) {
      expect(tally.accepted.get(callId)).toBe(1);
      expect(tally.duplicateSeqs).toBe(0);
    }
    expect(new Set(pollingSeqs).size).toBe(pollingSeqs.length);
    const audit = await rest<{ ok: true; data: { action: string; target: string; user: string }[] }>(
      gateway.url,
      'GET',
      '/api/audit?limit=20',
      tokens.get('admin'),
    );
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: 'inbound:decide', user: 'supervisor' }),
    );
  });

  it('a PBX fault shows on the health stream of worker-held screens', async () => {
    const screen = clients[0] ?? (await connect('sup'));
    const health = () => screen.data<'health'>('health') as HealthView | undefined;
    await sim.post('/sim/faults', { down: true });
    try {
      await waitFor(() => health()?.pbx === 'down', 'health down on the worker-held screen', 10_000);
    } finally {
      await sim.post('/sim/faults', { clear: true });
    }
    await waitFor(() => health()?.pbx === 'connected', 'health back on the worker-held screen', 15_000);
  });

  it('logout closes that user’s worker-held socket with session:expired', async () => {
    const token = await login(gateway.url, 'supervisor', 'supervisor');
    const client = await connectClient(gateway.url, token);
    clients.push(client);
    expect((await rest(gateway.url, 'POST', '/api/auth/logout', token)).status).toBe(200);
    await waitFor(
      () => client.expired.length > 0 && !client.socket.connected,
      'session:expired and the socket closed',
    );
    await expect(connectClient(gateway.url, token)).rejects.toMatchObject({ data: { code: 'unauthorized' } });
  });

  it('holds the access rules on a worker: a display link sees its queue only, may not decide, and ends when removed', async () => {
    const created = await rest<{ ok: true; data: { token: string; display: { id: string } } }>(
      gateway.url,
      'POST',
      '/api/display-tokens',
      tokens.get('admin'),
      { name: 'Worker TV', queues: [1] },
    );
    expect(created.status).toBe(201);
    const tv = await connectClient(gateway.url, created.body.data.token);
    clients.push(tv);
    expect(tv.session).toMatchObject({ display: true, queues: [1] });
    const subscribed = await tv.command<{ granted: string[]; denied: string[] }>('subscribe', {
      streams: ['queue:1', 'queue:2'],
    });
    expect(subscribed).toMatchObject({ ok: true, data: { granted: ['queue:1'], denied: ['queue:2'] } });
    const decided = await tv.command('inbound:decide', { callId: 'any', decision: 'accept' });
    expect(decided).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const removed = await rest(
      gateway.url,
      'DELETE',
      `/api/display-tokens/${created.body.data.display.id}`,
      tokens.get('admin'),
    );
    expect(removed.status).toBe(200);
    await waitFor(() => tv.expired.length > 0 && !tv.socket.connected, 'the TV closed with session:expired');
  });

  it('answers every handshake handed to a worker: 100 WebSocket connections in a row', async () => {
    // The router must stop reading a connection before handing it over: a byte it reads after that is lost,
    // and the browser's first frame follows the worker's upgrade answer at once (about 1 in 20 hung before).
    const token = tokens.get('sup') ?? '';
    const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
    const before = total(await workerSockets(gateway));
    const unanswered: number[] = [];
    for (let i = 0; i < 100; i++) {
      const socket = io(gateway.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        auth: { token },
      });
      const answered = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 3_000);
        socket.once('connect', () => (clearTimeout(timer), resolve(true)));
        socket.once('connect_error', () => (clearTimeout(timer), resolve(true)));
      });
      if (!answered) unanswered.push(i);
      socket.close();
    }
    expect(unanswered).toEqual([]);
    // The next test reads which worker takes its client from these counts: let the closed ones go first.
    await waitFor(
      async () => (total(await workerSockets(gateway)) === before ? true : undefined),
      'the handshakes’ sockets closed',
      10_000,
      100,
    );
  }, 60_000);

  it('a killed worker is replaced and its clients connect again', async () => {
    const token = tokens.get('admin') ?? '';
    const before = await workerSockets(gateway);
    const reconnecting = io(gateway.url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token },
      reconnectionDelay: 100,
    });
    let hellos = 0;
    reconnecting.on('hello', () => hellos++);
    await waitFor(() => hellos === 1, 'the first hello');
    // The worker that took it: the one whose count went up.
    const after = await workerSockets(gateway);
    const holder = [...after.keys()].find((worker) => (after.get(worker) ?? 0) > (before.get(worker) ?? 0));
    const victim = holder ? workerPids(gateway).get(holder) : undefined;
    if (!victim) throw new Error(`no worker took the client (${JSON.stringify([...after])})`);
    process.kill(victim, 'SIGKILL');
    const readyWorkers = async () =>
      ((await (await fetch(`${gateway.url}/readyz`)).json()) as { workers?: { ready: number } }).workers
        ?.ready;
    // Browsers are served by the primary meanwhile, so the gateway stays ready; /readyz says one worker is down.
    await waitFor(
      async () => ((await readyWorkers()) === 1 ? true : undefined),
      'readyz: one worker ready',
      10_000,
      20,
    );
    await waitFor(() => hellos >= 2 && reconnecting.connected, 'the client connected again', 10_000);
    const answer = (await reconnecting.timeout(5_000).emitWithAck('subscribe', { streams: ['health'] })) as {
      ok: boolean;
    };
    expect(answer.ok).toBe(true);
    await waitFor(
      () => (workerPids(gateway).get(holder ?? '') !== victim ? true : undefined),
      'the worker started again',
      10_000,
    );
    await waitFor(
      async () => ((await workerSockets(gateway)).size === 2 ? true : undefined),
      'two workers again',
      10_000,
      100,
    );
    expect(await readyWorkers()).toBe(2);
    reconnecting.close();
  });
});
