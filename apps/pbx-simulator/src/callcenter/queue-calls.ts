import { PBX_EVENT } from '@switchboard/pbx-api';
import type { FinishedCall } from '../contracts.js';
import type { AgentBook } from './agents.js';
import type { CallRegistry } from './calls.js';
import type { Conversation } from './conversation.js';
import { autoPauseMsg } from './event-payloads.js';
import { pickMembers } from './queue-strategies.js';
import type { AgentRt, CallRt, MembershipRt, QueueRt } from './runtime.types.js';
import type { SimContext } from './sim-context.js';

/** Pause reason of an agent paused automatically after missed calls (not one of the configurable reasons). */
export const AUTO_PAUSE_REASON = 'Auto Pause';

/**
 * Calls in queues: waiting, ringing agents by the queue's strategy, answered, missed (with automatic pause,
 * 30025), refused on a uaCSTA phone, abandoned or sent to voicemail. Free agents are handed to waiting calls at
 * the end of each simulation step, oldest waiting call first.
 */
export class QueueCalls {
  private readonly pending = new Set<QueueRt>();
  private flushing = false;

  constructor(
    private readonly ctx: SimContext,
    private readonly calls: CallRegistry,
    private readonly agents: AgentBook,
    private readonly conversation: Conversation,
  ) {
    ctx.steps.onSettle(() => this.flush());
    agents.onAvailable = (agent) => {
      for (const m of agent.memberships) if (m.queue.waiting.length > 0) this.pending.add(m.queue);
    };
  }

  /** Puts a call into its queue (publishes 30011 with the queue as call_path) and starts the caller's patience. */
  enqueue(call: CallRt, queue: QueueRt): void {
    const now = this.ctx.now();
    call.queue = queue;
    call.queuedMs = now;
    call.state = 'waiting';
    call.to = { number: queue.def.number, name: queue.def.name };
    call.callerLeg.callPath = queue.def.number;
    this.insertWaiting(queue, call);
    this.calls.publish(call);
    const profile = queue.def.profile;
    const patienceMs = this.ctx.rng.exponential(profile.patienceMeanSec * 1000);
    const maxWaitMs = profile.maxWaitSec * 1000;
    const disposition = patienceMs < maxWaitMs ? 'NO ANSWER' : 'VOICEMAIL';
    call.timers.push(this.ctx.after(Math.min(patienceMs, maxWaitMs), () => this.giveUp(call, disposition)));
    this.pending.add(queue);
  }

  /** The caller hangs up while queued or ringing (call/hangup on the caller's channel): an abandoned call. */
  callerHangsUp(call: CallRt): void {
    this.giveUp(call, 'NO ANSWER');
  }

  /** A uaCSTA refusal: the agent stops ringing (not counted as missed) and the call moves on. */
  reject(call: CallRt, agent: AgentRt): void {
    this.stopRinging(call, agent, false);
  }

