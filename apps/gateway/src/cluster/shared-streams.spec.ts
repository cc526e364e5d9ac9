import type { HealthView } from '@switchboard/live-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';
import { startRedis, type RunningRedis } from '../../test/support/redis-server.js';
import { MetricsService } from '../metrics/metrics.service.js';
import type { LiveEmitter } from '../live/live-emitter.js';
import { StreamHub } from '../live/stream-hub.service.js';
import { ClusterContext } from './cluster-context.js';
import { ACQUIRE_LEASE } from './lua-scripts.js';
import { SharedStreams } from './shared-streams.js';

const quiet = { log: () => undefined, warn: () => undefined };
const health = (pbx: HealthView['pbx'], lastSuccessAt = 1): HealthView => ({
  pbx,
  lastSuccessAt,
  lastError: null,
  eventStream: 'open',
  pbxSince: 1,
  eventStreamSince: 1,
  serverTime: 2,
});

interface Replica {
  ctx: ClusterContext;
  shared: SharedStreams;
  hub: StreamHub;
  sent: { event: string; seq: number }[];
  fenced: number;
}

let redis: RunningRedis;
let run = 0;
const replicas: Replica[] = [];

/** Two replicas of one cluster (fresh prefix), both following the state channel. */
async function cluster(): Promise<[Replica, Replica]> {
  const prefix = `streams-test-${++run}`;
  const make = async (): Promise<Replica> => {
    const ctx = new ClusterContext(redis.url, prefix, quiet);
    const shared = new SharedStreams(ctx);
    const sent: Replica['sent'] = [];
    const emitter = {
      toRoom: (_room: string, event: string, payload: { seq: number }) =>
        sent.push({ event, seq: payload.seq }),
    } as unknown as LiveEmitter;
    const hub = new StreamHub(emitter, new MetricsService(), shared);
    const replica: Replica = { ctx, shared, hub, sent, fenced: 0 };
    shared.onFenced = () => replica.fenced++;
    await waitFor(() => ctx.redis.up, 'Redis', 3_000);
    await shared.follow(hub);
    replicas.push(replica);
    return replica;
  };
  return [await make(), await make()];
}

/** Makes `replica` the leader the way the election does: take the free lease, get a token. */
async function lead(replica: Replica): Promise<number> {
  const { ctx } = replica;
  await ctx.redis.command(['DEL', ctx.keys.lease]);
  const token = await ctx.redis.eval<number>(
    ACQUIRE_LEASE,
    [ctx.keys.lease, ctx.keys.epoch],
    [ctx.replica, 10_000],
  );
  ctx.role.token = token;
  ctx.role.set(true);
  return token;
}

function follow(replica: Replica): void {
  replica.ctx.role.token = null;
  replica.ctx.role.set(false);
}

beforeAll(async () => {
  redis = await startRedis();
});

afterEach(async () => {
  for (const replica of replicas.splice(0)) await replica.ctx.redis.close();
});

afterAll(async () => {
  await redis.stop();
});

describe('SharedStreams', () => {
  it('stores each leader commit before pushing it, and followers mirror it with the same seq', async () => {
    const [a, b] = await cluster();
    await lead(a);
    a.hub.commit('health', 'health', health('down'), health('down'));
    a.hub.commit('health', 'health', health('connected'), health('connected'));
    await waitFor(() => a.sent.length === 2, 'both pushes', 3_000);
    expect(a.sent).toEqual([
      { event: 'snapshot', seq: 1 },
      { event: 'delta', seq: 2 },
    ]);
    await waitFor(() => b.hub.snapshot('health')?.seq === 2, 'the follower mirror', 3_000);
    expect(b.hub.snapshot('health')).toEqual({
      stream: 'health',
      kind: 'health',
      seq: 2,
      data: health('connected'),
    });
    // The follower pushes nothing itself: the leader's broadcast reaches its sockets through the adapter.
    expect(b.sent).toEqual([]);
    a.hub.setQueueCatalogue([4, 5]);
    await waitFor(() => !b.hub.isKnownQueue(9), 'the catalogue', 3_000);
    expect(b.hub.isKnownQueue(5)).toBe(true);
  });

  it('drops commits made on a follower', async () => {
    const [a, b] = await cluster();
    await lead(a);
    expect(b.hub.commit('health', 'health', health('down'), health('down'))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(b.sent).toEqual([]);
    expect(await a.shared.load()).toEqual({ streams: [], catalogue: undefined });
  });

  it('fences off a stale ex-leader: its writes reach neither Redis, the followers nor the screens', async () => {
    const [a, b] = await cluster();
    await lead(a);
    a.hub.commit('health', 'health', health('connected'), health('connected'));
    await waitFor(() => b.hub.snapshot('health')?.seq === 1, 'the first state', 3_000);
    // b takes over while a still believes it leads (a paused process, say).
    follow(b);
    await b.shared.loadInto(b.hub, false);
    await lead(b);
    a.hub.commit('health', 'health', health('down'), health('down'));
    await waitFor(() => a.fenced === 1, 'the fenced write', 3_000);
    expect(a.sent).toEqual([{ event: 'snapshot', seq: 1 }]);
    const stored = await b.shared.load();
    expect(stored.streams).toEqual([{ stream: 'health', kind: 'health', seq: 1, data: health('connected') }]);
    // The new leader continues the stream from the stored seq.
    b.hub.commit('health', 'health', health('degraded'), health('degraded'));
    await waitFor(() => b.sent.length === 1, 'the new leader push', 3_000);
    expect(b.sent).toEqual([{ event: 'delta', seq: 2 }]);
  });

  it('lets a replica taking over continue every stream from its stored seq', async () => {
    const [a, b] = await cluster();
    await lead(a);
    for (let i = 0; i < 5; i++)
      a.hub.commit('health', 'health', health('connected', i), health('connected', i));
    a.hub.commit('inbound', 'inbound', [], { upsert: [], remove: [] });
    await waitFor(() => a.sent.length === 6, 'the pushes', 3_000);
    // A follower that joins late: everything comes from the store, not from messages.
    const late = new StreamHub(
      { toRoom: () => undefined } as unknown as LiveEmitter,
      new MetricsService(),
      b.shared,
    );
    expect(await b.shared.loadInto(late, false)).toBe(2);
    expect(late.snapshot('health')?.seq).toBe(5);
    expect(late.snapshot('inbound')).toEqual({ stream: 'inbound', kind: 'inbound', seq: 1, data: [] });
  });

  it('refuses a seq that does not grow and catches the leader up with the stored state', async () => {
    const [a] = await cluster();
    await lead(a);
    a.hub.commit('health', 'health', health('connected'), health('connected'));
    a.hub.commit('health', 'health', health('degraded'), health('degraded'));
    await waitFor(() => a.sent.length === 2, 'the pushes', 3_000);
    // The hub falls behind the store (it should never happen; the store must still only move forward).
    a.hub.mirror({ stream: 'health', kind: 'health', seq: 1, data: health('connected') });
    a.hub.commit('health', 'health', health('down'), health('down'));
    await waitFor(() => a.hub.current('health', 'health')?.pbx === 'degraded', 'the catch-up', 3_000);
    expect(a.hub.snapshot('health')?.seq).toBe(2);
    expect(a.sent).toHaveLength(2);
  });
});
