import type { ClusterStatusView } from '@switchboard/live-protocol';

/**
 * Whether this gateway is the one that talks to the PBX in the background (polls, event stream). A single
 * gateway always is; in a cluster only the replica holding the Redis lease is. Consumers that start and stop
 * background PBX work {@link watch} it; consumers that only need to know read {@link isLeader}.
 */
export interface ClusterRole {
  readonly isLeader: boolean;
  /** Calls `listener` at once with the current role, then on every change; returns the unsubscribe function. */
  watch(listener: (leader: boolean) => void): () => void;
  /** The cluster as /readyz shows it. */
  status(): ClusterStatusView;
}

/** Injection token of the {@link ClusterRole}; provided only when REDIS_URL is set (optional elsewhere). */
export const CLUSTER_ROLE = Symbol('CLUSTER_ROLE');

/** The role of a gateway that runs alone: always the leader. */
export const ALWAYS_LEADER: Pick<ClusterRole, 'isLeader' | 'watch'> = {
  isLeader: true,
  watch(listener) {
    listener(true);
    return () => undefined;
  },
};
