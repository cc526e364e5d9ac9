import type { CallerContext, HeldCallStatus, HeldCallView } from './views.js';

/**
 * How long a settled held call stays on screens after its decision (or its deadline, for a call the PBX
 * accepted by itself), so everyone sees the outcome and who decided. Epoch-ms arithmetic on `decidedAt`.
 */
export const RESOLVED_VISIBLE_MS = 30_000;

/** Statuses still open at the deadline: the PBX routes such a call by itself when its hold window ends. */
function openAtDeadline(status: HeldCallStatus): boolean {
  return status === 'pending' || status === 'failed';
}

/**
 * A held call as it stands at `now` (epoch ms, the gateway's clock) under the hold-window rule: a call still
 * open (pending, or failed and open for another try) at or after its deadline was accepted automatically
 * by the PBX then: status `auto_accepted`, `decidedAt` the deadline, nobody deciding. Anything else is
 * answered unchanged (the same object).
 *
 * The gateway's board produces exactly this object at the deadline, and so does a screen from the view it
 * already has: that is why the gateway does not send the change (see the gateway README, live streams).
 */
export function heldCallAt(view: HeldCallView, now: number): HeldCallView {
  if (!openAtDeadline(view.status) || now < view.deadline) return view;
  return { ...view, status: 'auto_accepted', decidedBy: null, decidedAt: view.deadline };
}

/**
 * When (epoch ms) a held call leaves screens under the rule: {@link RESOLVED_VISIBLE_MS} after it was
 * settled, where an open call settles at its deadline ({@link heldCallAt}). Undefined while a decision is
 * under way (its outcome, and its time, are not known yet) and for a call the PBX routed while nobody could
 * see it (`unseenReason`): that one is reported long after its deadline, so its time on screen runs from
 * when it was reported, which the view does not carry; the gateway sends its removal.
 */
export function heldCallLeavesAt(view: HeldCallView): number | undefined {
  if (view.unseenReason !== undefined || view.status === 'deciding') return undefined;
  const settledAt = openAtDeadline(view.status) ? view.deadline : (view.decidedAt ?? view.deadline);
  return settledAt + RESOLVED_VISIBLE_MS;
}

/** Whether a held call has left screens by `now` under the rule ({@link heldCallLeavesAt}). */
export function heldCallGone(view: HeldCallView, now: number): boolean {
  const leavesAt = heldCallLeavesAt(view);
  return leavesAt !== undefined && leavesAt <= now;
}

/** What is known of a caller before any look-up: no contact, no calls today. */
export const UNKNOWN_CALLER: Readonly<CallerContext> = Object.freeze({
  contactName: null,
  company: null,
  callsToday: 0,
  lastOutcome: null,
});

/** What the PBX tells of a call it holds for a decision, and when its hold window ends (epoch ms). */
export type HeldCallArrival = Pick<
  HeldCallView,
  'callId' | 'from' | 'to' | 'trunk' | 'receivedAt' | 'deadline'
> &
  Partial<Pick<HeldCallView, 'queueId' | 'context'>>;

/** A held call as it is first shown: pending, nobody deciding, the caller unknown unless `context` says more. */
export function pendingHeldCall(arrival: HeldCallArrival): HeldCallView {
  const { callId, from, to, trunk, queueId, receivedAt, deadline, context } = arrival;
  return {
    callId,
    from,
    to,
    trunk,
    ...(queueId !== undefined ? { queueId } : {}),
    receivedAt,
    deadline,
    context: context ?? { ...UNKNOWN_CALLER },
    status: 'pending',
    blocked: false,
    decidedBy: null,
    decidedAt: null,
    error: null,
  };
}
