/**
 * Who a session belongs to and what it may do: shared by the socket contract, the REST contract and the
 * stream rules (which streams a session may see), so none of them imports another for it.
 */

/** Roles, from least to most powerful. */
export type Role = 'viewer' | 'supervisor' | 'admin';

/** Who the socket belongs to and what it may do. */
export interface SessionInfo {
  user: string;
  role: Role;
  /** Queue ids this session may see (and, for supervisors, act on); 'all' for every queue. */
  queues: number[] | 'all';
  /** True for wallboard display links: read-only, no commands. */
  display: boolean;
  /** What the gateway offers (listen/agent login depend on the PBX). */
  features: { listen: boolean; agentLogin: boolean; uacsta: boolean };
  /** The PBX's hold window for inbound decisions, ms. */
  holdWindowMs: number;
  /** The user's own extension from the profile (USERS `extension`, or the trusted proxy's), when set. */
  extension?: string;
}
