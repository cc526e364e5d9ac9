import type {
  AgentLoginCommand,
  AuditQuery,
  DecideCommand,
  KickCommand,
  ListenCommand,
  ResyncCommand,
  SubscribeCommand,
  UacstaRefuseCommand,
} from './commands.js';
import type { Result } from './result.js';
import type { Delta, Snapshot, StreamId } from './streams.js';
import type { AuditEntryView, HeldCallView } from './views.js';

/** Version of this contract; the gateway announces it and the dashboard refuses to run against another. */
export const PROTOCOL_VERSION = 1;

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
}

/** A socket.io acknowledgement callback carrying a {@link Result}. */
export type Ack<T> = (result: Result<T>) => void;

/** Events the gateway sends. */
export interface ServerToClientEvents {
  /** First message on every connection. */
  hello: (info: { protocol: number; session: SessionInfo; serverTime: number }) => void;
  snapshot: (snapshot: Snapshot) => void;
  delta: (delta: Delta) => void;
  /** The session's token expired or was revoked; the socket is closed next. */
  'session:expired': (info: { reason: string }) => void;
}

/** Commands a browser sends; every one is answered through its acknowledgement. */
export interface ClientToServerEvents {
  subscribe: (payload: SubscribeCommand, ack: Ack<{ granted: StreamId[]; denied: StreamId[] }>) => void;
  unsubscribe: (payload: SubscribeCommand, ack: Ack<{ streams: StreamId[] }>) => void;
  resync: (payload: ResyncCommand, ack: Ack<Snapshot>) => void;
  'inbound:decide': (payload: DecideCommand, ack: Ack<HeldCallView>) => void;
  'conference:kick': (payload: KickCommand, ack: Ack<{ kicked: string[] | 'all' }>) => void;
  'uacsta:refuse': (payload: UacstaRefuseCommand, ack: Ack<{ refused: true }>) => void;
  'agent:login': (payload: AgentLoginCommand, ack: Ack<{ done: true }>) => void;
  'call:listen': (payload: ListenCommand, ack: Ack<{ callId: string }>) => void;
  'audit:recent': (payload: AuditQuery, ack: Ack<AuditEntryView[]>) => void;
}
