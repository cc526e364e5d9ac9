import type {
  ConferenceView,
  HealthView,
  HeldCallView,
  QueueAlertView,
  QueueStatsView,
  QueueThresholds,
  QueueView,
  UacstaCallView,
  AgentView,
  WaitingCallerView,
} from './views.js';
import type { SessionInfo } from './session.js';

/**
 * Streams a screen can subscribe to. Held calls (`inbound`) and desk-phone calls (`uacsta`) also come per
 * queue (`inbound:<queue id>`, `uacsta:<queue id>`): the same items, only those of one queue, for sessions
 * that may not see the whole PBX (see {@link callStreamsOf}).
 */
export type StreamId =
  | `queue:${number}`
  | 'inbound'
  | `inbound:${number}`
  | 'conferences'
  | 'uacsta'
  | `uacsta:${number}`
  | 'health';

/** Stream id of one queue. */
export function queueStream(queueId: number): `queue:${number}` {
  return `queue:${queueId}`;
}

/** A stream id read: its kind, and the queue it is limited to (null for a stream of the whole PBX). */
export type ParsedStream = {
  [K in keyof StreamTypes]: { kind: K; queueId: number | null };
}[keyof StreamTypes];

/**
 * The id forms of every kind: whole (`inbound`), per queue (`inbound:<id>`), or both. A Record, so a new
 * kind does not compile until it says how its ids look.
 */
const ID_FORMS: Record<keyof StreamTypes, { whole: boolean; perQueue: boolean }> = {
  queue: { whole: false, perQueue: true },
  inbound: { whole: true, perQueue: true },
  uacsta: { whole: true, perQueue: true },
  conferences: { whole: true, perQueue: false },
  health: { whole: true, perQueue: false },
};

/** Queue ids are the PBX's positive integers, written without leading zeros (one id, one stream). */
const STREAM_ID = /^([a-z]+)(?::([1-9]\d{0,14}))?$/;

/** Reads a stream id; undefined for anything that is not one (unknown kind, bad or missing queue id). */
export function parseStreamId(value: unknown): ParsedStream | undefined {
  if (typeof value !== 'string') return undefined;
  const match = STREAM_ID.exec(value);
  const kind = match?.[1];
  if (!kind || !Object.hasOwn(ID_FORMS, kind)) return undefined;
  const forms = ID_FORMS[kind as keyof StreamTypes];
  const queueId = match[2] === undefined ? null : Number(match[2]);
  if (queueId === null ? !forms.whole : !forms.perQueue || !Number.isSafeInteger(queueId)) return undefined;
  return { kind, queueId } as ParsedStream;
}

/** The queue id of a queue stream, or undefined for other streams. */
export function queueIdOf(stream: string): number | undefined {
  const parsed = parseStreamId(stream);
  return parsed?.kind === 'queue' ? (parsed.queueId ?? undefined) : undefined;
}

/** True for a well-formed stream id. */
export function isStreamId(value: unknown): value is StreamId {
  return parseStreamId(value) !== undefined;
}

/** The per-queue stream of held calls or desk-phone calls. */
export function queueCallStream(
  kind: 'inbound' | 'uacsta',
  queueId: number,
): `inbound:${number}` | `uacsta:${number}` {
  return `${kind}:${queueId}`;
}

/**
 * Whether a session sees the whole PBX: admins, and sessions with every queue. Only they see what belongs
 * to no queue (held calls routed elsewhere or nowhere known, desk phones of non-agents, conferences by
 * default) and the whole `inbound` and `uacsta` streams.
 */
export function seesWholePbx(session: Pick<SessionInfo, 'role' | 'queues'>): boolean {
  return session.role === 'admin' || session.queues === 'all';
}

/**
 * The streams of held calls (`inbound`) or desk-phone calls (`uacsta`) a session watches: the whole stream
 * when it sees the whole PBX, else one per queue of its scope (a screen merges them).
 */
export function callStreamsOf(
  kind: 'inbound' | 'uacsta',
  session: Pick<SessionInfo, 'role' | 'queues'>,
): StreamId[] {
  if (session.queues === 'all' || seesWholePbx(session)) return [kind];
  return session.queues.map((queueId) => queueCallStream(kind, queueId));
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
  alert?: QueueAlertView;
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
    alert: patch.alert ?? queue.alert,
    confirmedAt: patch.confirmedAt ?? queue.confirmedAt,
  };
}

/** Key functions of the keyed streams. */
export const STREAM_KEYS = {
  inbound: (call: HeldCallView) => call.callId,
  conferences: (conference: ConferenceView) => conference.number,
  uacsta: (call: UacstaCallView) => call.key,
} as const;

/** Applies any stream's patch to its data. Pure. Throws for a kind this contract does not know. */
export function applyPatch<K extends keyof StreamTypes>(
  kind: K,
  data: StreamTypes[K]['data'],
  patch: StreamTypes[K]['patch'],
): StreamTypes[K]['data'] {
  const known: keyof StreamTypes = kind;
  switch (known) {
    case 'queue':
      return applyQueuePatch(data as QueueView, patch as QueuePatch) as StreamTypes[K]['data'];
    case 'health':
      return patch as StreamTypes[K]['data'];
    // The keyed lists: each item replaced or removed by its key (STREAM_KEYS).
    case 'inbound':
    case 'conferences':
    case 'uacsta': {
      const keyOf = STREAM_KEYS[known] as (item: unknown) => string;
      return applyKeyedPatch(
        data as unknown[],
        patch as KeyedPatch<unknown>,
        keyOf,
      ) as StreamTypes[K]['data'];
    }
    default:
      return unknownKind(known);
  }
}

/**
 * The `default` of a switch over stream kinds: it compiles only when every kind has its case, and fails
 * closed at run time for a kind that arrived from elsewhere (another protocol version).
 */
export function unknownKind(kind: never): never {
  throw new Error(`unknown stream kind ${JSON.stringify(kind)}`);
}
