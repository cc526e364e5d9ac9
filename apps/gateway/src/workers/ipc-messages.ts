import type { SessionInfo } from '@switchboard/live-protocol';
import { isSessionInfo } from '../live/socket-types.js';

/**
 * The messages between the primary and its socket workers (cluster mode), checked at both ends: a message
 * of any other shape is dropped with a log line, never acted on.
 */

/** What the worker knows of a browser's handshake; the primary decides on it. */
export interface WorkerHandshake {
  headers: Record<string, string | string[] | undefined>;
  address: string;
  auth: Record<string, unknown>;
  query: Record<string, string | string[] | undefined>;
}

/** Primary -> worker. */
export type ToWorker =
  /** A browser connection (its socket travels as the message's handle); `head`: bytes already read, base64. */
  | { type: 'connection'; head: string }
  | { type: 'auth-result'; id: number; ok: true; session: SessionInfo }
  | { type: 'auth-result'; id: number; ok: false; code: string; message: string }
  | { type: 'emit'; socketId: string; event: string; args: unknown[] }
  | { type: 'ack'; socketId: string; ackId: number; args: unknown[] }
  | { type: 'join' | 'leave'; socketId: string; room: string }
  | { type: 'disconnect'; socketId: string }
  | { type: 'broadcast'; room: string; event: string; args: unknown[] };

/** Worker -> primary. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'auth'; id: number; socketId: string; handshake: WorkerHandshake }
  | { type: 'connected'; socketId: string }
  | { type: 'event'; socketId: string; event: string; args: unknown[]; ackId?: number }
  | { type: 'disconnected'; socketId: string; reason: string };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max = 1024): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isSocketId = (value: unknown): value is string => isText(value, 64);
const isRoom = (value: unknown): value is string => isText(value, 256);
/** The event name and arguments that emit, broadcast and event messages carry. */
const isEventWithArgs = (message: Fields): boolean =>
  isText(message['event'], 128) && Array.isArray(message['args']);
const isStringMap = (value: unknown): value is Record<string, string | string[] | undefined> =>
  isObject(value) &&
  Object.values(value).every(
    (entry) =>
      entry === undefined ||
      typeof entry === 'string' ||
      (Array.isArray(entry) && entry.every((item) => typeof item === 'string')),
  );

/** True when `keys` are exactly the object's keys, apart from optional ones. */
function hasKeys(message: Fields, keys: readonly string[], optional: readonly string[] = []): boolean {
  const own = Object.keys(message);
  return (
    keys.every((key) => own.includes(key)) && own.every((key) => keys.includes(key) || optional.includes(key))
  );
}

/** `message` as a {@link ToWorker}, or undefined when it has any other shape. */
export function parseToWorker(message: unknown): ToWorker | undefined {
  if (!isObject(message)) return undefined;
  const m = message;
  switch (m['type']) {
    case 'connection':
      return hasKeys(m, ['type', 'head']) && typeof m['head'] === 'string' ? (m as ToWorker) : undefined;
    case 'auth-result':
      if (!isId(m['id'])) return undefined;
      if (m['ok'] === true)
        return hasKeys(m, ['type', 'id', 'ok', 'session']) && isSessionInfo(m['session'])
          ? (m as ToWorker)
          : undefined;
      return m['ok'] === false &&
        hasKeys(m, ['type', 'id', 'ok', 'code', 'message']) &&
        isText(m['code'], 64) &&
        isText(m['message'])
        ? (m as ToWorker)
        : undefined;
    case 'emit':
      return hasKeys(m, ['type', 'socketId', 'event', 'args']) &&
        isSocketId(m['socketId']) &&
        isEventWithArgs(m)
        ? (m as ToWorker)
        : undefined;
    case 'ack':
      return hasKeys(m, ['type', 'socketId', 'ackId', 'args']) &&
        isSocketId(m['socketId']) &&
        isId(m['ackId']) &&
        Array.isArray(m['args'])
        ? (m as ToWorker)
        : undefined;
    case 'join':
    case 'leave':
      return hasKeys(m, ['type', 'socketId', 'room']) && isSocketId(m['socketId']) && isRoom(m['room'])
        ? (m as ToWorker)
        : undefined;
    case 'disconnect':
      return hasKeys(m, ['type', 'socketId']) && isSocketId(m['socketId']) ? (m as ToWorker) : undefined;
    case 'broadcast':
      return hasKeys(m, ['type', 'room', 'event', 'args']) && isRoom(m['room']) && isEventWithArgs(m)
        ? (m as ToWorker)
        : undefined;
    default:
      return undefined;
  }
}

/** `message` as a {@link FromWorker}, or undefined when it has any other shape. */
export function parseFromWorker(message: unknown): FromWorker | undefined {
  if (!isObject(message)) return undefined;
  const m = message;
  switch (m['type']) {
    case 'ready':
      return hasKeys(m, ['type']) ? { type: 'ready' } : undefined;
    case 'auth': {
      const h = m['handshake'];
      return hasKeys(m, ['type', 'id', 'socketId', 'handshake']) &&
        isId(m['id']) &&
        isSocketId(m['socketId']) &&
        isObject(h) &&
        hasKeys(h, ['headers', 'address', 'auth', 'query']) &&
        isStringMap(h['headers']) &&
        typeof h['address'] === 'string' &&
        isObject(h['auth']) &&
        isStringMap(h['query'])
        ? (m as FromWorker)
        : undefined;
    }
    case 'connected':
      return hasKeys(m, ['type', 'socketId']) && isSocketId(m['socketId']) ? (m as FromWorker) : undefined;
    case 'event':
      return hasKeys(m, ['type', 'socketId', 'event', 'args'], ['ackId']) &&
        isSocketId(m['socketId']) &&
        isEventWithArgs(m) &&
        (m['ackId'] === undefined || isId(m['ackId']))
        ? (m as FromWorker)
        : undefined;
    case 'disconnected':
      return hasKeys(m, ['type', 'socketId', 'reason']) &&
        isSocketId(m['socketId']) &&
        typeof m['reason'] === 'string'
        ? (m as FromWorker)
        : undefined;
    default:
      return undefined;
  }
}

/** The `type` of an unexpected message, for the log line (never its content). */
export function describeMessage(message: unknown): string {
  if (!isObject(message)) return typeof message;
  const type = message['type'];
  return typeof type === 'string' ? `type ${JSON.stringify(type.slice(0, 40))}` : 'object without a type';
}
