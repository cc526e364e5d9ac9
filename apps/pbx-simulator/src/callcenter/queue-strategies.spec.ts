import { describe, expect, it } from 'vitest';
import { emptyQueue } from './agents.js';
import { pickMembers } from './queue-strategies.js';
import { SeededRandom } from '../support/seeded-random.js';
import type { AgentRt, CallRt, MembershipRt, QueueRt } from './runtime.types.js';
import type { QueueDef, RingStrategy } from './world.types.js';

interface Spec {
  lastCallEndMs: number;
  callsTaken: number;
}

// Four members; member 2 ended its last call longest ago, member 3 took the fewest calls.
const MEMBERS: Spec[] = [
  { lastCallEndMs: 5000, callsTaken: 4 },
  { lastCallEndMs: 3000, callsTaken: 2 },
  { lastCallEndMs: 1000, callsTaken: 3 },
  { lastCallEndMs: 4000, callsTaken: 1 },
];

function queueOf(strategy: RingStrategy): QueueRt {
  const queue = emptyQueue({ strategy } as QueueDef);
  MEMBERS.forEach((spec, order) => {
    const agent = { ext: { number: String(1001 + order) }, lastCallEndMs: spec.lastCallEndMs } as AgentRt;
    const m = { queue, agent, order, callsTaken: spec.callsTaken } as MembershipRt;
    queue.memberships.push(m);
    queue.available.add(m);
  });
  return queue;
}

const newCall = (): CallRt => ({ tried: new Set<AgentRt>() }) as CallRt;
const numbers = (picked: MembershipRt[]) => picked.map((m) => m.agent.ext.number);

describe('pickMembers', () => {
  it('least_recent rings the member whose last call ended longest ago', () => {
    expect(numbers(pickMembers(queueOf('least_recent'), newCall(), SeededRandom.stream(1)))).toEqual([
      '1003',
    ]);
  });

  it('ring_all rings every available member, in member order', () => {
    expect(numbers(pickMembers(queueOf('ring_all'), newCall(), SeededRandom.stream(1)))).toEqual([
      '1001',
      '1002',
      '1003',
      '1004',
    ]);
  });

  it('random rings one member drawn from the stream: different members over draws', () => {
    const queue = queueOf('random');
    const rng = SeededRandom.stream(1);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const picked = numbers(pickMembers(queue, newCall(), rng));
      expect(picked).toHaveLength(1);
      seen.add(picked[0] as string);
    }
    expect(seen.size).toBe(4);
  });

  it('fewest_calls, linear and rrmemory follow their rules', () => {
    expect(numbers(pickMembers(queueOf('fewest_calls'), newCall(), SeededRandom.stream(1)))).toEqual([
      '1004',
    ]);
    expect(numbers(pickMembers(queueOf('linear'), newCall(), SeededRandom.stream(1)))).toEqual(['1001']);
    const rr = queueOf('rrmemory');
    const turns = Array.from(
      { length: 5 },
      () => numbers(pickMembers(rr, newCall(), SeededRandom.stream(1)))[0],
    );
    expect(turns).toEqual(['1001', '1002', '1003', '1004', '1001']);
  });

  it('passes over members already rung for the call until every free member was tried', () => {
    const queue = queueOf('least_recent');
    const call = newCall();
    const first = pickMembers(queue, call, SeededRandom.stream(1))[0] as MembershipRt;
    call.tried.add(first.agent);
    expect(numbers(pickMembers(queue, call, SeededRandom.stream(1)))).toEqual(['1002']);
    for (const m of queue.memberships) call.tried.add(m.agent);
    expect(numbers(pickMembers(queue, call, SeededRandom.stream(1)))).toEqual(['1003']);
    expect(call.tried.size).toBe(0);
  });

  it('rings nobody when no member is available', () => {
    const queue = queueOf('ring_all');
    for (const m of queue.memberships) queue.available.delete(m);
    expect(pickMembers(queue, newCall(), SeededRandom.stream(1))).toEqual([]);
  });
});
