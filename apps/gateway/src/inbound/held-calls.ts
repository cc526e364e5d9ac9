import { randomUUID } from 'node:crypto';
import {
  BLOCK_UNDO_MS,
  fail,
  heldCallAt,
  heldCallLeavesAt,
  pendingHeldCall,
  ok,
  RESOLVED_VISIBLE_MS,
  type CallerContext,
  type DecideCommand,
  type HeldCallView,
  type Result,
} from '@switchboard/live-protocol';
import { pbxFailure } from '../errors/pbx-failure.js';
import { sameData } from '../live/keyed-diff.js';
import { blockUndoRefusal, type UndoAsker } from './block-undo.js';
import type { HeldCallInput, HeldCallsOptions, PublishOptions } from './held-calls.types.js';

/** The answer for a call the board does not hold (also for one the asking session may not see). */
export const NOT_HELD =
  'This call is no longer held: it was decided, accepted by the PBX, or the caller hung up.';

/**
 * How long a caller-context improvement waits to ride with the board's next change (a new prompt, a decision)
 * before it goes in a frame of its own. Under a stream of held calls it costs screens no frame; a lone
 * call's context still arrives a moment after its prompt.
 */
export const CONTEXT_RIDE_MS = 250;

/** How many held call ids are remembered after they leave the board, so a recovery never reports one twice. */
const REMEMBERED_CALLS = 5_000;

interface Entry {
  view: HeldCallView;
  channelId: string;
  /**
   * False for a call taken over from a stored or shared board: it may have been decided, or routed, since it
   * was stored, so it is not decidable until the PBX confirms it still holds it (see {@link confirmHeld}).
   */
  confirmed: boolean;
  /** The blocklist rule a refuse-and-block of this call created, while it can still be undone. */
  blockRuleId?: number;
  deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  removeTimer: ReturnType<typeof setTimeout> | undefined;
}

const RESOLVED = new Set<HeldCallView['status']>(['accepted', 'refused', 'auto_accepted']);
const VERB: Record<string, string> = {
  accepted: 'accepted',
  refused: 'refused',
  auto_accepted: 'accepted automatically',
};
const ACTION: Record<DecideCommand['decision'], string> = {
  accept: 'accept the call',
  refuse: 'refuse the call',
  refuse_and_block: 'refuse the call',
};

/**
 * Held inbound calls and their decisions. The first decision wins (through the {@link DecisionLock}), so
 * concurrent or repeated decisions make exactly one PBX request and everyone else is told who decided.
 * A call nobody decides in time shows as accepted automatically by the PBX; a PBX failure shows as failed
 * with a readable reason and frees the call for another try. Decided calls stay visible for a while.
 *
 * The timed changes follow the held-call rule screens know ({@link heldCallAt}, {@link heldCallLeavesAt}):
 * the board makes them at the rule's times and publishes them as implied, so they cost no frame.
 */
export class HeldCalls {
  private readonly calls = new Map<string, Entry>();
  /** Call ids this board has shown or settled, newest last (bounded). */
  private readonly known = new Set<string>();
  /** Context improvements not yet published, by call id: they ride with the next change (see CONTEXT_RIDE_MS). */
  private readonly riding = new Map<string, CallerContext>();
  private rideTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: HeldCallsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** How many calls are on the board. */
  get size(): number {
    return this.calls.size;
  }

  /** Every call on the board, oldest first. */
  list(): HeldCallView[] {
    return [...this.calls.values()].map((entry) => entry.view);
  }

  /** One call's view. */
  get(callId: string): HeldCallView | undefined {
    return this.calls.get(callId)?.view;
  }

  /** Whether this board has shown or settled `callId` (recently). */
  knows(callId: string): boolean {
    return this.known.has(callId);
  }

