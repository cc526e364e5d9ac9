import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  parseStreamId,
  queueStream,
  streamRoom,
  STREAM_KEYS,
  type Delta,
  type QueuePatch,
  type Snapshot,
  type StreamId,
  type StreamTypes,
} from '@switchboard/live-protocol';
import { MetricsService } from '../health/metrics.service.js';
import { diffKeyed } from './keyed-diff.js';
import { LiveEmitter } from './live-emitter.js';
import { scopedStates, type ScopedSources } from './scoped-streams.js';
import { STREAM_REPLICA, type StreamReplica, type StreamState } from './stream-replica.js';

interface StreamEntry {
  kind: keyof StreamTypes;
  seq: number;
  data: StreamTypes[keyof StreamTypes]['data'];
}

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
 * a restart's restore, a takeover's republish), and committed like any stream.
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

  /** Publishes `data` as the stream's new state and `patch` as the way there; returns the new sequence number. */
  commit<K extends keyof StreamTypes>(
    stream: StreamId,
    kind: K,
    data: StreamTypes[K]['data'],
    patch: StreamTypes[K]['patch'],
  ): number {
    const entry = this.streams.get(stream);
    // A follower's producers may still run (timers, commands); the leader's state is the one that counts.
    if (this.replica && !this.replica.isLeader) return entry?.seq ?? 0;
    const seq = (entry?.seq ?? 0) + 1;
    this.streams.set(stream, { kind, seq, data });
    const room = streamRoom(stream);
    const send = () => {
      if (!entry) {
        const snapshot: Snapshot = { stream, kind, seq, data };
        this.emitter.toRoom(room, 'snapshot', snapshot);
        this.metrics.push('snapshot', kind);
      } else {
        const delta: Delta = { stream, kind, seq, patch };
        this.emitter.toRoom(room, 'delta', delta);
        this.metrics.push('delta', kind);
      }
    };
    if (this.replica) this.replica.publish({ stream, kind, seq, data }, send);
    else send();
    this.track(stream);
    const agentsChanged = kind === 'queue' && (!entry || (patch as QueuePatch).agents !== undefined);
    for (const state of scopedStates(stream, data, agentsChanged, this.sources))
      if (state.kind === 'inbound') this.commitKeyed(state.stream, 'inbound', state.data);
      else this.commitKeyed(state.stream, 'uacsta', state.data);
    return seq;
  }

  /** Adopts a state the leader stored, without pushing anything (followers, and a replica taking over). */
  mirror(state: StreamState): void {
    this.streams.set(state.stream, { kind: state.kind, seq: state.seq, data: state.data });
    this.track(state.stream);
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

  /** Commits a per-queue stream when its items changed (a new one only once it has some). */
  private commitKeyed<K extends 'inbound' | 'uacsta'>(
    stream: StreamId,
    kind: K,
    next: StreamTypes[K]['data'],
  ): void {
    const previous = this.current(stream, kind);
    const keyOf = STREAM_KEYS[kind] as (item: StreamTypes[K]['data'][number]) => string;
    const patch = previous
      ? diffKeyed<StreamTypes[K]['data'][number]>(previous, next, keyOf)
      : next.length > 0
        ? { upsert: next, remove: [] }
        : undefined;
    if (patch) this.commit(stream, kind, next, patch as StreamTypes[K]['patch']);
  }
}
