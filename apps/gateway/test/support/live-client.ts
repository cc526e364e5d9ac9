import {
  applyPatch,
  deltaAction,
  type ClientToServerEvents,
  type Delta,
  type Result,
  type ServerToClientEvents,
  type Snapshot,
  type StreamId,
  type StreamTypes,
} from '@switchboard/live-protocol';
import { io, type Socket } from 'socket.io-client';
import type { RunningGateway } from '../../src/create-app.js';
import { DisplayTokensService } from '../../src/auth/display-tokens.service.js';
import { TokenSigner } from '../../src/auth/token-signer.js';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';

// The one wait of the gateway tests, re-exported beside the clients it waits on.
export { waitFor };

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Test users: configured through USERS by the live setup, signed in by minting a token with the app's signer. */
export const TEST_USERS = [
  { username: 'sup', role: 'supervisor', queues: 'all' },
  { username: 'view', role: 'viewer', queues: 'all' },
] as const;

/** A session token for a configured user, signed by the running gateway's own signer. */
export function sessionToken(
  gateway: RunningGateway,
  username: (typeof TEST_USERS)[number]['username'],
): string {
  return gateway.app.get(TokenSigner).issue('session', username, 3_600_000).token;
}

/** A display-link token scoped to `queues`, created through the running gateway's display-token service. */
export async function displayToken(gateway: RunningGateway, queues: number[]): Promise<string> {
  const created = await gateway.app.get(DisplayTokensService).create({ name: 'Test TV', queues }, 'test');
  return created.token;
}

interface Mirror {
  seq: number;
  data: unknown;
  kind: keyof StreamTypes;
}

/**
 * A browser stand-in: a real socket.io client that records every snapshot and delta and keeps a mirror
 * of each stream the way the dashboard does (apply in order, resync on a gap).
 */
export class LiveTestClient {
  readonly snapshots: Snapshot[] = [];
  readonly deltas: Delta[] = [];
  readonly gaps: StreamId[] = [];
  hello: Parameters<ServerToClientEvents['hello']>[0] | undefined;
  /** Deltas of these streams are dropped once each, to simulate a lost message. */
  readonly dropNext = new Set<StreamId>();
  private readonly mirrors = new Map<StreamId, Mirror>();

  private constructor(readonly socket: ClientSocket) {
    socket.on('hello', (info) => (this.hello = info));
    socket.on('snapshot', (snapshot) => {
      this.snapshots.push(snapshot);
      this.mirrors.set(snapshot.stream, { seq: snapshot.seq, data: snapshot.data, kind: snapshot.kind });
    });
    socket.on('delta', (delta) => this.onDelta(delta));
  }

  /** Connects with a session or display token and waits for `hello`. */
  static async connect(url: string, token: string | undefined, timeoutMs = 5_000): Promise<LiveTestClient> {
    const socket: ClientSocket = io(url, {
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: timeoutMs,
    });
    const client = new LiveTestClient(socket);
    let refusal = '';
    socket.on('connect_error', (error) => (refusal = error.message));
    await waitFor(() => client.hello, 'hello', timeoutMs).catch((error: unknown) => {
      socket.close();
      throw refusal ? new Error(`connection refused: ${refusal}`) : error;
    });
    return client;
  }

  /** Emits a command and waits for its acknowledgement. */
  async request<T>(
    event: 'subscribe' | 'unsubscribe' | 'resync',
    payload: unknown,
    timeoutMs = 5_000,
  ): Promise<Result<T>> {
    const answer: unknown = await (
      this.socket.timeout(timeoutMs) as unknown as {
        emitWithAck(event: string, payload: unknown): Promise<unknown>;
      }
    ).emitWithAck(event, payload);
    return answer as Result<T>;
  }

  /** The mirrored data of a stream, as the dashboard would show it. */
  data<K extends keyof StreamTypes>(stream: StreamId): StreamTypes[K]['data'] | undefined {
    return this.mirrors.get(stream)?.data as StreamTypes[K]['data'] | undefined;
  }

  /** The last sequence number applied for a stream. */
  seq(stream: StreamId): number | undefined {
    return this.mirrors.get(stream)?.seq;
  }

  /** Replaces a stream's mirror from a resync answer. */
  adopt(snapshot: Snapshot): void {
    this.mirrors.set(snapshot.stream, { seq: snapshot.seq, data: snapshot.data, kind: snapshot.kind });
  }

  close(): void {
    this.socket.close();
  }

  private onDelta(delta: Delta): void {
    if (this.dropNext.delete(delta.stream)) return;
    this.deltas.push(delta);
    const mirror = this.mirrors.get(delta.stream);
    const action = deltaAction(mirror?.seq, delta.seq);
    if (action === 'resync') this.gaps.push(delta.stream);
    if (action !== 'apply' || !mirror) return;
    mirror.data = applyPatch(mirror.kind, mirror.data as never, delta.patch as never);
    mirror.seq = delta.seq;
  }
}