  /**
   * A held call arrived: shown at once, its context improved when a look-up finishes. `deadline` is when
   * the PBX routes it by itself: a hold window from now for a 30016 event, less for a call found still held
   * after a gap (see HeldCallsService).
   */
  hold(input: HeldCallInput, deadline?: number): void {
    if (this.calls.has(input.callId)) return;
    const receivedAt = this.now();
    const entry = this.entry(input, receivedAt, deadline ?? receivedAt + this.options.holdWindowMs, {
      status: 'pending',
    });
    this.calls.set(input.callId, entry);
    this.remember(input.callId);
    entry.deadlineTimer = timer(() => this.onDeadline(input.callId), entry.view.deadline - receivedAt);
    this.update(entry, {});
    this.options.context.enrich(input.from, input.callId).then(
      (context) => {
        if (context && this.calls.get(input.callId) === entry) this.ride(input.callId, context);
      },
      (error: unknown) => this.options.onError?.('caller context look-up failed', error),
    );
  }

  /** Applies a supervisor's decision; answers with the call as it then stands. */
  async decide(
    callId: string,
    decision: DecideCommand['decision'],
    user: string,
  ): Promise<Result<HeldCallView>> {
    const entry = this.calls.get(callId);
    if (!entry) return fail('not_found', NOT_HELD);
    const early = this.refusal(entry);
    if (early) return early;
    const claimId = randomUUID();
    const ttlMs = Math.max(0, entry.view.deadline - this.now()) + RESOLVED_VISIBLE_MS;
    const claim = await this.options.lock.acquire(callId, claimId, user, ttlMs);
    if (!claim.acquired) return fail('conflict', `${claim.holder} already decided this call.`);
    // The state may have moved while the claim was made (e.g. the window closed).
    const late =
      this.calls.get(callId) === entry
        ? this.refusal(entry)
        : fail<HeldCallView>('not_found', 'This call is no longer held.');
    if (late) {
      await this.options.lock.release(callId, claimId);
      return late;
    }
    this.update(entry, {
      status: 'deciding',
      decidedBy: user,
      decidedAt: this.now(),
      error: null,
      blocked: false,
    });
    try {
      if (decision === 'accept') await this.options.actions.accept(entry.channelId);
      else await this.options.actions.refuse(entry.channelId);
    } catch (error) {
      const failure = pbxFailure(error, ACTION[decision]);
      this.update(entry, { status: 'failed', error: failure.message });
      await this.options.lock.release(callId, claimId);
      if (this.now() >= entry.view.deadline) this.onDeadline(callId);
      return { ok: false, error: failure };
    }
    const status = decision === 'accept' ? 'accepted' : 'refused';
    if (decision !== 'refuse_and_block') {
      this.resolve(entry, { status });
      return ok(entry.view);
    }
    try {
      entry.blockRuleId = await this.options.actions.block(entry.view.from);
      this.resolve(entry, { status, blocked: true, blockUndoUntil: this.now() + BLOCK_UNDO_MS });
    } catch (error) {
      const reason = pbxFailure(error, 'block the number').message;
      this.resolve(entry, { status, error: `Refused, but the number was not blocked. ${reason}` });
    }
    return ok(entry.view);
  }

  /** Deletes the blocklist rule the refuse-and-block of `callId` created, when {@link blockUndoRefusal} allows. */
  async unblock(callId: string, asker: UndoAsker): Promise<Result<HeldCallView>> {
    const entry = this.calls.get(callId);
    const ruleId = entry?.blockRuleId;
    const refusal = blockUndoRefusal(entry?.view, ruleId, asker, this.now());
    if (refusal || !entry || ruleId === undefined)
      return { ok: false, error: refusal ?? { code: 'not_found', message: NOT_HELD } };
    entry.blockRuleId = undefined; // one undo at a time: a second one finds nothing to undo
    try {
      await this.options.actions.unblock(ruleId);
    } catch (error) {
      entry.blockRuleId = ruleId;
      return { ok: false, error: pbxFailure(error, `undo the block of ${entry.view.from}`) };
    }
    const { blockUndoUntil: _closed, ...view } = entry.view;
    entry.view = view;
    this.update(entry, { blocked: false, unblockedBy: asker.user });
    return ok(entry.view);
  }

