import type { FinishedCallFacts } from './call-record.js';

/** A watched queue as attribution needs it. */
export interface AttributionQueue {
  id: number;
  number: string;
  /** Extension numbers of its agents. */
  agents: readonly string[];
}

/**
 * Decides which queue a finished call belongs to. CDRs do not name the queue, so the rules, in order:
 * 1. the callee is the queue's number (calls that ended unanswered in the queue);
 * 2. an inbound call answered by an extension that is an agent of exactly one watched queue;
 * 3. an inbound call to a DID that rules 1-2 tied to exactly one queue today (so the calls of an agent of
 *    several queues count where the other calls to the same number went).
 * Otherwise the call belongs to no queue and is not counted. The rules use only the day's call records
 * and the queues' current configuration, never what one gateway happened to observe, so a gateway that
 * counted the day live, one restarted and one taking the lead all count it the same way.
 * State is per day: `reset()` at the boundary.
 */
export class CdrAttribution {
  private queues: AttributionQueue[] = [];
  private readonly didQueues = new Map<string, Set<number>>();

  /** Replaces the watched queues. */
  setQueues(queues: readonly AttributionQueue[]): void {
    this.queues = [...queues];
  }

  /** An attribution of the same queues with no observations: for counting another day. */
  fresh(): CdrAttribution {
    const other = new CdrAttribution();
    other.setQueues(this.queues);
    return other;
  }

  /** Forgets the day's observations. */
  reset(): void {
    this.didQueues.clear();
  }

  /**
   * The queue of each call, learning DIDs from the calls that rules 1-2 place before applying rule 3, so
   * the order of records does not matter.
   */
  attributeAll(calls: readonly FinishedCallFacts[]): Map<FinishedCallFacts, number> {
    const out = new Map<FinishedCallFacts, number>();
    for (const call of calls) {
      const queue = this.direct(call);
      if (queue !== undefined) out.set(call, queue);
    }
    for (const call of calls) {
      if (out.has(call)) continue;
      const queue = this.indirect(call);
      if (queue !== undefined) out.set(call, queue);
    }
    return out;
  }

  /** The queue of one call, or undefined. */
  attribute(call: FinishedCallFacts): number | undefined {
    return this.direct(call) ?? this.indirect(call);
  }

  private direct(call: FinishedCallFacts): number | undefined {
    const queue =
      this.queues.find((q) => q.number !== '' && q.number === call.toNumber)?.id ?? this.byAgent(call);
    if (queue !== undefined && call.didNumber !== '') {
      const set = this.didQueues.get(call.didNumber) ?? new Set<number>();
      set.add(queue);
      this.didQueues.set(call.didNumber, set);
    }
    return queue;
  }

  /** Rule 2: an inbound call answered by an agent of exactly one watched queue. */
  private byAgent(call: FinishedCallFacts): number | undefined {
    if (call.type !== 'inbound' || call.disposition !== 'ANSWERED') return undefined;
    const owners = this.queues.filter((q) => q.agents.includes(call.toNumber));
    return owners.length === 1 ? owners[0]?.id : undefined;
  }

  private indirect(call: FinishedCallFacts): number | undefined {
    if (call.type !== 'inbound') return undefined;
    const byDid = this.didQueues.get(call.didNumber);
    if (byDid?.size === 1) return [...byDid][0];
    return undefined;
  }
}
