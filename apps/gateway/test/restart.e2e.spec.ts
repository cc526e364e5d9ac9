import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  pendingHeldCall,
  queueStream,
  type AuditEntryView,
  type DisplayTokenView,
  type HeldCallView,
  type QueueView,
  type StreamId,
} from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from '../src/create-app.js';
import { StreamHub } from '../src/live/stream-hub.service.js';
import { STATE_FILES } from '../src/state/durable-state.js';
import { connectClient, login, rest, waitFor, type TestClient } from './support/command-client.js';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { startRedis, type RunningRedis } from './support/redis-server.js';
import { replicaEnv } from './support/replica-env.js';
import { startSimulator, type RunningSimulator } from './support/simulator.js';
import { testConfig } from './support/test-config.js';

/**
 * A gateway killed (SIGKILL) and started again keeps what screens and supervisors rely on: display links
 * and their revocation, logouts, the audit trail, agents' time in state and pending held-call prompts.
 * Without Redis from its DATA_DIR, with Redis from Redis (DATA_DIR then only keeps the signing key).
 * AUTH_SECRET is not set in either: the gateway's own key must survive too. Build first (see the README).
 */

const QUEUE: StreamId = queueStream(1);
/** The controlled trunk and a DID of the small scenario. */
const TRUNK = 'carrier-west';
const DID = '8005551000';
/** Long enough for a call held before the kill to still be pending after the restart. */
const HOLD_WINDOW_MS = 40_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Ready {
  status: string;
  cluster?: { role: string };
}

