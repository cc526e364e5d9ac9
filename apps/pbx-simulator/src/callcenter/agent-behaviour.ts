import type { AgentBook } from './agents.js';
import type { SeededRandom } from '../support/seeded-random.js';
import type { AgentRt } from './runtime.types.js';
import type { SimContext } from './sim-context.js';

/** Typical break length by reason text, minutes; other reasons last 10. */
const REASON_MINUTES: Readonly<Record<string, number>> = { Lunch: 30, Break: 10, Training: 25, Meeting: 20 };
/** Share of agents already on a break when the scenario starts, so a demo shows pauses at once. */
const INITIAL_BREAK_SHARE = 0.06;

type Pending = { reason: string; durationMs: number };

/**
 * The people behind the agents: they take breaks with one of the current pause reasons (pausing every queue
 * they are logged in to) and dynamic agents log out and back in. Nobody leaves mid-call: a break or log-out
 * that falls during a call waits until wrap-up ends.
 */
export class AgentBehaviour {
  private readonly pendingBreak = new Map<AgentRt, Pending>();
  private readonly pendingLogout = new Map<AgentRt, number>();

  constructor(
    private readonly ctx: SimContext,
    private readonly agents: AgentBook,
    private readonly rng: SeededRandom,
  ) {}

  /** Starts every agent's cycles. */
  start(): void {
    for (const agent of this.agents.agents.values()) {
      if (this.rng.chance(INITIAL_BREAK_SHARE)) {
        const { reason, durationMs } = this.drawBreak();
        this.startBreak(agent, reason, durationMs * this.rng.uniform(0.1, 1));
      } else {
        this.scheduleBreak(agent);
      }
      const dynamic = agent.memberships.filter((m) => m.type === 'dynamic');
      if (dynamic.length === 0) continue;
      if (dynamic.some((m) => !m.loggedIn)) this.scheduleLogin(agent, this.rng.uniform(60_000, 1_800_000));
      else this.scheduleLogout(agent);
    }
  }

  /** Applies a break or log-out that waited for the agent to be idle; called at the end of wrap-up. */
  applyPending(agent: AgentRt): void {
    const logout = this.pendingLogout.get(agent);
    if (logout !== undefined) {
      this.pendingLogout.delete(agent);
      this.logout(agent, logout);
    }
    const pending = this.pendingBreak.get(agent);
    if (pending) {
      this.pendingBreak.delete(agent);
      // A break decided during the call starts now: with a reason the list still has (queue_pause_reason/update
      // may have deleted the one drawn then).
      const { reason, durationMs } = this.stillListed(pending.reason) ? pending : this.drawBreak();
      this.startBreak(agent, reason, durationMs);
    }
  }

  private stillListed(reason: string): boolean {
    return this.ctx.world.pauseReasons.some((listed) => listed.reason === reason);
  }

  private drawBreak(): Pending {
    const reasons = this.ctx.world.pauseReasons;
    const reason = reasons.length > 0 ? this.rng.pick(reasons).reason : '';
    const minutes = (REASON_MINUTES[reason] ?? 10) * this.rng.uniform(0.7, 1.3);
    return { reason, durationMs: minutes * 60_000 };
  }

  private scheduleBreak(agent: AgentRt): void {
    const delay = this.rng.exponential(this.ctx.world.scenario.breakEveryMin * 60_000);
    this.ctx.after(delay, () => {
      const pending = this.drawBreak();
      if (agent.state === 'idle') this.startBreak(agent, pending.reason, pending.durationMs);
      else this.pendingBreak.set(agent, pending);
    });
  }

  private startBreak(agent: AgentRt, reason: string, durationMs: number): void {
    const targets = agent.memberships.filter((m) => m.loggedIn && !m.paused);
    if (targets.length === 0) {
      this.scheduleBreak(agent);
      return;
    }
    for (const m of targets) this.agents.pause(m, reason, 'break');
    this.agents.refresh(agent);
    this.ctx.after(durationMs, () => {
      for (const m of agent.memberships) if (this.agents.pauseSource(m) === 'break') this.agents.unpause(m);
      this.agents.refresh(agent);
      this.scheduleBreak(agent);
    });
  }

  private scheduleLogout(agent: AgentRt): void {
    const delay = this.rng.exponential(this.ctx.world.scenario.logoutEveryMin * 60_000);
    this.ctx.after(delay, () => {
      const awayMs = this.rng.uniform(15, 60) * 60_000;
      if (agent.state === 'idle') this.logout(agent, awayMs);
      else this.pendingLogout.set(agent, awayMs);
    });
  }

  private logout(agent: AgentRt, awayMs: number): void {
    for (const m of agent.memberships) if (m.type === 'dynamic' && m.loggedIn) this.agents.logout(m);
    this.agents.refresh(agent);
    this.scheduleLogin(agent, awayMs);
  }

  private scheduleLogin(agent: AgentRt, delayMs: number): void {
    this.ctx.after(delayMs, () => {
      for (const m of agent.memberships) if (m.type === 'dynamic' && !m.loggedIn) this.agents.login(m);
      this.agents.refresh(agent);
      this.scheduleLogout(agent);
    });
  }
}
