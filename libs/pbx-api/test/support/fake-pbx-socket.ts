import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { TokenProvider } from '../../src/index.js';
import { waitFor } from '../../../../tools/harness/vitest-wait.mjs';

/** How long a test waits for the fake to see something. */
export const WAIT_MS = 3_000;

/**
 * Fake PBX sockets, and whatever else a test starts, closed after each test of the calling file (the last
 * started first). Call once at the top of a spec file.
 */
export function fakePbxPerTest(): {
  fakePbx(options?: FakePbxSocketOptions): Promise<FakePbxSocket>;
  onCleanup(cleanup: () => Promise<void>): void;
} {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    fakePbx: async (options = {}) => {
      const fake = await FakePbxSocket.start(options);
      cleanups.push(() => fake.close());
      return fake;
    },
    onCleanup: (cleanup) => void cleanups.push(cleanup),
  };
}

/** Resolves after `ms` (to prove something did NOT happen within a window). */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How the fake answers a `topic_list`: an envelope to send back, or nothing at all. */
export type SubscribeAnswer = (connection: FakeSocketConnection) => object | undefined;

/** One client connection as the fake PBX saw it. */
export class FakeSocketConnection {
  /** Text frames received, in order. */
  readonly received: string[] = [];
  closed = false;

  constructor(
    readonly socket: WebSocket,
    /** `access_token` from the upgrade URL. */
    readonly token: string | null,
    readonly path: string,
    readonly userAgent: string | undefined,
  ) {}

  /** Topic lists the client sent, parsed. */
  get subscriptions(): number[][] {
    return this.received
      .filter((text) => text.startsWith('{'))
      .map((text) => (JSON.parse(text) as { topic_list: number[] }).topic_list);
  }

  /** Number of `heartbeat` frames received. */
  get heartbeats(): number {
    return this.received.filter((text) => text === 'heartbeat').length;
  }

  /** Sends a frame: text as is, anything else as JSON. */
  send(frame: string | object): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Cuts the connection without a close handshake. */
  drop(): void {
    this.socket.terminate();
  }
}

/** Settings of the fake PBX event socket. */
export interface FakePbxSocketOptions {
  /** Default: `{"errcode":0,"errmsg":"SUCCESS"}` for every topic_list. */
  onSubscribe?: SubscribeAnswer;
  /** Answer `heartbeat` with `heartbeat response` (default true). */
  answerHeartbeats?: boolean;
  /** Refuse the upgrade with this HTTP status when it returns one. */
  rejectUpgrade?: (token: string | null) => number | undefined;
}

/** A real WebSocket server on 127.0.0.1 that behaves like the PBX's event endpoint. */
export class FakePbxSocket {
  readonly connections: FakeSocketConnection[] = [];
  /** Upgrades refused by `rejectUpgrade`, with the token they carried. */
  readonly refused: (string | null)[] = [];

  private readonly server: WebSocketServer;

  private constructor(public options: FakePbxSocketOptions) {
    this.server = new WebSocketServer({
      host: '127.0.0.1',
      port: 0,
      verifyClient: (info, done) => {
        const token = new URL(info.req.url ?? '/', 'http://fake').searchParams.get('access_token');
        const status = this.options.rejectUpgrade?.(token);
        if (status === undefined) return done(true);
        this.refused.push(token);
        done(false, status, 'refused');
      },
    });
    this.server.on('connection', (socket, request) =>
      this.accept(socket, request.url, request.headers['user-agent']),
    );
  }

  /** Starts a server on a free port. */
  static async start(options: FakePbxSocketOptions = {}): Promise<FakePbxSocket> {
    const fake = new FakePbxSocket(options);
    await new Promise<void>((resolve, reject) => {
      fake.server.once('listening', resolve);
      fake.server.once('error', reject);
    });
    return fake;
  }

  private accept(socket: WebSocket, path: string | undefined, userAgent: string | undefined): void {
    const url = new URL(path ?? '/', 'http://fake');
    const connection = new FakeSocketConnection(
      socket,
      url.searchParams.get('access_token'),
      url.pathname,
      userAgent,
    );
    this.connections.push(connection);
    socket.on('close', () => (connection.closed = true));
    socket.on('message', (data) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      connection.received.push(text);
      if (text === 'heartbeat' && (this.options.answerHeartbeats ?? true))
        connection.send('heartbeat response');
      if (text.startsWith('{')) {
        const answer = (this.options.onSubscribe ?? (() => ({ errcode: 0, errmsg: 'SUCCESS' })))(connection);
        if (answer) connection.send(answer);
      }
    });
  }

  /** `http://127.0.0.1:<port>`, as a PbxClient's baseUrl. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Waits for the `n`th connection (1-based). */
  connection(n: number, timeoutMs?: number): Promise<FakeSocketConnection> {
    return waitFor(() => this.connections[n - 1], `connection #${n}`, timeoutMs ?? WAIT_MS);
  }

  /** Waits until connection `n` has sent `count` topic lists; returns the last. */
  async subscription(n: number, count = 1, timeoutMs?: number): Promise<number[]> {
    const connection = await this.connection(n, timeoutMs);
    return waitFor(
      () => connection.subscriptions[count - 1],
      `topic_list #${count} on connection #${n}`,
      timeoutMs ?? WAIT_MS,
    );
  }

  /** Closes every connection and the server. */
  async close(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A token provider whose tokens the test controls: `tok-1`, `tok-2`... `invalidate` of the current token
 * moves to the next one; `rotate()` renews and notifies listeners like a real refresh.
 */
export class FakeTokens implements TokenProvider {
  readonly invalidated: string[] = [];
  /** getAccessToken fails this many more times. */
  failures = 0;
  private index = 1;
  private readonly listeners = new Set<(token: string) => void>();

  constructor(private readonly prefix = 'tok-') {}

  get current(): string {
    return `${this.prefix}${this.index}`;
  }

  async getAccessToken(): Promise<string> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('token endpoint unreachable');
    }
    return this.current;
  }

  invalidate(token: string): void {
    this.invalidated.push(token);
    if (token === this.current) this.index++;
  }

  onChange(listener: (token: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Renews the token and tells listeners, as a refresh would. */
  rotate(): string {
    this.index++;
    for (const listener of this.listeners) listener(this.current);
    return this.current;
  }

  /** Tells listeners about the current token again without renewing it. */
  announce(): void {
    for (const listener of this.listeners) listener(this.current);
  }

  /** Number of onChange listeners (to check the stream unsubscribes on close). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
