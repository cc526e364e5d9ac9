import type { ClientToServerEvents, ServerToClientEvents, SessionInfo } from '@switchboard/live-protocol';
import type { Server, Socket } from 'socket.io';

/** Per-socket data; `session` is set by the handshake middleware before the connection is accepted. */
export interface LiveSocketData {
  session?: SessionInfo;
}

/** The gateway's socket.io server, typed with the live-protocol events. */
export type LiveServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  LiveSocketData
>;

/** One browser connection, typed with the live-protocol events. */
export type LiveSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  LiveSocketData
>;

/** True when `value` looks like a {@link SessionInfo} (guards against a middleware that set nothing). */
export function isSessionInfo(value: unknown): value is SessionInfo {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Partial<SessionInfo>;
  return (
    typeof s.user === 'string' &&
    (s.role === 'viewer' || s.role === 'supervisor' || s.role === 'admin') &&
    (s.queues === 'all' || (Array.isArray(s.queues) && s.queues.every((q) => Number.isInteger(q)))) &&
    typeof s.display === 'boolean' &&
    typeof s.features === 'object' &&
    s.features !== null &&
    typeof s.holdWindowMs === 'number'
  );
}
