import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';
import { startRedis, type RunningRedis } from '../../test/support/redis-server.js';
import { LeaderElection, type LeaderElectionOptions } from './leader-election.js';
import { RedisConnection } from './redis-connection.js';

const quiet = { log: () => undefined, warn: () => undefined };

interface Candidate {
  name: string;
  election: LeaderElection;
  redis: RedisConnection;
  log: { at: number; what: 'elected' | 'deposed'; detail: string | number }[];
}

let redis: RunningRedis;
let run = 0;
const candidates: Candidate[] = [];

/** Candidates of one election (a fresh key prefix per test). */
function campaign(
  names: string[],
  options: Partial<LeaderElectionOptions> = {},
  prepare: () => Promise<void> = () => Promise.resolve(),
  commandTimeoutMs = 2_000,
): Candidate[] {
  const prefix = `election-test-${++run}`;
  return names.map((name) => {
    const connection = new RedisConnection({ url: redis.url, logger: quiet, commandTimeoutMs });
    const log: Candidate['log'] = [];
    const election = new LeaderElection(
      connection,
      {
        prepare,
        elected: (token) => log.push({ at: Date.now(), what: 'elected', detail: token }),
        deposed: (reason) => log.push({ at: Date.now(), what: 'deposed', detail: reason }),
      },
      {
        replica: name,
        keys: { lease: `${prefix}:leader`, epoch: `${prefix}:epoch` },
        ttlMs: 600,
        renewEveryMs: 150,
        retryEveryMs: 50,
        logger: quiet,
        ...options,
      },
    );
    const candidate = { name, election, redis: connection, log };
    candidates.push(candidate);
    election.start();
    return candidate;
  });
}

const leaders = (group: Candidate[]) => group.filter((c) => c.election.leading);

beforeAll(async () => {
  redis = await startRedis();
});

afterEach(async () => {
  for (const candidate of candidates.splice(0)) {
    await candidate.election.stop();
    await candidate.redis.close();
  }
});

afterAll(async () => {
  await redis.stop();
});

describe('LeaderElection', () => {
  it('elects exactly one of several candidates and keeps it while it renews', async () => {
    const group = campaign(['a', 'b', 'c']);
    const leader = await waitFor(() => leaders(group)[0], 'a leader');
    // Several lease lifetimes later: same leader, never two at once, nobody deposed.
    for (let i = 0; i < 40; i++) {
      expect(leaders(group).map((c) => c.name)).toEqual([leader.name]);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(group.flatMap((c) => c.log).filter((entry) => entry.what === 'deposed')).toEqual([]);
    expect(await leader.election.currentLeader()).toBe(leader.name);
  });

  it('hands over at once on stop(), with a higher fencing token', async () => {
    const group = campaign(['a', 'b'], { ttlMs: 5_000, renewEveryMs: 1_000 });
    const first = await waitFor(() => leaders(group)[0], 'a first leader');
    const firstToken = first.election.fencingToken ?? 0;
    const stoppedAt = Date.now();
    await first.election.stop();
    const second = await waitFor(() => leaders(group)[0], 'a second leader', 2_000);
    expect(second.name).not.toBe(first.name);
    // Released, not expired: far sooner than the 5 s lease.
    expect(Date.now() - stoppedAt).toBeLessThan(1_000);
    expect(second.election.fencingToken).toBeGreaterThan(firstToken);
    expect(first.log.at(-1)).toMatchObject({ what: 'deposed', detail: 'shutting down' });
  });

  it('replaces a leader that stops renewing within the lease, and the old one steps down first', async () => {
    const group = campaign(['a', 'b']);
    const first = await waitFor(() => leaders(group)[0], 'a first leader');
    const other = group.find((c) => c !== first) as Candidate;
    // The leader loses Redis (as if its process hung): no more renewals, no release.
    const cutAt = Date.now();
    await first.redis.close();
    await waitFor(() => other.election.leading, 'the takeover', 2_000);
    const elapsed = Date.now() - cutAt;
    expect(elapsed).toBeLessThan(600 + 50 + 300);
    const deposed = first.log.find((entry) => entry.what === 'deposed');
    const elected = other.log.find((entry) => entry.what === 'elected');
    expect(deposed?.detail).toMatch(/lapsed/);
    // Never two leaders: the old one gave up before its lease could have expired in Redis.
    expect(deposed?.at ?? Infinity).toBeLessThanOrEqual(elected?.at ?? 0);
  });

  it('steps down at once when the lease turns out to be someone else’s', async () => {
    const [only] = campaign(['a']);
    await waitFor(() => only?.election.leading, 'the lead');
    const prefix = `election-test-${run}`;
    await only?.redis.command(['SET', `${prefix}:leader`, 'intruder', 'PX', '5000']);
    await waitFor(() => !only?.election.leading, 'stepping down', 1_000);
    expect(only?.log.at(-1)).toMatchObject({ what: 'deposed', detail: /another replica/ });
  });

  it('gives the lease back when preparing to lead fails', async () => {
    let attempts = 0;
    const [only] = campaign(['a'], {}, () => {
      attempts++;
      return Promise.reject(new Error('shared state unreadable'));
    });
    await waitFor(() => attempts >= 2, 'a second attempt');
    expect(only?.election.leading).toBe(false);
    expect(only?.log).toEqual([]);
  });

  it('stops leading before its lease could lapse when Redis hangs, and leads again once it answers', async () => {
    const [only] = campaign(['a'], {}, () => Promise.resolve(), 200);
    await waitFor(() => only?.election.leading, 'the lead');
    redis.freeze();
    try {
      await waitFor(() => !only?.election.leading, 'stepping down', 1_500);
    } finally {
      redis.thaw();
    }
    expect(only?.log.at(-1)).toMatchObject({ what: 'deposed', detail: /lapsed/ });
    await waitFor(() => only?.election.leading, 'the lead again', 3_000);
  });
});
