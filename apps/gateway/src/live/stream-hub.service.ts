import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  parseStreamId,
  queueStream,
  streamRoom,
  STREAM_KEYS,
  type Delta,
  type KeyedPatch,
  type QueuePatch,
  type QueueView,
  type Snapshot,
  type StreamId,
  type StreamTypes,
} from '@switchboard/live-protocol';
import { runSafely } from '../logging/run-safely.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { diffKeyed } from './keyed-diff.js';
import { LiveEmitter } from './live-emitter.js';
import { scopedStates, type ScopedSources } from './scoped-streams.js';
import { STREAM_REPLICA, type StreamReplica, type StreamState } from './stream-replica.js';

interface StreamEntry {
  kind: keyof StreamTypes;
  seq: number;
  data: StreamTypes[keyof StreamTypes]['data'];
  /** Keys implied commits removed that no delta has carried yet (keyed streams). */
  pendingRemove?: Set<string>;
}

/** How a commit reaches screens. */
export interface CommitOptions {
  /**
   * The change follows from a rule every screen applies by itself to the data it has (the held-call rule,
   * libs/live-protocol/src/held-call-rules.ts): the hub keeps the new data for snapshots but neither numbers
   * nor sends it; the keys it removes ride with the stream's next delta. Keyed streams only; a stream's
   * first commit is always sent.
   */
  implied?: boolean;
}

type KeyedKind = 'inbound' | 'conferences' | 'uacsta';
const KEYED = new Set<keyof StreamTypes>(['inbound', 'conferences', 'uacsta']);

/**
 * The live state every screen shares: per stream, the current data and a sequence number. Producers
 * {@link commit} a new state with the patch that leads to it; the hub bumps the sequence and sends the
 * delta to the stream's room once. A stream's first commit goes out as a snapshot (nobody has data
 * to patch yet). {@link snapshot} serves subscribe and resync.
 *
 * With several gateways (a {@link StreamReplica} is provided), only the leader commits: its state is stored
 * in Redis before the push goes out, and the other replicas {@link mirror} it, so any of them serves
 * subscribe and resync with the leader's data and sequence numbers.
 *
 * Held and desk-phone calls are also published per queue (`inbound:<id>`, `uacsta:<id>`, see
 * scoped-streams.ts), derived here from every commit of their sources whoever commits them (producers,
 * a restart's restore, a takeover's republish), and committed like any stream (implied when their source's
 * commit was).
 *
 * An implied commit ({@link CommitOptions.implied}) changes what a new subscriber gets at the same seq: a
 * screen at that seq holds the older item and a new one the newer, and both show the same through the
 * rule; the next delta's keyed patch (idempotent) brings both to the same data. Implied commits are not
 * stored by the replica either: a follower serves the older item the same way, and a replica taking over
 * republishes what its board holds.
 */
@Injectable()
export class StreamHub {
  private readonly streams = new Map<StreamId, StreamEntry>();
  private queueIds: ReadonlySet<number> | null = null;
  /** Queue ids of the per-queue streams that exist, by kind. */
  private readonly perQueue = {
    queue: new Set<number>(),
    inbound: new Set<number>(),
    uacsta: new Set<number>(),
  };
  private readonly queueViewListeners = new Set<(view: QueueView) => void>();
  private readonly logger = new Logger('StreamHub');
  private readonly sources: ScopedSources = {
    existing: (kind) => this.perQueue[kind],
    queues: () => this.perQueue.queue,
    queue: (queueId) => this.current(queueStream(queueId), 'queue'),
    deskCalls: () => this.current('uacsta', 'uacsta'),
  };

  constructor(
    private readonly emitter: LiveEmitter,
    private readonly metrics: MetricsService,
    @Optional() @Inject(STREAM_REPLICA) private readonly replica?: StreamReplica,
  ) {}

