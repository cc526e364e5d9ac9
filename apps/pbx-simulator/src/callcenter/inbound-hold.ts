import { PBX_EVENT } from '@switchboard/pbx-api';
import type { AgentBook } from './agents.js';
import type { CallRegistry } from './calls.js';
import type { TimerHandle } from './clock.js';
import { callInfo } from './event-payloads.js';
import type { QueueCalls } from './queue-calls.js';
import type { CallRt } from './runtime.types.js';
import type { SimContext } from './sim-context.js';
import { notFound } from '../sim-errors.js';

/** How many decided channels are remembered so late accept/refuse calls still find their call id. */
const DECIDED_MEMORY = 10_000;

/**
 * Inbound call control on trunks with Control Inbound Call on (docs/pbx/call-control.md#held-inbound-calls):
 * - a call arriving on such a trunk is held and 30016 is published;
 * - accept within the window routes it at once to the inbound route's queue and answers its call_id;
 * - refuse within the window drops it: the queue never rings; it is recorded with disposition FAILED (it
 *   reached no destination, so it neither counts as an unanswered nor as an abandoned queue call);
 * - when the window passes it is accepted automatically and routed;
 * - accept or refuse after that has no effect and answers errcode 0 with the call_id (the spec says "no effect"
 *   and states no error); an unknown channel answers NOT_FOUND.
 * The window counts REAL milliseconds whatever the speed: it is a deadline for a person or a program answering
 * over HTTP, and at speed 60 a simulated 10 s would leave them 167 ms.
 */
export class InboundHold {
  private readonly held = new Map<string, { call: CallRt; timer: TimerHandle }>();
  private readonly decided = new Map<string, string>();

  constructor(
    private readonly ctx: SimContext,
    private readonly calls: CallRegistry,
    private readonly queueCalls: QueueCalls,
    private readonly agents: AgentBook,
    private readonly holdWindowMs: number,
  ) {}

  /** Calls held for a decision now. */
  get size(): number {
    return this.held.size;
  }

  /** Holds a new call and publishes 30016; routes it automatically when the window passes. */
  hold(call: CallRt): void {
    const channelId = call.callerLeg.channelId;
    call.state = 'held';
    const timer = this.ctx.after(this.ctx.clock.realToSim(this.holdWindowMs), () => this.route(channelId));
    this.held.set(channelId, { call, timer });
    this.ctx.events.publish(PBX_EVENT.INCOMING_CALL_REQUEST, callInfo(call));
  }

  /** call/accept_inbound. */
  accept(channelId: string): { call_id: string } {
    const entry = this.held.get(channelId);
    if (!entry) return { call_id: this.decidedCallId(channelId) };
    this.ctx.clock.cancel(entry.timer);
    this.route(channelId);
    return { call_id: entry.call.id };
  }

  /** call/refuse_inbound. */
  refuse(channelId: string): { call_id: string } {
    const entry = this.held.get(channelId);
    if (!entry) return { call_id: this.decidedCallId(channelId) };
    this.ctx.clock.cancel(entry.timer);
    this.held.delete(channelId);
    this.remember(channelId, entry.call.id);
    this.calls.finish(entry.call, 'FAILED');
    return { call_id: entry.call.id };
  }

  private route(channelId: string): void {
    const entry = this.held.get(channelId);
    if (!entry) return;
    this.held.delete(channelId);
    this.remember(channelId, entry.call.id);
    const queue = this.agents.queueById.get(entry.call.route?.queueId ?? -1);
    if (queue) this.queueCalls.enqueue(entry.call, queue);
    else this.calls.finish(entry.call, 'FAILED');
  }

  private decidedCallId(channelId: string): string {
    const callId = this.decided.get(channelId);
    if (callId !== undefined) return callId;
    throw notFound('channel_id', channelId, 'unknown_channel', 'no inbound call was held on this channel');
  }

  private remember(channelId: string, callId: string): void {
    this.decided.set(channelId, callId);
    if (this.decided.size > DECIDED_MEMORY) {
      const oldest = this.decided.keys().next().value;
      if (oldest !== undefined) this.decided.delete(oldest);
    }
  }
}
