import type { TrunkInfo } from '../contracts.js';
import type { CallRegistry } from './calls.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { CallRt, Leg } from './runtime.types.js';
import type { SimContext } from './sim-context.js';
import { PoissonProcess } from './traffic.js';
import type { SimExtension } from './world.types.js';

const INTERNAL_SHARE = 0.65;

/**
 * Calls that do not go through a queue, placed by staff extensions: internal calls to colleagues (the callee's
 * desk phone may report them by uaCSTA) and outbound calls to outside numbers. A busy callee gives BUSY, an
 * unanswered one NO ANSWER, a callee refusing on a uaCSTA phone BUSY.
 */
export class DirectCalls {
  private readonly process: PoissonProcess;
  private readonly staff: SimExtension[];

  constructor(
    private readonly ctx: SimContext,
    private readonly calls: CallRegistry,
    private readonly rng: SeededRandom,
  ) {
    this.staff = ctx.world.extensions.filter((e) => e.role === 'staff');
    this.process = new PoissonProcess(ctx, rng.fork('placements'), () => this.place());
  }

  /** Sets the rate to the scenario's direct calls per hour times `rate`. */
  setRate(rate: number): void {
    this.process.setRate(this.staff.length >= 2 ? this.ctx.world.scenario.directCallsPerHour * rate : 0);
  }

  stop(): void {
    this.process.stop();
  }

  /** The ringing callee refused on its uaCSTA phone. */
  reject(call: CallRt): void {
    if (call.state === 'ringing') this.calls.finish(call, 'BUSY');
  }

  private place(): void {
    const caller = this.rng.pick(this.staff);
    if (!this.ctx.presence.isIdle(caller)) return; // busy people do not dial
    const callerLeg = this.calls.extensionLeg(caller, 'caller', 'ALERT');
    const from = { number: caller.number, name: caller.name };
    if (this.rng.chance(INTERNAL_SHARE)) {
      const callee = this.rng.pick(this.staff.filter((e) => e !== caller));
      const to = { number: callee.number, name: callee.name };
      const call = this.calls.create({ type: 'Internal', from, to, callerLeg });
      call.state = 'ringing';
      if (!this.ctx.presence.isIdle(callee)) {
        this.calls.publish(call);
        this.calls.finish(call, 'BUSY');
        return;
      }
      const calleeLeg = this.calls.extensionLeg(callee, 'callee', 'RING');
      this.ring(call, calleeLeg, 0.85, 25_000, 90);
      return;
    }
    const outside = this.rng.pick(this.ctx.world.callers);
    const trunk = this.plainTrunk();
    const to = { number: outside.number, name: outside.name };
    const call = this.calls.create({ type: 'Outbound', from, to, callerLeg, dstTrunk: trunk.name });
    call.state = 'ringing';
    const calleeLeg = this.calls.trunkLeg('outbound', caller.number, outside.number, trunk, 'callee', 'RING');
    this.ring(call, calleeLeg, 0.7, 30_000, 150);
  }

  private ring(
    call: CallRt,
    calleeLeg: Leg,
    answerChance: number,
    timeoutMs: number,
    talkMeanSec: number,
  ): void {
    this.calls.addLeg(call, calleeLeg);
    this.calls.publish(call);
    const answers = this.rng.chance(answerChance);
    const delay = answers ? this.rng.uniform(2000, 12_000) : timeoutMs;
    call.timers.push(
      this.ctx.after(delay, () => {
        if (call.state !== 'ringing') return;
        if (!answers) {
          this.calls.finish(call, 'NO ANSWER');
          return;
        }
        call.state = 'talking';
        call.answeredMs = this.ctx.now();
        if (calleeLeg.kind === 'extension') call.agentLeg = calleeLeg;
        this.calls.setStatus(call, calleeLeg, 'ANSWER');
        this.calls.setStatus(call, call.callerLeg, 'ANSWERED');
        this.calls.publish(call);
        const talkMs = Math.max(5000, this.rng.logNormal(talkMeanSec * 1000, 0.7));
        call.timers.push(this.ctx.after(talkMs, () => this.calls.finish(call, 'ANSWERED')));
      }),
    );
  }

  private plainTrunk(): TrunkInfo {
    const trunks = this.ctx.world.trunks;
    return trunks.find((t) => !t.controlled) ?? (trunks[0] as TrunkInfo);
  }
}