  /**
   * Publishes `data` as the stream's new state and `patch` as the way there; returns the stream's sequence
   * number (unchanged by an implied commit).
   */
  commit<K extends keyof StreamTypes>(
    stream: StreamId,
    kind: K,
    data: StreamTypes[K]['data'],
    patch: StreamTypes[K]['patch'],
    options: CommitOptions = {},
  ): number {
    const entry = this.streams.get(stream);
    // A follower's producers may still run (timers, commands); the leader's state is the one that counts.
    if (this.replica && !this.replica.isLeader) return entry?.seq ?? 0;
    if (options.implied && entry) {
      if (!KEYED.has(kind)) throw new Error(`an implied commit needs a keyed stream, not ${kind}`);
      this.imply(stream, entry, data, patch as KeyedPatch<unknown>);
      this.derive(stream, kind, data, patch, entry, true);
      return entry.seq;
    }
    const seq = (entry?.seq ?? 0) + 1;
    this.streams.set(stream, { kind, seq, data });
    const room = streamRoom(stream);
    const sent = entry?.pendingRemove ? withRemoves(kind as KeyedKind, patch, entry.pendingRemove) : patch;
    const send = () => {
      if (!entry) {
        const snapshot: Snapshot = { stream, kind, seq, data };
        this.emitter.toRoom(room, 'snapshot', snapshot);
        this.metrics.push('snapshot', kind);
      } else {
        const delta: Delta = { stream, kind, seq, patch: sent };
        this.emitter.toRoom(room, 'delta', delta);
        this.metrics.push('delta', kind);
      }
    };
    if (this.replica) this.replica.publish({ stream, kind, seq, data }, send);
    else send();
    this.track(stream);
    this.derive(stream, kind, data, patch, entry, false);
    if (kind === 'queue') this.tellQueueView(data as QueueView);
    return seq;
  }

  /** Adopts a state the leader stored, without pushing anything (followers, and a replica taking over). */
  mirror(state: StreamState): void {
    this.streams.set(state.stream, { kind: state.kind, seq: state.seq, data: state.data });
    this.track(state.stream);
    if (state.kind === 'queue') this.tellQueueView(state.data as QueueView);
  }

  /**
   * Calls `listener` with every queue view committed here or adopted from the leader: what each replica
   * sees, so followers can follow what the leader polls (agent time in state).
   */
  onQueueView(listener: (view: QueueView) => void): () => void {
    this.queueViewListeners.add(listener);
    return () => this.queueViewListeners.delete(listener);
  }

  private tellQueueView(view: QueueView): void {
    for (const listener of this.queueViewListeners)
      runSafely(this.logger, 'a queue view listener', () => listener(view));
  }

  /**
   * The stream's current state and sequence number, or undefined before its first commit. A per-queue
   * stream of calls that never had one is empty at seq 0 (its first commit goes out as a snapshot).
   */
  snapshot(stream: StreamId): Snapshot | undefined {
    const entry = this.streams.get(stream);
    if (entry) return { stream, kind: entry.kind, seq: entry.seq, data: entry.data };
    const parsed = parseStreamId(stream);
    if ((parsed?.kind === 'inbound' || parsed?.kind === 'uacsta') && parsed.queueId !== null)
      return { stream, kind: parsed.kind, seq: 0, data: [] };
    return undefined;
  }

  /** The data of a stream, typed by kind (producers diff against it). */
  current<K extends keyof StreamTypes>(stream: StreamId, kind: K): StreamTypes[K]['data'] | undefined {
    const entry = this.streams.get(stream);
    return entry && entry.kind === kind ? (entry.data as StreamTypes[K]['data']) : undefined;
  }

  /** The queues that exist (null until the queue list is known). Queue streams outside it are refused. */
  setQueueCatalogue(queueIds: readonly number[] | null): void {
    this.queueIds = queueIds === null ? null : new Set(queueIds);
    if (this.replica?.isLeader) this.replica.publishCatalogue(queueIds);
  }

