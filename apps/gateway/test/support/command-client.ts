import {
  applyPatch,
  type ClientToServerEvents,
  type Delta,
  type Result,
  type ServerToClientEvents,
  type SessionInfo,
  type Snapshot,
  type StreamId,
  type StreamTypes,
} from '@switchboard/live-protocol';
import { io, type Socket } from 'socket.io-client';
import { requestJson } from '../../../../tools/harness/http.mjs';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';

// The one wait of the gateway tests, re-exported beside the clients it waits on.
export { waitFor };

/** A socket.io client as a browser would use it, keeping the streams it subscribed to up to date. */
export interface TestClient {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  session: SessionInfo;
  /** Current data of a stream (snapshot plus applied deltas). */
  data<K extends keyof StreamTypes>(stream: StreamId): StreamTypes[K]['data'] | undefined;
  /** Sends a command and waits for its Result (5 s timeout). */
  command<T = unknown>(event: keyof ClientToServerEvents, payload: unknown): Promise<Result<T>>;
  /** Subscribes and waits for the first snapshot of every granted stream. */
  subscribe(streams: StreamId[]): Promise<{ granted: StreamId[]; denied: StreamId[] }>;
  /** Reasons of `session:expired` messages received. */
  expired: string[];
  close(): void;
}

/** Connects with a token (and optional headers); resolves after `hello`, rejects with the connect error. */
export function connectClient(
  url: string,
  token: string | undefined,
  headers: Record<string, string> = {},
): Promise<TestClient> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token ? { auth: { token } } : {}),
    extraHeaders: headers,
  });
  const streams = new Map<StreamId, Snapshot>();
  const expired: string[] = [];
  socket.on('snapshot', (snapshot) => streams.set(snapshot.stream, snapshot));
  socket.on('delta', (delta: Delta) => {
    const current = streams.get(delta.stream);
    if (!current || delta.seq !== current.seq + 1) return;
    streams.set(delta.stream, {
      ...current,
      seq: delta.seq,
      data: applyPatch(current.kind, current.data, delta.patch as never),
    });
  });
  socket.on('session:expired', ({ reason }) => expired.push(reason));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error('no hello within 5 s'));
    }, 5_000);
    socket.once('connect_error', (error: Error & { data?: unknown }) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
    socket.once('hello', ({ session }) => {
      clearTimeout(timer);
      const client: TestClient = {
        socket,
        session,
        expired,
        data: <K extends keyof StreamTypes>(stream: StreamId) =>
          streams.get(stream)?.data as StreamTypes[K]['data'] | undefined,
        command: <T>(event: keyof ClientToServerEvents, payload: unknown) =>
          (
            socket.timeout(5_000) as unknown as { emitWithAck(e: string, p: unknown): Promise<Result<T>> }
          ).emitWithAck(event, payload),
        subscribe: async (wanted) => {
          const result = await client.command<{ granted: StreamId[]; denied: StreamId[] }>('subscribe', {
            streams: wanted,
          });
          if (!result.ok) throw new Error(`subscribe refused: ${result.error.message}`);
          await waitFor(
            () => result.data.granted.every((s) => streams.has(s)),
            `snapshots of ${result.data.granted.join(', ')}`,
          );
          return result.data;
        },
        close: () => socket.close(),
      };
      resolve(client);
    });
  });
}

/** Signs in through REST and returns the session token. */
export async function login(url: string, username: string, password: string): Promise<string> {
  const { body } = await rest<Result<{ token: string }>>(url, 'POST', '/api/auth/login', undefined, {
    username,
    password,
  });
  if (!body.ok) throw new Error(`login of ${username} failed: ${body.error.message}`);
  return body.data.token;
}

/** A JSON REST call with an optional bearer token; returns status, headers and parsed body (text if not JSON). */
export async function rest<T = unknown>(
  url: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T; headers: Headers }> {
  const answer = await requestJson<T>(`${url}${path}`, {
    method,
    ...(token ? { token } : {}),
    ...(body !== undefined ? { body } : {}),
    timeoutMs: 5_000,
  });
  return { status: answer.status, body: answer.body, headers: answer.headers };
}
