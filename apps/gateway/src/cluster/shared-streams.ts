import { Logger } from '@nestjs/common';
import { isStreamId, type StreamTypes } from '@switchboard/live-protocol';
import type { StreamReplica, StreamState } from '../live/stream-replica.js';
import type { ClusterContext } from './cluster-context.js';
import { FENCED_SET, FENCED_STREAM_WRITE } from './lua-scripts.js';
import { describeRedisError } from './redis-connection.js';

const KINDS = new Set<keyof StreamTypes>(['queue', 'conferences', 'inbound', 'uacsta', 'health']);

/** A message on the state channel. */
type StateMessage =
  | { type: 'stream'; from: string; token: number; stream: string; kind: string; seq: number; data: unknown }
  | { type: 'catalogue'; from: string; token: number; ids: number[] | null };

/** Where a follower puts what the leader published. */
export interface StreamMirror {
  mirror(state: StreamState): void;
  setQueueCatalogue(queueIds: readonly number[] | null): void;
  snapshot(stream: StreamState['stream']): { seq: number } | undefined;
}

/** Everything stored: each stream's latest state, and the queue catalogue (undefined when never stored). */
export interface StoredState {
  streams: StreamState[];
  catalogue: number[] | null | undefined;
}

/**
 * The streams every replica shares. The leader writes each committed state to a Redis hash per stream
 * (`seq`, `kind`, `data`, `token`) and publishes it on the state channel in the same script, only while
 * it holds the lease with the newest fencing token; the push to browsers goes out once the write is
 * accepted, through the socket.io adapter, so a stale ex-leader's commits reach neither Redis nor screens.
 * Followers mirror the published states into their hub; a replica taking over loads the stored states
 * and continues each stream from its stored seq.
 */
export class SharedStreams implements StreamReplica {
  private readonly logger = new Logger('SharedStreams');
  private lastErrorLogAt = 0;
  private mirrorTarget: StreamMirror | undefined;
  /** Streams a message updated while a load was under way: the load must not put older data back. */
  private touchedDuringLoad: Set<string> | undefined;

  /** Called when Redis refused a write because another replica now leads. */
  onFenced: () => void = () => undefined;

  constructor(private readonly ctx: ClusterContext) {}

  get isLeader(): boolean {
    return this.ctx.lease() !== null;
  }

  publish(state: StreamState, send: () => void): void {
    const lease = this.ctx.lease();
    if (!lease) return;
    const data = JSON.stringify(state.data);
    const message = `{"type":"stream","from":${JSON.stringify(lease.replica)},"token":${lease.token},"stream":${JSON.stringify(state.stream)},"kind":${JSON.stringify(state.kind)},"seq":${state.seq},"data":${data}}`;
    const { keys } = this.ctx;
    this.ctx.redis
      .eval<number>(
        FENCED_STREAM_WRITE,
        [keys.lease, keys.epoch, keys.stream(state.stream), keys.streams],
        [lease.replica, lease.token, state.stream, state.seq, state.kind, data, keys.stateChannel, message],
      )
      .then(
        (result) => {
          if (result === 1) send();
          else if (result === 0) this.fenced(state.stream);
          else void this.catchUp(state, -result);
        },
        // Not stored, so not pushed: screens see the next seq as a gap and resync.
        (error: unknown) => this.writeFailed(state.stream, error),
      );
  }

  publishCatalogue(queueIds: readonly number[] | null): void {
    const lease = this.ctx.lease();
    if (!lease) return;
    const ids = queueIds === null ? null : [...queueIds];
    const message: StateMessage = { type: 'catalogue', from: lease.replica, token: lease.token, ids };
    const { keys } = this.ctx;
    this.ctx.redis
      .eval<number>(
        FENCED_SET,
        [keys.lease, keys.epoch, keys.catalogue],
        [lease.replica, lease.token, JSON.stringify(ids), keys.stateChannel, JSON.stringify(message)],
      )
      .then(
        (result) => {
          if (result === 0) this.fenced('catalogue');
        },
        (error: unknown) => this.writeFailed('catalogue', error),
      );
  }

  /** Follows the leader: every state it publishes lands in `target` (while this replica does not lead). */
  async follow(target: StreamMirror): Promise<void> {
    this.mirrorTarget = target;
    await this.ctx.redis.subscribe(this.ctx.keys.stateChannel, (text) => this.onMessage(text));
  }

  /** Reads every stored stream state and the catalogue. */
  async load(): Promise<StoredState> {
    const { redis, keys } = this.ctx;
    const ids = await redis.command<string[]>(['SMEMBERS', keys.streams]);
    const hashes = await Promise.all(ids.map((id) => redis.command<string[]>(['HGETALL', keys.stream(id)])));
    const streams: StreamState[] = [];
    hashes.forEach((flat, index) => {
      const state = parseStored(ids[index] ?? '', flat);
      if (state) streams.push(state);
      else this.logger.warn({ msg: 'ignoring an unreadable stored stream', stream: ids[index] });
    });
    const catalogueText = await redis.command<string | null>(['GET', keys.catalogue]);
    return { streams, catalogue: parseCatalogue(catalogueText) };
  }

