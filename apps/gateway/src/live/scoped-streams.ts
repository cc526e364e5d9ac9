import {
  parseStreamId,
  queueCallStream,
  type HeldCallView,
  type QueueView,
  type StreamId,
  type UacstaCallView,
} from '@switchboard/live-protocol';

/** The whole state a per-queue stream should now have. */
export type ScopedState =
  | { stream: StreamId; kind: 'inbound'; data: HeldCallView[] }
  | { stream: StreamId; kind: 'uacsta'; data: UacstaCallView[] };

/** What the derivation reads from the hub. */
export interface ScopedSources {
  /** Queue ids whose per-queue stream of `kind` exists already (it may have to be emptied). */
  existing(kind: 'inbound' | 'uacsta'): Iterable<number>;
  /** Queue ids with a live queue stream. */
  queues(): Iterable<number>;
  queue(queueId: number): QueueView | undefined;
  /** Every desk-phone call, or undefined while uaCSTA is off. */
  deskCalls(): UacstaCallView[] | undefined;
}

/** The held calls of one queue (those whose route leads there), in the order of the whole stream. */
export function heldCallsOfQueue(calls: readonly HeldCallView[], queueId: number): HeldCallView[] {
  return calls.filter((call) => call.queueId === queueId);
}

/** The desk-phone calls of the agents of one queue. */
export function deskCallsOfQueue(
  calls: readonly UacstaCallView[],
  queue: QueueView | undefined,
): UacstaCallView[] {
  const agents = new Set(queue?.agents.map((agent) => agent.number) ?? []);
  return calls.filter((call) => agents.has(call.extension));
}

/**
 * The per-queue streams a commit of `stream` changes, with their new state: screens of a limited scope
 * watch `inbound:<id>` and `uacsta:<id>` instead of the whole streams, so every held or desk-phone call
 * reaches exactly the rooms that may see it and each delta is still serialized once per room.
 * - `inbound`: the queue of each held call (its route's), plus every queue stream that exists (a call left);
 * - `uacsta`: every watched queue (a call's extension may be an agent of several), plus those that exist;
 * - `queue:<id>` with agents changed: that queue's desk-phone calls (an agent joined or left).
 */
export function scopedStates(
  stream: StreamId,
  data: unknown,
  agentsChanged: boolean,
  sources: ScopedSources,
): ScopedState[] {
  const parsed = parseStreamId(stream);
  if (!parsed || (parsed.kind !== 'queue' && parsed.queueId !== null)) return [];
  if (parsed.kind === 'inbound') {
    const calls = data as HeldCallView[];
    const queueIds = new Set(sources.existing('inbound'));
    for (const call of calls) if (call.queueId !== undefined) queueIds.add(call.queueId);
    return [...queueIds].map((queueId) => ({
      stream: queueCallStream('inbound', queueId),
      kind: 'inbound',
      data: heldCallsOfQueue(calls, queueId),
    }));
  }
  if (parsed.kind === 'uacsta') {
    const calls = data as UacstaCallView[];
    const queueIds = new Set([...sources.queues(), ...sources.existing('uacsta')]);
    return [...queueIds].map((queueId) => ({
      stream: queueCallStream('uacsta', queueId),
      kind: 'uacsta',
      data: deskCallsOfQueue(calls, sources.queue(queueId)),
    }));
  }
  const calls = sources.deskCalls();
  if (parsed.kind !== 'queue' || parsed.queueId === null || !agentsChanged || !calls) return [];
  return [
    {
      stream: queueCallStream('uacsta', parsed.queueId),
      kind: 'uacsta',
      data: deskCallsOfQueue(calls, data as QueueView),
    },
  ];
}
