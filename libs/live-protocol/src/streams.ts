import type {
  ConferenceView,
  HealthView,
  HeldCallView,
  QueueStatsView,
  QueueThresholds,
  QueueView,
  UacstaCallView,
  AgentView,
  WaitingCallerView,
} from './views.js';

/** Streams a screen can subscribe to. */
export type StreamId = `queue:${number}` | 'inbound' | 'conferences' | 'uacsta' | 'health';

/** Stream id of one queue. */
export function queueStream(queueId: number): `queue:${number}` {
  return `queue:${queueId}`;
}

/** The queue id of a queue stream, or undefined for other streams. */
export function queueIdOf(stream: string): number | undefined {
  const match = /^queue:(\d+)$/.exec(stream);
  return match ? Number(match[1]) : undefined;
}

/** True for a well-formed stream id. */
export function isStreamId(value: unknown): value is StreamId {
  return (
    typeof value === 'string' &&
    (['inbound', 'conferences', 'uacsta', 'health'].includes(value) || queueIdOf(value) !== undefined)
  );
}

/** Changes to a keyed collection: items added or changed (whole), and keys removed. */
export interface KeyedPatch<T> {
  upsert: T[];
  remove: string[];
}

/** What changed in a queue; absent parts did not change. */
export interface QueuePatch {
  meta?: { name: string; number: string; thresholds: QueueThresholds; pollIntervalMs: number };
  agents?: KeyedPatch<AgentView>;
  waiting?: KeyedPatch<WaitingCallerView>;
  stats?: QueueStatsView;
  confirmedAt?: number;
}

/** Data and patch types per stream kind. */
export interface StreamTypes {
  queue: { data: QueueView; patch: QueuePatch };
  inbound: { data: HeldCallView[]; patch: KeyedPatch<HeldCallView> };
  conferences: { data: ConferenceView[]; patch: KeyedPatch<ConferenceView> };
  uacsta: { data: UacstaCallView[]; patch: KeyedPatch<UacstaCallView> };
  health: { data: HealthView; patch: HealthView };
}

/** The kind of a stream id. */
export type StreamKind<S extends StreamId> = S extends `queue:${number}` ? 'queue' : S & keyof StreamTypes;

/** The full state of a stream at sequence `seq`. */
export interface Snapshot<K extends keyof StreamTypes = keyof StreamTypes> {
  stream: StreamId;
  kind: K;
  seq: number;
  data: StreamTypes[K]['data'];
}

/** What changed from `seq - 1` to `seq`. A screen that missed a sequence number asks for a snapshot. */
export interface Delta<K extends keyof StreamTypes = keyof StreamTypes> {
  stream: StreamId;
  kind: K;
  seq: number;
  patch: StreamTypes[K]['patch'];
}

/** What to do with an incoming delta given the last applied sequence number. */
export function deltaAction(lastSeq: number | undefined, incomingSeq: number): 'apply' | 'ignore' | 'resync' {
  if (lastSeq === undefined) return 'resync';
  if (incomingSeq <= lastSeq) return 'ignore';
  return incomingSeq === lastSeq + 1 ? 'apply' : 'resync';
}

/** Applies a keyed patch to a list, keeping order and appending new keys. Pure. */
export function applyKeyedPatch<T>(
  items: readonly T[],
  patch: KeyedPatch<T>,
  keyOf: (item: T) => string,
): T[] {
  const removed = new Set(patch.remove);
  const updates = new Map(patch.upsert.map((item) => [keyOf(item), item]));
  const out: T[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (removed.has(key)) continue;
    const next = updates.get(key);
    out.push(next ?? item);
    updates.delete(key);
  }
  for (const item of updates.values()) out.push(item);
  return out;
}

/** Applies a queue patch. Pure. */
export function applyQueuePatch(queue: QueueView, patch: QueuePatch): QueueView {
  return {
    ...queue,
    ...(patch.meta ?? {}),
    agents: patch.agents ? applyKeyedPatch(queue.agents, patch.agents, (a) => a.number) : queue.agents,
    waiting: patch.waiting ? applyKeyedPatch(queue.waiting, patch.waiting, (w) => w.callId) : queue.waiting,
    stats: patch.stats ?? queue.stats,
    confirmedAt: patch.confirmedAt ?? queue.confirmedAt,
  };
}

/** Key functions of the keyed streams. */
export const STREAM_KEYS = {
  inbound: (call: HeldCallView) => call.callId,
  conferences: (conference: ConferenceView) => conference.number,
  uacsta: (call: UacstaCallView) => call.key,
} as const;

/** Applies any stream's patch to its data. Pure. */
export function applyPatch<K extends keyof StreamTypes>(
  kind: K,
  data: StreamTypes[K]['data'],
  patch: StreamTypes[K]['patch'],
): StreamTypes[K]['data'] {
  switch (kind) {
    case 'queue':
      return applyQueuePatch(data as QueueView, patch as QueuePatch) as StreamTypes[K]['data'];
    case 'health':
      return patch as StreamTypes[K]['data'];
    case 'inbound':
      return applyKeyedPatch(
        data as HeldCallView[],
        patch as KeyedPatch<HeldCallView>,
        STREAM_KEYS.inbound,
      ) as StreamTypes[K]['data'];
    case 'conferences':
      return applyKeyedPatch(
        data as ConferenceView[],
        patch as KeyedPatch<ConferenceView>,
        STREAM_KEYS.conferences,
      ) as StreamTypes[K]['data'];
    default:
      return applyKeyedPatch(
        data as UacstaCallView[],
        patch as KeyedPatch<UacstaCallView>,
        STREAM_KEYS.uacsta,
      ) as StreamTypes[K]['data'];
  }
}
