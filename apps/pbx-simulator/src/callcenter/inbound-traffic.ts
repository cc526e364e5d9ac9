import type { TrunkInfo } from '../contracts.js';
import type { AgentBook } from './agents.js';
import type { CallRegistry } from './calls.js';
import type { InboundHold } from './inbound-hold.js';
import type { QueueCalls } from './queue-calls.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { CallRt, QueueRt } from './runtime.types.js';
import type { SimContext } from './sim-context.js';
import { controlParamError } from '../sim-errors.js';
import { PoissonProcess } from './traffic.js';
import type { Caller, RouteDef } from './world.types.js';

/**
 * Inbound calls from outside: generated per queue (Poisson at the queue's rate times the traffic rate, each
 * queue with its own random stream) or injected through the control surface. A call arriving on a trunk with
 * Control Inbound Call on is held for a decision; any other goes straight to its route's queue.
 */
export class InboundTraffic {
  private readonly processes: { queue: QueueRt; process: PoissonProcess }[] = [];
  private readonly routeByQueue = new Map<number, RouteDef>();
  private readonly callerByNumber = new Map<string, Caller>();
  private readonly trunkById = new Map<number, TrunkInfo>();

  constructor(
    private readonly ctx: SimContext,
    private readonly calls: CallRegistry,
    private readonly queueCalls: QueueCalls,
    private readonly hold: InboundHold,
    agents: AgentBook,
    private readonly controlledShare: number,
    root: SeededRandom,
    private readonly rng: SeededRandom,
  ) {
    const world = ctx.world;
    for (const route of world.routes) this.routeByQueue.set(route.queueId, route);
    for (const caller of world.callers) this.callerByNumber.set(caller.number, caller);
    for (const trunk of world.trunks) this.trunkById.set(trunk.id, trunk);
    for (const queue of agents.queues) {
      const process = new PoissonProcess(ctx, root.fork(`arrivals:${queue.def.id}`), () =>
        this.arrive(queue),
      );
      this.processes.push({ queue, process });
    }
  }

  /** Sets every queue's arrival rate to its scenario rate times `rate`. */
  setRate(rate: number): void {
    for (const { queue, process } of this.processes) process.setRate(queue.def.profile.callsPerHour * rate);
  }

  stop(): void {
    for (const { process } of this.processes) process.stop();
  }

  /** POST /sim/inbound-calls: a new call held on a controlled trunk. */
  holdExternal(input: { from: string; to: string; trunk_name: string }): CallRt {
    const trunk = this.ctx.world.trunks.find((t) => t.name === input.trunk_name);
    if (!trunk)
      throw controlParamError(
        'trunk_name',
        input.trunk_name,
        'unknown_trunk',
        `no trunk is named "${input.trunk_name}"`,
      );
    if (!trunk.controlled) {
      throw controlParamError(
        'trunk_name',
        input.trunk_name,
        'not_controlled',
        `trunk "${trunk.name}" does not have Control Inbound Call on`,
      );
    }
    if (typeof input.from !== 'string' || input.from.trim() === '') {
      throw controlParamError('from', input.from, 'required', 'must be the caller number');
    }
    const route = this.ctx.world.routes.find(
      (r) => r.trunk_ids.includes(trunk.id) && r.did_patterns.includes(input.to),
    );
    if (!route) {
      throw controlParamError(
        'to',
        input.to,
        'unknown_did',
        `no inbound route on trunk "${trunk.name}" has the DID "${input.to}"`,
      );
    }
    const caller = this.callerByNumber.get(input.from) ?? { number: input.from, name: '', contact: false };
    const call = this.newCall(caller, input.to, trunk, route);
    this.hold.hold(call);
    return call;
  }

  private arrive(queue: QueueRt): void {
    const route = this.routeByQueue.get(queue.def.id);
    if (!route) return;
    const world = this.ctx.world;
    const caller = this.rng.chance(world.scenario.repeatCallShare)
      ? (world.callers[this.rng.int(0, world.frequentCallers - 1)] as Caller)
      : this.rng.pick(world.callers);
    const trunks = route.trunk_ids.map((id) => this.trunkById.get(id)).filter((t) => t !== undefined);
    const controlled = trunks.filter((t) => t.controlled);
    const plain = trunks.filter((t) => !t.controlled);
    const useControlled =
      controlled.length > 0 && (plain.length === 0 || this.rng.chance(this.controlledShare));
    const trunk = this.rng.pick(useControlled ? controlled : plain);
    const call = this.newCall(caller, this.rng.pick(route.did_patterns), trunk, route);
    if (trunk.controlled) this.hold.hold(call);
    else this.queueCalls.enqueue(call, queue);
  }

  private newCall(caller: Caller, did: string, trunk: TrunkInfo, route: RouteDef): CallRt {
    const callerLeg = this.calls.trunkLeg('inbound', caller.number, did, trunk, 'caller', 'ALERT');
    return this.calls.create({
      type: 'Inbound',
      from: { number: caller.number, name: caller.name },
      to: { number: did, name: route.name },
      callerLeg,
      did,
      trunk,
      route,
    });
  }
}