  /**
   * Records a call the PBX routed by itself while nobody could see or decide it (the PBX link, the event
   * stream or the gateway was down), so the decisions history says so. A call on the board still waiting
   * for a decision is settled the same way. Does nothing for calls already settled or being decided.
   */
  settleUnseen(input: HeldCallInput, heldAt: number, reason: string): void {
    const existing = this.calls.get(input.callId);
    if (existing) {
      if (existing.view.status !== 'pending' && existing.view.status !== 'failed') return;
      this.resolve(existing, {
        status: 'auto_accepted',
        decidedBy: null,
        decidedAt: Math.min(existing.view.deadline, this.now()),
        unseenReason: reason,
      });
      return;
    }
    if (this.known.has(input.callId)) return;
    const deadline = heldAt + this.options.holdWindowMs;
    const entry = this.entry(input, heldAt, deadline, {
      status: 'auto_accepted',
      decidedAt: Math.min(deadline, this.now()),
      unseenReason: reason,
    });
    this.calls.set(input.callId, entry);
    this.remember(input.callId);
    this.resolve(entry, {});
  }

  /**
   * The PBX said it still holds `callId` on `channelId`: a call taken over becomes decidable (with the
   * channel, should the store not have had it). Returns false when the board does not have the call.
   */
  confirmHeld(callId: string, channelId: string): boolean {
    const entry = this.calls.get(callId);
    if (!entry) return false;
    entry.confirmed = true;
    if (entry.channelId === '') entry.channelId = channelId;
    return true;
  }

  /** Calls on the board still waiting for a decision (pending, or failed and open for another try). */
  undecided(): HeldCallView[] {
    return this.list().filter((view) => view.status === 'pending' || view.status === 'failed');
  }

  /**
   * Takes over the calls another gateway (or this one before a restart) showed. A call still pending in its
   * window becomes decidable once the PBX confirms it still holds it ({@link confirmHeld}); one caught
   * mid-decision shows as failed, since its outcome is unknown; decided calls stay visible for the rest of
   * their time. Calls already on the board stay as they are. Publishes nothing: the caller does.
   */
  adopt(views: readonly HeldCallView[], channels: ReadonlyMap<string, string>): void {
    const now = this.now();
    for (const shown of views) {
      if (this.calls.has(shown.callId)) continue;
      const entry: Entry = {
        view: { ...shown },
        channelId: channels.get(shown.callId) ?? '',
        confirmed: false,
        deadlineTimer: undefined,
        removeTimer: undefined,
      };
      this.calls.set(shown.callId, entry);
      this.remember(shown.callId);
      if (RESOLVED.has(shown.status)) {
        // An unseen call's time on screen runs from when it was reported: it goes now, with a frame.
        const leavesAt = heldCallLeavesAt(shown) ?? now;
        entry.removeTimer = timer(() => this.remove(shown.callId), leavesAt - now);
        continue;
      }
      if (shown.status === 'deciding')
        entry.view = {
          ...entry.view,
          status: 'failed',
          error: 'The gateway carrying out this decision stopped, so its outcome is unknown; check the call.',
        };
      entry.deadlineTimer = timer(() => this.onDeadline(shown.callId), shown.deadline - now);
    }
  }

  /** Stops every timer (shutdown). */
  close(): void {
    clearTimeout(this.rideTimer);
    this.riding.clear();
    for (const entry of this.calls.values()) {
      clearTimeout(entry.deadlineTimer);
      clearTimeout(entry.removeTimer);
    }
    this.calls.clear();
  }

  private refusal(entry: Entry): Result<HeldCallView> | undefined {
    const { view } = entry;
    if (RESOLVED.has(view.status))
      return fail(
        'conflict',
        view.decidedBy
          ? `${view.decidedBy} already ${VERB[view.status] ?? view.status} this call.`
          : `The PBX already accepted this call automatically when the hold window ended.`,
      );
    if (view.status === 'deciding')
      return fail('conflict', `${view.decidedBy ?? 'Someone'} is deciding this call right now.`);
    if (!entry.confirmed)
      return fail(
        'conflict',
        'The gateway is checking with the PBX that this call is still held (it restarted or took over); try again in a moment.',
      );
    if (entry.channelId === '')
      return fail(
        'conflict',
        'This call was held by a gateway that stopped before handing it over; the PBX routes it when its hold window ends.',
      );
    if (this.now() >= view.deadline) {
      this.onDeadline(view.callId);
      return fail(
        'conflict',
        'Too late: the PBX accepted this call automatically when the hold window ended.',
      );
    }
    return undefined;
  }

