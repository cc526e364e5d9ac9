import type { Role, SessionInfo } from '@switchboard/live-protocol';
import type { GatewayConfig } from '../config/gateway-config.js';

/** How a principal proved who it is; decides how it can end. */
export type PrincipalSource =
  /** A login token: ends at `expiresAt` or on logout. */
  | { kind: 'session'; jti: string; expiresAt: number }
  /** A display token: ends when an admin revokes it. */
  | { kind: 'display'; id: string }
  /** Identity headers from a trusted reverse proxy, re-read on every request. */
  | { kind: 'proxy' }
  /** A held call's action token from a notification: good for deciding that one call, until its window ends. */
  | { kind: 'push'; user: string };

/** Who is calling, server-side: what the browser sees (`session`) plus what only the gateway needs. */
export interface Principal {
  session: SessionInfo;
  source: PrincipalSource;
  /** The user's own extension (the only one a supervisor may listen from), when configured. */
  extension: string | null;
}

const RANK: Record<Role, number> = { viewer: 0, supervisor: 1, admin: 2 };

/** True when `role` is at least `minimum`. */
export function hasRole(role: Role, minimum: Role): boolean {
  return RANK[role] >= RANK[minimum];
}

/** The more powerful of two roles. */
export function higherRole(a: Role, b: Role): Role {
  return RANK[a] >= RANK[b] ? a : b;
}

/** True when a session may see (and, with the role for it, act on) queue `queueId`. */
export function inScope(session: SessionInfo, queueId: number): boolean {
  return session.queues === 'all' || session.queues.includes(queueId);
}

/** Builds the SessionInfo a browser receives; features and hold window come from the PBX settings. */
export function sessionInfo(
  config: GatewayConfig,
  user: string,
  role: Role,
  queues: number[] | 'all',
  display: boolean,
  /** The user's own extension from the profile, when set. */
  extension?: string | null,
): SessionInfo {
  return {
    user,
    role,
    queues: queues === 'all' ? 'all' : [...queues].sort((a, b) => a - b),
    display,
    features: { ...config.pbx.features },
    holdWindowMs: config.pbx.holdWindowMs,
    ...(extension ? { extension } : {}),
  };
}
