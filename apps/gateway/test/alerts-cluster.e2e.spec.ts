import type { AlertMessage, IncidentsAnswer, RestResult } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenSigner } from '../src/auth/token-signer.js';
import { ONE_CALLER_CRITICAL, startHookReceiver, type HookReceiver } from './support/alert-receivers.js';
import { rest, waitFor } from './support/command-client.js';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { replicaEnv } from './support/replica-env.js';
import { startRedis, type RunningRedis } from './support/redis-server.js';
import { startSimulator, type RunningSimulator } from './support/simulator.js';

const AUTH_SECRET = 'alerts-cluster-secret-alerts-cluster-secret-01';
const signer = new TokenSigner(AUTH_SECRET);
const tokenOf = (user: 'sup' | 'admin') => signer.issue('session', user, 3_600_000).token;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function role(gateway: GatewayProcess): Promise<string | undefined> {
  try {
    const response = await fetch(`${gateway.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
    return ((await response.json()) as { cluster?: { role: string } }).cluster?.role;
  } catch {
    return undefined;
  }
}

/**
 * Three gateways sharing one PBX through Redis judge alerts once: the leader alone evaluates, so a queue going
 * critical reaches a contact point exactly once, whichever replica the contact point was added on; a leader that
 * dies hands over what it told (no second "opened"), and the new leader says "resolved" once. An acknowledgement
 * made on one replica shows on another at once.
 */
describe('alerts with three gateways and Redis', () => {
  let redis: RunningRedis;
  let sim: RunningSimulator;
  let hooks: HookReceiver;
  const gateways: GatewayProcess[] = [];
  const alive = () => gateways.filter((g) => !g.exited);
  const leader = async () => {
    for (const g of alive()) if ((await role(g)) === 'leader') return g;
    return undefined;
  };
  const messages = (type: AlertMessage['type']) => hooks.messages('/hook').filter((m) => m.type === type);

  beforeAll(async () => {
    [redis, sim, hooks] = await Promise.all([
      startRedis(),
      startSimulator({ scenario: 'contact-center', trafficRate: 0, seed: 5, speed: 10 }),
      startHookReceiver(),
    ]);
    const env = {
      ...(await replicaEnv(sim.url, 10_000, ['sup', 'admin'])),
      AUTH_SECRET,
      REDIS_URL: redis.url,
      QUEUES: '1',
      ALERT_TARGETS_ALLOWED: '127.0.0.1',
      QUEUE_THRESHOLDS: ONE_CALLER_CRITICAL,
    };
    gateways.push(...(await Promise.all([1, 2, 3].map(() => startGatewayProcess(env)))));
    await waitFor(leader, 'a leader', 15_000, 100);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop('SIGTERM')));
    await Promise.all([sim?.stop(), redis?.stop(), hooks?.close()]);
  });

  it('tells a contact point added on a follower exactly once, and again once after the leader dies', async () => {
    const lead = await leader();
    const follower = alive().find((g) => g !== lead);
    if (!lead || !follower) throw new Error('no leader and follower');
    const created = await rest<RestResult<unknown>>(
      follower.url,
      'POST',
      '/api/alert-channels',
      tokenOf('admin'),
      {
        kind: 'webhook',
        name: 'Duty desk',
        url: `${hooks.url}/hook`,
        queues: [1],
        rules: [{ kind: 'queue', level: 'critical', dwellSec: 1, cooldownSec: 0, repeatSec: 0 }],
      },
    );
    expect(created.status).toBe(201);

    await sim.post('/sim/traffic', { rate: 30 });
    await waitFor(() => messages('incident.opened').length > 0 || undefined, 'the opened message', 60_000);
    await sim.post('/sim/traffic', { rate: 0 });
    await sleep(3_000);
    expect(messages('incident.opened')).toHaveLength(1);

    // An acknowledgement on one follower shows on the other replicas.
    const incidentId = messages('incident.opened')[0]?.incident?.id ?? '';
    const acked = await rest<RestResult<unknown>>(
      follower.url,
      'POST',
      `/api/incidents/${incidentId}/acknowledge`,
      tokenOf('sup'),
      {},
    );
    expect(acked.status).toBe(200);
    for (const gateway of alive()) {
      const listed = await rest<RestResult<IncidentsAnswer>>(
        gateway.url,
        'GET',
        '/api/incidents',
        tokenOf('sup'),
      );
      const incident = listed.body.ok
        ? [...listed.body.data.open, ...listed.body.data.recent].find((i) => i.id === incidentId)
        : undefined;
      expect(incident?.acknowledgedBy).toBe('sup');
    }

    // The leader crashes while the incident is open: the new one carries on without telling it again.
    await lead.stop('SIGKILL');
    await waitFor(async () => ((await leader()) ? true : undefined), 'a new leader', 30_000, 200);
    await waitFor(
      () => messages('incident.resolved').length > 0 || undefined,
      'the resolved message',
      90_000,
    );
    await sleep(3_000);
    expect(messages('incident.opened')).toHaveLength(1);
    expect(messages('incident.resolved')).toHaveLength(1);
    expect(messages('incident.resolved')[0]?.incident?.id).toBe(incidentId);
  }, 240_000);
});
