import type { AgentBook } from './agents.js';
import type { CallRegistry } from './calls.js';
import type { AgentRt, CallRt, MembershipRt } from './runtime.types.js';
import type { SimContext } from './sim-context.js';

const MIN_TALK_MS = 10_000;
const MAX_TALK_MS = 2 * 3600_000;

/**
 * An answered queue call: talk, at most one hold (by the agent or by the caller), hang-up, then the agent's
 * wrap-up. The member who puts the call on hold shows HOLD in 30011; queue/agent_status reports call_status 5
 * only when the caller holds (docs/pbx/queues-and-agents.md#call_status-values).
 */
export class Conversation {
  /** Called when an agent is idle again after wrap-up, before availability is refreshed. */
  onIdle: (agent: AgentRt) => void = () => undefined;
  /** The membership each talking queue call was answered through, for a hang-up before its planned end. */
  private readonly talking = new WeakMap<CallRt, MembershipRt>();

  constructor(
    private readonly ctx: SimContext,
    private readonly calls: CallRegistry,
    private readonly agents: AgentBook,
  ) {}

  /** Plans the talk of a call the agent just answered. */
  begin(call: CallRt, membership: MembershipRt): void {
    const profile = membership.queue.def.profile;
    const rng = this.ctx.rng;
    const meanMs = profile.talkMeanSec * 1000;
    const talkMs = Math.min(
      MAX_TALK_MS,
      profile.talkTimes === 'exponential'
        ? rng.exponential(meanMs)
        : Math.max(MIN_TALK_MS, rng.logNormal(meanMs, 0.6)),
    );
    let holdMs = 0;
    const holder = rng.chance(profile.agentHoldChance)
      ? 'agent'
      : rng.chance(profile.callerHoldChance)
        ? 'caller'
        : undefined;
    if (holder) {
      holdMs = rng.uniform(20_000, 90_000);
      const startMs = talkMs * rng.uniform(0.2, 0.6);
      call.timers.push(
        this.ctx.after(startMs, () => this.holdStart(call, holder)),
        this.ctx.after(startMs + holdMs, () => this.holdEnd(call)),
      );
    }
    call.timers.push(this.ctx.after(talkMs + holdMs, () => this.hangUp(call, membership)));
    this.talking.set(call, membership);
  }

  /**
   * Ends a talking queue call now (a party hung up, call/hangup): as its planned end would, wrap-up
   * included. Returns false for a call that is not a talking queue call.
   */
  endNow(call: CallRt): boolean {
    const membership = this.talking.get(call);
    if (!membership || call.state !== 'talking') return false;
    this.hangUp(call, membership);
    return true;
  }

  private holdStart(call: CallRt, by: 'agent' | 'caller'): void {
    const leg = by === 'agent' ? call.agentLeg : call.callerLeg;
    if (call.state !== 'talking' || call.hold || !leg) return;
    call.hold = { by, sinceMs: this.ctx.now() };
    this.calls.setStatus(call, leg, 'HOLD');
    this.calls.publish(call);
  }

  private holdEnd(call: CallRt): void {
    const hold = call.hold;
    if (call.state !== 'talking' || !hold) return;
    call.holdMs += this.ctx.now() - hold.sinceMs;
    call.hold = undefined;
    if (call.agentLeg) this.calls.setStatus(call, call.agentLeg, 'ANSWER');
    this.calls.setStatus(call, call.callerLeg, 'ANSWERED');
    this.calls.publish(call);
  }

  private hangUp(call: CallRt, membership: MembershipRt): void {
    const agent = call.agent;
    if (call.state !== 'talking' || !agent) return;
    this.talking.delete(call);
    this.calls.finish(call, 'ANSWERED');
    membership.queue.active.delete(call);
    agent.lastCallEndMs = this.ctx.now();
    membership.callsTaken += 1;
    this.agents.setState(agent, 'wrapup', undefined);
    this.agents.refresh(agent);
    agent.wrapTimer = this.ctx.after(membership.queue.def.profile.wrapUpSec * 1000, () => {
      agent.wrapTimer = undefined;
      this.agents.setState(agent, 'idle', undefined);
      this.onIdle(agent);
      this.agents.refresh(agent);
    });
  }
}