/** Resolves once /readyz says the gateway serves (and, in a cluster, leads). */
async function ready(gateway: GatewayProcess): Promise<void> {
  await waitFor(
    async () => {
      const response = await fetch(`${gateway.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      const body = (await response.json()) as Ready;
      return body.status === 'ready' && (body.cluster?.role ?? 'leader') === 'leader' ? true : undefined;
    },
    'the gateway to be ready and leading',
    15_000,
    100,
  );
}

/** When an admin sees display link `id` last used (null: never, or no such link). */
async function lastUsedOf(url: string, admin: string, id: string): Promise<number | null> {
  const links = await rest<{ ok: true; data: DisplayTokenView[] }>(url, 'GET', '/api/display-tokens', admin);
  return links.body.data.find((link) => link.id === id)?.lastUsedAt ?? null;
}

/** The agents of a queue view: number -> [state, since]. */
const agentsOf = (view: QueueView | undefined) =>
  new Map((view?.agents ?? []).map((agent) => [agent.number, [agent.state, agent.since] as const]));

interface Scenario {
  sim: RunningSimulator;
  env: Record<string, string>;
  dataDir: string;
  /** What to print in the figures. */
  label: string;
}

/** Everything the first gateway did and showed, to compare with what the restarted one shows. */
interface Before {
  keptDisplayToken: string;
  keptDisplayId: string;
  /** When the kept link was last used before the kill. */
  keptLastUsedAt: number;
  revokedDisplayToken: string;
  loggedOut: string;
  supervisor: string;
  admin: string;
  auditIds: number[];
  agents: ReturnType<typeof agentsOf>;
  queueSeq: number;
  pendingCall: HeldCallView;
}

/**
 * Runs the first gateway: display links (one kept, one revoked), a logout, an audited decision, a call
 * left pending; waits until agents show their time in state; then kills it.
 */
async function beforeTheKill(s: Scenario, clients: TestClient[]): Promise<Before> {
  const first = await startGatewayProcess(s.env);
  await ready(first);
  const admin = await login(first.url, 'admin', 'admin-password');
  const supervisor = await login(first.url, 'sup', 'sup-password');
  const loggedOut = await login(first.url, 'sup', 'sup-password');
  const create = (name: string) =>
    rest<{ ok: true; data: { token: string; display: { id: string } } }>(
      first.url,
      'POST',
      '/api/display-tokens',
      admin,
      { name, queues: [1] },
    );
  const kept = await create('Lobby TV');
  const revoked = await create('Old TV');
  expect([kept.status, revoked.status]).toEqual([201, 201]);
  expect(
    (await rest(first.url, 'DELETE', `/api/display-tokens/${revoked.body.data.display.id}`, admin)).status,
  ).toBe(200);
  expect((await rest(first.url, 'POST', '/api/auth/logout', loggedOut)).status).toBe(200);
  // The TV opens its board once: that use is recorded as the link's last use.
  expect((await rest(first.url, 'GET', '/api/queues', kept.body.data.token)).status).toBe(200);
  const keptLastUsedAt = await waitFor(
    async () => (await lastUsedOf(first.url, admin, kept.body.data.display.id)) ?? undefined,
    'the display link’s last use recorded',
  );

  const sup = await connectClient(first.url, supervisor);
  clients.push(sup);
  await sup.subscribe(['inbound', QUEUE]);
  const hold = async (from: string) => {
    const held = await s.sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from,
      to: DID,
      trunk_name: TRUNK,
    });
    expect(held.status).toBe(200);
    return waitFor(
      () => sup.data<'inbound'>('inbound')?.find((call) => call.callId === held.body.call_id),
      'the held call on the supervisor’s screen',
    );
  };
  // An audited command: a decision on one call; the other stays pending over the restart.
  const decided = await hold('5553000001');
  expect(await sup.command('inbound:decide', { callId: decided.callId, decision: 'accept' })).toMatchObject({
    ok: true,
  });
  const pendingCall = await hold('5553000002');
  expect(pendingCall.status).toBe('pending');

  const view = await waitFor(() => {
    const shown = sup.data<'queue'>(QUEUE);
    return shown && shown.agents.length > 0 ? shown : undefined;
  }, 'agents with their time in state');
  const audit = await rest<{ ok: true; data: AuditEntryView[] }>(
    first.url,
    'GET',
    '/api/audit?limit=50',
    supervisor,
  );
  const auditIds = audit.body.data.map((entry) => entry.id);
  expect(audit.body.data.map((entry) => entry.action)).toEqual(
    expect.arrayContaining(['display-token:create', 'display-token:revoke', 'inbound:decide']),
  );
  const resync = (await sup.command<{ seq: number }>('resync', { stream: QUEUE })) as {
    ok: true;
    data: { seq: number };
  };
  // The queue state is written at most every 500 ms: what the screen had then is on disk before the kill.
  await sleep(700);
  await first.stop('SIGKILL');
  sup.close();
  return {
    keptDisplayToken: kept.body.data.token,
    keptDisplayId: kept.body.data.display.id,
    keptLastUsedAt,
    revokedDisplayToken: revoked.body.data.token,
    loggedOut,
    supervisor,
    admin,
    auditIds,
    agents: agentsOf(view),
    queueSeq: resync.data.seq,
    pendingCall,
  };
}

/** Starts the second gateway on the same settings and checks that it kept everything. */
async function afterTheRestart(s: Scenario, before: Before, clients: TestClient[]): Promise<GatewayProcess> {
  const startedAt = Date.now();
  const second = await startGatewayProcess(s.env);
  const listeningMs = Date.now() - startedAt;
  await ready(second);
  const readyMs = Date.now() - startedAt;

  // The link's last use is kept; the TV connecting again is a new use.
  expect(await lastUsedOf(second.url, before.admin, before.keptDisplayId)).toBe(before.keptLastUsedAt);

  // The TV's link still opens its board: a queue snapshot, continuing the stream's seq.
  const tv = await connectClient(second.url, before.keptDisplayToken);
  clients.push(tv);
  expect(tv.session).toMatchObject({ display: true, queues: [1] });
  await waitFor(
    async () =>
      ((await lastUsedOf(second.url, before.admin, before.keptDisplayId)) ?? 0) > before.keptLastUsedAt ||
      undefined,
    'the TV’s new connection recorded as the last use',
  );
  await tv.subscribe([QUEUE]);
  const boardMs = Date.now() - startedAt;
  const tvSeq = (await tv.command<{ seq: number }>('resync', { stream: QUEUE })) as {
    ok: true;
    data: { seq: number };
  };
  expect(tvSeq.data.seq).toBeGreaterThanOrEqual(before.queueSeq);

  // Revoked link and logged-out session: still refused. The other session: still valid.
  await expect(connectClient(second.url, before.revokedDisplayToken)).rejects.toThrow(/revoked|not valid/i);
  expect((await rest(second.url, 'GET', '/api/auth/session', before.loggedOut)).status).toBe(401);
  expect((await rest(second.url, 'GET', '/api/auth/session', before.supervisor)).status).toBe(200);

  // The audit trail is there, and ids go on after it.
  const audit = await rest<{ ok: true; data: AuditEntryView[] }>(
    second.url,
    'GET',
    '/api/audit?limit=50',
    before.supervisor,
  );
  expect(audit.body.data.map((entry) => entry.id)).toEqual(before.auditIds);

  // Agents' time in state: unchanged for every agent in the same state, once the new gateway polled.
  const polledAfter = Date.now();
  const view = await waitFor(
    () => {
      const shown = tv.data<'queue'>(QUEUE);
      return shown && shown.confirmedAt > polledAfter ? shown : undefined;
    },
    'a poll by the restarted gateway',
    10_000,
  );
  const after = agentsOf(view);
  const same = [...before.agents].filter(([number, [state]]) => after.get(number)?.[0] === state);
  const moved = same.filter(([number, [, since]]) => after.get(number)?.[1] !== since);
  expect(same.length).toBeGreaterThan(0);
  expect(moved).toEqual([]);

  // The pending prompt is shown again with the same deadline, and one decision reaches the PBX once.
  const sup = await connectClient(second.url, before.supervisor);
  clients.push(sup);
  await sup.subscribe(['inbound']);
  const prompt = sup.data<'inbound'>('inbound')?.find((call) => call.callId === before.pendingCall.callId);
  expect(prompt).toMatchObject({ status: 'pending', deadline: before.pendingCall.deadline });
  const accepts = async () => (await s.sim.stats()).requests.by_operation['call/accept_inbound'] ?? 0;
  const acceptsBefore = await accepts();
  expect(
    await sup.command('inbound:decide', { callId: before.pendingCall.callId, decision: 'accept' }),
  ).toMatchObject({ ok: true, data: { status: 'accepted', decidedBy: 'sup' } });
  await sleep(300);
  const decisionsSent = (await accepts()) - acceptsBefore;
  expect(decisionsSent).toBe(1);
  const trail = await rest<{ ok: true; data: AuditEntryView[] }>(
    second.url,
    'GET',
    '/api/audit?limit=1',
    before.supervisor,
  );
  expect(trail.body.data[0]?.id).toBeGreaterThan(Math.max(...before.auditIds));

  const files = readdirSync(s.dataDir).map((name) => `${name} ${statSync(join(s.dataDir, name)).size} B`);
  console.log(
    `[${s.label}] restart after SIGKILL: listening ${listeningMs} ms, ready ${readyMs} ms, old display link shows its board ${boardMs} ms after the start; ` +
      `queue seq ${before.queueSeq} before the kill -> ${tvSeq.data.seq} after; ${same.length} agents in the same state, ${moved.length} with a changed since; ` +
      `audit ids ${Math.min(...before.auditIds)}..${Math.max(...before.auditIds)} kept, next ${trail.body.data[0]?.id}; ` +
      `pending prompt deadline kept (${prompt?.deadline}), decision after the restart sent ${decisionsSent}x; DATA_DIR: ${files.join(', ')}`,
  );
  return second;
}

describe('a gateway restarted on its DATA_DIR (no Redis)', () => {
  let sim: RunningSimulator;
  let scenario: Scenario;
  let gateway: GatewayProcess | undefined;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ scenario: 'small', trafficRate: 0, seed: 21, holdWindowMs: HOLD_WINDOW_MS });
    const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-restart-'));
    scenario = { sim, dataDir, label: 'DATA_DIR', env: await gatewayEnv(sim, dataDir) };
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await gateway?.stop('SIGKILL');
    await sim?.stop();
    rmSync(scenario?.dataDir ?? '', { recursive: true, force: true });
  });

  it('keeps display links, revocations, logouts, the audit trail, time in state and pending prompts over a SIGKILL', async () => {
    const before = await beforeTheKill(scenario, clients);
    gateway = await afterTheRestart(scenario, before, clients);
    const secret = statSync(join(scenario.dataDir, STATE_FILES.authSecret));
    expect(secret.mode & 0o777).toBe(0o600);
    // The key is never logged.
    expect(gateway.output()).not.toContain(
      readFileSync(join(scenario.dataDir, STATE_FILES.authSecret), 'utf8').trim(),
    );
  }, 90_000);

  it('refuses to start over a corrupt state file, naming it, with a non-zero exit', async () => {
    await gateway?.stop('SIGKILL');
    gateway = undefined;
    const file = join(scenario.dataDir, STATE_FILES.audit);
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.slice(0, Math.floor(good.length / 2)));
    const started = Date.now();
    const failure = await startGatewayProcess(scenario.env).then(
      (g) => {
        gateway = g;
        return 'started';
      },
      (error: unknown) => (error as Error).message,
    );
    console.log(
      `[DATA_DIR] corrupt ${file}: refused in ${Date.now() - started} ms: ${failure.split('\n').find((l) => l.includes('state file'))}`,
    );
    expect(failure).toMatch(/gateway exited \(1\) before listening/);
    expect(failure).toContain(`state file ${file} is not valid JSON`);
    // Never reset: the file is left as it was, for someone to look at.
    expect(readFileSync(file, 'utf8')).toBe(good.slice(0, Math.floor(good.length / 2)));
  }, 30_000);
});

describe('a gateway restarted with Redis', () => {
  let sim: RunningSimulator;
  let redis: RunningRedis;
  let scenario: Scenario;
  let gateway: GatewayProcess | undefined;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    [redis, sim] = await Promise.all([
      startRedis(),
      startSimulator({ scenario: 'small', trafficRate: 0, seed: 22, holdWindowMs: HOLD_WINDOW_MS }),
    ]);
    const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-restart-redis-'));
    scenario = {
      sim,
      dataDir,
      label: 'Redis',
      env: { ...(await gatewayEnv(sim, dataDir)), REDIS_URL: redis.url },
    };
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await gateway?.stop('SIGKILL');
    await sim?.stop();
    await redis?.stop();
    rmSync(scenario?.dataDir ?? '', { recursive: true, force: true });
  });

  it('keeps the same things in Redis over a SIGKILL; DATA_DIR holds only the signing key', async () => {
    const before = await beforeTheKill(scenario, clients);
    gateway = await afterTheRestart(scenario, before, clients);
    expect(readdirSync(scenario.dataDir)).toEqual([STATE_FILES.authSecret]);
  }, 90_000);
});

describe('a gateway shut down gracefully (SIGTERM)', () => {
  it('writes the stream state still waiting for its coalesced write', async () => {
    const config = testConfig({
      PBX_BASE_URL: 'http://127.0.0.1:9',
      PBX_CLIENT_ID: 'x',
      PBX_CLIENT_SECRET: 'y',
    });
    const gateway = await startGateway(config);
    const now = Date.now();
    const call = pendingHeldCall({
      callId: 'call-at-shutdown',
      from: '5551000',
      to: DID,
      trunk: TRUNK,
      receivedAt: now,
      deadline: now + HOLD_WINDOW_MS,
    });
    const seq = gateway.app
      .get(StreamHub)
      .commit('inbound', 'inbound', [call], { upsert: [call], remove: [] });
    // Closed at once, well within the 500 ms the stream file waits for more changes.
    await gateway.close();
    const stored = JSON.parse(readFileSync(join(config.dataDir, STATE_FILES.streams), 'utf8')) as {
      streams: { stream: string; seq: number; data: HeldCallView[] }[];
    };
    const inbound = stored.streams.find((entry) => entry.stream === 'inbound');
    expect(inbound?.seq).toBe(seq);
    expect(inbound?.data.map((c) => c.callId)).toEqual(['call-at-shutdown']);
  });
});

async function gatewayEnv(sim: RunningSimulator, dataDir: string): Promise<Record<string, string>> {
  return { ...(await replicaEnv(sim.url, HOLD_WINDOW_MS, ['sup', 'admin'])), DATA_DIR: dataDir };
}
