import { ok, type Result } from '@switchboard/live-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../../test/support/redis-server.js';
import { testSession } from '../../test/support/session-fixtures.js';
import type { Principal } from '../access/principal.js';
import { ClusterContext } from './cluster-context.js';
import { RedisCommandRelay } from './redis-command-relay.js';

const quiet = { log: () => undefined, warn: () => undefined };
const PRINCIPAL: Principal = {
  session: testSession({ user: 'sue', role: 'supervisor' }),
  source: { kind: 'proxy' },
  extension: '1011',
};

let redis: RunningRedis;
let run = 0;
const contexts: ClusterContext[] = [];

async function replica(prefix: string, answerMs = 5_000) {
  const ctx = new ClusterContext(redis.url, prefix, quiet);
  contexts.push(ctx);
  const relay = new RedisCommandRelay(ctx, () => ctx.redis.command<string | null>(['GET', ctx.keys.lease]), {
    findLeaderMs: 600,
    answerMs,
  });
  const deadline = Date.now() + 5_000;
  while (!ctx.redis.up && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  await relay.start();
  return { ctx, relay };
}

/** A leader and a follower of one cluster: the leader's id is in the lease and its role says so. */
async function pair(answerMs?: number) {
  const prefix = `relay-test-${++run}`;
  const leader = await replica(prefix, answerMs);
  const follower = await replica(prefix, answerMs);
  await leader.ctx.redis.command(['SET', leader.ctx.keys.lease, leader.ctx.replica, 'PX', '10000']);
  leader.ctx.role.token = 1;
  leader.ctx.role.set(true);
  return { leader, follower };
}

const never = () => Promise.reject(new Error('must not run here'));

beforeAll(async () => {
  redis = await startRedis();
});

afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.redis.close();
});

afterAll(async () => {
  await redis.stop();
});

describe('RedisCommandRelay', () => {
  it('runs a follower’s command on the leader, with the principal, and returns the leader’s answer', async () => {
    const { leader, follower } = await pair();
    const seen: unknown[] = [];
    leader.relay.serve((command, data, principal) => {
      seen.push({ command, data, principal });
      return Promise.resolve(ok({ done: command }));
    });
    const answer = await follower.relay.run('conference:kick', { conference: '6900' }, PRINCIPAL, never);
    expect(answer).toEqual({ ok: true, data: { done: 'conference:kick' } });
    expect(seen).toEqual([
      { command: 'conference:kick', data: { conference: '6900' }, principal: PRINCIPAL },
    ]);
  });

  it('runs the command locally on the leader', async () => {
    const { leader } = await pair();
    const local = (): Promise<Result<string>> => Promise.resolve(ok('here'));
    expect(await leader.relay.run('call:listen', {}, PRINCIPAL, local)).toEqual({ ok: true, data: 'here' });
  });

  it('answers pbx_unavailable when no replica leads within the wait', async () => {
    const follower = await replica(`relay-test-${++run}`);
    const startedAt = Date.now();
    const answer = await follower.relay.run('inbound:decide', {}, PRINCIPAL, never);
    expect(answer).toMatchObject({ ok: false, error: { code: 'pbx_unavailable' } });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(600);
  });

  it('stops waiting when the leader loses the lease before answering, without waiting for the timeout', async () => {
    const { leader, follower } = await pair(20_000);
    leader.relay.serve(() => new Promise(() => undefined));
    const startedAt = Date.now();
    const pending = follower.relay.run('inbound:decide', {}, PRINCIPAL, never);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await leader.ctx.redis.command(['SET', leader.ctx.keys.lease, 'someone-else', 'PX', '10000']);
    expect(await pending).toMatchObject({
      ok: false,
      error: { code: 'pbx_unavailable', message: expect.stringMatching(/check whether the action happened/) },
    });
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });
});
