import type { SeededRandom } from '../support/seeded-random.js';
import type { CallRt, MembershipRt, QueueRt } from './runtime.types.js';
import type { RingStrategy } from './world.types.js';

type Picker = (candidates: readonly MembershipRt[], queue: QueueRt, rng: SeededRandom) => MembershipRt[];

/** The candidate with the smallest key; ties go to the earlier member of the queue. */
function smallest(candidates: readonly MembershipRt[], key: (m: MembershipRt) => number): MembershipRt[] {
  let best: MembershipRt | undefined;
  for (const m of candidates) {
    if (!best || key(m) < key(best) || (key(m) === key(best) && m.order < best.order)) best = m;
  }
  return best ? [best] : [];
}

const PICKERS: Readonly<Record<RingStrategy, Picker>> = {
  ring_all: (candidates) => [...candidates].sort((a, b) => a.order - b.order),
  least_recent: (candidates) => smallest(candidates, (m) => m.agent.lastCallEndMs),
  fewest_calls: (candidates) => smallest(candidates, (m) => m.callsTaken),
  random: (candidates, _queue, rng) => (candidates.length > 0 ? [rng.pick(candidates)] : []),
  linear: (candidates) => smallest(candidates, (m) => m.order),
  rrmemory: (candidates, queue) => {
    // The next member after the one rung last, wrapping round.
    const after = candidates.filter((m) => m.order > queue.rrLast);
    const picked = smallest(after.length > 0 ? after : candidates, (m) => m.order);
    if (picked[0]) queue.rrLast = picked[0].order;
    return picked;
  },
};

/**
 * Which available members of the queue ring for `call`, by the queue's strategy. Members already rung for this
 * call are passed over while others are free; once everyone free has been tried, they may ring again.
 */
export function pickMembers(queue: QueueRt, call: CallRt, rng: SeededRandom): MembershipRt[] {
  const available = queue.available.items;
  if (available.length === 0) return [];
  let candidates = available.filter((m) => !call.tried.has(m.agent));
  if (candidates.length === 0) {
    call.tried.clear();
    candidates = [...available];
  }
  return PICKERS[queue.def.strategy](candidates, queue, rng);
}
