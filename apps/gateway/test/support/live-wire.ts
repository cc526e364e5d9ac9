import type { ClientToServerEvents, ServerToClientEvents, SessionInfo } from '@switchboard/live-protocol';
import { io, type Socket } from 'socket.io-client';

/** How to open the socket: the token a browser puts in `auth`, extra handshake headers, a local address. */
export interface WireOptions {
  token?: string;
  headers?: Record<string, string>;
  localAddress?: string;
  timeoutMs?: number;
}

/** A refused handshake: socket.io's connect_error with the gateway's `data.code`. */
export class HandshakeRefused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** First ack id of raw frames: far above the ids the socket.io client would hand out itself. */
const FIRST_RAW_ACK = 1_000_000;

/**
 * A live socket seen at the wire: a real socket.io client for the handshake, then every frame sent as raw
 * socket.io packets (so payloads the client library would refuse to encode, or malformed JSON text, can be
 * sent) and every frame received kept as the text that arrived.
 */
export class LiveWire {
  /** Every engine.io message received, as text (socket.io packets: `2["delta",...]`, `3<id>[...]`). */
  readonly frames: string[] = [];
  /** Reasons of `session:expired`. */
  readonly expired: string[] = [];
  session!: SessionInfo;
  private nextAck = FIRST_RAW_ACK;
  private readonly pending = new Map<number, (answer: unknown[]) => void>();
  private closedBy: string | undefined;

  private constructor(private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {}

  /** Opens a socket; resolves after `hello`, rejects with {@link HandshakeRefused} when refused. */
  static connect(url: string, options: WireOptions = {}): Promise<LiveWire> {
    const timeoutMs = options.timeoutMs ?? 5_000;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: timeoutMs,
      ...(options.token !== undefined ? { auth: { token: options.token } } : {}),
      ...(options.headers ? { extraHeaders: options.headers } : {}),
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    const wire = new LiveWire(socket);
    socket.io.on('open', () => {
      socket.io.engine.on('data', (data: unknown) => wire.received(data));
    });
    socket.on('session:expired', ({ reason }) => wire.expired.push(reason));
    socket.on('disconnect', (reason) => wire.closed(reason));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.close();
        reject(new Error(`no hello within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) => {
        clearTimeout(timer);
        socket.close();
        reject(new HandshakeRefused(error.message, error.data?.code));
      });
      socket.once('hello', ({ session }) => {
        clearTimeout(timer);
        wire.session = session;
        resolve(wire);
      });
    });
  }

  /** True until the server (or {@link close}) ended the connection. */
  get connected(): boolean {
    return this.closedBy === undefined && this.socket.connected;
  }

  /** Why the connection ended, if it did. */
  get closeReason(): string | undefined {
    return this.closedBy;
  }

  /** Sends `[event, payload]` with an ack id and resolves with the ack's first argument. */
  request(event: string, payload: unknown, timeoutMs = 5_000): Promise<unknown> {
    return this.requestText(JSON.stringify([event, payload]), timeoutMs);
  }

  /** Sends one event packet whose argument list is `argumentsJson` as given (any text) and waits for its ack. */
  async requestText(argumentsJson: string, timeoutMs = 5_000): Promise<unknown> {
    const id = this.nextAck++;
    const answer = new Promise<unknown[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no ack within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, (args) => {
        clearTimeout(timer);
        this.pending.delete(id);
        if (args.length === 0) reject(new Error(this.closedBy ?? 'no answer'));
        else resolve(args);
      });
    });
    this.sendPacket(`2${id}${argumentsJson}`);
    return (await answer)[0];
  }

  /** Writes one raw socket.io packet (`2["subscribe",{...}]`) without waiting for anything. */
  sendPacket(packet: string): void {
    this.socket.io.engine.write(packet);
  }

  close(): void {
    this.socket.close();
  }

  private received(data: unknown): void {
    if (typeof data !== 'string') return;
    this.frames.push(data);
    const ack = /^3(\d+)/.exec(data);
    if (!ack?.[1]) return;
    const resolve = this.pending.get(Number(ack[1]));
    if (!resolve) return;
    try {
      const args = JSON.parse(data.slice(ack[0].length)) as unknown;
      resolve(Array.isArray(args) ? args : [args]);
    } catch {
      resolve([data]);
    }
  }

  private closed(reason: string): void {
    this.closedBy ??= reason;
    for (const resolve of [...this.pending.values()]) resolve([]);
  }
}