  private flush(): void {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.size > 0) {
        // The queue whose head call has waited longest goes first.
        let next: QueueRt | undefined;
        for (const queue of this.pending) {
          if (!next || (queue.waiting[0]?.queuedMs ?? Infinity) < (next.waiting[0]?.queuedMs ?? Infinity))
            next = queue;
        }
        this.pending.delete(next as QueueRt);
        this.dispatch(next as QueueRt);
      }
    } finally {
      this.flushing = false;
    }
  }

  private dispatch(queue: QueueRt): void {
    while (queue.waiting.length > 0 && queue.available.size > 0) {
      const call = queue.waiting[0] as CallRt;
      const picks = pickMembers(queue, call, this.ctx.rng);
      if (picks.length === 0) return;
      queue.waiting.shift();
      this.ring(call, queue, picks);
    }
  }

  private ring(call: CallRt, queue: QueueRt, picks: MembershipRt[]): void {
    const profile = queue.def.profile;
    const now = this.ctx.now();
    call.state = 'ringing';
    queue.ringing.add(call);
    for (const m of picks) {
      const agent = m.agent;
      const leg = this.calls.extensionLeg(agent.ext, 'agent', 'RING', queue.def.number);
      this.calls.addLeg(call, leg);
      call.tried.add(agent);
      this.agents.setState(agent, 'ringing', call);
      const answers = this.ctx.rng.chance(profile.answerChance);
      const timeoutMs = profile.ringTimeoutSec * 1000;
      const [minSec, maxSec] = profile.answerDelaySec;
      const delay = answers
        ? this.ctx.rng.uniform(minSec * 1000, Math.min(maxSec * 1000, timeoutMs - 500))
        : timeoutMs;
      const timer = this.ctx.after(delay, () =>
        answers ? this.answer(call, agent) : this.stopRinging(call, agent, true),
      );
      call.rings.set(agent, { membership: m, leg, timer, startedMs: now });
      this.agents.refresh(agent);
    }
    this.calls.publish(call);
  }

  private answer(call: CallRt, agent: AgentRt): void {
    const attempt = call.rings.get(agent);
    const queue = call.queue;
    if (!attempt || !queue || call.state !== 'ringing') return;
    call.rings.delete(agent);
    const others = this.releaseRinging(call);
    for (const timer of call.timers) this.ctx.clock.cancel(timer);
    call.timers = [];
    queue.ringing.delete(call);
    queue.active.add(call);
    call.state = 'talking';
    call.agent = agent;
    call.agentLeg = attempt.leg;
    call.answeredMs = this.ctx.now();
    attempt.membership.missedInRow = 0;
    attempt.membership.missed = [];
    this.calls.setStatus(call, attempt.leg, 'ANSWER');
    this.calls.setStatus(call, call.callerLeg, 'ANSWERED');
    this.agents.setState(agent, 'busy', call);
    this.calls.publish(call);
    this.agents.refresh(agent);
    for (const other of others) this.agents.refresh(other);
    this.conversation.begin(call, attempt.membership);
  }

  /** An agent stops ringing: no answer in time (`missed`) or refused. */
  private stopRinging(call: CallRt, agent: AgentRt, missed: boolean): void {
    const attempt = call.rings.get(agent);
    const queue = call.queue;
    if (!attempt || !queue) return;
    this.ctx.clock.cancel(attempt.timer);
    call.rings.delete(agent);
    this.calls.setStatus(call, attempt.leg, 'BYE');
    this.agents.setState(agent, 'idle', undefined);
    if (call.rings.size === 0) {
      queue.ringing.delete(call);
      call.state = 'waiting';
      this.insertWaiting(queue, call);
      this.pending.add(queue);
    }
    this.calls.publish(call);
    const m = attempt.membership;
    if (missed) {
      m.missedInRow += 1;
      m.missed.push({ caller_number: call.from.number, call_id: call.id });
      if (m.missedInRow >= queue.def.profile.maxMissed) this.autoPause(m);
    }
    this.agents.refresh(agent);
  }

  private autoPause(m: MembershipRt): void {
    this.ctx.events.publish(
      PBX_EVENT.AGENT_AUTO_PAUSE,
      autoPauseMsg(m.queue.def.number, m.agent.ext.number, m.missed),
    );
    this.agents.pause(m, AUTO_PAUSE_REASON, 'auto');
    m.missedInRow = 0;
    m.missed = [];
    // The agent notices after a while and resumes, unless something else changed the pause meanwhile.
    m.autoPauseTimer = this.ctx.after(this.ctx.rng.uniform(60_000, 240_000), () => {
      m.autoPauseTimer = undefined;
      if (this.agents.pauseSource(m) !== 'auto') return;
      this.agents.unpause(m);
      this.agents.refresh(m.agent);
    });
  }

  /** The caller hangs up while queued (NO ANSWER, abandoned) or the queue's maximum wait sends it to voicemail. */
  private giveUp(call: CallRt, disposition: FinishedCall['disposition']): void {
    const queue = call.queue;
    if (!queue || (call.state !== 'waiting' && call.state !== 'ringing')) return;
    const index = queue.waiting.indexOf(call);
    if (index >= 0) queue.waiting.splice(index, 1);
    queue.ringing.delete(call);
    const released = this.releaseRinging(call);
    this.calls.finish(call, disposition, disposition === 'NO ANSWER');
    for (const agent of released) this.agents.refresh(agent);
  }

  /** Stops every agent still ringing for the call (not missed); returns them for a refresh. */
  private releaseRinging(call: CallRt): AgentRt[] {
    const released: AgentRt[] = [];
    for (const [agent, attempt] of call.rings) {
      this.ctx.clock.cancel(attempt.timer);
      this.calls.setStatus(call, attempt.leg, 'BYE');
      this.agents.setState(agent, 'idle', undefined);
      released.push(agent);
    }
    call.rings.clear();
    return released;
  }

  private insertWaiting(queue: QueueRt, call: CallRt): void {
    const queued = call.queuedMs ?? 0;
    const list = queue.waiting;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (((list[mid] as CallRt).queuedMs ?? 0) <= queued) low = mid + 1;
      else high = mid;
    }
    list.splice(low, 0, call);
  }
}