  /**
   * Loads the stored state into `target`. `force` replaces every stream that is stored (a replica that just
   * stopped leading drops what it could not store); otherwise a stream only moves forward.
   */
  async loadInto(target: StreamMirror, force: boolean): Promise<number> {
    this.touchedDuringLoad = new Set();
    try {
      const stored = await this.load();
      for (const state of stored.streams) {
        if (this.touchedDuringLoad.has(state.stream)) continue;
        const local = target.snapshot(state.stream);
        if (force || !local || state.seq >= local.seq) target.mirror(state);
      }
      if (stored.catalogue !== undefined) target.setQueueCatalogue(stored.catalogue);
      return stored.streams.length;
    } finally {
      this.touchedDuringLoad = undefined;
    }
  }

  private onMessage(text: string): void {
    const target = this.mirrorTarget;
    // The leader's own hub is the source; echoes of its writes (or a fenced-off writer's) change nothing.
    if (!target || this.ctx.role.isLeader) return;
    const message = parseMessage(text);
    if (!message) {
      this.logger.warn({ msg: 'ignoring an unreadable state message' });
      return;
    }
    this.ctx.role.leaderId = message.from;
    if (message.type === 'catalogue') {
      target.setQueueCatalogue(message.ids);
      return;
    }
    if (!isStreamId(message.stream) || !KINDS.has(message.kind as keyof StreamTypes)) return;
    this.touchedDuringLoad?.add(message.stream);
    target.mirror({
      stream: message.stream,
      kind: message.kind as keyof StreamTypes,
      seq: message.seq,
      data: message.data as StreamState['data'],
    });
  }

  private fenced(what: string): void {
    this.logger.warn({ msg: 'write refused: another replica leads now', stream: what });
    this.onFenced();
  }

  /** The store is ahead of this leader's hub (it should not be): adopt the stored state and carry on. */
  private async catchUp(state: StreamState, storedSeq: number): Promise<void> {
    this.logger.warn({
      msg: 'stream behind its stored state; reloading it',
      stream: state.stream,
      storedSeq,
    });
    const target = this.mirrorTarget;
    if (!target) return;
    try {
      const flat = await this.ctx.redis.command<string[]>(['HGETALL', this.ctx.keys.stream(state.stream)]);
      const stored = parseStored(state.stream, flat);
      if (stored) target.mirror(stored);
    } catch (error) {
      this.writeFailed(state.stream, error);
    }
  }

  private writeFailed(what: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastErrorLogAt < 10_000) return;
    this.lastErrorLogAt = now;
    this.logger.warn({ msg: 'shared state not written', stream: what, error: describeRedisError(error) });
  }
}

/** A stream hash (HGETALL as a flat field/value list) as a state, or undefined when it is not one. */
export function parseStored(stream: string, flat: readonly string[]): StreamState | undefined {
  const fields = new Map<string, string>();
  for (let i = 0; i + 1 < flat.length; i += 2) fields.set(flat[i] ?? '', flat[i + 1] ?? '');
  const seq = Number(fields.get('seq'));
  const kind = fields.get('kind') as keyof StreamTypes | undefined;
  const data = fields.get('data');
  if (!isStreamId(stream) || !Number.isInteger(seq) || seq < 1 || !kind || !KINDS.has(kind) || !data)
    return undefined;
  try {
    return { stream, kind, seq, data: JSON.parse(data) as StreamState['data'] };
  } catch {
    return undefined;
  }
}

function parseCatalogue(text: string | null): number[] | null | undefined {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null) return null;
    if (Array.isArray(value) && value.every((id) => Number.isInteger(id))) return value as number[];
  } catch {
    // unreadable: treated as never stored
  }
  return undefined;
}

function parseMessage(text: string): StateMessage | undefined {
  try {
    const value = JSON.parse(text) as Partial<StateMessage> & Record<string, unknown>;
    if (typeof value.from !== 'string' || typeof value.token !== 'number') return undefined;
    if (value.type === 'catalogue') {
      const ids = value['ids'];
      if (ids === null || (Array.isArray(ids) && ids.every((id) => Number.isInteger(id))))
        return value as StateMessage;
      return undefined;
    }
    if (
      value.type === 'stream' &&
      typeof value['stream'] === 'string' &&
      typeof value['kind'] === 'string' &&
      Number.isInteger(value['seq']) &&
      'data' in value
    )
      return value as StateMessage;
  } catch {
    // fall through
  }
  return undefined;
}
