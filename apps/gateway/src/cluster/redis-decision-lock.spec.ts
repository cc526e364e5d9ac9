import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisWithTwoConnections, type RedisWithTwoConnections } from '../../test/support/redis-server.js';
import { RedisConnection } from './redis-connection.js';
import { RedisDecisionLock } from './redis-decision-lock.js';

const quiet = { log: () => undefined, warn: () => undefined };

let cluster: RedisWithTwoConnections;
let one: RedisConnection;
let two: RedisConnection;

beforeAll(async () => {
  cluster = await redisWithTwoConnections();
  ({ one, two } = cluster);
});

afterAll(() => cluster.close());

describe('RedisDecisionLock', () => {
  it('lets exactly one of many simultaneous claims from two gateways win, and names the winner to the rest', async () => {
    const locks = [new RedisDecisionLock(one, 'lock-a'), new RedisDecisionLock(two, 'lock-a')];
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (locks[i % 2] as RedisDecisionLock).acquire('call-1', `claim-${i}`, `user-${i}`, 10_000),
      ),
    );
    const winners = claims.flatMap((claim, i) => (claim.acquired ? [i] : []));
    expect(winners).toHaveLength(1);
    const winner = `user-${winners[0]}`;
    for (const claim of claims) if (!claim.acquired) expect(claim.holder).toBe(winner);
  });

  it('keeps calls apart', async () => {
    const lock = new RedisDecisionLock(one, 'lock-b');
    expect(await lock.acquire('call-1', 'c1', 'ann', 10_000)).toEqual({ acquired: true });
    expect(await lock.acquire('call-2', 'c2', 'bob', 10_000)).toEqual({ acquired: true });
  });

  it('releases only for the claim that holds it', async () => {
    const lockOne = new RedisDecisionLock(one, 'lock-c');
    const lockTwo = new RedisDecisionLock(two, 'lock-c');
    expect(await lockOne.acquire('call-1', 'mine', 'ann', 10_000)).toEqual({ acquired: true });
    await lockTwo.release('call-1', 'not-mine');
    expect(await lockTwo.acquire('call-1', 'theirs', 'bob', 10_000)).toEqual({
      acquired: false,
      holder: 'ann',
    });
    await lockOne.release('call-1', 'mine');
    expect(await lockTwo.acquire('call-1', 'theirs', 'bob', 10_000)).toEqual({ acquired: true });
  });

  it('lets a claim lapse after its time to live, so a crashed holder cannot block a call', async () => {
    const lock = new RedisDecisionLock(one, 'lock-d');
    expect(await lock.acquire('call-1', 'c1', 'ann', 100)).toEqual({ acquired: true });
    expect(await lock.acquire('call-1', 'c2', 'bob', 100)).toEqual({ acquired: false, holder: 'ann' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await lock.acquire('call-1', 'c2', 'bob', 100)).toEqual({ acquired: true });
  });

  it('rejects while Redis cannot be reached, instead of guessing', async () => {
    const offline = new RedisConnection({ url: 'redis://127.0.0.1:1', logger: quiet });
    try {
      await expect(
        new RedisDecisionLock(offline, 'lock-e').acquire('call-1', 'c1', 'ann', 1_000),
      ).rejects.toThrow();
    } finally {
      await offline.close();
    }
  });
});
