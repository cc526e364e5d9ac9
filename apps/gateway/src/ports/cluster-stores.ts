import type { AuditService } from './audit.service.js';
import type { DisplayTokenStore } from './display-token.store.js';
import type { LoginAttemptStore } from './login-attempts.js';
import type { SessionRevocations } from './session-revocations.js';
import type { DecisionLock } from './decision-lock.js';

/** Which PBX channel each held call is on, kept where a replica taking over can read it. */
export interface HeldCallChannels {
  /** Remembers a held call's channel for `ttlMs` (errors are logged, never thrown). */
  remember(callId: string, channelId: string, ttlMs: number): void;
  /** The known channels of `callIds`. */
  recall(callIds: readonly string[]): Promise<Map<string, string>>;
}

/**
 * The versions of state that outlive one gateway's memory: shared through Redis when REDIS_URL is set
 * (ClusterModule), kept in files in DATA_DIR otherwise (DurableStateModule). The modules that own these seams
 * fall back to their in-memory versions when neither provides them (unit tests).
 */
export interface ClusterStores {
  /** "First decision wins" on held calls across replicas. */
  decisionLock: DecisionLock;
  /** Held calls' channels, for the replica that takes over. */
  heldCallChannels: HeldCallChannels;
  /** Display links: created on one replica, valid on all. */
  displayTokens: DisplayTokenStore;
  /** Logouts and revoked display links, applied on every replica. */
  revocations: SessionRevocations;
  /** The audit trail, the same on every replica. */
  audit: AuditService;
  /** Login attempts counted for the whole cluster; a gateway alone counts in memory (nothing to keep). */
  loginAttempts?: LoginAttemptStore;
}

/** Injection token of the {@link ClusterStores} (optional). */
export const CLUSTER_STORES = Symbol('CLUSTER_STORES');
