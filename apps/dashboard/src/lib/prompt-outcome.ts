import type { HeldCallStatus, HeldCallView } from '@switchboard/live-protocol';

/** What the prompt says once a held call is settled, or null while it still waits for a decision. */
export function outcomeText(
  call: Pick<HeldCallView, 'status' | 'decidedBy' | 'blocked' | 'error' | 'unseenReason' | 'unblockedBy'>,
): string | null {
  const who = call.decidedBy ?? 'another supervisor';
  switch (call.status) {
    case 'accepted':
      return `Accepted by ${who}`;
    case 'refused':
      if (call.unblockedBy) return `Refused by ${who}; block undone by ${call.unblockedBy}`;
      return call.blocked ? `Refused and blocked by ${who}` : `Refused by ${who}`;
    case 'auto_accepted':
      // Nobody could see it (link down): the gateway says why, e.g. "Accepted automatically while …".
      return call.unseenReason || 'Accepted automatically by the PBX';
    case 'failed':
      return `Failed: ${call.error ?? 'the PBX did not take the decision'}`;
    default:
      return null;
  }
}

/** Statuses after which nothing more can be decided. */
export function isSettled(status: HeldCallStatus): boolean {
  return status !== 'pending' && status !== 'deciding';
}

/** Who is calling, as one line: contact name and company when known, else the number. */
export function callerLine(call: Pick<HeldCallView, 'from' | 'context'>): string {
  const { contactName, company } = call.context;
  if (contactName && company) return `${contactName} (${company})`;
  return contactName ?? company ?? call.from;
}