  /**
   * Every known queue with its number and name, for screens that must discover what to subscribe to.
   * Names come from each queue's current state; a queue not polled yet is listed by id alone.
   */
  queueCatalogue(): { id: number; number: string; name: string }[] {
    const ids = new Set(this.queueIds ?? []);
    for (const [stream, entry] of this.streams)
      if (entry.kind === 'queue') ids.add(Number(stream.slice('queue:'.length)));
    return [...ids]
      .sort((a, b) => a - b)
      .map((id) => {
        const view = this.current(`queue:${id}`, 'queue');
        return { id, number: view?.number ?? '', name: view?.name ?? `Queue ${id}` };
      });
  }

  /** Whether queue `id` may be subscribed: watched, or not known yet because the list has not loaded. */
  isKnownQueue(id: number): boolean {
    return this.queueIds === null || this.queueIds.has(id);
  }

  private track(stream: StreamId): void {
    const parsed = parseStreamId(stream);
    if (parsed?.queueId == null) return;
    if (parsed.kind === 'queue' || parsed.kind === 'inbound' || parsed.kind === 'uacsta')
      this.perQueue[parsed.kind].add(parsed.queueId);
  }

  /** Keeps an implied commit's data, and the keys it removed for the next delta. */
  private imply(
    stream: StreamId,
    entry: StreamEntry,
    data: StreamEntry['data'],
    patch: KeyedPatch<unknown>,
  ): void {
    const keyOf = STREAM_KEYS[entry.kind as KeyedKind] as (item: unknown) => string;
    const pendingRemove = new Set(entry.pendingRemove);
    for (const key of patch.remove) pendingRemove.add(key);
    for (const item of patch.upsert) pendingRemove.delete(keyOf(item));
    this.streams.set(stream, { ...entry, data, ...(pendingRemove.size > 0 ? { pendingRemove } : {}) });
  }

  /** Commits the per-queue streams a commit of `stream` changes, implied when it was. */
  private derive<K extends keyof StreamTypes>(
    stream: StreamId,
    kind: K,
    data: StreamTypes[K]['data'],
    patch: StreamTypes[K]['patch'],
    entry: StreamEntry | undefined,
    implied: boolean,
  ): void {
    const agentsChanged = kind === 'queue' && (!entry || (patch as QueuePatch).agents !== undefined);
    for (const state of scopedStates(stream, data, agentsChanged, this.sources))
      if (state.kind === 'inbound') this.commitKeyed(state.stream, 'inbound', state.data, implied);
      else this.commitKeyed(state.stream, 'uacsta', state.data, implied);
  }

  /** Commits a per-queue stream when its items changed (a new one only once it has some). */
  private commitKeyed<K extends 'inbound' | 'uacsta'>(
    stream: StreamId,
    kind: K,
    next: StreamTypes[K]['data'],
    implied: boolean,
  ): void {
    const previous = this.current(stream, kind);
    const keyOf = STREAM_KEYS[kind] as (item: StreamTypes[K]['data'][number]) => string;
    const patch = previous
      ? diffKeyed<StreamTypes[K]['data'][number]>(previous, next, keyOf)
      : next.length > 0
        ? { upsert: next, remove: [] }
        : undefined;
    if (patch) this.commit(stream, kind, next, patch as StreamTypes[K]['patch'], { implied });
  }
}

/**
 * A delta's patch with the keys implied commits removed since the last delta: removed as well, unless the
 * patch brings them back.
 */
function withRemoves<K extends keyof StreamTypes>(
  kind: KeyedKind,
  patch: StreamTypes[K]['patch'],
  pending: ReadonlySet<string>,
): StreamTypes[K]['patch'] {
  const keyed = patch as KeyedPatch<unknown>;
  const keyOf = STREAM_KEYS[kind] as (item: unknown) => string;
  const back = new Set(keyed.upsert.map(keyOf));
  const remove = new Set(keyed.remove);
  for (const key of pending) if (!back.has(key)) remove.add(key);
  return { upsert: keyed.upsert, remove: [...remove] } as StreamTypes[K]['patch'];
}
