import type {
  Ack,
  ClientToServerEvents,
  ErrorCode,
  ResultError,
  ServerToClientEvents,
} from '@switchboard/live-protocol';
import { io, type Socket } from 'socket.io-client';

/** The socket.io client socket, typed with the live-protocol contract. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** socket.io's own connection events, as the stores use them. */
export interface LinkEvents {
  connect: () => void;
  disconnect: (reason: string) => void;
  /** `data.code` is set when the gateway refused the handshake (e.g. `unauthorized`). */
  connect_error: (error: { message: string; data?: { code?: string } }) => void;
}

/** Every event a store may listen to. */
export type LiveEvents = ServerToClientEvents & LinkEvents;

/**
 * The part of the typed socket the stores use. The real socket is adapted to it below; tests pass an
 * in-memory fake. Listeners are bound once, by the stores, for the life of the app.
 */
export interface LiveSocketPort {
  readonly connected: boolean;
  /** True while socket.io will reconnect by itself after a drop. */
  readonly active: boolean;
  on<E extends keyof LiveEvents>(event: E, listener: LiveEvents[E]): void;
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void;
  connect(): void;
  disconnect(): void;
}

/** Codes a request can fail with on this side of the wire, besides the gateway's own. */
export type ClientErrorCode = ErrorCode | 'timeout' | 'offline' | 'bad_answer';

/** A gateway answer, or a failure that never reached (or never came back from) the gateway. */
export type ClientResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: { code: ClientErrorCode; message: string; fields?: ResultError['fields'] } };

/** The data type a command's acknowledgement carries. */
export type AckData<E extends keyof ClientToServerEvents> =
  Parameters<ClientToServerEvents[E]>[1] extends Ack<infer T> ? T : never;

/** How long a command may take before the screen says so. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 8000;

function isResult(value: unknown): value is ClientResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  if (candidate.ok === true) return 'data' in candidate;
  return (
    candidate.ok === false &&
    typeof candidate.error?.code === 'string' &&
    typeof candidate.error.message === 'string'
  );
}

/**
 * Sends a command and turns its acknowledgement into a {@link ClientResult}. A command is never queued
 * while offline (a late "accept" would be worse than none), and a missing answer ends as `timeout`.
 */
export function request<E extends keyof ClientToServerEvents>(
  socket: LiveSocketPort,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
): Promise<ClientResult<AckData<E>>> {
  if (!socket.connected) {
    return Promise.resolve({
      ok: false,
      error: { code: 'offline', message: 'Not connected to the gateway; try again when the link is back.' },
    });
  }
  return new Promise((resolve) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      resolve({
        ok: false,
        error: {
          code: 'timeout',
          message: `The gateway did not answer within ${Math.round(timeoutMs / 1000)} s; the outcome is unknown.`,
        },
      });
    }, timeoutMs);
    const ack = (answer: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(
        isResult(answer)
          ? (answer as ClientResult<AckData<E>>)
          : {
              ok: false,
              error: {
                code: 'bad_answer',
                message: 'The gateway sent an answer this page does not understand.',
              },
            },
      );
    };
    socket.emit(event, ...([payload, ack] as unknown as Parameters<ClientToServerEvents[E]>));
  });
}

/** Builds the socket; replaced in tests. `auth` is read at every (re)connection. */
export type SocketFactory = (auth: () => { token?: string }) => LiveSocketPort;

function adapt(socket: LiveSocket): LiveSocketPort {
  return {
    get connected() {
      return socket.connected;
    },
    get active() {
      return socket.active;
    },
    on(event, listener) {
      // The port's event map is the socket's (contract events + reserved ones); only the generics differ.
      socket.on(event as 'hello', listener as ServerToClientEvents['hello']);
    },
    emit(event, ...args) {
      socket.emit(event, ...args);
    },
    connect() {
      socket.connect();
    },
    disconnect() {
      socket.disconnect();
    },
  };
}

/** The real socket: same origin as the page, manual start, reconnection with capped backoff. */
export const browserSocketFactory: SocketFactory = (auth) =>
  adapt(
    io({
      path: '/socket.io',
      // WebSocket first: one upgrade request per connection, so scaled-out gateways need no sticky
      // sessions; long-polling remains only as the fallback for networks that block WebSocket.
      transports: ['websocket', 'polling'],
      autoConnect: false,
      auth: (callback) => callback(auth()),
      // A restarted gateway is back within seconds and a TV must be live within 5 s of the kill: tries every
      // 0.5 s rising to 1.5 s, each spread by half so thousands of screens do not knock at the same moment.
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 1500,
      randomizationFactor: 0.5,
      timeout: 10_000,
    }),
  );

let factory: SocketFactory = browserSocketFactory;
let instance: LiveSocketPort | undefined;
let token: string | null = null;

/** The one socket of the app (created on first use, never connected until a store starts it). */
export function liveSocket(): LiveSocketPort {
  instance ??= factory(() => (token ? { token } : {}));
  return instance;
}

/** The token sent at the next handshake (session or display token); null sends none. */
export function setSocketToken(next: string | null): void {
  token = next;
}

/** Replaces the socket factory and forgets the current socket; for tests. */
export function setSocketFactory(next: SocketFactory): void {
  factory = next;
  instance = undefined;
  token = null;
}
