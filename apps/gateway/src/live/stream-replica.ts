import type { StreamId, StreamTypes } from '@switchboard/live-protocol';

/** One stream's state as the hub holds it. */
export interface StreamState {
  stream: StreamId;
  kind: keyof StreamTypes;
  seq: number;
  data: StreamTypes[keyof StreamTypes]['data'];
}

/**
 * Where a {@link StreamHub}'s state goes besides this process's sockets: Redis when several gateways share
 * the streams (REDIS_URL set), a file in DATA_DIR for a gateway running alone (it always leads).
 */
export interface StreamReplica {
  /** Only the leader commits; a follower's hub mirrors the leader's and drops local commits. */
  readonly isLeader: boolean;
  /**
   * Stores the committed state where every replica sees it, then calls `send` (the push to browsers) once
   * it is stored; never calls it when the store refused the write (this replica no longer leads).
   */
  publish(state: StreamState, send: () => void): void;
  /** The leader learnt which queues exist. */
  publishCatalogue(queueIds: readonly number[] | null): void;
}

/** Injection token of the {@link StreamReplica} (optional). */
export const STREAM_REPLICA = Symbol('STREAM_REPLICA');
