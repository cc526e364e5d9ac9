import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger } from '@nestjs/common';
import type { ClusterStatusView, StreamId } from '@switchboard/live-protocol';
import type { ClusterRole } from '../ports/cluster-role.js';
import { runSafely } from '../logging/run-safely.js';
import { RedisConnection, type ClusterLogger } from './redis-connection.js';

/** Every Redis key and channel of the cluster, under one prefix. */
export class ClusterKeys {
  constructor(readonly prefix: string) {}
  /** The leader lease (value: the holder's replica id). */
  get lease(): string {
    return `${this.prefix}:leader`;
  }
  /** The fencing token counter: INCR on every new lease. */
  get epoch(): string {
    return `${this.prefix}:epoch`;
  }
  /** The ids of the stored streams. */
  get streams(): string {
    return `${this.prefix}:streams`;
  }
  /** One stream's latest state: seq, kind, data (JSON), token. */
  stream(id: StreamId | string): string {
    return `${this.prefix}:stream:${id}`;
  }
  /** The queue catalogue (JSON: ids or null). */
  get catalogue(): string {
    return `${this.prefix}:catalogue`;
  }
  /** Stream states and catalogue changes, from the leader to the others. */
  get stateChannel(): string {
    return `${this.prefix}:state`;
  }
  /** Commands forwarded to `replica`. */
  commands(replica: string): string {
    return `${this.prefix}:cmd:${replica}`;
  }
  /** Answers to commands `replica` forwarded. */
  replies(replica: string): string {
    return `${this.prefix}:reply:${replica}`;
  }
  /** Held-call decision claims live under this prefix. */
  get decisions(): string {
    return `${this.prefix}:decision`;
  }
  /** Held calls' channels live under this prefix. */
  get heldCalls(): string {
    return `${this.prefix}:held-call`;
  }
  /** Display links (hash id -> record JSON). */
  get displays(): string {
    return `${this.prefix}:displays`;
  }
  /** Logged-out sessions (sorted set jti by expiry). */
  get revokedSessions(): string {
    return `${this.prefix}:revoked-sessions`;
  }
  /** The shared audit trail (capped list of entry JSON). */
  get audit(): string {
    return `${this.prefix}:audit`;
  }
  /** New audit entries, to every replica. */
  get auditChannel(): string {
    return `${this.prefix}:audit-entries`;
  }
  /** Revocations, to every replica. */
  get revocationChannel(): string {
    return `${this.prefix}:revocations`;
  }
  /** The socket.io adapter's channels. */
  get socketIo(): string {
    return `${this.prefix}:socket.io`;
  }
}

/** This replica's role, driven by the election and watched by whatever runs only on the leader. */
export class ClusterRoleState implements ClusterRole {
  private leader = false;
  private readonly listeners = new Set<(leader: boolean) => void>();
  private readonly logger = new Logger('Cluster');
  /** The fencing token while leading. */
  token: number | null = null;
  /** The lease holder last seen in Redis. */
  leaderId: string | null = null;

  constructor(
    readonly replica: string,
    private readonly redisUp: () => boolean,
  ) {}

  get isLeader(): boolean {
    return this.leader;
  }

  watch(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    listener(this.leader);
    return () => this.listeners.delete(listener);
  }

  /** Switches the role and tells every watcher (each on its own: one failing does not stop the others). */
  set(leader: boolean): void {
    if (leader === this.leader) return;
    this.leader = leader;
    if (leader) this.leaderId = this.replica;
    for (const listener of this.listeners)
      runSafely(this.logger, 'leadership listener', () => listener(leader));
  }

  status(): ClusterStatusView {
    return {
      replica: this.replica,
      role: this.leader ? 'leader' : 'follower',
      leader: this.leader ? this.replica : this.leaderId,
      token: this.leader ? this.token : null,
      redis: this.redisUp() ? 'up' : 'down',
    };
  }
}

/** Injection token of the {@link ClusterContext}. */
export const CLUSTER_CONTEXT = Symbol('CLUSTER_CONTEXT');

/** What every cluster part shares: this replica's id, the keys, the Redis connection and the role. */
export class ClusterContext {
  readonly replica: string;
  readonly keys: ClusterKeys;
  readonly redis: RedisConnection;
  readonly role: ClusterRoleState;

  constructor(redisUrl: string, prefix = 'switchboard', logger: ClusterLogger = new Logger('Redis')) {
    this.replica = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    this.keys = new ClusterKeys(prefix);
    this.redis = new RedisConnection({ url: redisUrl, logger });
    this.role = new ClusterRoleState(this.replica, () => this.redis.up);
  }

  /** The lease this replica writes under, while it leads. */
  lease(): { replica: string; token: number } | null {
    const token = this.role.token;
    return this.role.isLeader && token !== null ? { replica: this.replica, token } : null;
  }
}
