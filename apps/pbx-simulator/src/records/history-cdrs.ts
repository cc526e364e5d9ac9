/**
 * Call history from before the simulation started (`--history N`): N finished inbound queue calls spread
 * evenly over the `--history-days` days (24 hours each) before the start of the simulator's (UTC) day, derived from the seed alone, so
 * searches, exports and benchmarks have a known, large record set without running traffic for hours.
 */
import type { FinishedCall, WorldInfo } from '../contracts.js';
import { SeededRandom } from '../support/seeded-random.js';

const DAY_S = 86_400;

/** Share of answered calls; the rest are abandoned in the queue (NO ANSWER) or busy. */
const ANSWERED_SHARE = 0.8;

/**
 * `count` calls of `world`, oldest first, in the `days` days before `dayStart` (unix seconds). Each goes through a
 * queue its inbound route leads to and, when answered, to one of that queue's agents; answered calls are
 * recorded and get a call note like live ones.
 */
export function historyCalls(
  world: WorldInfo,
  seed: number,
  count: number,
  dayStart: number,
  days = 1,
): FinishedCall[] {
  const lines = routeLines(world);
  if (count <= 0 || lines.length === 0) return [];
  const random = SeededRandom.forKey(seed, 'history-cdrs');
  const callers = world.callers?.length ? world.callers : [{ number: '5550000', name: '', contact: false }];
  const start = dayStart - days * DAY_S;
  const step = (days * DAY_S) / count;
  const out: FinishedCall[] = [];
  for (let i = 0; i < count; i++) {
    const line = random.pick(lines);
    const caller = random.pick(callers);
    const timestamp = start + Math.floor(i * step);
    const roll = random.next();
    const answered = roll < ANSWERED_SHARE && line.agents.length > 0;
    const agent = answered ? random.pick(line.agents) : undefined;
    const ring = random.int(2, 40);
    const talk = answered ? random.int(15, 600) : 0;
    const disposition: FinishedCall['disposition'] = answered
      ? 'ANSWERED'
      : roll < 0.95
        ? 'NO ANSWER'
        : 'BUSY';
    out.push({
      call_id: `${timestamp}.${i + 10}`,
      timestamp,
      type: 'Inbound',
      disposition,
      abandoned: disposition === 'NO ANSWER',
      call_from_number: caller.number,
      call_from_name: caller.name,
      call_to_number: agent?.number ?? line.queue.number,
      call_to_name: agent?.name ?? line.queue.name,
      ring_duration: ring,
      // History calls went straight to the queue: the wait is the ring time.
      queue_wait: agent ? ring : 0,
      talk_duration: talk,
      hold_duration: 0,
      duration: ring + talk,
      src_trunk: line.trunk,
      dst_trunk: '',
      did_number: line.did,
      queue_number: line.queue.number,
      agent_number: agent?.number ?? '',
      recorded: answered,
    });
  }
  return out;
}

interface Line {
  did: string;
  trunk: string;
  queue: { number: string; name: string };
  agents: { number: string; name: string }[];
}

/** Every (DID, trunk) of a route that leads to a queue, with that queue's agents. */
function routeLines(world: WorldInfo): Line[] {
  const names = new Map(world.extensions.map((e) => [e.number, e.name]));
  const lines: Line[] = [];
  for (const route of world.inboundRoutes) {
    if (route.def_dest !== 'queue') continue;
    const queue = world.queues?.find((q) => String(q.id) === route.def_dest_value);
    const did = route.did_patterns.find((p) => /^\d+$/.test(p));
    const trunk = world.trunks.find((t) => route.trunk_ids.includes(t.id) && !t.controlled);
    if (!queue || !did || !trunk) continue;
    const agents = (queue.agentNumbers ?? []).map((number) => ({ number, name: names.get(number) ?? '' }));
    lines.push({ did, trunk: trunk.name, queue, agents });
  }
  return lines;
}
