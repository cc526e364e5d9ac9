import type { TrunkInfo } from '../contracts.js';
import { conferenceName, personName, queueName, trunkName } from './names.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { ScenarioDefinition } from './scenarios.js';
import type {
  Caller,
  ConferenceDef,
  QueueDef,
  QueueMemberDef,
  RingStrategy,
  RouteDef,
  SimExtension,
  World,
} from './world.types.js';

/** The pause reasons a fresh PBX of every scenario has. */
export const INITIAL_PAUSE_REASONS = [
  { code: '*701', reason: 'Lunch' },
  { code: '*702', reason: 'Break' },
  { code: '*703', reason: 'Training' },
  { code: '*704', reason: 'Meeting' },
] as const;

// Queue i gets STRATEGY_CYCLE[i % 6], so contact-center shows five different strategies.
const STRATEGY_CYCLE: readonly RingStrategy[] = [
  'least_recent',
  'ring_all',
  'random',
  'fewest_calls',
  'rrmemory',
  'linear',
];

function extensions(def: ScenarioDefinition, rng: SeededRandom): SimExtension[] {
  const out: SimExtension[] = [];
  for (let i = 0; i < def.agents + def.staff; i += 1) {
    const role = i < def.agents ? 'agent' : 'staff';
    out.push({
      id: i + 1,
      number: String(1001 + i),
      name: personName(rng),
      role,
      ipAddress: `192.168.${10 + Math.floor(i / 250)}.${(i % 250) + 2}:5060`,
      uacsta: rng.chance(role === 'agent' ? def.uacstaShare : 0.5),
    });
  }
  return out;
}

function memberships(def: ScenarioDefinition, rng: SeededRandom): QueueMemberDef[][] {
  const members: QueueMemberDef[][] = Array.from({ length: def.queues }, () => []);
  // Queues differ in size: weights drawn once, every queue gets at least two agents first.
  const weights = Array.from({ length: def.queues }, () => rng.uniform(0.6, 1.4));
  const total = weights.reduce((sum, w) => sum + w, 0);
  const type = (): QueueMemberDef['type'] => (rng.chance(def.dynamicShare) ? 'dynamic' : 'static');
  for (let agent = 0; agent < def.agents; agent += 1) {
    let primary = agent % def.queues;
    if (agent >= 2 * def.queues) {
      let draw = rng.uniform(0, total);
      primary = weights.findIndex((w) => (draw -= w) < 0);
      if (primary < 0) primary = def.queues - 1;
    }
    const extId = agent + 1;
    (members[primary] as QueueMemberDef[]).push({ extId, type: type() });
    if (def.queues > 1 && rng.chance(def.multiQueueShare)) {
      const extra = rng.int(1, Math.min(2, def.queues - 1));
      const others = rng.shuffle([...Array(def.queues).keys()].filter((q) => q !== primary)).slice(0, extra);
      for (const q of others) (members[q] as QueueMemberDef[]).push({ extId, type: type() });
    }
  }
  return members;
}

function queues(def: ScenarioDefinition, rng: SeededRandom, staffIds: number[]): QueueDef[] {
  const members = memberships(def, rng);
  const queueCount = new Map<number, number>();
  for (const list of members)
    for (const m of list) queueCount.set(m.extId, (queueCount.get(m.extId) ?? 0) + 1);
  return members.map((list, i) => {
    const talkMeanSec = Math.round(rng.uniform(...def.talkMeanSec));
    const wrapUpSec = rng.int(...def.wrapUpSec);
    // Agents shared by k queues give each of them 1/k of their time.
    const effectiveAgents = list.reduce((sum, m) => sum + 1 / (queueCount.get(m.extId) ?? 1), 0);
    const callsPerHour = (def.occupancy * effectiveAgents * 3600) / (talkMeanSec + wrapUpSec + 8);
    return {
      id: i + 1,
      number: String(6400 + i),
      name: queueName(i),
      strategy: STRATEGY_CYCLE[i % STRATEGY_CYCLE.length] as RingStrategy,
      members: list,
      managerIds: staffIds.length > 0 ? [staffIds[i % staffIds.length] as number] : [],
      profile: {
        callsPerHour: Math.round(callsPerHour * 10) / 10,
        talkMeanSec,
        talkTimes: 'lognormal',
        patienceMeanSec: Math.round(rng.uniform(...def.patienceMeanSec)),
        wrapUpSec,
        ringTimeoutSec: 20,
        answerDelaySec: [1.5, 9],
        maxWaitSec: 900,
        answerChance: 0.95,
        maxMissed: 2,
        agentHoldChance: 0.2,
        callerHoldChance: 0.04,
      },
    };
  });
}

