import type { CallerContext, HeldCallView, KeyedPatch } from '@switchboard/live-protocol';
import type { DecisionLock } from '../ports/decision-lock.js';

/** The PBX side of a decision. */
export interface HeldCallActions {
  accept(channelId: string): Promise<unknown>;
  refuse(channelId: string): Promise<unknown>;
  /** Adds an inbound blocklist rule for `number`; answers the rule's id. */
  block(number: string): Promise<number>;
  /** Deletes the blocklist rule with this id (undoing a block). */
  unblock(ruleId: number): Promise<unknown>;
}

/** Caller context: what is known at once, and a later, better answer when a look-up was needed. */
export interface CallerContextSource {
  initial(from: string, callId: string): CallerContext;
  /** Resolves to a fresher context after a PBX look-up, or undefined when nothing changed. */
  enrich(from: string, callId: string): Promise<CallerContext | undefined>;
}

/** How a board change reaches screens. */
export interface PublishOptions {
  /**
   * The change follows from the held-call rule (libs/live-protocol/src/held-call-rules.ts) that screens apply
   * by themselves: the auto-accept at the deadline and the removal when the visible time is over.
   */
  implied?: boolean;
}

/** Settings and collaborators of {@link HeldCalls}. */
export interface HeldCallsOptions {
  holdWindowMs: number;
  lock: DecisionLock;
  actions: HeldCallActions;
  context: CallerContextSource;
  /** Publishes the whole list and what changed. */
  publish(data: HeldCallView[], patch: KeyedPatch<HeldCallView>, options: PublishOptions): void;
  onError?(message: string, error: unknown): void;
  now?: () => number;
}

/** A held call as the PBX announced it (30016). */
export interface HeldCallInput {
  callId: string;
  channelId: string;
  from: string;
  to: string;
  trunk: string;
}