  /**
   * The hold window ended: an undecided (or failed) call was routed by the PBX itself. Exactly what every
   * screen reads from the view it has at the deadline ({@link heldCallAt}), so it is published as implied.
   */
  private onDeadline(callId: string): void {
    const entry = this.calls.get(callId);
    if (!entry) return;
    const next = heldCallAt(entry.view, entry.view.deadline);
    if (next !== entry.view) this.resolve(entry, next, { implied: true });
  }

  /**
   * Settles a call, then removes it when the rule says it leaves screens ({@link heldCallLeavesAt}); a call
   * reported unseen has no such time in its view and stays the visible time from now.
   */
  private resolve(entry: Entry, change: Partial<HeldCallView>, options: PublishOptions = {}): void {
    clearTimeout(entry.deadlineTimer);
    this.update(entry, change, options);
    clearTimeout(entry.removeTimer);
    const leavesAt = heldCallLeavesAt(entry.view) ?? this.now() + RESOLVED_VISIBLE_MS;
    entry.removeTimer = timer(() => this.remove(entry.view.callId), leavesAt - this.now());
  }

  /** A new board entry for `input`, undecided unless `outcome` says otherwise. */
  private entry(
    input: HeldCallInput,
    receivedAt: number,
    deadline: number,
    outcome: Pick<HeldCallView, 'status'> & Partial<HeldCallView>,
  ): Entry {
    return {
      channelId: input.channelId,
      confirmed: true,
      deadlineTimer: undefined,
      removeTimer: undefined,
      view: {
        ...pendingHeldCall({
          callId: input.callId,
          from: input.from,
          to: input.to,
          trunk: input.trunk,
          receivedAt,
          deadline,
          context: this.options.context.initial(input.from, input.callId),
        }),
        ...outcome,
      },
    };
  }

  private remember(callId: string): void {
    this.known.delete(callId);
    this.known.add(callId);
    if (this.known.size > REMEMBERED_CALLS) {
      const oldest = this.known.values().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
  }

  /** The visible time is over: implied when the rule times it (every call but one reported unseen). */
  private remove(callId: string): void {
    const entry = this.calls.get(callId);
    if (!entry) return;
    clearTimeout(entry.deadlineTimer);
    this.calls.delete(callId);
    const implied = heldCallLeavesAt(entry.view) !== undefined;
    this.options.publish(this.list(), { upsert: [], remove: [callId] }, { implied });
  }

  private update(entry: Entry, change: Partial<HeldCallView>, options: PublishOptions = {}): void {
    entry.view = { ...entry.view, ...change };
    // Implied changes send nothing, so a riding context must not slip into the data with them.
    const riders = options.implied ? [] : this.takeRiders(entry.view.callId);
    this.options.publish(this.list(), { upsert: [...riders, entry.view], remove: [] }, options);
  }

  /** Keeps a context improvement for the board's next change, or publishes it alone after CONTEXT_RIDE_MS. */
  private ride(callId: string, context: CallerContext): void {
    const entry = this.calls.get(callId);
    if (!entry || sameData(entry.view.context, context)) {
      this.riding.delete(callId);
      return;
    }
    this.riding.set(callId, context);
    this.rideTimer ??= timer(() => {
      this.rideTimer = undefined;
      const riders = this.takeRiders();
      if (riders.length > 0) this.options.publish(this.list(), { upsert: riders, remove: [] }, {});
    }, CONTEXT_RIDE_MS);
  }

  /** Applies the riding contexts (but `except`'s, which its own change carries) and answers the changed views. */
  private takeRiders(except?: string): HeldCallView[] {
    if (this.riding.size === 0) return [];
    const changed: HeldCallView[] = [];
    for (const [callId, context] of this.riding) {
      const entry = this.calls.get(callId);
      if (!entry) continue;
      entry.view = { ...entry.view, context };
      if (callId !== except) changed.push(entry.view);
    }
    this.riding.clear();
    clearTimeout(this.rideTimer);
    this.rideTimer = undefined;
    return changed;
  }
}

function timer(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const handle = setTimeout(callback, Math.max(0, ms));
  handle.unref();
  return handle;
}