function trunks(def: ScenarioDefinition): TrunkInfo[] {
  // The last `controlledTrunks` trunks have Control Inbound Call on.
  return Array.from({ length: def.trunks }, (_, i) => ({
    id: i + 1,
    name: trunkName(i),
    type: i % 2 === 0 ? 'register' : 'peer',
    controlled: i >= def.trunks - def.controlledTrunks,
  }));
}

/** Ids of routes added after the first ones start here (docs/pbx/configuration.md#inbound-routes). */
export const LATE_ROUTE_ID_BASE = 1_000;

/**
 * The id and table position of route `index` of `count`, as on a PBX that has been in use for a while: routes
 * were deleted and added, so ids are not consecutive (1, 3, 5, ...), the last queue's route was added late
 * (an id past {@link LATE_ROUTE_ID_BASE}) and moved to the top of the table, so position order is not id
 * order. Drawn from no random stream: every seed's world has the same ids.
 */
export function routeIdAndPos(index: number, count: number): { id: number; pos: number } {
  return index === count - 1
    ? { id: LATE_ROUTE_ID_BASE + 3 * count, pos: 1 }
    : { id: 2 * index + 1, pos: index + 2 };
}

function routes(queueDefs: QueueDef[], trunkList: TrunkInfo[], rng: SeededRandom): RouteDef[] {
  const controlled = trunkList.filter((t) => t.controlled);
  const plain = trunkList.filter((t) => !t.controlled);
  let did = 8005551000;
  // Every route is on one controlled and one or two plain trunks, so generated traffic can use either.
  return queueDefs.map((queue, i) => {
    const didCount = rng.int(1, 2);
    const onPlain = plain.length > 1 && rng.chance(0.5) ? 2 : 1;
    const trunkIds = [
      ...Array.from({ length: Math.min(onPlain, plain.length) }, (_, k) => plain[(i + k) % plain.length]),
      controlled[i % Math.max(1, controlled.length)],
    ]
      .filter((t): t is TrunkInfo => t !== undefined)
      .map((t) => t.id);
    return {
      ...routeIdAndPos(i, queueDefs.length),
      name: `${queue.name} line`,
      did_patterns: Array.from({ length: didCount }, () => String(did++)),
      trunk_ids: trunkIds,
      def_dest: 'queue',
      def_dest_value: String(queue.id),
      queueId: queue.id,
    };
  });
}

function callers(def: ScenarioDefinition, rng: SeededRandom): { list: Caller[]; frequent: number } {
  const frequent = Math.max(1, Math.floor(def.callerPool * 0.05));
  const seen = new Set<string>();
  const list: Caller[] = [];
  while (list.length < def.callerPool) {
    const number = `555${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
    if (seen.has(number)) continue;
    seen.add(number);
    const contact = rng.chance(list.length < frequent ? 0.5 : def.contactShare);
    const name = contact || rng.chance(0.5) ? personName(rng) : '';
    list.push({ number, name, contact });
  }
  return { list, frequent };
}

/** Builds the world of a scenario from a seeded stream; same definition and seed, same world. */
export function buildWorld(def: ScenarioDefinition, rng: SeededRandom): World {
  const exts = extensions(def, rng);
  const staffIds = exts.filter((e) => e.role === 'staff').map((e) => e.id);
  const queueDefs = queues(def, rng, staffIds);
  const trunkList = trunks(def);
  const conferences: ConferenceDef[] = Array.from({ length: def.conferences }, (_, i) => ({
    id: i + 1,
    number: String(6900 + i),
    name: conferenceName(i),
    memberExtIds: rng.shuffle(staffIds).slice(0, Math.min(staffIds.length, 8)),
  }));
  const pool = callers(def, rng);
  return {
    scenario: def,
    extensions: exts,
    queues: queueDefs,
    trunks: trunkList,
    routes: routes(queueDefs, trunkList, rng),
    conferences,
    pauseReasons: INITIAL_PAUSE_REASONS.map((r) => ({ ...r })),
    callers: pool.list,
    frequentCallers: pool.frequent,
  };
}
